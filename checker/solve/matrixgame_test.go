package solve

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

func TestMatrixGameValue(t *testing.T) {
	cases := []struct {
		name   string
		m      []float64
		nr, nc int
		want   float64
	}{
		{"matching pennies", []float64{1, 0, 0, 1}, 2, 2, 0.5},
		{"rock-paper-scissors payoff", []float64{0, -1, 1, 1, 0, -1, -1, 1, 0}, 3, 3, 0},
		{"rps win probability", []float64{0, 0, 1, 1, 0, 0, 0, 1, 0}, 3, 3, 1.0 / 3},
		{"biased 2x2", []float64{0.8, 0.2, 0.3, 0.6}, 2, 2, 7.0 / 15},
		{"saddle point", []float64{3, 1, 4, 2}, 2, 2, 2},
		{"one row", []float64{0.4, 0.1, 0.7}, 1, 3, 0.1},
		{"one column", []float64{0.4, 0.1, 0.7}, 3, 1, 0.7},
		{"dominated row", []float64{1, 0, 0, 1, 0.2, 0.2}, 3, 2, 0.5},
		// 2×3: columns mixed; value 4/7 (row mix (3/7, 4/7) against columns 1, 2)
		{"2x3", []float64{0, 1, 2, 1, 0.25, 3}, 2, 3, 4.0 / 7},
		{"negative", []float64{-2, 3, 3, -4}, 2, 2, 1.0 / 12},
		// infinite expected rewards: the maximiser drops rows with −∞,
		// then the minimiser columns with +∞
		{"infinite entries", []float64{1, math.Inf(1), math.Inf(-1), 0}, 2, 2, 1},
		{"every row −∞", []float64{math.Inf(-1), 1, 2, math.Inf(-1)}, 2, 2, math.Inf(-1)},
		{"every column +∞", []float64{math.Inf(1), math.Inf(1), 0, math.Inf(-1)}, 2, 2, math.Inf(1)},
		{"mixed after dropping", []float64{1, 0, math.Inf(1), 0, 1, 5, math.Inf(-1), 9, 9}, 3, 3, 0.5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := MatrixGameValue(tc.m, tc.nr, tc.nc)
			if got != tc.want && !(math.Abs(got-tc.want) <= 1e-9) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestMatrixGameRandom checks the linear program on random 2×n games
// against the exact value: the maximum over p of the lower envelope of n
// lines, attained at p = 0, p = 1 or where two lines cross. An n×2 game is
// the same game seen from the other side (transposed and negated).
func TestMatrixGameRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for it := 0; it < 500; it++ {
		nc := 2 + r.IntN(4)
		m := make([]float64, 2*nc)
		for i := range m {
			m[i] = float64(r.IntN(21)-10) / 4
		}
		// Column j pays p·m[j] + (1−p)·m[nc+j].
		env := func(p float64) float64 {
			v := math.Inf(1)
			for j := 0; j < nc; j++ {
				v = min(v, p*m[j]+(1-p)*m[nc+j])
			}
			return v
		}
		want := max(env(0), env(1))
		for j := 0; j < nc; j++ {
			for k := j + 1; k < nc; k++ {
				// p·a + (1−p)·b = p·c + (1−p)·d
				a, b, c, d := m[j], m[nc+j], m[k], m[nc+k]
				if den := (a - b) - (c - d); den != 0 {
					if p := (d - b) / den; p >= 0 && p <= 1 {
						want = max(want, env(p))
					}
				}
			}
		}
		if got := MatrixGameValue(m, 2, nc); math.Abs(got-want) > 1e-9 {
			t.Fatalf("2×%d %v: got %v, want %v", nc, m, got, want)
		}
		// Transposed and negated: the column player of the original game
		// maximises −payoff; its value is −want.
		tm := make([]float64, 2*nc)
		for i := 0; i < 2; i++ {
			for j := 0; j < nc; j++ {
				tm[j*2+i] = -m[i*nc+j]
			}
		}
		if got := MatrixGameValue(tm, nc, 2); math.Abs(got+want) > 1e-9 {
			t.Fatalf("%d×2 %v: got %v, want %v", nc, tm, got, -want)
		}
	}
}

// TestMatrixGameDenseAgainstGonum compares the value of random games up
// to 6×6 (the dense simplex, gonum's the fallback) with gonum's simplex
// on the same program, and checks the value against the row player's
// guarantee read off gonum's solution.
func TestMatrixGameDenseAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 4))
	for it := 0; it < 1000; it++ {
		nr, nc := 1+r.IntN(6), 1+r.IntN(6)
		m := make([]float64, nr*nc)
		for i := range m {
			m[i] = float64(r.IntN(41)-20) / float64(1+r.IntN(8))
		}
		lowest := math.Inf(1)
		for _, x := range m {
			lowest = min(lowest, x)
		}
		shift := 1 - lowest
		a := mat.NewDense(nc, nr+nc, nil)
		for j := 0; j < nc; j++ {
			for i := 0; i < nr; i++ {
				a.Set(j, i, m[i*nc+j]+shift)
			}
			a.Set(j, nr+j, -1)
		}
		c := make([]float64, nr+nc)
		for i := 0; i < nr; i++ {
			c[i] = 1
		}
		b := make([]float64, nc)
		for j := range b {
			b[j] = 1
		}
		opt, u, err := lp.Simplex(c, a, b, 1e-12, nil)
		if err != nil {
			t.Fatalf("%d×%d %v: gonum: %v", nr, nc, m, err)
		}
		want := 1/opt - shift
		// The row player's guarantee with gonum's mixed strategy.
		guarantee := math.Inf(1)
		for j := 0; j < nc; j++ {
			v := 0.0
			for i := 0; i < nr; i++ {
				v += u[i] / opt * m[i*nc+j]
			}
			guarantee = min(guarantee, v)
		}
		if math.Abs(guarantee-want) > 1e-9 {
			t.Fatalf("gonum's strategy guarantees %v, value %v", guarantee, want)
		}
		if got := MatrixGameValue(m, nr, nc); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
			t.Fatalf("%d×%d %v: %v, gonum %v", nr, nc, m, got, want)
		}
	}
}
