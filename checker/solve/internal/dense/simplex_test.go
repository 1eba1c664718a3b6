package dense

import (
	"errors"
	"math"
	"testing"
)

// TestSimplex solves small programs with known optima, and the infeasible
// and unbounded ones.
func TestSimplex(t *testing.T) {
	cases := []struct {
		name string
		A    []float64
		m, n int
		b, c []float64
		opt  float64
		err  error
	}{
		// min −x−y s.t. x+s1 = 1, y+s2 = 2: x=1, y=2.
		{"box", []float64{1, 0, 1, 0, 0, 1, 0, 1}, 2, 4, []float64{1, 2}, []float64{-1, -1, 0, 0}, -3, nil},
		// min x+y s.t. x+y−s = 1: 1 (degenerate: any split).
		{"degenerate", []float64{1, 1, -1}, 1, 3, []float64{1}, []float64{1, 1, 0}, 1, nil},
		// min 2x+3y s.t. x+y = 1, x−y+s = 0.5: x ≤ 0.75, so x=0.75, y=0.25.
		{"two rows", []float64{1, 1, 0, 1, -1, 1}, 2, 3, []float64{1, 0.5}, []float64{2, 3, 0}, 2.25, nil},
		// a negative right-hand side: −x = −2.
		{"negative rhs", []float64{-1}, 1, 1, []float64{-2}, []float64{1}, 2, nil},
		{"infeasible", []float64{1, 1}, 1, 2, []float64{-1}, []float64{1, 1}, 0, ErrInfeasible},
		{"unbounded", []float64{1, -1}, 1, 2, []float64{1}, []float64{0, -1}, 0, ErrUnbounded},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			opt, x, err := Simplex(tc.A, tc.m, tc.n, tc.b, tc.c)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("error %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(opt-tc.opt) > 1e-12 {
				t.Errorf("optimum %v, want %v", opt, tc.opt)
			}
			if !Feasible(tc.A, tc.m, tc.n, tc.b, x) {
				t.Errorf("x = %v is not feasible", x)
			}
		})
	}
}
