package hist

import (
	"math"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/progress"
)

// This file ends the walks early once the outcome is settled and the
// plan is over.
//
// From a step k after the plan's last constrained step, every lane
// extends its histories by every choice and transition (no filter, no
// player stuck, no feed). If moreover every row of every walk is in a
// product state whose automaton state is True or False, a sink, every
// extension of a history keeps its acceptance, so what is left to
// compute is, per game state s, the number V_n(s) of histories of the
// n = T−k remaining steps from s (one per choice and transition, as the
// walks count them) and their probability W_n(s) under β (1 up to
// rounding in a game whose distributions sum to 1). A row with count c
// and probability p in state s then ends the walk with c·V_n(s) histories
// of probability p·W_n(s), accepted or rejected as the row is. V and W
// come from n steps of a backward programme over the game states the rows
// can reach within n steps, once for every lane: the walks would have
// taken n steps for each lane. It pays when the states reachable within
// n steps have no more transitions than the walks' rows, weighed by
// their lanes, which is checked before the programme runs (by a
// reachability search that gives up beyond that size).
//
// The counts are Counts (count.go): a product of two Counts is exact in
// its high part and rounded in its low one, so the error bound of
// count.go holds with K grown by n + 1; counts below 2^53 stay exact.

// freeFrom returns the first step from which every step of plan steps
// before T is free (T when none is).
func freeFrom(steps []*Step, T int) int {
	k := min(T, len(steps))
	for k > 0 && (steps[k-1] == nil || steps[k-1].Free()) {
		k--
	}
	return k
}

// settledOff switches the shortcut off for tests; settledRuns counts the
// times it ran, settledJumps the times its programme stopped early.
var settledOff = false

var settledRuns, settledJumps atomic.Int64

// settler decides and runs the shortcut for runLanes, lane by lane: the
// decision for a lane, and its numbers, depend on its own rows alone, so
// that a lane's numbers are those of its pass run alone (lanes.go), to the
// bit, whatever lanes walk beside it. V_n(s) is the same number whatever
// other states the programme covers: each state's value sums its own
// successors' in its own order, and every successor a needed value reads
// is within n steps of the lane's rows.
type settler struct {
	p     *Product
	from  int             // the first step after the plan's last constrained one
	tried map[laneKey]int // per lane, its weight at its last refused attempt
}

// laneKey names a lane of a walk.
type laneKey struct {
	r *laneRun
	l int
}

// weight is the work of a step of lane l of walk r, its rows'
// transitions, and whether every one of its rows is in a sink.
func (st *settler) weight(r *laneRun, l int) (int, bool) {
	p, g := st.p, st.p.m.g
	bit := uint64(1) << uint(l)
	w := 0
	for i, pid := range r.cur.active {
		if r.cur.has[i]&bit == 0 {
			continue
		}
		if q := p.Q[pid]; q != ltlf.True && q != ltlf.False {
			return 0, false
		}
		s := int(p.S[pid])
		lo, hi := g.Choices(s)
		w += int(g.TransStart[hi] - g.TransStart[lo])
	}
	return w, true
}

// try finishes into out, at step k of T, the lanes of runs that are
// settled and for which the shortcut pays, and reports whether every
// lane of runs is then finished.
func (st *settler) try(runs []*laneRun, k, T int, out []*Result) bool {
	if settledOff || k < st.from || k >= T || st.p.m.tinyWeights {
		return false
	}
	if st.tried == nil {
		st.tried = map[laneKey]int{}
	}
	n := T - k
	var lanes []laneKey
	for _, r := range runs {
		for l, members := range r.lanes {
			if members == nil {
				continue
			}
			key := laneKey{r, l}
			w, ok := st.weight(r, l)
			if !ok || w == 0 || w < 2*st.tried[key] {
				continue
			}
			// It pays when the states within n steps of the lane's rows
			// have at most twice the transitions of its rows.
			if _, _, _, ok := st.reach([]laneKey{key}, n, 2*w); !ok {
				st.tried[key] = w
				continue
			}
			lanes = append(lanes, key)
		}
	}
	if len(lanes) == 0 {
		return false
	}
	R, succ, start, _ := st.reach(lanes, n, math.MaxInt)
	V, W := st.continuations(R, succ, start, n, k, T)
	idx := make(map[int32]int32, len(R))
	for i, s := range R {
		idx[s] = int32(i)
	}
	for _, key := range lanes {
		r, l := key.r, key.l
		if !st.fits(r, l, idx, W) {
			st.tried[key] = math.MaxInt // a probability too small for a float64: walk on
			continue
		}
		settledRuns.Add(1)
		res := &Result{EmptyAt: -1}
		r.finishTimes(l, res, idx, V, W)
		for _, i := range r.lanes[l] {
			if i < len(out) {
				out[i] = res
			}
		}
		r.lanes[l] = nil
		bit := uint64(1) << uint(l)
		for i := range r.cur.has {
			r.cur.has[i] &^= bit
		}
	}
	for _, r := range runs {
		for _, members := range r.lanes {
			if members != nil {
				return false
			}
		}
	}
	return true
}

