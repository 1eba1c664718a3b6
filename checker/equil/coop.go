package equil

import (
	"fmt"
	"math"
)

// The cooperative optimum of one objective: the game read as an MDP whose
// choices are the joint choices, optimised (max, or min for min=?) by all
// players together. It is the value of a coalition whose partner has
// nothing left to gain.

// opt returns the better of a and b for the query's direction.
func (e *engine) opt(a, b float64) float64 {
	if e.q.Min {
		return math.Min(a, b)
	}
	return math.Max(a, b)
}

// terminal returns objective i's values when its steps have run out.
func (e *engine) terminal(i int) []float64 {
	o := e.obj[i]
	x := make([]float64, e.g.NumStates)
	for s := range x {
		switch o.Kind {
		case Until, Next:
			if o.target(s) {
				x[s] = 1
			}
		case Inst:
			x[s] = o.stateRew(s)
		}
	}
	return x
}

// reached and failed say whether a probabilistic objective is decided in
// s regardless of the future: its target holds (Until), or it can no
// longer hold (outside Left and Target). Next is never decided before its
// step.
func (e *engine) reached(i, s int) bool {
	o := e.obj[i]
	return o.Kind == Until && o.target(s)
}

func (e *engine) failed(i, s int) bool {
	o := e.obj[i]
	return o.Kind == Until && !o.target(s) && !o.left(s)
}

// coopStep returns objective i's cooperative values with one more step
// than x: budget steps in all (recorded with the profile's choices).
func (e *engine) coopStep(i int, x []float64, budget int) []float64 {
	o := e.obj[i]
	y := make([]float64, e.g.NumStates)
	for s := range y {
		switch {
		case e.reached(i, s):
			y[s] = 1
			continue
		case e.failed(i, s):
			continue
		}
		var c int
		y[s], c = e.bellman(s, o, x)
		e.rec.coop(i, s, budget, c)
	}
	return y
}

// bellman returns the optimum over the joint choices of s of the expected
// value of x, with o's rewards when o accumulates them, and the first
// choice that attains it.
func (e *engine) bellman(s int, o *Objective, x []float64) (float64, int) {
	lo, hi := e.g.Choices(s)
	best, arg := math.NaN(), lo
	for c := lo; c < hi; c++ {
		v := e.choiceValue(c, o, x)
		if c == lo || e.opt(best, v) != best {
			best, arg = v, c
		}
	}
	if o.accumulates() {
		best += o.stateRew(s)
	}
	return best, arg
}

// choiceValue is the expected value of x after choice c, with o's
// transition reward when o accumulates.
func (e *engine) choiceValue(c int, o *Objective, x []float64) float64 {
	v := e.expect(c, x)
	if o.accumulates() {
		v += o.transRew(c)
	}
	return v
}

// coopTol and coopMaxIters stop the cooperative value iterations, which
// onus runs tighter than the equilibrium iteration.
const (
	coopTol      = 1e-12
	coopMaxIters = 1_000_000
)

// coopUnbounded returns objective i's cooperative values without a bound:
// the probability of Left U Target, or the expected reward to reach
// Target (+Inf where the target is not reached almost surely: under some
// joint strategy for max, under every one for min). Value iteration starts
// from 0, except for minimised rewards, where it starts from the values of
// a strategy that reaches the target (properValues).
func (e *engine) coopUnbounded(i int) ([]float64, error) {
	o := e.obj[i]
	n := e.g.NumStates
	x := make([]float64, n)
	var inf []bool
	if o.Kind == Reach {
		sure := e.almostSure(o)
		inf = make([]bool, n)
		for s := range x {
			if !sure[s] {
				inf[s] = true
				x[s] = math.Inf(1)
			}
		}
		if e.q.Min {
			var err error
			if x, err = e.properValues(o, inf); err != nil {
				return nil, err
			}
		}
	} else {
		for s := range x {
			if o.target(s) {
				x[s] = 1
			}
		}
	}
	for it := 0; it < coopMaxIters; it++ {
		done := true
		y := make([]float64, n)
		for s := range y {
			if o.target(s) || (inf != nil && inf[s]) || (o.Kind == Until && !o.left(s)) {
				y[s] = x[s]
				continue
			}
			y[s], _ = e.bellman(s, o, x)
			if d := math.Abs(y[s] - x[s]); d > coopTol*math.Max(1, math.Abs(y[s])) {
				done = false
			}
		}
		x = y
		if done {
			e.recordPolicy(i, x, inf)
			return x, nil
		}
	}
	return nil, fmt.Errorf("the cooperative optimum of a %s objective did not converge after %d iterations", o.Kind, coopMaxIters)
}

// almostSure returns the states from which o's target is reached almost
// surely: under every joint strategy (max), or under some (min).
func (e *engine) almostSure(o *Objective) []bool {
	if e.q.Min {
		return e.prob1E(o)
	}
	return e.prob1A(o)
}

