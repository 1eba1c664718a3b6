package solve

import (
	"math"
	"math/big"

	"github.com/onus-mc/onus/translate"
)

// This file gives the exact reward operators R[F φ], R[Fc φ] and R[C] of
// a Markov chain (a game whose states have one choice at most) under
// --exact, as linear systems
// solved by elimination (eliminate.go) like the exact path operators
// (chain.go). A state's reward is its state reward plus the transition
// reward of its one choice, both exact (translate's Rewards.StateExact and
// TransExact). A nil entry of a result is +∞.

// ExactRewardsOK reports whether r has exact values for every part it has.
func ExactRewardsOK(r *translate.Rewards) bool {
	return (r.State == nil || r.StateExact != nil) && (r.Trans == nil || r.TransExact != nil)
}

// ExactReachRewards returns, per state of chain g with exact transition
// probabilities prob, the exact expected reward gathered until target:
// R[F target]. It is +∞ (nil) where target is reached with probability
// below 1 (the graph analysis), 0 in target, and elsewhere the solution
// of x = r + P x over the states that are neither.
func ExactReachRewards(g *translate.Game, prob []*big.Rat, r *translate.Rewards, target []bool) ([]*big.Rat, error) {
	ar, err := exactRewardArena(g, r)
	if err != nil {
		return nil, err
	}
	inf, vars := reachStates(ar, target)
	out := ratsFinite(inf)
	return out, solveRewardSys(ar, prob, r, vars, out)
}

// reachStates sorts the states of R[F target] on chain ar: inf where
// target is reached with probability below 1 (the graph analysis), vars
// the others outside target, whose equations are solved; target is worth
// 0. A state with probability 1 of reaching target has all its
// successors so: the exits of the system go to target, worth 0.
func reachStates(ar *Arena, target []bool) (inf []bool, vars []int) {
	one := NewSolver(ar, NewView(ar.g, nil), true).Prob1(nil, target)
	inf = make([]bool, ar.n)
	for i := range inf {
		switch {
		case target[i]:
		case one[i]:
			vars = append(vars, i)
		default:
			inf[i] = true
		}
	}
	return inf, vars
}

// ratsFinite is a result of 0 where inf is false and +∞ (nil) where it
// is true, for the solved equations to fill in.
func ratsFinite(inf []bool) []*big.Rat {
	out := make([]*big.Rat, len(inf))
	for i, x := range inf {
		if !x {
			out[i] = new(big.Rat)
		}
	}
	return out
}

// floatsFinite is ratsFinite in floats (+Inf where inf).
func floatsFinite(inf []bool) []float64 {
	out := make([]float64, len(inf))
	for i, x := range inf {
		if x {
			out[i] = math.Inf(1)
		}
	}
	return out
}

// ExactTotalRewards returns, per state of chain g with exact transition
// probabilities prob, the exact expected total reward: R[C]. It is +∞
// (nil) where a rewarded step recurs with positive probability
// (cumulativeInf), 0 where no rewarded step can be reached, and elsewhere
// the solution of x = r + P x over the remaining (transient) states.
func ExactTotalRewards(g *translate.Game, prob []*big.Rat, r *translate.Rewards) ([]*big.Rat, error) {
	return exactTotal(g, prob, r, nil)
}

// ExactCumulativeRewards is ExactTotalRewards with the play stopping in
// target (worth 0 there): R[Fc target].
func ExactCumulativeRewards(g *translate.Game, prob []*big.Rat, r *translate.Rewards, target []bool) ([]*big.Rat, error) {
	return exactTotal(g, prob, r, target)
}

// exactTotal: the total reward until a stop state (nil: none).
func exactTotal(g *translate.Game, prob []*big.Rat, r *translate.Rewards, stop []bool) ([]*big.Rat, error) {
	ar, err := exactRewardArena(g, r)
	if err != nil {
		return nil, err
	}
	inf, vars := totalStates(ar, r, stop, func(s int) bool { return rewardRat(g, r, s).Sign() != 0 })
	out := ratsFinite(inf)
	return out, solveRewardSys(ar, prob, r, vars, out)
}

// totalStates sorts the states of R[C] (stop nil) or R[Fc stop] on chain
// ar: inf where a rewarded step (rewarded: a state whose reward is not 0)
// recurs with positive probability (cumulativeInf), vars the states
// outside stop that can reach a rewarded one, whose equations are solved;
// the rest are worth 0. A state of finite value has only successors of
// finite value, and a variable is transient (a rewarded step in a bottom
// component would recur, and a stop state ends the play): the exits of
// the system go to states worth 0.
func totalStates(ar *Arena, r *translate.Rewards, stop []bool, rewarded func(s int) bool) (inf []bool, vars []int) {
	stopped := func(i int) bool { return stop != nil && stop[i] }
	inf = cumulativeInf(NewSolver(ar, NewView(ar.g, nil), true), r, stop, nil)
	rew := make([]bool, ar.n)
	allowed := make([]bool, ar.n)
	for i := range rew {
		allowed[i] = !stopped(i)
		rew[i] = allowed[i] && rewarded(ar.state(i))
	}
	can := ar.canReach(allowed, rew)
	for i := range inf {
		switch {
		case stopped(i):
			inf[i] = false
		case inf[i]:
		case can[i]:
			vars = append(vars, i)
		}
	}
	return inf, vars
}

