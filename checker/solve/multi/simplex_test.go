package multi

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// TestSimplexAgainstGonum compares the tableau simplex with gonum's on
// random programmes Ax = b, x ≥ 0, feasible by construction (b = A·x0 for
// some x0 ≥ 0), bounded or not, and on infeasible ones.
func TestSimplexAgainstGonum(t *testing.T) {
	compared := map[string]int{}
	for seed := uint64(1); seed <= 500; seed++ {
		r := rand.New(rand.NewPCG(seed, 9))
		m, n := 2+r.IntN(5), 0
		n = m + 1 + r.IntN(6)
		a := make([]float64, m*n)
		for k := range a {
			a[k] = float64(r.IntN(7) - 3)
		}
		x0 := make([]float64, n)
		for j := range x0 {
			x0[j] = float64(r.IntN(3))
		}
		b := make([]float64, m)
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				b[i] += a[i*n+j] * x0[j]
			}
			if seed%10 == 0 && i == 0 {
				b[i] += 0.5 // feasible or not: the two must agree
			}
			if b[i] < 0 {
				b[i] = -b[i]
				for j := 0; j < n; j++ {
					a[i*n+j] = -a[i*n+j]
				}
			}
		}
		c := make([]float64, n)
		for j := range c {
			c[j] = float64(r.IntN(5) - 1)
		}
		got, _, err := simplex(c, a, m, n, b)
		want, _, gerr := lp.Simplex(c, mat.NewDense(m, n, append([]float64(nil), a...)), b, 1e-10, nil)
		switch {
		case errors.Is(gerr, lp.ErrSingular), errors.Is(gerr, lp.ErrZeroColumn), errors.Is(gerr, lp.ErrZeroRow):
			continue // gonum needs full rank and no zero column; no reference
		case errors.Is(gerr, lp.ErrInfeasible):
			if !errors.Is(err, errInfeasible) {
				t.Fatalf("seed %d: gonum infeasible, tableau %v, %v", seed, got, err)
			}
			compared["infeasible"]++
		case errors.Is(gerr, lp.ErrUnbounded):
			if !errors.Is(err, errUnbounded) {
				t.Fatalf("seed %d: gonum unbounded, tableau %v, %v", seed, got, err)
			}
			compared["unbounded"]++
		case gerr != nil:
			continue
		default:
			if err != nil || math.Abs(got-want) > 1e-7*math.Max(1, math.Abs(want)) {
				t.Fatalf("seed %d: tableau %v, %v; gonum %v", seed, got, err, want)
			}
			compared["optimal"]++
		}
	}
	if compared["optimal"] < 200 || compared["unbounded"] == 0 || compared["infeasible"] == 0 {
		t.Errorf("too few programmes compared: %v", compared)
	}
}
