package certify

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/equil"
)

// viTol stops the value iterations of the stationary phases: a sweep
// that changes no value by more than viTol relative ends them.
const viTol = 1e-13

// stationaryCoop computes, for the unbounded objective j, the value of the
// cooperative rule and coalition j's best response to the other
// coalition's part of it, in every state where j is undecided: the
// probability of the until, or the expected reward until the target
// (infinite where the target is not reached almost surely, as PRISM-games
// counts it).
func (c *check) stationaryCoop(j int) error {
	ob := c.ob[j]
	n := c.n
	rule := make([]int, n)
	var undecided []int
	for s := 0; s < n; s++ {
		rule[s] = -1
		if ob.status(s, 0) != open {
			continue
		}
		ch := c.p.Coop(j, s, 0)
		if ch < 0 {
			return fmt.Errorf("%w for state %d with objective %d alone undecided", errNoRule, s, j+1)
		}
		rule[s] = ch
		undecided = append(undecided, s)
	}
	// options[s]: the rule's choice alone (the profile), or every choice
	// coalition j can bring about (its best response).
	ruleOpts := func(s int) []int { return []int{rule[s]} }
	devOpts := func(s int) []int { return c.deviations(j, s, rule[s]) }
	var err error
	if c.coop[j], err = c.solve(ob, undecided, ruleOpts, c.sign); err != nil {
		return err
	}
	if c.coopBR[j], err = c.solve(ob, undecided, devOpts, c.sign); err != nil {
		return err
	}
	for _, s := range undecided {
		c.noteGain(j, s, -1, c.coopBR[j][s], c.coop[j][s])
	}
	return nil
}

// solve returns the optimal value (for direction sign) of objective ob in
// the process whose states are the undecided ones with the given options
// (choices), decided states paying ob's payoff. Value iteration starts
// from 0, which converges to the least fixed point; for a minimised
// reward that would count a costless loop that never reaches the target
// as 0 where its reward is infinite, so it starts from the values of
// options that do reach the target instead (reachingStart).
func (c *check) solve(ob objective, undecided []int, opts func(int) []int, sign float64) ([]float64, error) {
	n := c.n
	x := make([]float64, n)
	entry := make([]float64, n) // value on entering: the payoff where decided
	isOpen := make([]bool, n)
	for _, s := range undecided {
		isOpen[s] = true
	}
	for s := 0; s < n; s++ {
		if !isOpen[s] {
			entry[s] = ob.payoff(s, ob.status(s, 0))
		}
	}
	if ob.o.Kind == equil.Reach {
		sure := c.almostSure(undecided, isOpen, opts, sign)
		for _, s := range undecided {
			if !sure[s] {
				x[s], entry[s] = math.Inf(1), math.Inf(1)
			}
		}
		var finite []int
		for _, s := range undecided {
			if sure[s] {
				finite = append(finite, s)
			}
		}
		undecided = finite
		if sign < 0 {
			if err := c.reachingStart(ob, undecided, isOpen, sure, opts, x, entry); err != nil {
				return nil, err
			}
		}
	}
	for it := 0; it < c.cfg.MaxIters; it++ {
		change := 0.0
		for _, s := range undecided {
			best := math.NaN()
			for _, ch := range opts(s) {
				v := c.expect(ch, entry)
				if ob.accumulates() {
					v += ob.stateRew(s) + ob.transRew(ch)
				}
				if math.IsNaN(best) {
					best = v
				} else if sign > 0 {
					best = math.Max(best, v)
				} else {
					best = math.Min(best, v)
				}
			}
			if d := math.Abs(best-x[s]) / math.Max(1, math.Abs(best)); d > change {
				change = d
			}
			x[s], entry[s] = best, best
		}
		if change <= viTol {
			return x, nil
		}
	}
	return nil, fmt.Errorf("a value iteration of the certificate did not converge in %d sweeps", c.cfg.MaxIters)
}

