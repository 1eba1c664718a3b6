package nfg

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// lpTol is the simplex tolerance; lexSlack the relative slack with which
// an optimum found at one level of the lexicographic optimisation
// constrains the next (tighter slacks make gonum's simplex report some
// feasible problems infeasible).
const (
	lpTol    = 1e-10
	lexSlack = 1e-11
)

// Correlated returns the correlated equilibrium c prefers: a distribution
// p over cells such that neither player gains by replacing a recommended
// action q by any other r (the textbook constraints, for every pair q≠r),
// optimised lexicographically: first the criterion (max U1+U2, or min
// |U1−U2| through auxiliary bounds ph ≥ Ui ≥ pl), then max U1, then max U2.
func Correlated(g *Bimatrix, c Criterion) (Profile, error) {
	if err := g.check(); err != nil {
		return Profile{}, err
	}
	n := g.Rows * g.Cols
	if n == 1 {
		return Profile{Joint: []float64{1}, U1: g.A[0], U2: g.B[0]}, nil
	}
	if !g.finite() {
		return Profile{}, fmt.Errorf("an infinite value reaches a stage game that needs a correlated equilibrium")
	}
	l := g.correlatedLP(c)
	opt, x, err := l.minimise(l.objectives[0])
	if err != nil {
		return Profile{}, fmt.Errorf("no correlated equilibrium found in a %d×%d stage game: %v", g.Rows, g.Cols, err)
	}
	for k := 1; k < len(l.objectives); k++ {
		// Keep the previous level's optimum within a slack; if the simplex
		// finds no point there, widen the slack, and at worst keep the
		// solution found so far (the tie-breaking levels only).
		prev, found := opt, false
		for slack := lexSlack; slack <= 1e-7 && !found; slack *= 100 {
			t := l.with(l.objectives[k-1], prev+slack*(1+math.Abs(prev)))
			if o, sol, err := t.minimise(l.objectives[k]); err == nil {
				l, opt, x, found = t, o, sol, true
			}
		}
		if !found {
			break
		}
	}
	p := make([]float64, n)
	for k := range p {
		p[k] = math.Max(0, x[k])
	}
	p = normalised(p)
	u1, u2 := 0.0, 0.0
	for k, pk := range p {
		u1 += pk * g.A[k]
		u2 += pk * g.B[k]
	}
	return Profile{Joint: p, U1: u1, U2: u2}, nil
}

// genLP is a linear program in general form: G x <= h, A x = b, objectives
// to minimise in turn.
type genLP struct {
	nvar       int
	g          [][]float64
	h          []float64
	a          []float64 // the single equality Σp = 1
	objectives [][]float64
}

func (l *genLP) le(row []float64, rhs float64) {
	l.g = append(l.g, row)
	l.h = append(l.h, rhs)
}

// with returns a copy of l with the constraint obj·x <= v added.
func (l *genLP) with(obj []float64, v float64) *genLP {
	t := *l
	t.g = append(append([][]float64(nil), l.g...), obj)
	t.h = append(append([]float64(nil), l.h...), v)
	return &t
}

func (l *genLP) minimise(obj []float64) (float64, []float64, error) {
	G := mat.NewDense(len(l.g), l.nvar, nil)
	for r, row := range l.g {
		G.SetRow(r, row)
	}
	A := mat.NewDense(1, l.nvar, append([]float64(nil), l.a...))
	c, aNew, bNew := lp.Convert(obj, G, l.h, A, []float64{1})
	opt, xt, err := lp.Simplex(c, aNew, bNew, lpTol, nil)
	if err != nil {
		return 0, nil, err
	}
	x := make([]float64, l.nvar)
	for i := range x {
		x[i] = xt[i] - xt[l.nvar+i]
	}
	return opt, x, nil
}

// correlatedLP builds the constraints and objectives over the variables
// p(cell) (row-major) and, for Fair, ph and pl.
func (g *Bimatrix) correlatedLP(c Criterion) *genLP {
	m, n := g.Rows, g.Cols
	cells := m * n
	nvar := cells
	if c == Fair {
		nvar += 2
	}
	l := &genLP{nvar: nvar, a: make([]float64, nvar)}
	row := func() []float64 { return make([]float64, nvar) }
	for k := 0; k < cells; k++ {
		r := row()
		r[k] = -1
		l.le(r, 0)
		l.a[k] = 1
	}
	for q := 0; q < m; q++ {
		for alt := 0; alt < m; alt++ {
			if alt == q {
				continue
			}
			r := row()
			for j := 0; j < n; j++ {
				r[q*n+j] = -(g.A[q*n+j] - g.A[alt*n+j])
			}
			l.le(r, 0)
		}
	}
	for q := 0; q < n; q++ {
		for alt := 0; alt < n; alt++ {
			if alt == q {
				continue
			}
			r := row()
			for i := 0; i < m; i++ {
				r[i*n+q] = -(g.B[i*n+q] - g.B[i*n+alt])
			}
			l.le(r, 0)
		}
	}
	u1, u2 := row(), row()
	for k := 0; k < cells; k++ {
		u1[k], u2[k] = -g.A[k], -g.B[k]
	}
	if c == Fair {
		ph, pl := cells, cells+1
		for _, u := range [][]float64{u1, u2} {
			r := row() // U_i − ph <= 0
			s := row() // pl − U_i <= 0
			for k := 0; k < cells; k++ {
				r[k], s[k] = -u[k], u[k]
			}
			r[ph], s[pl] = -1, 1
			l.le(r, 0)
			l.le(s, 0)
		}
		spread := row()
		spread[ph], spread[pl] = 1, -1
		l.objectives = append(l.objectives, spread)
	} else {
		sum := row()
		for k := 0; k < cells; k++ {
			sum[k] = u1[k] + u2[k]
		}
		l.objectives = append(l.objectives, sum)
	}
	l.objectives = append(l.objectives, u1, u2)
	return l
}
