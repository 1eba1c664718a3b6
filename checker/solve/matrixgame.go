package solve

import (
	"math"
	"slices"

	"github.com/onus-mc/onus/checker/solve/internal/dense"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// MatrixGameValue returns the value of the zero-sum one-shot game with
// payoff m (row-major, nr×nc) to the row player, who maximises; both
// players may randomise. A pure saddle point is taken directly; otherwise
// the classic linear program is solved: with every payoff shifted to be at
// least 1, minimise Σu subject to Mᵀu ≥ 1, u ≥ 0; the value is 1/Σu minus
// the shift (and u/Σu is an optimal mixed strategy of the row player).
func MatrixGameValue(m []float64, nr, nc int) float64 {
	for _, x := range m {
		if math.IsInf(x, 0) {
			var ok bool
			if m, nr, nc, ok = dropInfinite(m, nr, nc); !ok {
				return m[0]
			}
			break
		}
	}
	lower, upper := math.Inf(-1), math.Inf(1)
	lowest := math.Inf(1)
	for i := 0; i < nr; i++ {
		rowMin := math.Inf(1)
		for j := 0; j < nc; j++ {
			rowMin = min(rowMin, m[i*nc+j])
		}
		lower = max(lower, rowMin)
		lowest = min(lowest, rowMin)
	}
	for j := 0; j < nc; j++ {
		colMax := math.Inf(-1)
		for i := 0; i < nr; i++ {
			colMax = max(colMax, m[i*nc+j])
		}
		upper = min(upper, colMax)
	}
	if upper-lower <= 1e-14*max(1, math.Abs(lower)) {
		return lower
	}
	v, _, ok := matrixGameLP(m, nr, nc, 1-lowest)
	if !ok {
		// The simplex failed numerically: fall back to the guaranteed
		// pure-strategy bound nearest the value.
		return (lower + upper) / 2
	}
	// The value lies between the pure bounds; clamp rounding noise.
	return min(max(v, lower), upper)
}

// dropInfinite removes the infinite payoffs of a matrix game (expected
// rewards that are infinite): a row with −∞ is never mixed in by the
// maximiser, and then a column with +∞ is never played by the minimiser.
// When a side has nothing left, ok is false and m[0] is the value (−∞ or
// +∞).
func dropInfinite(m []float64, nr, nc int) ([]float64, int, int, bool) {
	var rows, cols []int
	for i := 0; i < nr; i++ {
		if !slices.ContainsFunc(m[i*nc:(i+1)*nc], func(x float64) bool { return math.IsInf(x, -1) }) {
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 {
		return []float64{math.Inf(-1)}, 0, 0, false
	}
	for j := 0; j < nc; j++ {
		inf := false
		for _, i := range rows {
			inf = inf || math.IsInf(m[i*nc+j], 1)
		}
		if !inf {
			cols = append(cols, j)
		}
	}
	if len(cols) == 0 {
		return []float64{math.Inf(1)}, 0, 0, false
	}
	out := make([]float64, 0, len(rows)*len(cols))
	for _, i := range rows {
		for _, j := range cols {
			out = append(out, m[i*nc+j])
		}
	}
	return out, len(rows), len(cols), true
}

// MatrixGameStrategies returns the value of the zero-sum one-shot game m
// (as MatrixGameValue) and optimal mixed strategies of both players: row
// maximises, col minimises the row player's payoff. The payoffs must be
// finite.
func MatrixGameStrategies(m []float64, nr, nc int) (v float64, row, col []float64) {
	row, col = make([]float64, nr), make([]float64, nc)
	// A pure saddle point: the maximin row and the minimax column.
	bi, lower := 0, math.Inf(-1)
	for i := 0; i < nr; i++ {
		rowMin := math.Inf(1)
		for j := 0; j < nc; j++ {
			rowMin = min(rowMin, m[i*nc+j])
		}
		if rowMin > lower {
			bi, lower = i, rowMin
		}
	}
	bj, upper := 0, math.Inf(1)
	for j := 0; j < nc; j++ {
		colMax := math.Inf(-1)
		for i := 0; i < nr; i++ {
			colMax = max(colMax, m[i*nc+j])
		}
		if colMax < upper {
			bj, upper = j, colMax
		}
	}
	pure := func() (float64, []float64, []float64) {
		row[bi], col[bj] = 1, 1
		return lower, row, col
	}
	if upper-lower <= 1e-14*max(1, math.Abs(lower)) {
		return pure()
	}
	lowest, highest := math.Inf(1), math.Inf(-1)
	for _, x := range m {
		lowest, highest = min(lowest, x), max(highest, x)
	}
	v, u, ok := matrixGameLP(m, nr, nc, 1-lowest)
	// The column player's game: maximise −mᵀ.
	mt := make([]float64, nc*nr)
	for i := 0; i < nr; i++ {
		for j := 0; j < nc; j++ {
			mt[j*nr+i] = -m[i*nc+j]
		}
	}
	_, w, okc := matrixGameLP(mt, nc, nr, 1+highest)
	if !ok || !okc {
		return pure()
	}
	return min(max(v, lower), upper), u, w
}

// matrixGameLP solves the game's linear program: the value and the row
// player's optimal mixed strategy. Variables: u_0..u_{nr-1},
// then one surplus s_j per column: Σ_i (m_ij + shift)/scale · u_i − s_j =
// 1, with the shifted payoffs scaled to at most 1 (the dense simplex's
// tolerances are for such data); the value is scale/Σu − shift. The dense
// simplex solves it; gonum's solver is the fallback when that fails or
// leaves a constraint violated.
func matrixGameLP(m []float64, nr, nc int, shift float64) (float64, []float64, bool) {
	scale := 0.0
	for _, x := range m {
		scale = max(scale, x+shift)
	}
	rows, cols := nc, nr+nc
	a := make([]float64, rows*cols)
	for j := 0; j < nc; j++ {
		for i := 0; i < nr; i++ {
			a[j*cols+i] = (m[i*nc+j] + shift) / scale
		}
		a[j*cols+nr+j] = -1
	}
	c := make([]float64, cols)
	for i := 0; i < nr; i++ {
		c[i] = 1
	}
	b := make([]float64, rows)
	for j := range b {
		b[j] = 1
	}
	opt, x, err := dense.Simplex(a, rows, cols, b, c)
	if err != nil || !dense.Feasible(a, rows, cols, b, x) {
		opt, x, err = lp.Simplex(c, mat.NewDense(rows, cols, a), b, 1e-12, nil)
	}
	if err != nil || !(opt > 0) || math.IsInf(opt, 0) {
		return 0, nil, false
	}
	u := make([]float64, nr)
	for i := range u {
		u[i] = max(0, x[i]) / opt
	}
	return scale/opt - shift, u, true
}
