package solve

import (
	"math"

	"github.com/onus-mc/onus/checker/progress"
)

// This file holds the one-step optimisation every fixpoint is built on.

// Value iteration settings, PRISM's defaults: relative difference 1e-6
// between successive iterations, and a cap on the number of iterations.
const (
	viEpsilon  = 1e-6
	viMaxIters = 100_000
)

// Solver evaluates one-step optimisations on an arena.
type Solver struct {
	a    *Arena
	v    *View
	max  bool      // the coalition maximises
	srew []float64 // reward per game state, added after the optimisation (nil: none)
	trew []float64 // reward per choice, added to the choice's value (nil: none)
	q    []float64 // scratch: value per choice
	mat  []float64 // scratch matrix
	iter int       // iterations of the last unbounded computation
	// meter receives the solver's iterations (watch; nil: nobody).
	meter *progress.Meter
}

// watch makes the solver report its iterations to m (nil: to nobody).
func (sv *Solver) watch(m *progress.Meter) *Solver {
	sv.meter = m
	return sv
}

// NewSolver returns a solver on arena a for the coalition of view v, which
// maximises when max holds (and minimises otherwise).
func NewSolver(a *Arena, v *View, max bool) *Solver {
	return &Solver{a: a, v: v, max: max}
}

// bellman returns the optimal expected value of x after one step from
// arena state i.
func (sv *Solver) bellman(i int, x []float64) float64 {
	v := sv.optStep(i, x)
	if sv.srew != nil {
		v += sv.srew[sv.a.state(i)]
	}
	return v
}

func (sv *Solver) optStep(i int, x []float64) float64 {
	g := sv.a.g
	s := sv.a.state(i)
	lo, hi := g.Choices(s)
	if lo == hi {
		return 0
	}
	tg, base := sv.a.targets(i)
	q := sv.q[:0]
	for ch := lo; ch < hi; ch++ {
		sum := 0.0
		if sv.trew != nil {
			sum = sv.trew[ch]
		}
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			sum += g.Prob[t] * x[tg[t-base]]
		}
		q = append(q, sum)
	}
	sv.q = q
	if sv.v.csg {
		nr, nc := int(sv.v.nrows[s]), int(sv.v.ncols[s])
		if nr > 1 && nc > 1 {
			return sv.matrix(lo, hi, nr, nc)
		}
		// One side has no choice: a plain optimisation by the other side.
		return optimum(q, (nr > 1) == sv.max)
	}
	return optimum(q, sv.v.inCoalition(s) == sv.max)
}

func optimum(q []float64, max bool) float64 {
	best := q[0]
	for _, x := range q[1:] {
		if (max && x > best) || (!max && x < best) {
			best = x
		}
	}
	return best
}

// matrix solves the one-shot game of a csg state whose choice values are in
// sv.q: rows are the coalition's joint actions, columns the others'.
func (sv *Solver) matrix(lo, hi, nr, nc int) float64 {
	m := sv.mat[:0]
	for k := 0; k < nr*nc; k++ {
		m = append(m, math.NaN())
	}
	worst := math.Inf(1)
	for ch := lo; ch < hi; ch++ {
		x := sv.q[ch-lo]
		if !sv.max {
			x = -x
		}
		m[int(sv.v.row[ch])*nc+int(sv.v.col[ch])] = x
		worst = min(worst, x)
	}
	sv.mat = m
	// A joint action missing from the game is never good for the coalition.
	for k := range m {
		if math.IsNaN(m[k]) {
			m[k] = worst
		}
	}
	val := MatrixGameValue(m, nr, nc)
	if !sv.max {
		return -val
	}
	return val
}
