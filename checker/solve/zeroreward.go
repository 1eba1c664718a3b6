package solve

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates R[F0 φ] on turn-based games: the reward gathered
// until φ is reached, where a path that never reaches φ earns 0. The best
// play then depends on the reward gathered so far, x: with a large x,
// reaching φ matters most, so the sides play "rich": they optimise the
// probability of reaching φ first and the reward among the choices that do
// so. The value with gathered reward x is then x·P*(s) + R*(s), where P* is
// the optimal probability and R* the optimal probability-weighted reward of
// the rich play. Below a switching point B (computed from P* and R*) the
// values are found level by level, from x = B down to 0:
//
//	W(s, x) = opt_c Σ_t δ(s,c)(t) · W(t, x + r(s,c)),  W(φ-state, x) = x,
//
// which needs non-negative integer rewards (as in PRISM-games).

// maxF0Levels bounds the number of reward levels B + 1.
const maxF0Levels = 1_000_000

// OperatorError is a failure that belongs to the operator being solved (its
// rewards, its convergence); the caller positions it at the operator.
type OperatorError struct{ Msg string }

// Error returns the message.
func (e *OperatorError) Error() string { return e.Msg }

// zeroRun holds what the steps of ZeroRewards share.
type zeroRun struct {
	g      *translate.Game
	r      *translate.Rewards
	target []bool
	ar     *Arena
	view   *View
	q      Query
	pstar  []float64 // optimal probability of reaching the target
	inf    []bool    // states of infinite value
	rstar  []float64 // the rich play's probability-weighted reward
	rich   *Solver   // its solver: choices that are not probability-optimal penalised
	work   []int     // states of finite value outside the target
}

// rew is the reward of choice ch at state s.
func (z *zeroRun) rew(s, ch int) float64 {
	v := 0.0
	if z.r.State != nil {
		v += z.r.State[s]
	}
	if z.r.Trans != nil {
		v += z.r.Trans[ch]
	}
	return v
}

// ZeroRewardCheck returns an *OperatorError unless every reward of r on g
// is a non-negative integer up to 10^6, as ZeroRewards needs, and the
// largest reward otherwise.
func ZeroRewardCheck(g *translate.Game, r *translate.Rewards) (int, error) {
	z := &zeroRun{g: g, r: r}
	maxRew := 0
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			v := z.rew(s, ch)
			if v < 0 || v != math.Trunc(v) || v > 1e6 {
				return 0, &OperatorError{Msg: fmt.Sprintf("F0 rewards must be non-negative integers (up to 10^6), not %v", v)}
			}
			maxRew = max(maxRew, int(v))
		}
	}
	return maxRew, nil
}

// ZeroRewards returns, per game state of a turn-based game, the optimal
// value of R[F0 target] for q; rewards must pass ZeroRewardCheck, whose
// largest reward is maxRew.
func ZeroRewards(g *translate.Game, q Query, r *translate.Rewards, target []bool, maxRew int) ([]float64, error) {
	ar := GameArena(g)
	z := &zeroRun{g: g, r: r, target: target, ar: ar, view: NewView(g, q.Coal), q: q}
	if err := z.richProbability(); err != nil {
		return nil, err
	}
	z.infinite()
	if err := z.richReward(); err != nil {
		return nil, err
	}
	nb, err := z.switchingPoint()
	if err != nil {
		return nil, err
	}
	return z.levels(nb, maxRew)
}

// richProbability computes P*: the payoff-maximising side maximises the
// probability of reaching the target.
func (z *zeroRun) richProbability() error {
	all := make([]bool, z.g.NumStates)
	for i := range all {
		all[i] = true
	}
	var err error
	z.pstar, err = NewSolver(z.ar, z.view, z.q.Max).watch(z.q.Meter).Reach(all, z.target, Unbounded)
	return err
}

// infinite finds the states of infinite value: rewards that can be
// gathered forever from states that may still reach the target.
func (z *zeroRun) infinite() {
	g, r := z.g, z.r
	n := g.NumStates
	sv := NewSolver(z.ar, z.view, z.q.Max).watch(z.q.Meter)
	positive := sv.Positive(z.target)
	restricted := &translate.Rewards{State: make([]float64, n), Trans: make([]float64, g.NumChoices())}
	for s := 0; s < n; s++ {
		if !positive[s] {
			continue
		}
		if r.State != nil {
			restricted.State[s] = r.State[s]
		}
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				if positive[g.Target[t]] && r.Trans != nil {
					restricted.Trans[ch] = r.Trans[ch]
				}
			}
		}
	}
	z.inf = cumulativeInf(sv, restricted, z.target, positive)
}

