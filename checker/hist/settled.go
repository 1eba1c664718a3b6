package hist

import (
	"math"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// This file ends the walks early once the plan is over.
//
// From a step k after the plan's last constrained step, every lane
// extends its histories by every choice and transition (no filter, no
// player stuck, no feed): the rest of every lane's walk is the same
// linear map, step after step. So instead of walking each lane's rows to
// the horizon, one backward programme over the product states its rows
// can reach within the n = T−k steps left gives, per product state x,
// the numbers VA_n(x) and VR_n(x) of its continuations (one per choice
// and transition, as the walks count them) that end accepted and
// rejected, and their probabilities WA_n(x) and WR_n(x) under β. A row
// with count c and probability p in x then ends the walk with c·VA_n(x)
// and c·VR_n(x) histories, of probabilities p·WA_n(x) and p·WR_n(x).
// Where the outcome is already settled (x's automaton state True or
// False) one of the two is 0, and in the n-player prisoners' dilemma the
// programme covers 2^n states where the walks carried 2^n coalitions.
//
// Each lane is decided and finished on its own rows alone, so that its
// numbers are those of its pass run alone (lanes.go), to the bit,
// whatever lanes walk beside it: the values of a state are the same
// whatever other states the programme covers (each sums its own
// successors' in its own order, and every successor a needed value
// reads is within n steps of the lane's rows). The shortcut is taken for
// a lane when the product states within reach have no more transitions
// than its rows (a search that gives up beyond that): a step of the
// programme then costs no more than a step of the lane's walk, and the
// programme serves every lane so decided at once (a lane's walk whose
// layer still grows stays cheaper alone); and when every state on the
// way has a choice (models have their deadlocks fixed; a game built by
// hand may not).
//
// The counts are Counts (count.go): a product of two Counts is exact in
// its high part and rounded in its low one, and the programme's sums are
// of positive terms like the walks', so the error bound of count.go
// holds with the same K; counts below 2^53 stay exact.

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
// lanes it finished, settledJumps the times its programme stopped early.
var settledOff = false

var settledRuns, settledJumps atomic.Int64

// settler decides and runs the shortcut for runLanes, lane by lane.
type settler struct {
	p     *Product
	from  int              // the first step after the plan's last constrained one
	never map[laneKey]bool // the lanes that walk on to the horizon
	pos   []int32          // scratch: an index by product state, -1 (reach, done)
	runs  []*laneRun       // the walks of the current try, whose layers MaxMemory counts beside
}

// laneKey names a lane of a walk.
type laneKey struct {
	r *laneRun
	l int
}

// weight is the work of a step of lane l of walk r: its rows'
// transitions.
func (st *settler) weight(r *laneRun, l int) int {
	p, g := st.p, st.p.m.g
	bit := uint64(1) << uint(l)
	w := 0
	for i, pid := range r.cur.active {
		if r.cur.has[i]&bit == 0 {
			continue
		}
		lo, hi := g.Choices(int(p.S[pid]))
		w += int(g.TransStart[hi] - g.TransStart[lo])
	}
	return w
}

// try finishes into out, at step k of T, the lanes of runs for which the
// shortcut applies and pays, and reports whether every lane of runs is
// then finished.
func (st *settler) try(runs []*laneRun, k, T int, out []*Result) bool {
	if settledOff || k < st.from || k >= T || st.p.m.tinyWeights {
		return false
	}
	if d := k - st.from; d >= 8 && d%8 != 0 {
		// Every step at first, then every eighth: weighing a lane reads
		// its rows (the steps, not the lanes beside it, decide when).
		return false
	}
	if st.never == nil {
		st.never = map[laneKey]bool{}
	}
	st.runs = runs
	defer func() { st.runs = nil }()
	n := T - k
	var lanes []laneKey
	for _, r := range runs {
		for l, members := range r.lanes {
			if members == nil {
				continue
			}
			key := laneKey{r, l}
			if st.never[key] {
				continue
			}
			// A refused attempt costs at most the lane's rows'
			// transitions, every eighth step.
			w := st.weight(r, l)
			if w == 0 {
				continue
			}
			pr, ok := st.reach([]laneKey{key}, k, n, w)
			st.done(pr)
			if ok {
				lanes = append(lanes, key)
			}
		}
	}
	if len(lanes) == 0 {
		return false
	}
	pr, _ := st.reach(lanes, k, n, math.MaxInt)
	defer st.done(pr)
	st.checkBudget(pr, 0)
	pr.link(st.p, k, n)
	st.checkBudget(pr, len(pr.R))
	c := st.continuations(pr, k, T)
	for _, key := range lanes {
		r, l := key.r, key.l
		if !st.fits(r, l, pr, c) {
			st.never[key] = true // a probability too small for a float64: walk on
			continue
		}
		settledRuns.Add(1)
		res := &Result{EmptyAt: -1}
		r.finishTimes(l, res, pr.pos, c)
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
// the steps left that a float64 holds: below 2^-500 (a game whose
// distributions sum to less than 1) it would lose digits the walks, which
// carry an exponent, keep.
func (st *settler) fits(r *laneRun, l int, pr *programme, c *continuation) bool {
	bit := uint64(1) << uint(l)
	for i, pid := range r.cur.active {
		if r.cur.has[i]&bit == 0 {
			continue
		}
		j := pr.pos[pid]
		if c.WA[j]+c.WR[j] < 0x1p-500 {
			return false
		}
	}
	return true
}

// programme is the product states the backward programme covers: R in
// order of discovery, pos the index of a product state in R (-1: not in
// it), and per state (link) its successors as indices into R, at the steps
// before its Due position (succ[start[i]:start[i+1]]) and, when that
// position is among the steps left, at it (close[closeAt[i]:]…, closeAt
// -1: none), -1 for a successor beyond the steps left.
type programme struct {
	R       []int32
	pos     []int32
	start   []int
	succ    []int32
	closeAt []int
	close   []int32
}

// reach returns the programme's states (R and pos; link adds their
// successors) reachable from the rows of lanes within the n steps after
// step k, and false once they hold more than limit transitions or one of
// them has no choice. pos is the settler's, lent until done.
func (st *settler) reach(lanes []laneKey, k, n, limit int) (*programme, bool) {
	p, g := st.p, st.p.m.g
	pr := &programme{pos: st.pos}
	add := func(id int32) {
		if pr.find(id) >= 0 {
			return
		}
		for int(id) >= len(pr.pos) {
			pr.pos = append(pr.pos, -1)
		}
		pr.pos[id] = int32(len(pr.R))
		pr.R = append(pr.R, id)
	}
	for _, key := range lanes {
		bit := uint64(1) << uint(key.l)
		for i, pid := range key.r.cur.active {
			if key.r.cur.has[i]&bit != 0 {
				add(pid)
			}
		}
	}
	trans := 0
	lo := 0
	for d := 0; d < n && lo < len(pr.R); d++ {
		hi := len(pr.R)
		for x, id := range pr.R[lo:hi] {
			if (lo+x)&1023 == 1023 {
				st.checkBudget(pr, 0) // R and its index grow with the states found
			}
			c0, c1 := g.Choices(int(p.S[id]))
			t := int(g.TransStart[c1] - g.TransStart[c0])
			if trans += t; trans > limit || t == 0 {
				return pr, false
			}
			for _, to := range p.Successors(id, -1) { // explores id
				add(to)
			}
			if due := int(p.Due[id]); due >= k+d && due < k+n {
				for _, to := range p.Successors(id, due) {
					add(to)
				}
			}
		}
		lo = hi
	}
	return pr, true
}

// done gives back the settler's table of indices that reach lent pr,
// its entries for pr's states reset: a search costs its own states, not
// the product's.
func (st *settler) done(pr *programme) {
	for _, id := range pr.R {
		pr.pos[id] = -1
	}
	st.pos = pr.pos
}

// checkBudget stops the pass, with a panic carrying a *limit.Error as
// checkLaneBudget does, when the product, the walks' layers and the
// programme's scratch outgrow MaxMemory: pr's arrays, and the two steps
// of the continuations of cont states that continuations will hold.
func (st *settler) checkBudget(pr *programme, cont int) {
	p := st.p
	if p.m.maxMemory <= 0 {
		return
	}
	if p.laneBytes(st.runs)+pr.bytes()+int64(cont)*continuationBytes > p.m.maxMemory {
		panic(p.memoryLimit())
	}
}

// bytes estimates the memory of the programme's arrays (the index by
// product state is the settler's, lent to it).
func (pr *programme) bytes() int64 {
	return 4*int64(len(pr.R)+len(pr.pos)+len(pr.succ)+len(pr.close)) + 8*int64(len(pr.start)+len(pr.closeAt))
}

// continuationBytes is what continuations holds per state: VA, VR (a
// Count each, 24 bytes), WA and WR (8 each), for two steps.
const continuationBytes = 2 * (2*24 + 2*8)

// find returns the index of product state id in pr.R, or -1.
func (pr *programme) find(id int32) int32 {
	if int(id) < len(pr.pos) {
		return pr.pos[id]
	}
	return -1
}

// link sets the successors of pr's states (reach, for the n steps after
// step k) as indices into pr.R.
func (pr *programme) link(p *Product, k, n int) {
	pr.start = make([]int, len(pr.R)+1)
	pr.closeAt = make([]int, len(pr.R))
	for i, id := range pr.R {
		pr.closeAt[i] = -1
		if int(id) >= p.Explored() {
			pr.start[i+1] = pr.start[i] // beyond the steps left: V_0 only
			continue
		}
		out := p.Succ[p.SuccStart[id]:p.SuccStart[id+1]]
		pr.start[i+1] = pr.start[i] + len(out)
		for _, to := range out {
			pr.succ = append(pr.succ, pr.find(to))
		}
		if due := int(p.Due[id]); due >= k && due < k+n {
			pr.closeAt[i] = len(pr.close)
			for _, to := range p.Successors(id, due) {
				pr.close = append(pr.close, pr.find(to))
			}
		}
	}
}

// continuation is VA, VR, WA and WR per state of a programme (see above).
type continuation struct {
	VA, VR []Count
	WA, WR []float64
}

// continuations runs the programme pr for the steps k to T of the pass
// (each taken for the step budget and the deadline).
func (st *settler) continuations(pr *programme, k, T int) *continuation {
	p, m := st.p, st.p.m
	g := m.g
	R := pr.R
	N := len(R)
	cur := &continuation{make([]Count, N), make([]Count, N), make([]float64, N), make([]float64, N)}
	nxt := &continuation{make([]Count, N), make([]Count, N), make([]float64, N), make([]float64, N)}
	for i, id := range R {
		if p.Acc[id] {
			cur.VA[i], cur.WA[i] = countOne, 1
		} else {
			cur.VR[i], cur.WR[i] = countOne, 1
		}
	}
	// One step (the pass's step t) for the states R[lo:hi].
	part := func(t, lo, hi int) {
		for i := lo; i < hi; i++ {
			id := R[i]
			c0, c1 := g.Choices(int(p.S[id]))
			t0 := int(g.TransStart[c0])
			out := pr.succ[pr.start[i]:pr.start[i+1]]
			if len(out) == 0 { // beyond the steps left, unexplored: V_0 only
				nxt.VA[i], nxt.VR[i], nxt.WA[i], nxt.WR[i] = Count{}, Count{}, 0, 0
				continue
			}
			if c := pr.closeAt[i]; c >= 0 && int(p.Due[id]) == t {
				out = pr.close[c : c+len(out)]
			}
			nxt.VA[i] = sumCounts(cur.VA, out)
			nxt.VR[i] = sumCounts(cur.VR, out)
			var wa, wr float64
			for ch := c0; ch < c1; ch++ {
				var ca, cr float64
				for x := int(g.TransStart[ch]); x < int(g.TransStart[ch+1]); x++ {
					if j := out[x-t0]; j >= 0 { // else R[i] is farther than the steps left: not needed
						ca += g.Prob[x] * cur.WA[j]
						cr += g.Prob[x] * cur.WR[j]
					}
				}
				wa += m.beta[ch] * ca
				wr += m.beta[ch] * cr
			}
			nxt.WA[i], nxt.WR[i] = wa, wr
		}
	}
	// Two goroutines when a step is large (each writes its own states).
	cut := N
	if pr.start[N] >= settledSplit && runtime.GOMAXPROCS(0) > 1 {
		cut = sort.SearchInts(pr.start, pr.start[N]/2)
	}
	for t := T - 1; t >= k; t-- {
		m.meter.Report(progress.Status{Task: "histories", Step: int64(k + T - 1 - t), Steps: int64(T), Detail: "after the plan: counting the rest once"})
		limit.CheckDeadline()
		limit.PassStep()
		var wg sync.WaitGroup
		if cut < N {
			wg.Add(1)
			go func() {
				defer wg.Done()
				part(t, cut, N)
			}()
		}
		part(t, 0, cut)
		wg.Wait()
		if d, ok := geometric(cur, nxt); ok && t > k {
			// Step t multiplied every count by one power of two and
			// changed no probability: so does every earlier step down to
			// the first after the last Due position at or before t (where
			// the successors change).
			stop := k
			for i, c := range pr.closeAt {
				if due := int(p.Due[R[i]]); c >= 0 && due >= k && due <= t {
					stop = max(stop, due+1)
				}
			}
			if jump := t - stop; jump > 0 {
				settledJumps.Add(1)
				for _, v := range [][]Count{nxt.VA, nxt.VR} {
					for i := range v {
						if v[i].hi != 0 {
							v[i].exp += d * jump
						}
					}
				}
				t = stop // the steps t-1 down to stop are taken
			}
		}
		cur, nxt = nxt, cur
	}
	return cur
}

// settledSplit is the transitions of the reachable states from which a
// step of the backward programme runs on two goroutines.
const settledSplit = 1 << 14

// geometric reports whether the step from a to b multiplied every count
// by one power of two, exactly, and left every probability as it was (a
// game in which every state has as many moves, all leading to such
// states). It returns the power.
func geometric(a, b *continuation) (int, bool) {
	d := 0
	first := true
	for _, pair := range [][2][]Count{{a.VA, b.VA}, {a.VR, b.VR}} {
		for i := range pair[0] {
			x, y := pair[0][i], pair[1][i]
			if x.hi != y.hi || x.lo != y.lo {
				return 0, false
			}
			if x.hi == 0 {
				continue
			}
			if first {
				d, first = y.exp-x.exp, false
			} else if y.exp-x.exp != d {
				return 0, false
			}
		}
	}
	for i := range a.WA {
		if a.WA[i] != b.WA[i] || a.WR[i] != b.WR[i] {
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
