package checker

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/ltlf"
)

// This file holds the fixpoint computations of pATL on games (SPEC §4):
// one-step optimisation per state (max/min by the owner in an smg or mdp,
// a matrix game in a csg), bounded and unbounded reachability by value
// iteration, and the sure-winning fixpoints of <<A>> [ψ].
//
// They run on an arena: the game itself, or its product with an outcome
// automaton. An arena state stands for one game state and has exactly the
// choices and transitions of that state; only the targets differ.

// Value iteration settings, PRISM's defaults: relative difference 1e-6
// between successive iterations, and a cap on the number of iterations.
const (
	viEpsilon  = 1e-6
	viMaxIters = 100_000
)

// arena is the graph a fixpoint runs on.
type arena struct {
	c  *Checker
	n  int
	gs []int32 // game state of each arena state; nil: the game itself
	// succ holds, per arena state i, one target per transition of its game
	// state, from succStart[i]; nil for the game itself.
	succ      []int32
	succStart []int

	pred      []int32 // predecessors (with repetitions), built on demand
	predStart []int32
}

func gameArena(c *Checker) *arena { return &arena{c: c, n: c.g.NumStates} }

func productArena(p *product) *arena {
	return &arena{c: p.c, n: p.size(), gs: p.s, succ: p.succ, succStart: p.succStart}
}

func (a *arena) state(i int) int {
	if a.gs == nil {
		return i
	}
	return int(a.gs[i])
}

// targets returns, for arena state i, the arena targets of the transitions
// of its game state, aligned with the game's transition indices from base.
func (a *arena) targets(i int) (tg []int32, base int) {
	g := a.c.g
	s := a.state(i)
	lo, hi := g.Choices(s)
	tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
	if a.succ == nil {
		return g.Target[tlo:thi], tlo
	}
	return a.succ[a.succStart[i] : a.succStart[i]+thi-tlo], tlo
}

// coalitionView says who chooses where for one coalition: in an smg or mdp
// whether the chooser of a state is in the coalition, in a csg the matrix
// position (coalition's joint action, others' joint action) of each choice.
type coalitionView struct {
	c     *Checker
	coal  []bool
	csg   bool
	row   []int32 // per choice (csg)
	col   []int32
	nrows []int32 // per game state (csg)
	ncols []int32
}

func (c *Checker) viewFor(coal []bool) *coalitionView {
	g := c.g
	v := &coalitionView{c: c, coal: coal, csg: g.Joint != nil}
	if !v.csg {
		return v
	}
	np := len(g.Players)
	v.row = make([]int32, g.NumChoices())
	v.col = make([]int32, g.NumChoices())
	v.nrows = make([]int32, g.NumStates)
	v.ncols = make([]int32, g.NumStates)
	rows, cols := map[string]int32{}, map[string]int32{}
	var rk, ck []byte
	for s := 0; s < g.NumStates; s++ {
		clear(rows)
		clear(cols)
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			rk, ck = rk[:0], ck[:0]
			for p, act := range g.Joint[ch*np : (ch+1)*np] {
				b := []byte{byte(act), byte(act >> 8), byte(act >> 16), byte(act >> 24)}
				if coal[p] {
					rk = append(rk, b...)
				} else {
					ck = append(ck, b...)
				}
			}
			r, ok := rows[string(rk)]
			if !ok {
				r = int32(len(rows))
				rows[string(rk)] = r
			}
			k, ok := cols[string(ck)]
			if !ok {
				k = int32(len(cols))
				cols[string(ck)] = k
			}
			v.row[ch], v.col[ch] = r, k
		}
		v.nrows[s], v.ncols[s] = int32(len(rows)), int32(len(cols))
	}
	return v
}

// inCoalition reports whether the chooser of game state s (smg owner, the
// mdp's player) belongs to the coalition; dtmc states have one choice.
func (v *coalitionView) inCoalition(s int) bool {
	g := v.c.g
	switch {
	case g.Owner != nil:
		return v.coal[g.Owner[s]]
	case len(v.coal) > 0:
		return v.coal[0]
	}
	return true
}

// solver evaluates one-step optimisations on an arena.
type solver struct {
	a    *arena
	v    *coalitionView
	max  bool      // the coalition maximises
	srew []float64 // reward per game state, added after the optimisation (nil: none)
	trew []float64 // reward per choice, added to the choice's value (nil: none)
	q    []float64 // scratch: value per choice
	mat  []float64 // scratch matrix
	iter int       // iterations of the last unbounded computation
}

func newSolver(a *arena, v *coalitionView, max bool) *solver {
	return &solver{a: a, v: v, max: max}
}

// bellman returns the optimal expected value of x after one step from
// arena state i.
func (sv *solver) bellman(i int, x []float64) float64 {
	v := sv.optStep(i, x)
	if sv.srew != nil {
		v += sv.srew[sv.a.state(i)]
	}
	return v
}