// fits reports whether every row of lane l of walk r has a probability of
// the steps left that a float64 holds: W below 2^-500 (a game whose
// distributions sum to less than 1) would lose digits the walks, which
// carry an exponent, keep.
func (st *settler) fits(r *laneRun, l int, idx map[int32]int32, W []float64) bool {
	bit := uint64(1) << uint(l)
	for i, pid := range r.cur.active {
		if r.cur.has[i]&bit == 0 {
			continue
		}
		if w := W[idx[st.p.S[pid]]]; w < 0x1p-500 {
			return false
		}
	}
	return true
}

// reach returns the game states reachable from the rows of lanes within
// n steps, in order of discovery, and their transitions' targets as
// indices into it (succ[start[i]:start[i+1]] for state R[i]), or false
// once they hold more than limit transitions.
func (st *settler) reach(lanes []laneKey, n, limit int) (R []int32, succ []int32, start []int, ok bool) {
	g := st.p.m.g
	// Each state's index in R: a table over the game's states, or a map
	// when R is bound to be far smaller than the game.
	var idx map[int32]int32
	var table []int32
	if limit < g.NumStates/12 { // 48 bytes a map entry against 4 a game state
		idx = map[int32]int32{}
	} else {
		table = make([]int32, g.NumStates)
		for i := range table {
			table[i] = -1
		}
	}
	find := func(s int32) int32 {
		if table != nil {
			return table[s]
		}
		if j, ok := idx[s]; ok {
			return j
		}
		return -1
	}
	add := func(s int32) {
		if find(s) < 0 {
			if table != nil {
				table[s] = int32(len(R))
			} else {
				idx[s] = int32(len(R))
			}
			R = append(R, s)
		}
	}
	for _, key := range lanes {
		bit := uint64(1) << uint(key.l)
		for i, pid := range key.r.cur.active {
			if key.r.cur.has[i]&bit != 0 {
				add(st.p.S[pid])
			}
		}
	}
	trans := 0
	lo := 0
	for d := 0; d < n && lo < len(R); d++ {
		hi := len(R)
		for _, s := range R[lo:hi] {
			c0, c1 := g.Choices(int(s))
			t0, t1 := g.TransStart[c0], g.TransStart[c1]
			trans += int(t1 - t0)
			if trans > limit || t1 == t0 {
				// Too many, or a state where histories end (a game built
				// by hand: models have their deadlocks fixed), whose
				// step the walk takes to know where the lane empties.
				return nil, nil, nil, false
			}
			for t := t0; t < t1; t++ {
				add(g.Target[t])
			}
		}
		lo = hi
	}
	start = make([]int, len(R)+1)
	for i, s := range R {
		c0, c1 := g.Choices(int(s))
		start[i+1] = start[i] + int(g.TransStart[c1]-g.TransStart[c0])
	}
	if start[len(R)] > limit {
		return nil, nil, nil, false
	}
	succ = make([]int32, 0, start[len(R)])
	for _, s := range R {
		c0, c1 := g.Choices(int(s))
		for t := g.TransStart[c0]; t < g.TransStart[c1]; t++ {
			// -1: beyond n steps, never read at the step that matters.
			succ = append(succ, find(g.Target[t]))
		}
	}
	return R, succ, start, true
}

