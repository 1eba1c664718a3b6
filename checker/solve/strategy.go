package solve

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/translate"
)

// This file reads optimal memoryless strategies off the values of value
// iteration, for -exportstrat: a profile that fixes, in every state, how
// the choice is made (both sides: the coalition's and its opponents').

// Profile is a memoryless strategy profile of a game: for each choice of
// the game, the probability that it is taken in its state. In a turn-based
// game the chooser of each state takes one choice; in a csg each side
// mixes its joint actions independently, and a choice's probability is the
// product of both sides' probabilities for it.
type Profile []float64

// PathProfile solves op (F, U, X, G, W or R, unbounded except X) over the
// state sets left and right on game g for q, as Path does, and returns the
// values with a memoryless profile that attains them. Reachability (F, U)
// gives the side maximising the probability, among its choices optimal for
// the values, one that moves towards the target (otherwise an optimal
// choice could loop away from it forever); the minimising side takes an
// optimal choice. G, W and R are the reachability of their dual. In a csg
// the sides mix their stage-game optimal actions (linear programming),
// except where the target is reached with probability 1, where the
// maximising side mixes uniformly the actions that keep it so. Concurrent
// games need not have optimal memoryless strategies for reachability, so
// there the profile can fall short of the value for the maximising side;
// turn-based games always have them.
func PathProfile(g *translate.Game, q Query, op Op, left, right []bool) ([]float64, Profile, error) {
	if q.Sure {
		return nil, nil, fmt.Errorf("strategies are exported for probabilities, not for <<A>> [ψ]")
	}
	n := g.NumStates
	ar := GameArena(g)
	all := make([]bool, n)
	for i := range all {
		all[i] = true
	}
	if op == OpX {
		sv := NewSolver(ar, NewView(g, q.Coal), q.Max).watch(q.Meter)
		x := make([]float64, n)
		for i, b := range right {
			if b {
				x[i] = 1
			}
		}
		v := sv.Next(right)
		return v, sv.profile(x, all, make([]bool, n), false), nil
	}
	allowed, target, dual := all, right, false
	switch op {
	case OpU:
		allowed = left
	case OpG, OpW, OpR:
		// a W b = ¬(¬b U (¬a ∧ ¬b)), a R b = b W (a ∧ b), G a = a W false.
		a, b := left, make([]bool, n)
		switch op {
		case OpG:
			a = right
		case OpW:
			b = right
		case OpR:
			a = right
			for i := range b {
				b[i] = left[i] && right[i]
			}
		}
		allowed, target, dual = make([]bool, n), make([]bool, n), true
		for i := range allowed {
			allowed[i] = !b[i]
			target[i] = !a[i] && !b[i]
		}
		q = q.Flip()
	}
	sv := NewSolver(ar, NewView(g, q.Coal), q.Max).watch(q.Meter)
	x, err := sv.Reach(allowed, target, Unbounded)
	if err != nil {
		return nil, nil, err
	}
	prof := sv.profile(x, allowed, target, true)
	if dual {
		for i := range x {
			x[i] = 1 - x[i]
		}
	}
	return x, prof, nil
}

// OpX is the next-step operator, for PathProfile (Path leaves X to its
// caller, whose one-step operator differs).
const OpX = OpR + 1

