package equil

import (
	"fmt"
	"math"
)

// properValues returns, for a minimised reward objective o, the values of
// a joint strategy that reaches o's target almost surely from every state
// where that is possible (inf marks the others, which keep +Inf): each
// state takes a choice that stays where the target can be reached almost
// surely and moves closer to it with positive probability.
//
// Value iteration for a minimum from 0 converges to the least fixed point,
// which is too low where the players can loop forever at no cost (a
// zero-reward end component): staying there costs nothing but never
// reaches the target, whose reward is then infinite, not 0. Starting from
// the values of a strategy that does reach it, the iteration decreases to
// the best such strategy's values (for non-negative rewards).
func (e *engine) properValues(o *Objective, inf []bool) ([]float64, error) {
	g := e.g
	n := g.NumStates
	ok := make([]bool, n) // where the target is reached almost surely
	for s := range ok {
		ok[s] = !inf[s]
	}
	pick := make([]int32, n)
	for s := range pick {
		pick[s] = -1
	}
	start, from, via := e.predecessors()
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
			if pick[s] >= 0 || !ok[s] || o.target(s) || !e.allIn(c, ok) {
				continue
			}
			pick[s] = int32(c)
			queue = append(queue, int32(s))
		}
	}
	x := make([]float64, n)
	for s := range x {
		if inf[s] {
			x[s] = math.Inf(1)
		}
	}
	for it := 0; it < coopMaxIters; it++ {
		done := true
		for s := 0; s < n; s++ {
			c := int(pick[s])
			if c < 0 || o.target(s) {
				continue
			}
			v := e.choiceValue(c, o, x) + o.stateRew(s)
			if math.Abs(v-x[s]) > coopTol*math.Max(1, math.Abs(v)) {
				done = false
			}
			x[s] = v
		}
		if done {
			return x, nil
		}
	}
	return nil, fmt.Errorf("the cooperative optimum of a %s objective did not converge after %d iterations", o.Kind, coopMaxIters)
}

// predecessors lists, for each state u, the (state, choice) pairs with a
// transition of positive probability into u: from[k], via[k] for k in
// start[u] .. start[u+1]-1.
func (e *engine) predecessors() (start, from, via []int32) {
	g := e.g
	n := g.NumStates
	start = make([]int32, n+1)
	for c := 0; c < g.NumChoices(); c++ {
		lo, hi := g.Transitions(c)
		for t := lo; t < hi; t++ {
			if g.Prob[t] > 0 {
				start[g.Target[t]+1]++
			}
		}
	}
	for s := 0; s < n; s++ {
		start[s+1] += start[s]
	}
	fill := append([]int32(nil), start...)
	from = make([]int32, start[n])
	via = make([]int32, start[n])
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				if g.Prob[t] > 0 {
					u := g.Target[t]
					from[fill[u]], via[fill[u]] = int32(s), int32(c)
					fill[u]++
				}
			}
		}
	}
	return start, from, via
}
