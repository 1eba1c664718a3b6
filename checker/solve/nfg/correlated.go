package nfg

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/solve/internal/dense"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// Tolerances of the correlated-equilibrium LPs (built on payoffs scaled
// to magnitude ≤ 1).
const (
	// lexSlack is the relative slack with which an optimum found at one
	// level of the lexicographic optimisation constrains the next; it is
	// widened up to 1e-7 when the simplex finds no point.
	lexSlack = 1e-11
	// gainTol: in the incentive constraints, payoff differences below
	// gainTol count as 0.
	gainTol = 1e-9
	// gonumTol is the tolerance of gonum's simplex, the fallback.
	gonumTol = 1e-10
)

// Correlated returns the correlated equilibrium c prefers: a distribution
// p over cells such that neither player gains by replacing a recommended
// action q by any other r (the textbook constraints, for every pair q≠r),
// optimised lexicographically: first the criterion (max U1+U2, or min
// |U1−U2| through auxiliary bounds ph ≥ Ui ≥ pl), then max U1, then max U2.
// Strictly dominated actions, which a correlated equilibrium never
// recommends, are removed first.
func Correlated(g *Bimatrix, c Criterion) (Profile, error) {
	if err := g.check(); err != nil {
		return Profile{}, err
	}
	if g.Rows*g.Cols == 1 {
		return Profile{Joint: []float64{1}, U1: g.A[0], U2: g.B[0]}, nil
	}
	if !g.finite() {
		return Profile{}, fmt.Errorf("an infinite value reaches a stage game that needs a correlated equilibrium")
	}
	rows, cols := g.undominated()
	h := g.sub(rows, cols)
	p, err := h.correlated(c)
	if err != nil {
		return Profile{}, fmt.Errorf("no correlated equilibrium found in a %d×%d stage game: %v", g.Rows, g.Cols, err)
	}
	joint := make([]float64, g.Rows*g.Cols)
	u1, u2 := 0.0, 0.0
	for i, r := range rows {
		for j, col := range cols {
			pk := p[i*h.Cols+j]
			joint[r*g.Cols+col] = pk
			a, b := g.At(r, col)
			if pk > 0 {
				u1 += pk * a
				u2 += pk * b
			}
		}
	}
	return Profile{Joint: joint, U1: u1, U2: u2}, nil
}

