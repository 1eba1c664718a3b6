package hist

import (
	"runtime"
	"sync"
	"time"

	"github.com/onus-mc/onus/translate"
)

// This file spreads a step of the passes over the cores. Results do not
// depend on it: each run's step is computed as alone (several runs at
// once), or its big counts, exact integers, are summed per destination in
// the order one goroutine would (one run).

// task is one run's step: the run, its filter and the coalitions it serves.
type task struct {
	r       *passRun
	allow   translate.Bitset
	members []int
}

// scheduler runs the tasks of a step on up to workers goroutines, each
// with its own scratch.
type scheduler struct {
	p       *Product
	workers int
	min     int // work below which a step stays on one goroutine
	slots   [][]int32
	sums    []*sums
	pulls   pullTimer
}

// pullTimer picks, for the pull steps, one goroutine or two: every
// pullRound steps it times one step on each, then takes the faster for
// the rest of the round. Two goroutines are not always faster: a pull
// step of a small layer is short, and on a shared machine the second
// core may be slowed by work of others (CCR all degrees at N=100,
// T=10^4 took from 8.7 to 21 s of CPU on two goroutines from one run to
// the next, 8.5 s on one). The results are the same either way.
type pullTimer struct {
	n          int
	one, two   time.Duration
	serialBest bool
}

// pullRound is the length of a round of pullTimer.
const pullRound = 64

// minSplit is the size (rows times lanes) from which a walk that has most
// of a step's work is split in two: below it, on the robots of
// examples/robots.prism, the split costs more than it gains.
const minSplit = 1 << 16

// minParallel is the default of Config.MinParallel: the work (entries of
// the current layers, or words of big counts to add) below which a step
// stays on one goroutine.
const minParallel = 1 << 14

func newScheduler(p *Product) *scheduler {
	w := max(1, runtime.GOMAXPROCS(0))
	lim := p.m.minParallel
	if lim <= 0 {
		lim = minParallel
	}
	sc := &scheduler{p: p, workers: w, min: lim, slots: make([][]int32, w), sums: make([]*sums, w)}
	for i := range sc.sums {
		sc.sums[i] = &sums{workers: w, min: lim}
	}
	sc.slots[0] = p.slot
	return sc
}

// step runs step k of every task.
func (sc *scheduler) step(tasks []task, k int) {
	work := 0
	for _, t := range tasks {
		t.r.prepare()
		work += len(t.r.cur.active)
	}
	p := sc.p
	sc.slots[0] = p.slot
	if len(tasks) == 1 || sc.workers == 1 || work < sc.min {
		for _, t := range tasks {
			t.r.step(t.allow, k, p.slot, sc.sums[0])
		}
		return
	}
	for w := 1; w < sc.workers; w++ {
		if n := len(sc.slots[w]); n < len(p.S) {
			sc.slots[w] = append(sc.slots[w], make([]int32, len(p.S)-n)...)
			for i := n; i < len(p.S); i++ {
				sc.slots[w][i] = -1
			}
		}
	}
	var wg sync.WaitGroup
	for w := 0; w < sc.workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(tasks); i += sc.workers {
				tasks[i].r.step(tasks[i].allow, k, sc.slots[w], nil)
			}
		}(w)
	}
	wg.Wait()
}

// sums holds the count additions of one step, (destination, source)
// pairs in the order the step met them, to be done per destination on
// several goroutines when they are many words.
type sums struct {
	workers int
	min     int
	edges   [][2]int32
	order   []int32
	start   []int32
}

