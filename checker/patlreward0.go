package checker

import (
	"math"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
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

func (c *Checker) zeroRewards(q patlQuery, x *prism.RewardOp, r *translate.Rewards) ([]float64, error) {
	g := c.g
	n := g.NumStates
	rew := func(s, ch int) float64 {
		v := 0.0
		if r.State != nil {
			v += r.State[s]
		}
		if r.Trans != nil {
			v += r.Trans[ch]
		}
		return v
	}
	maxRew := 0
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			v := rew(s, ch)
			if v < 0 || v != math.Trunc(v) || v > 1e6 {
				return nil, c.errAt(x.OpPos, "F0 rewards must be non-negative integers (up to 10^6), not %v", v)
			}
			maxRew = max(maxRew, int(v))
		}
	}
	target, err := c.patlBools(x.Target)
	if err != nil {
		return nil, err
	}
	ar := gameArena(c)
	view := c.viewFor(q.coal)
	sv := newSolver(ar, view, q.max)
	all := make([]bool, n)
	for i := range all {
		all[i] = true
	}
	// P*: the payoff-maximising side maximises the probability of φ.
	pstar, err := sv.reach(all, target, int64(ltlf.Unbounded))
	if err != nil {
		return nil, err
	}
	// Infinite values: rewards that can be gathered forever from states
	// that may still reach φ.
	positive := sv.positive(target)
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
	inf := c.cumulativeInf(sv, restricted, target, positive)

	// R*: the rich play's reward, weighted by P*, with the choices that are
	// not probability-optimal for their chooser made unattractive to it.
	pi := func(ch int) float64 {
		sum := 0.0
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			sum += g.Prob[t] * pstar[g.Target[t]]
		}
		return sum
	}
	rich := newSolver(ar, view, q.max)
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
	var work []int
	for s := 0; s < n; s++ {
		switch {
		case target[s]:
		case inf[s]:
			rstar[s] = math.Inf(1)
		default:
			work = append(work, s)
		}
	}
	if rstar, err = rich.iterate(work, rstar); err != nil {
		return nil, err
	}

	// The switching point B: below it some choice that is not rich may
	// be better.
	B := 0.0
	for _, s := range work {
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			num, den := rstar[s], -pstar[s]
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				u := g.Target[t]
				num -= g.Prob[t] * (pstar[u]*rew(s, ch) + rstar[u])
				den += g.Prob[t] * pstar[u]
			}
			if den != 0 && !math.IsInf(num, 0) && !math.IsNaN(num) {
				B = max(B, math.Floor(num/den))
			}
		}
	}
	if B+1 > maxF0Levels {
		return nil, &LimitError{What: "reward levels of F0", Limit: maxF0Levels}
	}
	nb := int(B)

	// levels[k] holds W(·, x+k) while level x is computed in levels[0].
	levels := make([][]float64, maxRew+1)
	for k := range levels {
		levels[k] = make([]float64, n)
		for s := 0; s < n; s++ {
			if inf[s] {
				levels[k][s] = math.Inf(1)
			} else {
				levels[k][s] = rstar[s] + float64(nb+k)*pstar[s]
			}
		}
	}
	q0 := make([]float64, 0, 8)
	for lx := nb; lx >= 0; lx-- {
		// Iterate from below: the least fixpoint, where a path that
		// loops forever without reward earns 0, as F0 says.
		cur := levels[0]
		for s := 0; s < n; s++ {
			if target[s] {
				cur[s] = float64(lx)
			}
		}
		for _, s := range work {
			cur[s] = 0
		}
		for it := 0; ; it++ {
			if it > viMaxIters {
				return nil, c.errAt(x.OpPos, "F0: value iteration did not converge within %d iterations", viMaxIters)
			}
			diff := 0.0
			for _, s := range work {
				lo, hi := g.Choices(s)
				q0 = q0[:0]
				for ch := lo; ch < hi; ch++ {
					next := levels[int(rew(s, ch))]
					sum := 0.0
					tlo, thi := g.Transitions(ch)
					for t := tlo; t < thi; t++ {
						sum += g.Prob[t] * next[g.Target[t]]
					}
					q0 = append(q0, sum)
				}
				v := optimum(q0, rich.chooserReaches(s))
				if v != cur[s] {
					d := math.Abs(v - cur[s])
					if v != 0 {
						d /= math.Abs(v)
					}
					if !(d <= diff) {
						diff = d
					}
				}
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
				if inf[s] {
					last[s] = math.Inf(1)
				}
			}
		}
	}
	return levels[0], nil
}
