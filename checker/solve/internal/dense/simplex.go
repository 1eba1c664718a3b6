package dense

import (
	"errors"
	"math"
)

// Simplex tolerances, for LPs whose data are scaled to magnitude ≤ 1.
const (
	pivTol     = 1e-9  // smallest pivot / positive column entry
	costTol    = 1e-11 // reduced cost counted as negative below −costTol
	ratioTol   = 1e-12 // ratios within this of the minimum tie
	feasTol    = 1e-9  // phase-1 optimum counted as feasible
	blandAfter = 50    // degenerate pivots in a row before Bland's rule
	maxPivs    = 100_000
)

// Errors of Simplex.
var (
	ErrInfeasible = errors.New("infeasible")
	ErrUnbounded  = errors.New("unbounded")
	ErrPivots     = errors.New("too many pivots")
)

// tableau is a simplex tableau: m constraint rows and the objective row,
// each w = ncol+1 wide (the last entry is the right-hand side).
type tableau struct {
	m, ncol int
	t       []float64 // (m+1) rows
	basis   []int
}

func (tb *tableau) row(i int) []float64 { w := tb.ncol + 1; return tb.t[i*w : (i+1)*w] }

func (tb *tableau) pivot(r, j int) {
	pr := tb.row(r)
	inv := 1 / pr[j]
	for k := range pr {
		pr[k] *= inv
	}
	pr[j] = 1
	for i := 0; i <= tb.m; i++ {
		if i == r {
			continue
		}
		ri := tb.row(i)
		f := ri[j]
		if f == 0 {
			continue
		}
		for k := range ri {
			ri[k] -= f * pr[k]
		}
		ri[j] = 0
	}
	tb.basis[r] = j
}

// run pivots until no column below limit has a negative reduced cost.
// The entering column has the most negative reduced cost (Dantzig), or
// the first negative one (Bland, which cannot cycle) after a run of
// degenerate pivots; the leaving row has the largest pivot among the rows
// whose ratio ties the minimum, which keeps tiny pivots out.
func (tb *tableau) run(limit int) error {
	z := tb.row(tb.m)
	rhs := tb.ncol
	degenerate := 0
	for it := 0; it < maxPivs; it++ {
		j := -1
		for k := 0; k < limit; k++ {
			if z[k] >= -costTol {
				continue
			}
			if j < 0 || (degenerate < blandAfter && z[k] < z[j]) {
				j = k
			}
			if degenerate >= blandAfter {
				break
			}
		}
		if j < 0 {
			return nil
		}
		best := math.Inf(1)
		for i := 0; i < tb.m; i++ {
			if ri := tb.row(i); ri[j] > pivTol {
				best = math.Min(best, math.Max(ri[rhs], 0)/ri[j])
			}
		}
		if math.IsInf(best, 1) {
			return ErrUnbounded
		}
		r := -1
		for i := 0; i < tb.m; i++ {
			ri := tb.row(i)
			if ri[j] <= pivTol || math.Max(ri[rhs], 0)/ri[j] > best+ratioTol {
				continue
			}
			if r < 0 || ri[j] > tb.row(r)[j] || (ri[j] == tb.row(r)[j] && tb.basis[i] < tb.basis[r]) {
				r = i
			}
		}
		if best == 0 {
			degenerate++
		} else {
			degenerate = 0
		}
		tb.pivot(r, j)
	}
	return ErrPivots
}

// Simplex minimises c·x subject to A x = b, x ≥ 0, with A row-major m×n,
// and returns the optimum and x.
func Simplex(A []float64, m, n int, b, c []float64) (float64, []float64, error) {
	ncol := n + m // structural, then one artificial per row
	w := ncol + 1
	tb := &tableau{m: m, ncol: ncol, t: make([]float64, (m+1)*w), basis: make([]int, m)}
	z := tb.row(m)
	for i := 0; i < m; i++ {
		ri := tb.row(i)
		sign := 1.0
		if b[i] < 0 {
			sign = -1
		}
		for j := 0; j < n; j++ {
			ri[j] = sign * A[i*n+j]
		}
		ri[n+i] = 1
		ri[ncol] = sign * b[i]
		tb.basis[i] = n + i
		for j := 0; j < n; j++ {
			z[j] -= ri[j]
		}
		z[ncol] -= ri[ncol]
	}
	if err := tb.run(n); err != nil {
		return 0, nil, err
	}
	if -z[ncol] > feasTol {
		return 0, nil, ErrInfeasible
	}
	// Drive the artificials out of the basis (a row with no structural
	// entry left is redundant and stays at 0).
	for i := 0; i < m; i++ {
		if tb.basis[i] < n {
			continue
		}
		ri := tb.row(i)
		for j := 0; j < n; j++ {
			if math.Abs(ri[j]) > pivTol {
				tb.pivot(i, j)
				break
			}
		}
	}
	// Phase 2: the real costs, reduced against the basis.
	for k := range z {
		z[k] = 0
	}
	copy(z, c)
	for i := 0; i < m; i++ {
		bj := tb.basis[i]
		if bj >= n || c[bj] == 0 {
			continue
		}
		ri := tb.row(i)
		f := c[bj]
		for k := range z {
			z[k] -= f * ri[k]
		}
	}
	if err := tb.run(n); err != nil {
		return 0, nil, err
	}
	x := make([]float64, n)
	for i := 0; i < m; i++ {
		if bj := tb.basis[i]; bj < n {
			x[bj] = tb.row(i)[ncol]
		}
	}
	opt := 0.0
	for j, v := range c {
		opt += v * x[j]
	}
	return opt, x, nil
}

// Feasible says whether x solves A x = b, x ≥ 0 within feasTol: the
// tableau's pivots accumulate rounding, and on LPs whose rows mix tiny
// and large coefficients the solution they leave can miss a constraint by
// far more than that.
func Feasible(A []float64, m, n int, b, x []float64) bool {
	for j := 0; j < n; j++ {
		if x[j] < -feasTol {
			return false
		}
	}
	for i := 0; i < m; i++ {
		r := -b[i]
		for j := 0; j < n; j++ {
			r += A[i*n+j] * x[j]
		}
		if math.Abs(r) > feasTol {
			return false
		}
	}
	return true
}
