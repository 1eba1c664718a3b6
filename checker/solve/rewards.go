package solve

import (
	"math"

	"github.com/onus-mc/onus/translate"
)

// This file holds the reward operators R[C<=k], R[I=k], R[F φ] and R[Fc φ]
// (SPEC §4): step-bounded rewards by k backward steps, reachability rewards
// by value iteration after the states of infinite value are found by graph
// analysis (R[Fc φ] is a total reward: total.go). Rewards are checked by the
// caller: they may be negative only in a csg.

// StepRewards returns, per game state, the optimal expected reward of q
// within k steps: the rewards gathered (cumulative, C<=k) or the state
// reward at step k (I=k).
func StepRewards(g *translate.Game, q Query, r *translate.Rewards, cumulative bool, k int64) []float64 {
	n := g.NumStates
	sv := NewSolver(GameArena(g), NewView(g, q.Coal), q.Max).watch(q.Meter)
	x0 := make([]float64, n)
	if cumulative {
		sv.srew, sv.trew = r.State, r.Trans
	} else if r.State != nil {
		copy(x0, r.State)
	}
	var shift func([]float64) bool
	if cumulative {
		shift = func(d []float64) bool { return constantShift(sv.a, d) }
	}
	return iterateBounded(sv.meter, x0, k, func(y, x []float64) {
		for i := 0; i < n; i++ {
			y[i] = sv.bellman(i, x)
		}
	}, shift)
}

// ReachRewards returns, per game state, the optimal expected reward of q
// until target is reached: R[F target] (infinite where the target is missed
// with positive probability) or, when cumulative, R[Fc target] (a path
// that misses the target gathers its rewards forever).
func ReachRewards(g *translate.Game, q Query, r *translate.Rewards, target []bool, cumulative bool) ([]float64, error) {
	if cumulative {
		return CumulativeRewards(g, q, r, target)
	}
	return ArenaReachRewards(GameArena(g), q, r, target)
}

// ArenaReachRewards returns, per arena state, the optimal expected reward
// of q until target is reached, infinite where the target is missed with
// positive probability: R[F target] on the game, and on its product with
// the automaton of a co-safe path formula (target: the states where the
// formula has become certain). A state's rewards are those of its game
// state and of the choice taken there.
func ArenaReachRewards(ar *Arena, q Query, r *translate.Rewards, target []bool) ([]float64, error) {
	view := NewView(ar.g, q.Coal)
	// Infinite where the side minimising the probability of reaching the
	// target keeps it below 1.
	one := NewSolver(ar, view, !q.Max).Prob1(nil, target)
	inf := make([]bool, ar.n)
	for i := range inf {
		inf[i] = !one[i]
	}
	return reachRewards(ar, view, q, r, target, inf, true)
}

// reachRewards iterates the rewards until target on the states neither
// in target nor infinite; raise: first from above, with zero rewards
// raised to a small ε (needed by a minimiser facing zero-reward loops).
func reachRewards(ar *Arena, view *View, q Query, r *translate.Rewards, target, inf []bool, raise bool) ([]float64, error) {
	n := ar.n
	sv := NewSolver(ar, view, q.Max).watch(q.Meter)
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
	if raise {
		// Zero-reward loops would let value iteration from 0 stop short
		// of the value for a minimiser: first iterate with every zero
		// reward raised to a small ε (an upper bound), then from there.
		if eps := smallReward(r); eps > 0 {
			var err error
			sv.srew, sv.trew = raised(r.State, ar.g.NumStates, eps), raised(r.Trans, ar.g.NumChoices(), eps)
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

// raised returns xs (or zeros of length n) with zeros replaced by eps;
// negative rewards (csg) are kept, as PRISM-games replaces zeros only.
func raised(xs []float64, n int, eps float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = eps
		if xs != nil && xs[i] != 0 {
			out[i] = xs[i]
		}
	}
	return out
}
