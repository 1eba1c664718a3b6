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
// than x.
func (e *engine) coopStep(i int, x []float64) []float64 {
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
		y[s] = e.bellman(s, o, x)
	}
	return y
}

// bellman returns the optimum over the joint choices of s of the expected
// value of x, with o's rewards when o accumulates them.
func (e *engine) bellman(s int, o *Objective, x []float64) float64 {
	lo, hi := e.g.Choices(s)
	best := math.NaN()
	for c := lo; c < hi; c++ {
		v := e.expect(c, x)
		if o.accumulates() {
			v += o.transRew(c)
		}
		if c == lo {
			best = v
		} else {
			best = e.opt(best, v)
		}
	}
	if o.accumulates() {
		best += o.stateRew(s)
	}
	return best
}

// coopBounded returns objective i's cooperative values with k steps.
func (e *engine) coopBounded(i, k int) []float64 {
	x := e.terminal(i)
	for ; k > 0; k-- {
		x = e.coopStep(i, x)
	}
	return x
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
// joint strategy for max, under every one for min).
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
			y[s] = e.bellman(s, o, x)
			if d := math.Abs(y[s] - x[s]); d > coopTol*math.Max(1, math.Abs(y[s])) {
				done = false
			}
		}
		x = y
		if done {
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
	avoid := make([]bool, n) // greatest fixpoint: some choice stays in avoid
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
	bad := avoid // grow: non-target states with a path into avoid
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
