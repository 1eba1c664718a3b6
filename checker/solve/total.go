package solve

import (
	"math"

	"github.com/onus-mc/onus/translate"
)

// This file holds total rewards, R[C] (every reward the path ever
// gathers), and R[Fc φ] (the rewards gathered until φ, or forever on a path
// that misses φ): the total reward of the game in which the φ states stop
// the play.
//
// The value is +∞ where the side that maximises the reward (the collector:
// the coalition for max, the others for min) can, with positive
// probability, make the play take a rewarded step (a non-zero state or
// choice reward, whoever chooses it) infinitely often; elsewhere the other
// side ends the rewards almost surely. In a csg with negative rewards such a path may
// tend to −∞; it still counts as +∞, PRISM-games' convention for rewards
// that do not settle. On the other states the value is the least fixed
// point of the one-step optimisation, which value iteration from 0 reaches.

// TotalRewards returns, per game state, the optimal expected total reward
// of q: R[C]. The rewards may be negative only in a csg.
func TotalRewards(g *translate.Game, q Query, r *translate.Rewards) ([]float64, error) {
	return totalRewards(GameArena(g), NewView(g, q.Coal), q, r, nil)
}

// CumulativeRewards returns, per game state, the optimal expected reward
// of q gathered until target: R[Fc target], where a path that never
// reaches target keeps everything it gathers.
func CumulativeRewards(g *translate.Game, q Query, r *translate.Rewards, target []bool) ([]float64, error) {
	return totalRewards(GameArena(g), NewView(g, q.Coal), q, r, target)
}

// totalRewards: the total reward of q on arena ar, the play stopping (with
// nothing more gathered) in the stop states (nil: none).
func totalRewards(ar *Arena, view *View, q Query, r *translate.Rewards, stop []bool) ([]float64, error) {
	sv := NewSolver(ar, view, q.Max).watch(q.Meter)
	inf := cumulativeInf(sv, r, stop, nil)
	x := make([]float64, ar.n)
	var work []int
	for i := range x {
		switch {
		case stop != nil && stop[i]:
		case inf[i]:
			x[i] = math.Inf(1)
		default:
			work = append(work, i)
		}
	}
	sv.srew, sv.trew = r.State, r.Trans
	return sv.iterate(work, x)
}

// cumulativeInf returns the arena states from which the reaching side of sv
// (the collector) can, with positive probability, make the play take a
// rewarded step (a non-zero state or choice reward, whoever chooses it)
// infinitely often before any stop state (nil: none); with restrict, only
// the steps from restrict states count. It is the fixpoint
//
//	P = μX. νY. μZ. {s : the collector can force a step that enters X with
//	                 positive probability, or stays in Y and is rewarded
//	                 or enters Z with positive probability}
//
// From Y the play either keeps meeting rewarded steps (each stretch of
// |S| steps has a chance bounded away from 0 of one) or takes steps that
// enter X, where the collector already has a positive chance, with a
// chance bounded away from 0. Elsewhere the other side ends the rewards
// almost surely (in a csg the collector is given pure joint actions here,
// which can only make P smaller).
func cumulativeInf(sv *Solver, r *translate.Rewards, stop, restrict []bool) []bool {
	ar := sv.a
	rewarded := func(i, ch int) bool {
		if (stop != nil && stop[i]) || (restrict != nil && !restrict[i]) {
			return false
		}
		return (r.State != nil && r.State[ar.state(i)] != 0) || (r.Trans != nil && r.Trans[ch] != 0)
	}
	x := make([]bool, ar.n)
	for {
		y := make([]bool, ar.n)
		for i := range y {
			y[i] = stop == nil || !stop[i]
		}
		for {
			z := make([]bool, ar.n)
			ok := func(i int) bool {
				return y[i] && sv.pre(i, func(ch int, tg []int32, base int) bool {
					return sv.someIn(ch, tg, base, x) ||
						(sv.allIn(ch, tg, base, y) && (rewarded(i, ch) || sv.someIn(ch, tg, base, z)))
				})
			}
			for i := range z {
				z[i] = ok(i)
			}
			ar.grow(z, ok)
			same := true
			for i := range z {
				same = same && z[i] == y[i]
			}
			y = z
			if same {
				break
			}
		}
		grown := false
		for i := range y {
			if y[i] && !x[i] {
				x[i], grown = true, true
			}
		}
		if !grown {
			return x
		}
	}
}