// continuations returns V_n and W_n per state of R (see above), taking the
// steps k to T of the pass for the step budget and the deadline.
func (st *settler) continuations(R []int32, succ []int32, start []int, n, k, T int) ([]Count, []float64) {
	m := st.p.m
	g := m.g
	V, V2 := make([]Count, len(R)), make([]Count, len(R))
	W, W2 := make([]float64, len(R)), make([]float64, len(R))
	for i := range R {
		V[i], W[i] = countOne, 1
	}
	// One step for the states R[lo:hi].
	part := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			c0, c1 := g.Choices(int(R[i]))
			t0 := int(g.TransStart[c0])
			out := succ[start[i]:start[i+1]]
			V2[i] = sumCounts(V, out)
			var w float64
			for ch := c0; ch < c1; ch++ {
				var wc float64
				for t := int(g.TransStart[ch]); t < int(g.TransStart[ch+1]); t++ {
					if j := out[t-t0]; j >= 0 { // else R[i] is farther than n−step from the rows: not needed
						wc += g.Prob[t] * W[j]
					}
				}
				w += m.beta[ch] * wc
			}
			W2[i] = w
		}
	}
	// Two goroutines when a step is large (each writes its own states).
	cut := len(R)
	if start[len(R)] >= settledSplit && runtime.GOMAXPROCS(0) > 1 {
		cut = sort.SearchInts(start, start[len(R)]/2)
	}
	for step := 1; step <= n; step++ {
		m.meter.Report(progress.Status{Task: "histories", Step: int64(k + step - 1), Steps: int64(T), Detail: "the outcome is settled: counting the rest once"})
		limit.CheckDeadline()
		limit.PassStep()
		var wg sync.WaitGroup
		if cut < len(R) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				part(cut, len(R))
			}()
		}
		part(0, cut)
		wg.Wait()
		if d, ok := geometric(V, V2, W, W2); ok && step < n {
			// Every state's count grew by the same power of two and no
			// probability changed: each later step does the same.
			settledJumps.Add(1)
			for i := range V2 {
				if V2[i].hi != 0 {
					V2[i].exp += d * (n - step)
				}
			}
			return V2, W2
		}
		V, V2 = V2, V
		W, W2 = W2, W
	}
	return V, W
}

// settledSplit is the transitions of the reachable states from which a
// step of the backward programme runs on two goroutines.
const settledSplit = 1 << 14

// geometric reports whether the step from V, W to V2, W2 multiplied every
// count by one power of two, exactly, and left every probability as it
// was (a game in which every state has as many transitions, all leading
// to such states): the programme's later steps then do the same. It
// returns the power.
func geometric(V, V2 []Count, W, W2 []float64) (int, bool) {
	d := 0
	first := true
	for i := range V {
		a, b := V[i], V2[i]
		if W2[i] != W[i] || a.hi != b.hi || a.lo != b.lo {
			return 0, false
		}
		if a.hi == 0 {
			continue
		}
		if first {
			d, first = b.exp-a.exp, false
		} else if b.exp-a.exp != d {
			return 0, false
		}
	}
	return d, !first
}

// sumCounts returns the sum of V[j] over js (j < 0 left out): the terms
// within 2^60 of the largest aligned to it and added in double-double,
// normalised once, the others added as Counts.
func sumCounts(V []Count, js []int32) Count {
	top := math.MinInt32
	for _, j := range js {
		if j >= 0 && V[j].hi != 0 && V[j].exp > top {
			top = V[j].exp
		}
	}
	if top == math.MinInt32 {
		return Count{}
	}
	var h, l float64
	var far Count
	for _, j := range js {
		if j < 0 {
			continue
		}
		v := V[j]
		d := v.exp - top + pow2Bias
		if d < 0 {
			far = far.Add(v)
			continue
		}
		f := pow2[d]
		a := v.hi * f
		sum := h + a
		bb := sum - h
		l += (h - (sum - bb)) + (a - bb) + v.lo*f
		h = sum
	}
	return normCount(h, l, top).Add(far)
}

// mulCount returns x·y: the product of the high parts exact (its error by
// FMA), the cross terms rounded.
func mulCount(x, y Count) Count {
	if x.hi == 0 || y.hi == 0 {
		return Count{}
	}
	x, y = normCount(x.hi, x.lo, x.exp), normCount(y.hi, y.lo, y.exp)
	h := x.hi * y.hi
	l := math.FMA(x.hi, y.hi, -h) + x.hi*y.lo + x.lo*y.hi
	return normCount(h, l, x.exp+y.exp)
}