// add adds every recorded source count into its destination.
func (sm *sums) add(next, cur *layer) {
	words := 0
	for i := range cur.big {
		words = max(words, len(cur.big[i].Bits()))
	}
	n := len(next.active)
	if sm.workers == 1 || n < 2 || words*len(sm.edges) < sm.min {
		for _, e := range sm.edges {
			d := &next.big[e[0]]
			d.Add(d, &cur.big[e[1]])
		}
		return
	}
	// Group the pairs by destination, keeping their order.
	sm.start = append(sm.start[:0], make([]int32, n+1)...)
	for _, e := range sm.edges {
		sm.start[e[0]+1]++
	}
	for d := 0; d < n; d++ {
		sm.start[d+1] += sm.start[d]
	}
	sm.order = append(sm.order[:0], make([]int32, len(sm.edges))...)
	fill := append([]int32(nil), sm.start[:n]...)
	for i, e := range sm.edges {
		sm.order[fill[e[0]]] = int32(i)
		fill[e[0]]++
	}
	// Split the destinations into runs of about equal numbers of pairs.
	var wg sync.WaitGroup
	per := (len(sm.edges) + sm.workers - 1) / sm.workers
	lo := 0
	for w := 0; w < sm.workers && lo < n; w++ {
		hi := lo + 1
		for hi < n && int(sm.start[hi]-sm.start[lo]) < per {
			hi++
		}
		if w == sm.workers-1 {
			hi = n
		}
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			for d := lo; d < hi; d++ {
				dst := &next.big[d]
				for _, i := range sm.order[sm.start[d]:sm.start[d+1]] {
					dst.Add(dst, &cur.big[sm.edges[i][1]])
				}
			}
		}(lo, hi)
		lo = hi
	}
	wg.Wait()
}

// walks runs step k of every walk: on one goroutine when the step is
// small, else each walk on its own, and a walk with most of the work
// (the plan-free pass on a large product often is) split in two by
// destination (laneRun.stepSplit). Results are the same either way.
func (sc *scheduler) walks(runs []*laneRun, k int) {
	p := sc.p
	work, top, big := 0, 0, -1
	for i, r := range runs {
		w := len(r.cur.active) * r.busyLanes()
		work += w
		if w > top {
			top, big = w, i
		}
	}
	if sc.workers == 1 || work < sc.min {
		for _, r := range runs {
			r.step(k, p.slot)
		}
		return
	}
	if sc.pullWalks(runs) {
		return
	}
	// Split the biggest walk when it would leave a core idle and is large
	// enough to pay for the second reading of its sources.
	// (Config.MinParallel, when set, stands for both thresholds.)
	least := minSplit
	if p.m.minParallel > 0 {
		least = p.m.minParallel
	}
	split := 10*top > 6*work && top >= least
	if len(runs) == 1 && !split {
		runs[0].step(k, p.slot)
		return
	}
	for len(sc.slots) < len(runs) {
		sc.slots = append(sc.slots, nil)
	}
	sc.slots[0] = p.slot
	for i := 1; i < len(runs); i++ {
		if n := len(sc.slots[i]); n < len(p.S) {
			sc.slots[i] = append(sc.slots[i], make([]int32, len(p.S)-n)...)
			for j := n; j < len(p.S); j++ {
				sc.slots[i][j] = -1
			}
		}
	}
	var wg sync.WaitGroup
	for i, r := range runs {
		wg.Add(1)
		go func(r *laneRun, slot []int32, split bool) {
			defer wg.Done()
			if split {
				act := r.cur.active
				r.stepSplit(k, slot, act[len(act)/2]&^63)
				return
			}
			r.step(k, slot)
		}(r, sc.slots[i], split && i == big)
	}
	wg.Wait()
}

// pullWalks runs the step of walks that all have a plan for it (pull.go)
// on two goroutines, which take parts of every walk's destinations in
// turn (pullChunks): a pull reads its sources once whatever the split, so
// it pays at sizes where splitting a general step would not.
func (sc *scheduler) pullWalks(runs []*laneRun) bool {
	for _, r := range runs {
		if !r.pullReady() {
			return false
		}
	}
	for _, r := range runs {
		r.pullBegin()
	}
	pt := &sc.pulls
	i := pt.n % pullRound
	pt.n++
	serial := i == 0 || (i > 1 && pt.serialBest)
	t0 := time.Now()
	if serial {
		for _, r := range runs {
			r.pull(r.spare, 0, len(r.pl.dest))
		}
	} else {
		pullChunks(runs)
	}
	switch i {
	case 0:
		pt.one = time.Since(t0)
	case 1:
		pt.two = time.Since(t0)
		pt.serialBest = pt.one <= pt.two
	}
	for _, r := range runs {
		r.pullEnd()
	}
	return true
}