// richReward computes R*: the rich play's reward, weighted by P*, with the
// choices that are not probability-optimal for their chooser made
// unattractive to it.
func (z *zeroRun) richReward() error {
	g, r, pstar := z.g, z.r, z.pstar
	n := g.NumStates
	pi := func(ch int) float64 {
		sum := 0.0
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			sum += g.Prob[t] * pstar[g.Target[t]]
		}
		return sum
	}
	rich := NewSolver(z.ar, z.view, z.q.Max).watch(z.q.Meter)
	rich.srew = make([]float64, n)
	rich.trew = make([]float64, g.NumChoices())
	for s := 0; s < n; s++ {
		if r.State != nil {
			rich.srew[s] = r.State[s] * pstar[s]
		}
		lo, hi := g.Choices(s)
		reaches := rich.chooserReaches(s)
		tol := 1e-6*pstar[s] + 1e-12
		for ch := lo; ch < hi; ch++ {
			p := pi(ch)
			switch {
			case hi-lo > 1 && reaches && p < pstar[s]-tol:
				rich.trew[ch] = math.Inf(-1)
			case hi-lo > 1 && !reaches && p > pstar[s]+tol:
				rich.trew[ch] = math.Inf(1)
			case r.Trans != nil:
				rich.trew[ch] = r.Trans[ch] * pstar[s]
			}
		}
	}
	rstar := make([]float64, n)
	for s := 0; s < n; s++ {
		switch {
		case z.target[s]:
		case z.inf[s]:
			rstar[s] = math.Inf(1)
		default:
			z.work = append(z.work, s)
		}
	}
	var err error
	z.rich = rich
	z.rstar, err = rich.iterate(z.work, rstar)
	return err
}

// switchingPoint returns B: below it some choice that is not rich may be
// better.
func (z *zeroRun) switchingPoint() (int, error) {
	g, pstar, rstar := z.g, z.pstar, z.rstar
	B := 0.0
	for _, s := range z.work {
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			num, den := rstar[s], -pstar[s]
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				u := g.Target[t]
				num -= g.Prob[t] * (pstar[u]*z.rew(s, ch) + rstar[u])
				den += g.Prob[t] * pstar[u]
			}
			if den != 0 && !math.IsInf(num, 0) && !math.IsNaN(num) {
				B = max(B, math.Floor(num/den))
			}
		}
	}
	if B+1 > maxF0Levels {
		return 0, &limit.Error{What: "reward levels of F0", Limit: maxF0Levels}
	}
	return int(B), nil
}

// levels computes W(·, x) level by level from x = nb down to 0, above nb
// by the rich play; levels[k] holds W(·, x+k) while level x is computed
// in levels[0].
func (z *zeroRun) levels(nb, maxRew int) ([]float64, error) {
	g := z.g
	n := g.NumStates
	levels := make([][]float64, maxRew+1)
	for k := range levels {
		levels[k] = make([]float64, n)
		for s := 0; s < n; s++ {
			if z.inf[s] {
				levels[k][s] = math.Inf(1)
			} else {
				levels[k][s] = z.rstar[s] + float64(nb+k)*z.pstar[s]
			}
		}
	}
	q0 := make([]float64, 0, 8)
	for lx := nb; lx >= 0; lx-- {
		// Iterate from below: the least fixpoint, where a path that
		// loops forever without reward earns 0, as F0 says.
		cur := levels[0]
		for s := 0; s < n; s++ {
			if z.target[s] {
				cur[s] = float64(lx)
			}
		}
		for _, s := range z.work {
			cur[s] = 0
		}
		for it := 0; ; it++ {
			if it > viMaxIters {
				return nil, &OperatorError{Msg: fmt.Sprintf("F0: value iteration did not converge within %d iterations", viMaxIters)}
			}
			diff := 0.0
			for _, s := range z.work {
				lo, hi := g.Choices(s)
				q0 = q0[:0]
				for ch := lo; ch < hi; ch++ {
					next := levels[int(z.rew(s, ch))]
					sum := 0.0
					tlo, thi := g.Transitions(ch)
					for t := tlo; t < thi; t++ {
						sum += g.Prob[t] * next[g.Target[t]]
					}
					q0 = append(q0, sum)
				}
				v := optimum(q0, z.rich.chooserReaches(s))
				diff = widen(diff, cur[s], v)
				cur[s] = v
			}
			if diff < viEpsilon {
				break
			}
		}
		if lx > 0 && len(levels) > 1 {
			last := levels[len(levels)-1]
			copy(levels[1:], levels[:len(levels)-1])
			levels[0] = last
			for s := 0; s < n; s++ {
				if z.inf[s] {
					last[s] = math.Inf(1)
				}
			}
		}
	}
	return levels[0], nil
}