// prob1E: some joint strategy reaches the target with probability 1.
func (e *engine) prob1E(o *Objective) []bool {
	n := e.g.NumStates
	u := make([]bool, n)
	for s := range u {
		u[s] = true
	}
	for {
		r := make([]bool, n)
		for s := range r {
			r[s] = o.target(s)
		}
		for changed := true; changed; {
			changed = false
			for s := 0; s < n; s++ {
				if r[s] || !u[s] {
					continue
				}
				lo, hi := e.g.Choices(s)
				for c := lo; c < hi; c++ {
					if e.allIn(c, u) && e.someIn(c, r) {
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
			}
		}
		if same {
			return r
		}
		u = r
	}
}

// prob1A: every joint strategy reaches the target with probability 1; the
// complement of the states that can reach, avoiding the target, a state
// from which some strategy avoids the target forever.
func (e *engine) prob1A(o *Objective) []bool {
	n := e.g.NumStates
	avoid := e.avoidSet(o)
	bad := append([]bool(nil), avoid...) // grow: non-target states with a path into avoid
	for changed := true; changed; {
		changed = false
		for s := 0; s < n; s++ {
			if bad[s] || o.target(s) {
				continue
			}
			lo, hi := e.g.Choices(s)
			for c := lo; c < hi; c++ {
				if e.someIn(c, bad) {
					bad[s], changed = true, true
					break
				}
			}
		}
	}
	sure := make([]bool, n)
	for s := range sure {
		sure[s] = !bad[s]
	}
	return sure
}

// avoidSet returns the states with a joint strategy that never reaches
// o's target (the greatest set of non-target states each with a choice
// staying in the set).
func (e *engine) avoidSet(o *Objective) []bool {
	n := e.g.NumStates
	avoid := make([]bool, n)
	for s := range avoid {
		avoid[s] = !o.target(s)
	}
	for changed := true; changed; {
		changed = false
		for s := 0; s < n; s++ {
			if !avoid[s] {
				continue
			}
			lo, hi := e.g.Choices(s)
			ok := false
			for c := lo; c < hi && !ok; c++ {
				ok = e.allIn(c, avoid)
			}
			if !ok {
				avoid[s], changed = false, true
			}
		}
	}
	return avoid
}

func (e *engine) allIn(c int, set []bool) bool {
	lo, hi := e.g.Transitions(c)
	for t := lo; t < hi; t++ {
		if e.g.Prob[t] > 0 && !set[e.g.Target[t]] {
			return false
		}
	}
	return true
}

func (e *engine) someIn(c int, set []bool) bool {
	lo, hi := e.g.Transitions(c)
	for t := lo; t < hi; t++ {
		if e.g.Prob[t] > 0 && set[e.g.Target[t]] {
			return true
		}
	}
	return false
}

// policyTol is the relative slack within which a joint choice counts as
// attaining a cooperative optimum when the stationary choices are read off
// the converged values.
const policyTol = 1e-9

// recordPolicy records stationary cooperative choices for the unbounded
// objective i with converged values x (inf marks infinite ones). A choice
// that merely attains the optimum may loop forever (staying put keeps the
// value of a state): among the optimal choices, each state takes one with
// a successor closer to the target, by a breadth-first search backwards
// from the target over optimal choices; states it does not reach take
// their first optimal choice.
func (e *engine) recordPolicy(i int, x []float64, inf []bool) {
	if e.rec == nil {
		return
	}
	o := e.obj[i]
	g := e.g
	n := g.NumStates
	decided := func(s int) bool {
		return o.target(s) || (o.Kind == Until && !o.left(s)) || (inf != nil && inf[s])
	}
	optimal := func(s, c int) bool {
		v := e.choiceValue(c, o, x)
		if o.accumulates() {
			v += o.stateRew(s)
		}
		return math.Abs(v-x[s]) <= policyTol*math.Max(1, math.Abs(x[s]))
	}
	start, from, via := e.predecessors()
	pick := make([]int32, n)
	for s := range pick {
		pick[s] = -1
	}
	var queue []int32
	for s := 0; s < n; s++ {
		if o.target(s) {
			queue = append(queue, int32(s))
		}
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for k := start[u]; k < start[u+1]; k++ {
			s, c := int(from[k]), int(via[k])
			if pick[s] >= 0 || decided(s) || !optimal(s, c) {
				continue
			}
			pick[s] = int32(c)
			queue = append(queue, int32(s))
		}
	}
	if inf != nil && !e.q.Min {
		e.spoilPicks(o, inf, pick, start, from, via)
	}
	for s := 0; s < n; s++ {
		if decided(s) && !(inf != nil && inf[s] && !o.target(s)) {
			continue
		}
		c := int(pick[s])
		if c < 0 {
			_, c = e.bellman(s, o, x)
			lo, hi := g.Choices(s)
			for d := lo; d < hi; d++ {
				if optimal(s, d) {
					c = d
					break
				}
			}
		}
		e.rec.coop(i, s, 0, c)
	}
}

// spoilPicks chooses, in the states where a maximised reward objective is
// infinite (some joint strategy misses the target with positive
// probability), choices that do miss it: in the states that can avoid
// the target forever, a choice staying among them; elsewhere one moving
// closer to them. The values of these choices are infinite, as reported.
func (e *engine) spoilPicks(o *Objective, inf []bool, pick, start, from, via []int32) {
	avoid := e.avoidSet(o)
	var queue []int32
	for s, a := range avoid {
		if !a {
			continue
		}
		lo, hi := e.g.Choices(s)
		for c := lo; c < hi; c++ {
			if e.allIn(c, avoid) {
				pick[s] = int32(c)
				break
			}
		}
		queue = append(queue, int32(s))
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for k := start[u]; k < start[u+1]; k++ {
			s, c := int(from[k]), int(via[k])
			if avoid[s] || !inf[s] || o.target(s) {
				continue
			}
			pick[s] = int32(c)
			avoid[s] = true // reached: it leads into the avoiding states
			queue = append(queue, int32(s))
		}
	}
}
