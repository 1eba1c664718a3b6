package checker

import (
	"math"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates the reward operator of PRISM-games under a coalition
// (<<A>> R{r}max=? / min=? / ~b): cumulative rewards C<=k, instantaneous
// rewards I=k, and reachability rewards F (paths that never reach the
// target count as infinite), Fc (they keep their cumulative reward) and,
// on turn-based games, F0 (they count as 0; patlreward0.go). A state reward
// is earned in the state left, a transition reward with the choice taken,
// as in PRISM.

// rewardForm checks that onus evaluates this form of R.
func (c *Checker) rewardForm(x *prism.RewardOp) error {
	switch {
	case x.Filter != nil:
		return c.errAt(x.OpPos, "filters inside R are not supported yet")
	case x.Discount != nil:
		return c.errAt(x.OpPos, "discounted rewards are not supported yet")
	case x.Modifier != "":
		return c.errAt(x.OpPos, "the reward modifier %q is not supported", x.Modifier)
	case x.Rel == prism.RelQuery:
		return c.errAt(x.OpPos, "a reward under a coalition needs Rmax=? or Rmin=? (not R=?)")
	case x.Rel.IsQuery() && x.Rel != prism.RelMaxQuery && x.Rel != prism.RelMinQuery:
		return c.errAt(x.OpPos, "R%s is not supported yet", relString(x.Rel))
	}
	switch x.ContentKind {
	case 'C':
		if x.TimeBound == nil {
			return c.errAt(x.OpPos, "total rewards (C without a bound) are not supported yet")
		}
	case 'I', 'F', 'c':
	case '0':
		if c.g.Joint != nil {
			return c.errAt(x.OpPos, "reachability rewards F0 are not supported on csg models (nor in PRISM-games)")
		}
	case 'S':
		return c.errAt(x.OpPos, "steady-state rewards S are not supported")
	default:
		return c.errAt(x.OpPos, "this reward formula is not supported (only C<=k, I=k, F and Fc)")
	}
	return nil
}

// rewardStruct selects the reward structure of x.
func (c *Checker) rewardStruct(x *prism.RewardOp) (*translate.Rewards, error) {
	rs := c.g.Rewards
	if len(rs) == 0 {
		return nil, c.errAt(x.OpPos, "the model has no reward structures")
	}
	switch {
	case x.StructName != "":
		for i := range rs {
			if rs[i].Name == x.StructName {
				return &rs[i], nil
			}
		}
		return nil, c.errAt(x.OpPos, "unknown reward structure %q", x.StructName)
	case x.StructIndex != nil:
		k, err := c.intConst(x.StructIndex, "reward structure index")
		if err != nil {
			return nil, err
		}
		if k < 1 || k > int64(len(rs)) {
			return nil, c.errAt(x.StructIndex.Position(), "invalid reward structure index %d", k)
		}
		return &rs[k-1], nil
	}
	return &rs[0], nil
}

// rewardValues returns the optimal expected reward of x under q at each
// start state.
func (c *Checker) rewardValues(q patlQuery, x *prism.RewardOp, starts []int) ([]float64, error) {
	r, err := c.rewardStruct(x)
	if err != nil {
		return nil, err
	}
	var all []float64
	switch x.ContentKind {
	case 'C', 'I':
		all, err = c.stepRewards(q, x, r)
	case '0':
		all, err = c.zeroRewards(q, x, r)
	default:
		all, err = c.reachRewards(q, x, r)
	}
	if err != nil {
		return nil, err
	}
	return valuesAt(all, starts), nil
}

// stepRewards: C<=k (exactly k steps of state and transition rewards) and
// I=k (the state reward expected at step k).
func (c *Checker) stepRewards(q patlQuery, x *prism.RewardOp, r *translate.Rewards) ([]float64, error) {
	k, err := c.intConst(x.TimeBound, "time bound")
	if err != nil {
		return nil, err
	}
	if k < 0 {
		return nil, c.errAt(x.TimeBound.Position(), "the time bound must be at least 0, not %d", k)
	}
	n := c.g.NumStates
	sv := newSolver(gameArena(c), c.viewFor(q.coal), q.max)
	x0 := make([]float64, n)
	if x.ContentKind == 'C' {
		sv.srew, sv.trew = r.State, r.Trans
	} else if r.State != nil {
		copy(x0, r.State)
	}
	y := make([]float64, n)
	for step := int64(0); step < k; step++ {
		for i := 0; i < n; i++ {
			y[i] = sv.bellman(i, x0)
		}
		x0, y = y, x0
	}
	return x0, nil
}

// reachRewards: F and Fc on turn-based games.
func (c *Checker) reachRewards(q patlQuery, x *prism.RewardOp, r *translate.Rewards) ([]float64, error) {
	g := c.g
	n := g.NumStates
	for _, v := range r.State {
		if v < 0 {
			return nil, c.errAt(x.OpPos, "reachability rewards need non-negative rewards")
		}
	}
	for _, v := range r.Trans {
		if v < 0 {
			return nil, c.errAt(x.OpPos, "reachability rewards need non-negative rewards")
		}
	}
	target, err := c.patlBools(x.Target)
	if err != nil {
		return nil, err
	}
	ar := gameArena(c)
	view := c.viewFor(q.coal)
	var inf []bool
	if x.ContentKind == 'F' {
		// Infinite where the side minimising the probability of reaching
		// the target keeps it below 1.
		one := newSolver(ar, view, !q.max).prob1(nil, target)
		inf = make([]bool, n)
		for i := range inf {
			inf[i] = !one[i]
		}
	} else {
		inf = c.cumulativeInf(newSolver(ar, view, q.max), r, target, nil)
	}
	sv := newSolver(ar, view, q.max)
	x0 := make([]float64, n)
	var work []int
	for i := 0; i < n; i++ {
		switch {
		case target[i]:
		case inf[i]:
			x0[i] = math.Inf(1)
		default:
			work = append(work, i)
		}
	}
	if x.ContentKind == 'F' {
		// Zero-reward loops would let value iteration from 0 stop short
		// of the value for a minimiser: first iterate with every zero
		// reward raised to a small ε (an upper bound), then from there.
		if eps := smallReward(r); eps > 0 {
			sv.srew, sv.trew = raised(r.State, n, eps), raised(r.Trans, g.NumChoices(), eps)
			if x0, err = sv.iterate(work, x0); err != nil {
				return nil, err
			}
		}
	}
	sv.srew, sv.trew = r.State, r.Trans
	return sv.iterate(work, x0)
}

// smallReward returns an ε for zero rewards: min(smallest positive reward,
// 1% of the largest); 0 when there is no zero or no positive reward.
func smallReward(r *translate.Rewards) float64 {
	lo, hi := math.Inf(1), 0.0
	zero := r.State == nil || r.Trans == nil
	for _, xs := range [][]float64{r.State, r.Trans} {
		for _, v := range xs {
			if v > 0 {
				lo, hi = min(lo, v), max(hi, v)
			} else {
				zero = true
			}
		}
	}
	if !zero || hi == 0 {
		return 0
	}
	return min(lo, hi*0.01)
}

// raised returns xs (or zeros of length n) with zeros replaced by eps.
func raised(xs []float64, n int, eps float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = eps
		if xs != nil && xs[i] > 0 {
			out[i] = xs[i]
		}
	}
	return out
}