// profile reads a profile off the values x of reaching target through
// allowed states (x: probabilities of the next step's target when reach
// is false). See PathProfile.
func (sv *Solver) profile(x []float64, allowed, target []bool, reach bool) Profile {
	g := sv.a.g
	n := g.NumStates
	p := make(Profile, g.NumChoices())
	live := func(s int) bool { return allowed[s] && !target[s] }
	// near holds, per state where the reaching side chooses alone, its
	// choices optimal for x; the other states' distributions are set.
	near := make([][]int, n)
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		if lo == hi {
			continue
		}
		if !live(s) || hi-lo == 1 {
			p[lo] = 1
			continue
		}
		vals := make([]float64, hi-lo)
		for ch := lo; ch < hi; ch++ {
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				vals[ch-lo] += g.Prob[t] * x[g.Target[t]]
			}
		}
		rows, maxer := sv.chooser(s)
		switch {
		case rows < 0:
			sv.mixed(s, vals, x, p)
		case maxer:
			best := optimum(vals, true)
			for ch := lo; ch < hi; ch++ {
				if vals[ch-lo] >= best-1e-6*math.Max(1, math.Abs(best)) {
					near[s] = append(near[s], ch)
				}
			}
		default:
			best := optimum(vals, false)
			for ch := lo; ch < hi; ch++ {
				if vals[ch-lo] == best {
					p[ch] = 1
					break
				}
			}
		}
	}
	if !reach {
		for _, cs := range near {
			if len(cs) > 0 {
				p[cs[0]] = 1
			}
		}
		return p
	}
	// Ranks: the number of steps to the target along the maximising side's
	// optimal choices and the others' distributions.
	rank := make([]int32, n)
	for s := range rank {
		rank[s] = math.MaxInt32
		if target[s] {
			rank[s] = 0
		}
	}
	lower := func(ch int, d int32) bool {
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			if g.Prob[t] > 0 && rank[g.Target[t]] < d {
				return true
			}
		}
		return false
	}
	for d := int32(1); ; d++ {
		changed := false
		for s := 0; s < n; s++ {
			if rank[s] != math.MaxInt32 || !live(s) || x[s] <= 0 {
				continue
			}
			lo, hi := g.Choices(s)
			if near[s] != nil {
				for _, ch := range near[s] {
					if lower(ch, d) {
						p[ch], near[s] = 1, nil
						rank[s], changed = d, true
						break
					}
				}
				continue
			}
			for ch := lo; ch < hi; ch++ {
				if p[ch] > 0 && lower(ch, d) {
					rank[s], changed = d, true
					break
				}
			}
		}
		if !changed {
			break
		}
	}
	// States of value 0 (or cut off by rounding): any optimal choice.
	for _, cs := range near {
		if len(cs) > 0 {
			p[cs[0]] = 1
		}
	}
	return p
}

// chooser says who chooses alone in game state s: rows < 0 when both sides
// of a csg choose (a matrix game), else whether the chooser maximises the
// probability.
func (sv *Solver) chooser(s int) (rows int, maxer bool) {
	v := sv.v
	if !v.csg {
		return 0, v.inCoalition(s) == sv.max
	}
	nr, nc := v.nrows[s], v.ncols[s]
	switch {
	case nr > 1 && nc > 1:
		return -1, false
	case nr > 1:
		return 0, sv.max
	}
	return 0, !sv.max
}

// mixed sets the distribution of csg state s where both sides choose: the
// product of the sides' optimal mixed actions in the stage game of the
// choice values vals, or, where the target is sure (x = 1), the maximising
// side's uniform mix of the actions that keep the value 1.
func (sv *Solver) mixed(s int, vals, x []float64, p Profile) {
	g := sv.a.g
	v := sv.v
	lo, hi := g.Choices(s)
	nr, nc := int(v.nrows[s]), int(v.ncols[s])
	m := make([]float64, nr*nc)
	worst := math.Inf(1)
	for ch := lo; ch < hi; ch++ {
		worst = min(worst, vals[ch-lo])
	}
	for k := range m {
		m[k] = worst
	}
	for ch := lo; ch < hi; ch++ {
		m[int(v.row[ch])*nc+int(v.col[ch])] = vals[ch-lo]
	}
	// The rows maximise the probability when the coalition does.
	if !sv.max {
		for k := range m {
			m[k] = -m[k]
		}
	}
	_, row, col := MatrixGameStrategies(m, nr, nc)
	// Weights at the level of value iteration's accuracy are noise of the
	// approximate values; in a concurrent game the other side could wait
	// for such a rare action forever, so they are dropped.
	clean(row)
	clean(col)
	if x[s] == 1 {
		// Keep the play where the value is 1: the maximising side mixes
		// uniformly its actions whose every outcome has value 1.
		maxSide, maxCount := row, nr
		if !sv.max {
			maxSide, maxCount = col, nc
		}
		safe := make([]bool, maxCount)
		for k := range safe {
			safe[k] = true
		}
		for ch := lo; ch < hi; ch++ {
			k := int(v.row[ch])
			if !sv.max {
				k = int(v.col[ch])
			}
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				if x[g.Target[t]] != 1 {
					safe[k] = false
				}
			}
		}
		cnt := 0
		for _, b := range safe {
			if b {
				cnt++
			}
		}
		if cnt > 0 {
			for k := range maxSide {
				maxSide[k] = 0
				if safe[k] {
					maxSide[k] = 1 / float64(cnt)
				}
			}
		}
	}
	for ch := lo; ch < hi; ch++ {
		p[ch] = row[v.row[ch]] * col[v.col[ch]]
	}
}

// clean sets the weights of d below 1e-6 to 0 and scales the rest back to
// a distribution.
func clean(d []float64) {
	sum := 0.0
	for i, x := range d {
		if x < 1e-6 {
			d[i] = 0
		}
		sum += d[i]
	}
	for i := range d {
		d[i] /= sum
	}
}