func (sv *solver) optStep(i int, x []float64) float64 {
	g := sv.a.c.g
	s := sv.a.state(i)
	lo, hi := g.Choices(s)
	if lo == hi {
		return 0
	}
	tg, base := sv.a.targets(i)
	q := sv.q[:0]
	for ch := lo; ch < hi; ch++ {
		sum := 0.0
		if sv.trew != nil {
			sum = sv.trew[ch]
		}
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			sum += g.Prob[t] * x[tg[t-base]]
		}
		q = append(q, sum)
	}
	sv.q = q
	if sv.v.csg {
		nr, nc := int(sv.v.nrows[s]), int(sv.v.ncols[s])
		if nr > 1 && nc > 1 {
			return sv.matrix(lo, hi, nr, nc)
		}
		// One side has no choice: a plain optimisation by the other side.
		return optimum(q, (nr > 1) == sv.max)
	}
	return optimum(q, sv.v.inCoalition(s) == sv.max)
}

func optimum(q []float64, max bool) float64 {
	best := q[0]
	for _, x := range q[1:] {
		if (max && x > best) || (!max && x < best) {
			best = x
		}
	}
	return best
}

// matrix solves the one-shot game of a csg state whose choice values are in
// sv.q: rows are the coalition's joint actions, columns the others'.
func (sv *solver) matrix(lo, hi, nr, nc int) float64 {
	m := sv.mat[:0]
	for k := 0; k < nr*nc; k++ {
		m = append(m, math.NaN())
	}
	worst := math.Inf(1)
	for ch := lo; ch < hi; ch++ {
		x := sv.q[ch-lo]
		if !sv.max {
			x = -x
		}
		m[int(sv.v.row[ch])*nc+int(sv.v.col[ch])] = x
		worst = min(worst, x)
	}
	sv.mat = m
	// A joint action missing from the game is never good for the coalition.
	for k := range m {
		if math.IsNaN(m[k]) {
			m[k] = worst
		}
	}
	val := matrixGameValue(m, nr, nc)
	if !sv.max {
		return -val
	}
	return val
}

// reach computes, per arena state, the optimal probability of reaching
// target through allowed states (target states count as reached at once):
// within k steps, or unbounded when k < 0 is unbounded.
func (sv *solver) reach(allowed, target []bool, k int64) ([]float64, error) {
	n := sv.a.n
	x := make([]float64, n)
	for i := range x {
		if target[i] {
			x[i] = 1
		}
	}
	if k == int64(ltlf.Unbounded) {
		return sv.reachUnbounded(allowed, target, x)
	}
	y := make([]float64, n)
	for step := int64(0); step < k; step++ {
		for i := 0; i < n; i++ {
			switch {
			case target[i]:
				y[i] = 1
			case !allowed[i]:
				y[i] = 0
			default:
				y[i] = sv.bellman(i, x)
			}
		}
		x, y = y, x
	}
	return x, nil
}

// reachUnbounded runs value iteration from below on the states that can
// reach the target at all (the others have probability 0 exactly) and
// that the maximising side cannot make reach it almost surely (those have
// probability 1 exactly).
func (sv *solver) reachUnbounded(allowed, target []bool, x []float64) ([]float64, error) {
	n := sv.a.n
	can := sv.a.canReach(allowed, target)
	one := sv.prob1(allowed, target)
	var work []int
	for i := 0; i < n; i++ {
		switch {
		case one[i]:
			x[i] = 1
		case can[i] && !target[i]:
			work = append(work, i)
		}
	}
	return sv.iterate(work, x)
}

// iterate runs value iteration (Jacobi) on the states in work, the others
// keeping their values in x, until the relative difference between two
// iterations is below viEpsilon.
func (sv *solver) iterate(work []int, x []float64) ([]float64, error) {
	y := make([]float64, len(x))
	copy(y, x)
	for sv.iter = 1; sv.iter <= viMaxIters; sv.iter++ {
		diff := 0.0
		for _, i := range work {
			nv := sv.bellman(i, x)
			if nv != x[i] {
				d := math.Abs(nv - x[i])
				if nv != 0 {
					d /= math.Abs(nv)
				}
				if !(d <= diff) {
					diff = d
				}
			}
			y[i] = nv
		}
		x, y = y, x
		if diff < viEpsilon {
			return x, nil
		}
	}
	return nil, fmt.Errorf("value iteration did not converge within %d iterations", viMaxIters)
}

// predecessors returns the reverse edges: the predecessors of j are
// pred[predStart[j]:predStart[j+1]].
func (a *arena) predecessors() (pred, predStart []int32) {
	if a.predStart != nil {
		return a.pred, a.predStart
	}
	n := a.n
	cnt := make([]int32, n+1)
	for i := 0; i < n; i++ {
		tg, _ := a.targets(i)
		for _, t := range tg {
			cnt[t+1]++
		}
	}
	for i := 1; i <= n; i++ {
		cnt[i] += cnt[i-1]
	}
	pred = make([]int32, cnt[n])
	fill := append([]int32(nil), cnt[:n]...)
	for i := 0; i < n; i++ {
		tg, _ := a.targets(i)
		for _, t := range tg {
			pred[fill[t]] = int32(i)
			fill[t]++
		}
	}
	a.pred, a.predStart = pred, cnt
	return pred, cnt
}

