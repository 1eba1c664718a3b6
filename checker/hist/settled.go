package hist

import (
	"math"
	"runtime"
	"sort"
	"sync"

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

var settledRuns, settledJumps int

// settler decides and runs the shortcut for runLanes.
type settler struct {
	p     *Product
	from  int // the first step after the plan's last constrained one
	tried int // the walks' weight at the last refused attempt (0: none)
}

// weight is the work of a step of the walks: their rows' transitions,
// once per live lane; and whether every row is in a sink.
func (st *settler) weight(runs []*laneRun) (int, bool) {
	p, g := st.p, st.p.m.g
	w := 0
	for _, r := range runs {
		lanes := 0
		for _, m := range r.lanes {
			if m != nil {
				lanes++
			}
		}
		for _, pid := range r.cur.active {
			if q := p.Q[pid]; q != ltlf.True && q != ltlf.False {
				return 0, false
			}
			s := int(p.S[pid])
			lo, hi := g.Choices(s)
			w += lanes * int(g.TransStart[hi]-g.TransStart[lo])
		}
	}
	return w, true
}

// try finishes every lane of runs into out at step k of T and reports
// whether it did (when the shortcut applies and pays).
func (st *settler) try(runs []*laneRun, k, T int, out []*Result) bool {
	if settledOff || k < st.from || k >= T || st.p.m.tinyWeights {
		return false
	}
	w, ok := st.weight(runs)
	if !ok || w == 0 || (st.tried > 0 && w < 2*st.tried) {
		return false
	}
	n := T - k
	R, succ, start, ok := st.reach(runs, n, 2*w)
	if !ok {
		st.tried = w
		return false
	}
	V, W, ok := st.continuations(R, succ, start, n, k, T)
	if !ok {
		st.tried = w
		return false
	}
	settledRuns++
	idx := make(map[int32]int32, len(R))
	for i, s := range R {
		idx[s] = int32(i)
	}
	for _, r := range runs {
		for l, members := range r.lanes {
			if members == nil {
				continue
			}
			res := &Result{EmptyAt: -1}
			r.finishTimes(l, res, idx, V, W)
			for _, i := range members {
				if i < len(out) {
					out[i] = res
				}
			}
			r.lanes[l] = nil
		}
	}
	return true
}

// reach returns the game states reachable from the walks' rows within n
// steps, in order of discovery, and their transitions' targets as indices
// into it (succ[start[i]:start[i+1]] for state R[i]), or false once they
// hold more than limit transitions.
func (st *settler) reach(runs []*laneRun, n, limit int) (R []int32, succ []int32, start []int, ok bool) {
	g := st.p.m.g
	idx := map[int32]int32{}
	add := func(s int32) {
		if _, ok := idx[s]; !ok {
			idx[s] = int32(len(R))
			R = append(R, s)
		}
	}
	for _, r := range runs {
		for _, pid := range r.cur.active {
			add(st.p.S[pid])
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
			if trans > limit {
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
			j, ok := idx[g.Target[t]]
			if !ok {
				j = -1 // beyond n steps: never read at the step that matters
			}
			succ = append(succ, j)
		}
	}
	return R, succ, start, true
}

// continuations returns V_n and W_n per state of R (see above), taking the
// steps k to T of the pass for the step budget and the deadline; false
// when a probability would underflow a float64 (the walks carry an
// exponent).
func (st *settler) continuations(R []int32, succ []int32, start []int, n, k, T int) ([]Count, []float64, bool) {
	m := st.p.m
	g := m.g
	V, V2 := make([]Count, len(R)), make([]Count, len(R))
	W, W2 := make([]float64, len(R)), make([]float64, len(R))
	for i := range R {
		V[i], W[i] = countOne, 1
	}
	// One step for the states R[lo:hi]; false if a probability underflows.
	part := func(lo, hi int) bool {
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
			if w != 0 && w < 0x1p-500 {
				return false
			}
			W2[i] = w
		}
		return true
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
		ok2 := true
		var wg sync.WaitGroup
		if cut < len(R) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok2 = part(cut, len(R))
			}()
		}
		ok := part(0, cut)
		wg.Wait()
		if !ok || !ok2 {
			return nil, nil, false
		}
		if d, ok := geometric(V, V2, W, W2); ok && step < n {
			// Every state's count grew by the same power of two and no
			// probability changed: each later step does the same.
			settledJumps++
			for i := range V2 {
				if V2[i].hi != 0 {
					V2[i].exp += d * (n - step)
				}
			}
			return V2, W2, true
		}
		V, V2 = V2, V
		W, W2 = W2, W
	}
	return V, W, true
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
