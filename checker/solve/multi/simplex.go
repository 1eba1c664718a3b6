package multi

import tableau "github.com/onus-mc/onus/checker/solve/internal/dense"

// The programme is solved first by the dense tableau the equilibria use
// (checker/solve/internal/dense: updated in place at each pivot, O(rows ×
// columns)); gonum's lp.Simplex, which solves three dense linear systems
// per pivot, is the fallback when the tableau gives up numerically.

var (
	errInfeasible = tableau.ErrInfeasible
	errUnbounded  = tableau.ErrUnbounded
	errStalled    = tableau.ErrPivots
)

// simplex minimises cᵀx subject to Ax = b, x ≥ 0 (a is row-major, m × n).
func simplex(c, a []float64, m, n int, b []float64) (float64, []float64, error) {
	return tableau.Simplex(a, m, n, b, c)
}