// cumulativeInf finds the states with infinite cumulative reward (Fc)
// under the optimisation of sv: those that can reach, with positive
// probability, a set of rewarded non-target states that the optimising
// sides can keep revisiting with probability 1.
func (c *Checker) cumulativeInf(sv *solver, r *translate.Rewards, target, restrict []bool) []bool {
	g := c.g
	n := g.NumStates
	b1 := make([]bool, n)
	for s := 0; s < n; s++ {
		if target[s] {
			continue
		}
		if r.State != nil && r.State[s] > 0 {
			b1[s] = true
		}
		if r.Trans != nil {
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				if r.Trans[ch] > 0 {
					b1[s] = true
				}
			}
		}
	}
	for {
		b2 := sv.prob1(nil, b1)
		changed := false
		for s := 0; s < n; s++ {
			if b1[s] && !sv.step1(s, b2) {
				b1[s] = false
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	if restrict != nil {
		for s := range b1 {
			b1[s] = b1[s] && restrict[s]
		}
	}
	return sv.positive(b1)
}

// chooserReaches reports whether the chooser of arena state i maximises
// the probability of reaching (exists a good choice) rather than
// minimising it (every choice must be good); turn-based games only.
func (sv *solver) chooserReaches(i int) bool {
	return sv.v.inCoalition(sv.a.state(i)) == sv.max
}

// prob1 returns the states from which the maximising side reaches target
// through allowed states with probability 1: the greatest Y such that Y is
// the least X ⊇ target closed under "some (every, for the other side)
// choice stays in Y and may move to X". In a csg the maximising side is
// given a deterministic choice against every response, which finds a
// subset of the almost-sure states (enough to fix their value at 1).
func (sv *solver) prob1(allowed, target []bool) []bool {
	n := sv.a.n
	y := make([]bool, n)
	for i := range y {
		y[i] = target[i] || allowed == nil || allowed[i]
	}
	for {
		x := append([]bool(nil), target...)
		sv.a.grow(x, func(i int) bool { return y[i] && sv.almostStep(i, y, x) })
		same := true
		for i := range x {
			if x[i] != y[i] {
				same = false
			}
		}
		if same {
			return y
		}
		y = x
	}
}

func (sv *solver) almostStep(i int, y, x []bool) bool {
	if sv.v.csg {
		return sv.csgAlmost(i, y, x)
	}
	return sv.pre(i, func(ch int, tg []int32, base int) bool {
		return sv.allIn(ch, tg, base, y) && sv.someIn(ch, tg, base, x)
	})
}

// positive returns the states from which the maximising side reaches set
// with positive probability.
func (sv *solver) positive(set []bool) []bool {
	x := append([]bool(nil), set...)
	sv.a.grow(x, func(i int) bool { return sv.positiveStep(i, x) })
	return x
}

func (sv *solver) positiveStep(i int, x []bool) bool {
	if sv.v.csg {
		return sv.csgPositive(i, x)
	}
	return sv.pre(i, func(ch int, tg []int32, base int) bool { return sv.someIn(ch, tg, base, x) })
}

// step1 reports whether from i the next state is in set with probability 1
// under the optimisation.
func (sv *solver) step1(i int, set []bool) bool {
	return sv.pre(i, func(ch int, tg []int32, base int) bool { return sv.allIn(ch, tg, base, set) })
}

// pre applies good to the choices of arena state i: some choice for a
// reaching chooser, every choice otherwise. In a csg the maximising side
// (rows if the coalition maximises, else columns) needs one joint action of
// its own that is good against every response.
func (sv *solver) pre(i int, good func(ch int, tg []int32, base int) bool) bool {
	g := sv.a.c.g
	s := sv.a.state(i)
	lo, hi := g.Choices(s)
	if lo == hi {
		return false
	}
	tg, base := sv.a.targets(i)
	if sv.v.csg {
		grid, outer, inner := sv.grid(s)
		for a := 0; a < outer; a++ {
			ok := true
			for b := 0; b < inner && ok; b++ {
				ch := grid[a*inner+b]
				ok = ch < 0 || good(ch, tg, base)
			}
			if ok {
				return true
			}
		}
		return false
	}
	exists := sv.chooserReaches(i)
	for ch := lo; ch < hi; ch++ {
		ok := good(ch, tg, base)
		if exists && ok {
			return true
		}
		if !exists && !ok {
			return false
		}
	}
	return !exists
}

// grid lays out the choices of csg state s with the maximising side's joint
// actions as rows (outer) and the other side's as columns (inner); -1 marks
// a missing combination.
func (sv *solver) grid(s int) (grid []int, outer, inner int) {
	g := sv.a.c.g
	lo, hi := g.Choices(s)
	nr, nc := int(sv.v.nrows[s]), int(sv.v.ncols[s])
	outer, inner = nr, nc
	if !sv.max {
		outer, inner = nc, nr
	}
	grid = make([]int, nr*nc)
	for k := range grid {
		grid[k] = -1
	}
	for ch := lo; ch < hi; ch++ {
		r, c := int(sv.v.row[ch]), int(sv.v.col[ch])
		if sv.max {
			grid[r*inner+c] = ch
		} else {
			grid[c*inner+r] = ch
		}
	}
	return grid, outer, inner
}

// csgPositive reports whether, in csg arena state i, the maximising side
// (playing all its joint actions uniformly) moves into set with positive
// probability whatever the other side does.
func (sv *solver) csgPositive(i int, set []bool) bool {
	s := sv.a.state(i)
	tg, base := sv.a.targets(i)
	grid, outer, inner := sv.grid(s)
	for b := 0; b < inner; b++ {
		hit := false
		for a := 0; a < outer && !hit; a++ {
			if ch := grid[a*inner+b]; ch >= 0 {
				hit = sv.someIn(ch, tg, base, set)
			}
		}
		if !hit {
			return false
		}
	}
	return outer > 0
}

// csgAlmost is one step of almost-sure reachability in a csg (de Alfaro,
// Henzinger and Kupferman): the maximising side mixes uniformly the joint
// actions that keep the play in y against every response, and must reach x
// with positive probability against every response.
func (sv *solver) csgAlmost(i int, y, x []bool) bool {
	s := sv.a.state(i)
	tg, base := sv.a.targets(i)
	grid, outer, inner := sv.grid(s)
	var safe []int
	for a := 0; a < outer; a++ {
		ok := true
		for b := 0; b < inner && ok; b++ {
			ch := grid[a*inner+b]
			ok = ch < 0 || sv.allIn(ch, tg, base, y)
		}
		if ok {
			safe = append(safe, a)
		}
	}
	if len(safe) == 0 {
		return false
	}
	for b := 0; b < inner; b++ {
		hit := false
		for _, a := range safe {
			if ch := grid[a*inner+b]; ch >= 0 && sv.someIn(ch, tg, base, x) {
				hit = true
				break
			}
		}
		if !hit {
			return false
		}
	}
	return true
}

func (sv *solver) allIn(ch int, tg []int32, base int, set []bool) bool {
	tlo, thi := sv.a.c.g.Transitions(ch)
	for t := tlo; t < thi; t++ {
		if !set[tg[t-base]] {
			return false
		}
	}
	return true
}

func (sv *solver) someIn(ch int, tg []int32, base int, set []bool) bool {
	tlo, thi := sv.a.c.g.Transitions(ch)
	for t := tlo; t < thi; t++ {
		if set[tg[t-base]] {
			return true
		}
	}
	return false
}
