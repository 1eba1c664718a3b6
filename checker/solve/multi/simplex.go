package multi

import (
	"errors"
	"math"
)

// This file holds the simplex method the programme is solved with first: a
// dense tableau, updated in place at each pivot (O(rows × columns)), where
// gonum's lp.Simplex solves three dense linear systems per pivot and is
// kept as the fallback when this one fails numerically.

var (
	errInfeasible = errors.New("infeasible")
	errUnbounded  = errors.New("unbounded")
	errStalled    = errors.New("the simplex method stalled")
)

// Tolerances of the tableau: entries below pivotTol are not pivoted on,
// reduced costs above −costTol count as optimal, and a phase-one optimum
// above feasTol means infeasible.
const (
	pivotTol = 1e-9
	costTol  = 1e-10
	feasTol  = 1e-9
	// blandAfter degenerate pivots in a row switch to Bland's rule, which
	// cannot cycle.
	blandAfter = 50
)

// tableau is the simplex tableau of m rows over n columns plus the
// right-hand side (t[i*(n+1)+n]); basis[i] is the column basic in row i.
type tableau struct {
	m, n  int
	t     []float64
	basis []int
}

func (tb *tableau) at(i, j int) float64 { return tb.t[i*(tb.n+1)+j] }
func (tb *tableau) row(i int) []float64 { return tb.t[i*(tb.n+1) : (i+1)*(tb.n+1)] }

// pivot makes column j basic in row r.
func (tb *tableau) pivot(r, j int) {
	pr := tb.row(r)
	inv := 1 / pr[j]
	for k := range pr {
		pr[k] *= inv
	}
	pr[j] = 1
	for i := 0; i < tb.m; i++ {
		if i == r {
			continue
		}
		ri := tb.row(i)
		f := ri[j]
		if f == 0 {
			continue
		}
		for k, v := range pr {
			if v != 0 {
				ri[k] -= f * v
			}
		}
		ri[j] = 0
	}
	tb.basis[r] = j
}

// optimise minimises cost (one entry per column) from the current basic
// feasible solution, over the columns allowed (nil: all).
func (tb *tableau) optimise(cost []float64, allowed func(j int) bool) error {
	n := tb.n
	red := make([]float64, n)
	degenerate := 0
	limit := 50 * (tb.m + n)
	for iter := 0; iter < limit; iter++ {
		// Reduced costs: c_j − Σ_i c_basis(i) · t(i, j).
		copy(red, cost)
		for i := 0; i < tb.m; i++ {
			cb := cost[tb.basis[i]]
			if cb == 0 {
				continue
			}
			ri := tb.row(i)
			for j := 0; j < n; j++ {
				red[j] -= cb * ri[j]
			}
		}
		enter := -1
		for j := 0; j < n; j++ {
			if red[j] >= -costTol || (allowed != nil && !allowed(j)) {
				continue
			}
			if degenerate >= blandAfter {
				enter = j // Bland: the first improving column
				break
			}
			if enter < 0 || red[j] < red[enter] {
				enter = j
			}
		}
		if enter < 0 {
			return nil
		}
		leave, best := -1, math.Inf(1)
		for i := 0; i < tb.m; i++ {
			a := tb.at(i, enter)
			if a <= pivotTol {
				continue
			}
			ratio := tb.at(i, n) / a
			if ratio < best-1e-12 || (ratio <= best+1e-12 && leave >= 0 && tb.basis[i] < tb.basis[leave]) {
				leave, best = i, ratio
			}
		}
		if leave < 0 {
			return errUnbounded
		}
		if best <= 1e-12 {
			degenerate++
		} else {
			degenerate = 0
		}
		tb.pivot(leave, enter)
	}
	return errStalled
}

// simplex minimises cᵀx subject to Ax = b, x ≥ 0 (a is row-major, m × n;
// b ≥ 0), by the two-phase method: artificial variables give the first
// basis, phase one drives them to 0, phase two optimises c.
func simplex(c, a []float64, m, n int, b []float64) (float64, []float64, error) {
	w := n + m // columns: the n variables, then one artificial per row
	tb := &tableau{m: m, n: w, t: make([]float64, m*(w+1)), basis: make([]int, m)}
	for i := 0; i < m; i++ {
		r := tb.row(i)
		copy(r[:n], a[i*n:(i+1)*n])
		r[n+i] = 1
		r[w] = b[i]
		tb.basis[i] = n + i
	}
	phase1 := make([]float64, w)
	for j := n; j < w; j++ {
		phase1[j] = 1
	}
	if err := tb.optimise(phase1, nil); err != nil {
		return 0, nil, err
	}
	sum := 0.0
	for i := 0; i < m; i++ {
		if tb.basis[i] >= n {
			sum += tb.at(i, w)
		}
	}
	if sum > feasTol*math.Max(1, float64(m)) {
		return 0, nil, errInfeasible
	}
	// Artificial variables still basic (at 0): pivot them out on any
	// variable of their row; a row without one is redundant and stays.
	for i := 0; i < m; i++ {
		if tb.basis[i] < n {
			continue
		}
		for j := 0; j < n; j++ {
			if math.Abs(tb.at(i, j)) > pivotTol {
				tb.pivot(i, j)
				break
			}
		}
	}
	cost := make([]float64, w)
	copy(cost, c)
	if err := tb.optimise(cost, func(j int) bool { return j < n }); err != nil {
		return 0, nil, err
	}
	x := make([]float64, n)
	opt := 0.0
	for i := 0; i < m; i++ {
		if j := tb.basis[i]; j < n {
			x[j] = math.Max(0, tb.at(i, w))
			opt += c[j] * x[j]
		}
	}
	return opt, x, nil
}
