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
	one := NewSolver(ar, NewView(g, nil), true).Prob1(nil, target)
	out := make([]*big.Rat, ar.n)
	var vars []int
	for i := range out {
		switch {
		case target[i]:
			out[i] = new(big.Rat)
		case one[i]:
			vars = append(vars, i)
		}
	}
	// A state with probability 1 of reaching target has all its
	// successors so: the exits of the system go to target, worth 0.
	return out, solveRewardSys(ar, prob, r, vars, out)
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
	stopped := func(i int) bool { return stop != nil && stop[i] }
	inf := cumulativeInf(NewSolver(ar, NewView(g, nil), true), r, stop, nil)
	rewarded := make([]bool, ar.n)
	allowed := make([]bool, ar.n)
	for i := range rewarded {
		allowed[i] = !stopped(i)
		rewarded[i] = allowed[i] && rewardRat(g, r, i).Sign() != 0
	}
	can := ar.canReach(allowed, rewarded)
	out := make([]*big.Rat, ar.n)
	var vars []int
	for i := range out {
		switch {
		case stopped(i):
			out[i] = new(big.Rat)
		case inf[i]:
		case can[i]:
			vars = append(vars, i)
		default:
			out[i] = new(big.Rat)
		}
	}
	// A state of finite value has only successors of finite value, and a
	// variable is transient (a rewarded step in a bottom component would
	// recur, and a stop state ends the play): the exits of the system go
	// to states worth 0.
	return out, solveRewardSys(ar, prob, r, vars, out)
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
	return rewardSys(rats{}, ar, prob, func(s int) *big.Rat { return rewardRat(ar.g, r, s) }, vars, out, MaxExactChainStates, 0, solveExact)
}

// rewardSys solves x = rew + P x over vars (exits worth 0) into out, in
// field f, with solver: a *ChainLimitError beyond most variables (and
// work coefficient updates, 0 for no bound).
func rewardSys[T any](f field[T], ar *Arena, prob []T, rew func(s int) T, vars []int, out []T, most, work int, solver func(*linSys[T]) ([][]T, error)) error {
	if len(vars) == 0 {
		return nil
	}
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
	one := NewSolver(ar, NewView(g, nil), true).Prob1(nil, target)
	out := make([]float64, ar.n)
	var vars []int
	for i := range out {
		switch {
		case target[i]:
		case one[i]:
			vars = append(vars, i)
		default:
			out[i] = math.Inf(1)
		}
	}
	// A state with probability 1 of reaching target has all its
	// successors so: the exits of the system go to target, worth 0.
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
	stopped := func(i int) bool { return stop != nil && stop[i] }
	inf := cumulativeInf(NewSolver(ar, NewView(g, nil), true), r, stop, nil)
	rewarded := make([]bool, ar.n)
	allowed := make([]bool, ar.n)
	for i := range rewarded {
		allowed[i] = !stopped(i)
		rewarded[i] = allowed[i] && rewardFloat(g, r, ar.state(i)) != 0
	}
	can := ar.canReach(allowed, rewarded)
	out := make([]float64, ar.n)
	var vars []int
	for i := range out {
		switch {
		case stopped(i):
		case inf[i]:
			out[i] = math.Inf(1)
		case can[i]:
			vars = append(vars, i)
		}
	}
	// as in exactTotal: the exits of the system go to states worth 0
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
	return rewardSys(floats{}, ar, ar.g.Prob, func(s int) float64 { return rewardFloat(ar.g, r, s) }, vars, out, maxFloatChainStates, maxFloatWork, solveSys[float64])
}