// almostSure returns the undecided states from which the target is reached
// with probability 1: whatever the options chosen (sign > 0: a maximiser of
// rewards may otherwise collect forever) or under some choice of options
// (sign < 0). The target is the set of decided states.
func (c *check) almostSure(undecided []int, isOpen []bool, opts func(int) []int, sign float64) []bool {
	n := c.n
	allIn := func(ch int, set []bool) bool {
		lo, hi := c.g.Transitions(ch)
		for t := lo; t < hi; t++ {
			if c.g.Prob[t] > 0 && !set[c.g.Target[t]] {
				return false
			}
		}
		return true
	}
	someIn := func(ch int, set []bool) bool {
		lo, hi := c.g.Transitions(ch)
		for t := lo; t < hi; t++ {
			if c.g.Prob[t] > 0 && set[c.g.Target[t]] {
				return true
			}
		}
		return false
	}
	if sign > 0 {
		// Complement of: some options reach, avoiding the target, a set
		// in which some option stays forever.
		stay := make([]bool, n)
		for _, s := range undecided {
			stay[s] = true
		}
		for changed := true; changed; {
			changed = false
			for _, s := range undecided {
				if !stay[s] {
					continue
				}
				ok := false
				for _, ch := range opts(s) {
					if allIn(ch, stay) {
						ok = true
						break
					}
				}
				if !ok {
					stay[s], changed = false, true
				}
			}
		}
		for changed := true; changed; {
			changed = false
			for _, s := range undecided {
				if stay[s] {
					continue
				}
				for _, ch := range opts(s) {
					if someIn(ch, stay) {
						stay[s], changed = true, true
						break
					}
				}
			}
		}
		sure := make([]bool, n)
		for _, s := range undecided {
			sure[s] = !stay[s]
		}
		return sure
	}
	// Greatest set U such that some option stays in U ∪ target and moves
	// on towards the target (nested fixpoint).
	u := make([]bool, n)
	for s := 0; s < n; s++ {
		u[s] = true
	}
	for {
		r := make([]bool, n)
		for s := 0; s < n; s++ {
			r[s] = !isOpen[s]
		}
		for changed := true; changed; {
			changed = false
			for _, s := range undecided {
				if r[s] || !u[s] {
					continue
				}
				for _, ch := range opts(s) {
					if allIn(ch, u) && someIn(ch, r) {
						r[s], changed = true, true
						break
					}
				}
			}
		}
		same := true
		for s := range r {
			if r[s] != u[s] {
				same = false
				break
			}
		}
		if same {
			return r
		}
		u = r
	}
}

// reachingStart sets x and entry, on the states sure (where the target can
// be reached almost surely), to the values of options that stay in sure
// and move closer to the target: a breadth-first search backwards from
// the decided states.
func (c *check) reachingStart(ob objective, undecided []int, isOpen, sure []bool, opts func(int) []int, x, entry []float64) error {
	n := c.n
	level := make([]int, n) // 0 decided, k: k steps from them, -1 not yet
	for s := range level {
		level[s] = -1
		if !isOpen[s] {
			level[s] = 0
		}
	}
	pick := make([]int, n)
	staysIn := func(ch int) bool {
		lo, hi := c.g.Transitions(ch)
		for t := lo; t < hi; t++ {
			u := c.g.Target[t]
			if c.g.Prob[t] > 0 && isOpen[u] && !sure[u] {
				return false
			}
		}
		return true
	}
	for k := 1; ; k++ {
		grew := false
		for _, s := range undecided {
			if level[s] >= 0 {
				continue
			}
			for _, ch := range opts(s) {
				if !staysIn(ch) {
					continue
				}
				lo, hi := c.g.Transitions(ch)
				closer := false
				for t := lo; t < hi && !closer; t++ {
					u := c.g.Target[t]
					closer = c.g.Prob[t] > 0 && level[u] >= 0 && level[u] < k
				}
				if closer {
					level[s], pick[s], grew = k, ch, true
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	for it := 0; it < c.cfg.MaxIters; it++ {
		change := 0.0
		for _, s := range undecided {
			if level[s] < 0 {
				continue
			}
			v := c.expect(pick[s], entry) + ob.stateRew(s) + ob.transRew(pick[s])
			change = math.Max(change, math.Abs(v-x[s])/math.Max(1, math.Abs(v)))
			x[s], entry[s] = v, v
		}
		if change <= viTol {
			return nil
		}
	}
	return fmt.Errorf("a value iteration of the certificate did not converge in %d sweeps", c.cfg.MaxIters)
}