// correlated solves the lexicographic LPs on g and returns p.
func (g *Bimatrix) correlated(c Criterion) ([]float64, error) {
	cells := g.Rows * g.Cols
	if cells == 1 {
		return []float64{1}, nil
	}
	l := g.correlatedLP(c)
	opt, x, err := l.minimise(l.objectives[0])
	if err != nil {
		return nil, err
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
	p := make([]float64, cells)
	for k := range p {
		p[k] = math.Max(0, x[k])
	}
	return normalised(p), nil
}

// genLP is a linear program over structural variables x (non-negative
// except those marked free): rows G x <= h, the single equality Σp = 1,
// and objectives to minimise in turn.
type genLP struct {
	nvar       int
	free       []bool
	g          [][]float64
	h          []float64
	eq         []float64
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

// standard returns the LP with objective obj in standard form
// (min c·x, A x = b, x ≥ 0; A row-major m×n): each free variable split in
// two, one slack per inequality. col maps a structural variable to its
// (first) column.
func (l *genLP) standard(obj []float64) (A []float64, m, n int, b, c []float64, col []int) {
	col = make([]int, l.nvar)
	nx := 0
	for i := range col {
		col[i] = nx
		nx++
		if l.free[i] {
			nx++
		}
	}
	nslack := len(l.g)
	m, n = nslack+1, nx+nslack
	A = make([]float64, m*n)
	b = make([]float64, m)
	put := func(r int, row []float64) {
		for i, v := range row {
			if v == 0 {
				continue
			}
			A[r*n+col[i]] = v
			if l.free[i] {
				A[r*n+col[i]+1] = -v
			}
		}
	}
	for r, row := range l.g {
		put(r, row)
		A[r*n+nx+r] = 1
		b[r] = l.h[r]
	}
	put(nslack, l.eq)
	b[nslack] = 1
	c = make([]float64, n)
	for i, v := range obj {
		c[col[i]] = v
		if l.free[i] {
			c[col[i]+1] = -v
		}
	}
	return A, m, n, b, c, col
}

// minimise solves min obj·x and returns the optimum and x: by the dense
// simplex, or by gonum's when that fails or leaves a constraint violated.
func (l *genLP) minimise(obj []float64) (float64, []float64, error) {
	A, m, n, b, c, col := l.standard(obj)
	opt, xt, err := dense.Simplex(A, m, n, b, c)
	if err == nil && !dense.Feasible(A, m, n, b, xt) {
		err = dense.ErrInfeasible
	}
	if err != nil {
		if opt, xt, err = gonumSimplex(A, m, n, b, c); err != nil {
			return 0, nil, err
		}
	}
	return opt, l.structural(xt, col), nil
}

// gonumSimplex solves the standard-form LP with gonum's simplex, which
// panics on some degenerate inputs: a panic is an error here.
func gonumSimplex(A []float64, m, n int, b, c []float64) (opt float64, x []float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return lp.Simplex(c, mat.NewDense(m, n, A), b, gonumTol, nil)
}

// structural reads the structural variables from a standard-form x.
func (l *genLP) structural(xt []float64, col []int) []float64 {
	x := make([]float64, l.nvar)
	for i := range x {
		x[i] = xt[col[i]]
		if l.free[i] {
			x[i] -= xt[col[i]+1]
		}
	}
	return x
}

// scaledDown returns g with both players' payoffs divided by the largest
// magnitude (a common factor, which changes no equilibrium and no
// criterion's choice).
func (g *Bimatrix) scaledDown() *Bimatrix {
	scale := 0.0
	for k := range g.A {
		scale = math.Max(scale, math.Max(math.Abs(g.A[k]), math.Abs(g.B[k])))
	}
	if scale == 0 {
		return g
	}
	h := NewBimatrix(g.Rows, g.Cols)
	for k := range g.A {
		h.A[k], h.B[k] = g.A[k]/scale, g.B[k]/scale
	}
	return h
}

// correlatedLP builds the constraints and objectives over the variables
// p(cell) (row-major) and, for Fair, the free ph and pl, on g scaled down.
func (g *Bimatrix) correlatedLP(c Criterion) *genLP {
	g = g.scaledDown()
	m, n := g.Rows, g.Cols
	cells := m * n
	nvar := cells
	if c == Fair {
		nvar += 2
	}
	l := &genLP{nvar: nvar, free: make([]bool, nvar), eq: make([]float64, nvar)}
	for k := 0; k < cells; k++ {
		l.eq[k] = 1
	}
	gain := func(d float64) float64 {
		if math.Abs(d) <= gainTol {
			return 0
		}
		return d
	}
	row := func() []float64 { return make([]float64, nvar) }
	// An incentive row is scaled to a largest coefficient of 1: payoff
	// differences can be tiny beside the payoffs (values near 1 that
	// differ in the fifth decimal), and the simplex's absolute tolerances
	// would otherwise let a pivot ignore the row and violate it.
	incentive := func(r []float64) {
		big := 0.0
		for _, v := range r {
			big = math.Max(big, math.Abs(v))
		}
		if big > 0 {
			for k := range r {
				r[k] /= big
			}
		}
		l.le(r, 0)
	}
	for q := 0; q < m; q++ {
		for alt := 0; alt < m; alt++ {
			if alt == q {
				continue
			}
			r := row()
			for j := 0; j < n; j++ {
				r[q*n+j] = -gain(g.A[q*n+j] - g.A[alt*n+j])
			}
			incentive(r)
		}
	}
	for q := 0; q < n; q++ {
		for alt := 0; alt < n; alt++ {
			if alt == q {
				continue
			}
			r := row()
			for i := 0; i < m; i++ {
				r[i*n+q] = -gain(g.B[i*n+q] - g.B[i*n+alt])
			}
			incentive(r)
		}
	}
	u1, u2 := row(), row()
	for k := 0; k < cells; k++ {
		u1[k], u2[k] = -g.A[k], -g.B[k]
	}
	if c == Fair {
		ph, pl := cells, cells+1
		l.free[ph], l.free[pl] = true, true
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