// exactRewardArena checks that g is a chain and r has exact values.
func exactRewardArena(g *translate.Game, r *translate.Rewards) (*Arena, error) {
	ar := GameArena(g)
	if !ar.isChain() {
		return nil, &OperatorError{Msg: "a direct solve needs a Markov chain (one choice per state)"}
	}
	if !ExactRewardsOK(r) {
		return nil, &OperatorError{Msg: "the reward structure has no exact values"}
	}
	return ar, nil
}

// rewardRat is the exact reward of state s of chain g: its state reward
// and that of its one choice.
func rewardRat(g *translate.Game, r *translate.Rewards, s int) *big.Rat {
	v := new(big.Rat)
	if r.StateExact != nil && r.StateExact[s] != nil {
		v.Add(v, r.StateExact[s])
	}
	if lo, hi := g.Choices(s); hi > lo && r.TransExact != nil && r.TransExact[lo] != nil {
		v.Add(v, r.TransExact[lo])
	}
	return v
}

// solveRewardSys solves x = r + P x over vars (exits worth 0) into out.
func solveRewardSys(ar *Arena, prob []*big.Rat, r *translate.Rewards, vars []int, out []*big.Rat) error {
	return rewardSys(rats{}, ar, prob, func(s int) *big.Rat { return rewardRat(ar.g, r, s) }, vars, out, solveExact)
}

// rewardSys solves x = rew + P x over vars (exits worth 0) into out, in
// field f, with solver: a *ChainLimitError beyond f's limits
// (elimLimits).
func rewardSys[T any](f field[T], ar *Arena, prob []T, rew func(s int) T, vars []int, out []T, solver func(*linSys[T]) ([][]T, error)) error {
	if len(vars) == 0 {
		return nil
	}
	most, work := elimLimits(f)
	if len(vars) > most {
		return &ChainLimitError{States: len(vars), Limit: most, What: "states"}
	}
	sys := chainSystem(f, ar, prob, vars, 1, func(int32, T, []T) {})
	sys.work = work
	for k, i := range vars {
		sys.rhs[k][0] = rew(ar.state(i))
	}
	x, err := solver(sys)
	if err != nil {
		return err
	}
	for k, i := range vars {
		out[i] = x[k][0]
	}
	return nil
}

// ChainReachRewards is R[F target] on chain g in floating point, by the
// same equations as ExactReachRewards solved by elimination in floats:
// within rounding of the exact value, where value iteration stops at a
// relative change of 10^-6 per sweep, which on a slowly mixing chain can
// be far from the value (a 25×25 grid walk: 2616.04 for 2610.09). +Inf
// where target is reached with probability below 1. A *ChainLimitError
// when the system is too large to eliminate cheaply (value iteration
// then serves).
func ChainReachRewards(g *translate.Game, r *translate.Rewards, target []bool) ([]float64, error) {
	ar := GameArena(g)
	if !ar.isChain() {
		return nil, &OperatorError{Msg: "a direct solve needs a Markov chain (one choice per state)"}
	}
	inf, vars := reachStates(ar, target)
	out := floatsFinite(inf)
	return out, solveRewardSysFloat(ar, r, vars, out)
}

// ChainTotalRewards is R[C] (stop nil) or R[Fc stop] on chain g in
// floating point: the equations of exactTotal solved by elimination in
// floats, +Inf where a rewarded step recurs with positive probability. A
// *ChainLimitError when the system is too large to eliminate cheaply.
func ChainTotalRewards(g *translate.Game, r *translate.Rewards, stop []bool) ([]float64, error) {
	ar := GameArena(g)
	if !ar.isChain() {
		return nil, &OperatorError{Msg: "a direct solve needs a Markov chain (one choice per state)"}
	}
	inf, vars := totalStates(ar, r, stop, func(s int) bool { return rewardFloat(g, r, s) != 0 })
	out := floatsFinite(inf)
	return out, solveRewardSysFloat(ar, r, vars, out)
}

// rewardFloat is the reward of state s of chain g: its state reward and
// that of its one choice.
func rewardFloat(g *translate.Game, r *translate.Rewards, s int) float64 {
	v := 0.0
	if r.State != nil {
		v += r.State[s]
	}
	if lo, hi := g.Choices(s); hi > lo && r.Trans != nil {
		v += r.Trans[lo]
	}
	return v
}

// solveRewardSysFloat solves x = r + P x over vars (exits worth 0) into
// out by elimination in floats, or gives a *ChainLimitError when that
// would not be cheap.
func solveRewardSysFloat(ar *Arena, r *translate.Rewards, vars []int, out []float64) error {
	return rewardSys(floats{}, ar, ar.g.Prob, func(s int) float64 { return rewardFloat(ar.g, r, s) }, vars, out, solveSys[float64])
}
