package hist

import (
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// This file steps a walk whose layer has stopped changing by a pull over
// precomputed edges. Once a step leaves the states of a layer and the
// lanes each has (the layer's shape) as they were, under the filters of
// the step before, the next steps are the same step again as long as the
// filters stay: the walk records that step's terms once, grouped by
// destination (a pullPlan), and from then on each destination's entries
// sum their terms straight from the sources: no destination lookups, no
// sort of the next layer, no allocation.
//
// A destination's terms are kept in the order the general step (walkPart)
// adds them, by source state, choice and transition, and each is added by
// the same arithmetic, so the numbers are those of the general step to
// the bit (TestPullSame).

// pullEdge is one term of a destination: its source row, the lanes it
// adds to, and either a target group's number of transitions and weight
// (group true: every lane goes by target groups where a plan is
// recorded) or, for a feed, a choice's weight and a transition's
// probability: it adds, into the Diff lane of its mask, the entry of the
// lane feeding it (pullPlan.feed).
type pullEdge struct {
	src   int32
	group bool
	mask  uint64 // the lanes it adds to while the plan is built; then one lane
	a, b  float64
}

// pullPlan is one step recorded for the layer shape it was built from.
type pullPlan struct {
	L      int
	allow  []translate.Bitset
	feed   []int    // per lane, the lane feeding it (-1: none)
	active []int32  // the source layer's states
	srcHas []uint64 // and their lanes
	dest   []int32  // the destinations, in order of product state
	has    []uint64 // and their lanes
	start  []int32  // per destination, its edges, lane by lane; len(dest)+1
	edges  []pullEdge
	cuts   []int // destinations that split the terms' lanes into pullParts parts
}

// pullMode switches the pull step for tests: 0 as usual, pullOff never,
// pullEager recording a plan whenever a step's filters are the last
// step's, layer changed or not.
var pullMode = 0

// pullSteps counts the steps taken by pull, for tests.
var pullSteps atomic.Int64

const (
	pullOff   = 1
	pullEager = 2
)

// pullWatch is called before a general step: it reports whether the step
// may be recorded (the filters are the last step's) and, if so, saves the
// current layer's shape to compare after the step.
func (r *laneRun) pullWatch() bool {
	// A layer that grows (the plan-free lane on a large product) is not
	// copied: its size tells it changed.
	n := len(r.cur.active)
	same := r.prune == nil && !r.p.m.tinyWeights && pullMode != pullOff && r.L == r.prevL && sameAllow(r.allow, r.prevAllow) && (n == r.prevN || pullMode == pullEager)
	r.prevAllow = append(r.prevAllow[:0], r.allow...)
	r.prevL, r.prevN = r.L, n
	if !same {
		return false
	}
	r.saveActive = append(r.saveActive[:0], r.cur.active...)
	r.saveHas = append(r.saveHas[:0], r.cur.has...)
	return true
}

// pullSettle is called after general step k that pullWatch let record: if
// the layer's shape did not change, it records the step for the next ones.
func (r *laneRun) pullSettle(k int, slot []int32) {
	cur := r.cur
	if pullMode != pullEager && (!slices.Equal(cur.active, r.saveActive) || !slices.Equal(cur.has, r.saveHas)) {
		return
	}
	r.pl = r.buildPull(k, slot)
}

func sameAllow(a, b []translate.Bitset) bool {
	if len(a) != len(b) {
		return false
	}
	for l := range a {
		if !sameBits(a[l], b[l]) {
			return false
		}
	}
	return true
}

// buildPull records, for the current layer and filters, the step that
// extends it at any step after k (nil when a state of the layer still has
// a Due position to come: its successors change there). slot is scratch
// with an entry -1 per product state, left so.
func (r *laneRun) buildPull(k int, slot []int32) *pullPlan {
	p, cur := r.p, r.cur
	m := p.m
	g := m.g
	for _, pid := range cur.active {
		if int(pid) >= p.Explored() {
			return nil
		}
		if d := p.Due[pid]; d != ltlf.NoDue && int(d) > k {
			return nil
		}
	}
	for _, has := range cur.has {
		if has&^r.grouped != 0 {
			// A lane walked transition by transition (tiny weights, which
			// pullWatch keeps from recording): no plan.
			return nil
		}
	}
	var edges []pullEdge
	var dst []int32 // per edge, its destination's product state
	var dest []int32
	add := func(to int32, e pullEdge) {
		if slot[to] < 0 {
			slot[to] = 0
			dest = append(dest, to)
		}
		edges = append(edges, e)
		dst = append(dst, to)
	}
	for i, pid := range cur.active {
		has := cur.has[i]
		nd := &p.nodes[pid]
		s := nd.s
		lo, hi := int(nd.lo), int(nd.hi)
		tbase := int(nd.tbase)
		succ := p.Succ[p.SuccStart[pid]:p.SuccStart[pid+1]]
		for _, gs := range r.gsets { // as walkPart: one addGroups per filter
			if gl := has & gs.lanes; gl != 0 {
				for _, gx := range gs.tg.g[nd.g0:nd.g1] {
					if gx.m == 0 {
						break // as addGroups
					}
					add(succ[gx.first], pullEdge{src: int32(i), group: true, mask: gl, a: float64(gx.m), b: gx.w})
				}
			}
		}
		r.eachFeed(int(s), has, lo, hi, func(l, _, ch, t int) {
			add(succ[t-tbase], pullEdge{src: int32(i), mask: 1 << uint(l), a: m.beta[ch], b: g.Prob[t]})
		})
	}
	slices.Sort(dest)
	for d, pid := range dest {
		slot[pid] = int32(d)
	}
	pl := &pullPlan{L: r.L, allow: slices.Clone(r.allow), feed: slices.Clone(r.feed), active: slices.Clone(cur.active), srcHas: slices.Clone(cur.has), dest: dest}
	pl.start = make([]int32, len(dest)+1)
	for _, to := range dst {
		pl.start[slot[to]+1]++
	}
	for d := range dest {
		pl.start[d+1] += pl.start[d]
	}
	byDest := make([]pullEdge, len(edges))
	fill := slices.Clone(pl.start[:len(dest)])
	for x, to := range dst { // stable: a destination keeps its terms' order
		d := slot[to]
		byDest[fill[d]] = edges[x]
		fill[d]++
	}
	for _, pid := range dest {
		slot[pid] = -1
	}
	// Each destination's terms lane by lane, in the lanes' order, each
	// lane's in their order (an edge of several lanes once for each), so
	// that pull reads every edge once: the sums are the same, term by term.
	pl.has = make([]uint64, len(dest))
	pl.edges = make([]pullEdge, 0, len(edges))
	start := make([]int32, len(dest)+1)
	for d := range dest {
		des := byDest[pl.start[d]:pl.start[d+1]]
		var nh uint64
		for i := range des {
			nh |= des[i].mask
		}
		pl.has[d] = nh
		for lw := nh; lw != 0; lw &= lw - 1 {
			bit := lw & -lw
			for _, ed := range des {
				if ed.mask&bit != 0 {
					ed.mask = bit
					pl.edges = append(pl.edges, ed)
				}
			}
		}
		start[d+1] = int32(len(pl.edges))
	}
	pl.start = start
	work := len(pl.edges)
	pl.cuts = append(pl.cuts, 0)
	done := 0
	for d := range dest {
		done += int(pl.start[d+1] - pl.start[d])
		if done*pullParts >= len(pl.cuts)*work && len(pl.cuts) < pullParts {
			pl.cuts = append(pl.cuts, d+1)
		}
	}
	for len(pl.cuts) <= pullParts {
		pl.cuts = append(pl.cuts, len(dest))
	}
	return pl
}

// pullStep runs step k by the recorded plan, on parts goroutines split by
// destination, if the plan fits the current layer and filters.
func (r *laneRun) pullStep(parts int) bool {
	if !r.pullReady() {
		return false
	}
	r.pullBegin()
	if parts < 2 {
		r.pull(r.spare, 0, len(r.pl.dest))
	} else {
		pullChunks([]*laneRun{r})
	}
	r.pullEnd()
	return true
}

// pullParts is the number of parts of about equal work a plan's step is
// cut into, for two goroutines to take in turn (one may run slower: the
// parts differ in cost, and the other core may be busy elsewhere).
const pullParts = 16

// pullChunks runs the pull of every walk of runs, their plans' parts
// taken in turn by two goroutines.
func pullChunks(runs []*laneRun) {
	var next atomic.Int32
	total := int32(len(runs) * pullParts)
	work := func() {
		for {
			i := next.Add(1) - 1
			if i >= total {
				return
			}
			r := runs[i/pullParts]
			c := int(i % pullParts)
			r.pull(r.spare, r.pl.cuts[c], r.pl.cuts[c+1])
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		work()
	}()
	work()
	wg.Wait()
}

// pullReady reports whether the recorded plan fits the current layer and
// filters.
func (r *laneRun) pullReady() bool {
	pl, cur := r.pl, r.cur
	return pl != nil && pl.L == r.L && sameAllow(pl.allow, r.allow) && slices.Equal(pl.feed, r.feed) && slices.Equal(cur.active, pl.active) && slices.Equal(cur.has, pl.srcHas)
}

// pullBegin sizes the next layer (r.spare) for the plan's destinations,
// to be written by pull, in parts on several goroutines if need be.
func (r *laneRun) pullBegin() {
	r.sized(r.spare, len(r.pl.dest))
	copy(r.spare.active, r.pl.dest)
}

// pullEnd makes the layer pull wrote the current one.
func (r *laneRun) pullEnd() {
	r.cur, r.spare = r.spare, r.cur
	pullSteps.Add(1)
}

// pull writes destinations [d0, d1) of the plan into out, normalised: each
// entry sums its terms as walkPart and addGroups do, in their order, one
// lane at a time (its sums held in registers, not in the row).
func (r *laneRun) pull(out *laneLayer, d0, d1 int) {
	pl, cur, L, counting := r.pl, r.cur, r.L, r.counting
	ent := cur.ent
	for d := d0; d < d1; d++ {
		edges := pl.edges[pl.start[d]:pl.start[d+1]]
		out.has[d] = pl.has[d]
		dr := out.ent[d*L : d*L+L]
		clear(dr)
		for i := 0; i < len(edges); {
			bit := edges[i].mask
			l := bits.TrailingZeros64(bit)
			var e entry
			first := true
			for ; i < len(edges) && edges[i].mask == bit; i++ {
				ed := &edges[i]
				sl := l
				if !ed.group { // a feed
					sl = pl.feed[l]
				}
				src := &ent[int(ed.src)*L+sl]
				if first {
					e.ce, e.pe = src.ce, src.pe
					first = false
				}
				if ed.group {
					mx, wx := ed.a, ed.b
					if counting {
						ah, al := src.ch, src.cl
						if mx != 1 {
							ah = src.ch * mx
							al = math.FMA(src.ch, mx, -ah) + src.cl*mx
						}
						if y := src.ce - e.ce + pow2Bias; uint32(y) <= 2*pow2Bias {
							f := pow2[y]
							a, h := ah*f, e.ch
							sum := h + a
							bb := sum - h
							e.cl += (h - (sum - bb)) + (a - bb) + al*f
							e.ch = sum
						} else {
							c := Count{e.ch, e.cl, int(e.ce)}.Add(Count{ah, al, int(src.ce)})
							e.ch, e.cl, e.ce = c.hi, c.lo, int32(c.exp)
						}
					}
					v := src.p * wx
					if y := src.pe - e.pe + pow2Bias; uint32(y) <= 2*pow2Bias {
						e.p += v * pow2[y]
					} else {
						mm, y := addScaled(e.p, int(e.pe), v, int(src.pe))
						e.p, e.pe = mm, int32(y)
					}
					continue
				}
				addTerm(&e, src, ed.a, ed.b, counting, false) // a feed edge (no pull where weights are tiny)
			}
			normEntry(&e, counting)
			dr[l] = e
		}
	}
}

// pullBytes estimates the memory of the walk's recorded plan.
func (r *laneRun) pullBytes() int64 {
	if r.pl == nil {
		return 0
	}
	pl := r.pl
	return int64(len(pl.edges))*32 + int64(len(pl.active))*16 + int64(len(pl.dest))*8
}