// grow adds to x, until nothing changes, every state i outside x for which
// ok(i) holds; ok must be monotone in x and can only become true when a
// successor joins x (a worklist over predecessors).
func (a *arena) grow(x []bool, ok func(i int) bool) {
	pred, start := a.predecessors()
	var work []int32
	for i, in := range x {
		if in {
			work = append(work, int32(i))
		}
	}
	for len(work) > 0 {
		t := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range pred[start[t]:start[t+1]] {
			if !x[p] && ok(int(p)) {
				x[p] = true
				work = append(work, p)
			}
		}
	}
}

// shrink removes from z, until nothing changes, every state i for which
// keep(i) fails; keep must be monotone in z. Every state is tested once,
// then the predecessors of removed states.
func (a *arena) shrink(z []bool, keep func(i int) bool) {
	pred, start := a.predecessors()
	var work []int32
	for i := range z {
		if z[i] && !keep(i) {
			z[i] = false
			work = append(work, int32(i))
		}
	}
	for len(work) > 0 {
		t := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range pred[start[t]:start[t+1]] {
			if z[p] && !keep(int(p)) {
				z[p] = false
				work = append(work, p)
			}
		}
	}
}

// canReach returns the arena states from which some path through allowed
// states reaches target.
func (a *arena) canReach(allowed, target []bool) []bool {
	can := append([]bool(nil), target...)
	a.grow(can, func(i int) bool { return allowed[i] })
	return can
}

// next returns the optimal probability that the next state is in set.
func (sv *solver) next(set []bool) []float64 {
	x := make([]float64, sv.a.n)
	for i, b := range set {
		if b {
			x[i] = 1
		}
	}
	out := make([]float64, sv.a.n)
	for i := range out {
		out[i] = sv.bellman(i, x)
	}
	return out
}

// cpre reports whether the coalition can make sure, with one deterministic
// joint action and against every response and every probabilistic
// outcome, that the next arena state is in z.
func (sv *solver) cpre(i int, z []bool) bool {
	g := sv.a.c.g
	s := sv.a.state(i)
	lo, hi := g.Choices(s)
	if lo == hi {
		return false
	}
	tg, base := sv.a.targets(i)
	safe := func(ch int) bool {
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			if !z[tg[t-base]] {
				return false
			}
		}
		return true
	}
	if sv.v.csg {
		bad := make([]bool, sv.v.nrows[s])
		for ch := lo; ch < hi; ch++ {
			if !safe(ch) {
				bad[sv.v.row[ch]] = true
			}
		}
		for _, b := range bad {
			if !b {
				return true
			}
		}
		return false
	}
	exists := sv.v.inCoalition(s)
	for ch := lo; ch < hi; ch++ {
		ok := safe(ch)
		if exists && ok {
			return true
		}
		if !exists && !ok {
			return false
		}
	}
	return !exists
}

// sureReach is the least fixpoint Z = target ∪ (allowed ∩ CPre(Z)), after k
// rounds or to the fixpoint when k is unbounded.
func (sv *solver) sureReach(allowed, target []bool, k int64) []bool {
	z := append([]bool(nil), target...)
	f := func(i int, z []bool) bool { return target[i] || (allowed[i] && sv.cpre(i, z)) }
	if k == int64(ltlf.Unbounded) {
		sv.a.grow(z, func(i int) bool { return f(i, z) })
		return z
	}
	return sv.iterateSets(z, k, f)
}

// sureWeak is the greatest fixpoint Z = b ∪ (a ∩ CPre(Z)) of a W b (bounded:
// k rounds from a ∪ b).
func (sv *solver) sureWeak(a, b []bool, k int64) []bool {
	z := make([]bool, len(a))
	for i := range z {
		z[i] = a[i] || b[i]
	}
	f := func(i int, z []bool) bool { return b[i] || (a[i] && sv.cpre(i, z)) }
	if k == int64(ltlf.Unbounded) {
		sv.a.shrink(z, func(i int) bool { return f(i, z) })
		return z
	}
	return sv.iterateSets(z, k, f)
}

// iterateSets applies f to every state k times (bounded operators).
func (sv *solver) iterateSets(z []bool, k int64, f func(int, []bool) bool) []bool {
	y := make([]bool, len(z))
	for step := int64(0); step < k; step++ {
		changed := false
		for i := range z {
			y[i] = f(i, z)
			changed = changed || y[i] != z[i]
		}
		z, y = y, z
		if !changed {
			break
		}
	}
	return z
}
