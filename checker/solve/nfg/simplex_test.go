package nfg

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/solve/internal/dense"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// TestSimplexAgainstGonum solves the correlated-equilibrium LPs of random
// games (small integer payoffs, so with many ties and degenerate
// vertices) with the tableau simplex and with gonum's, and compares the
// optima; it also checks the incentive constraints of the profile
// Correlated returns and that it attains the optimum.
func TestSimplexAgainstGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		m, n := 2+rng.IntN(3), 2+rng.IntN(3)
		g := NewBimatrix(m, n)
		for k := range g.A {
			g.A[k], g.B[k] = float64(rng.IntN(5)-2), float64(rng.IntN(5)-2)
		}
		for _, c := range []Criterion{Social, Fair} {
			l := g.correlatedLP(c)
			A, rows, cols, b, cost, _ := l.standard(l.objectives[0])
			mine, _, err := dense.Simplex(A, rows, cols, b, cost)
			if err != nil {
				t.Fatalf("trial %d %v: %v", trial, c, err)
			}
			theirs, _, err := lp.Simplex(cost, mat.NewDense(rows, cols, A), b, 1e-10, nil)
			if err != nil {
				t.Fatalf("trial %d %v: gonum: %v", trial, c, err)
			}
			if math.Abs(mine-theirs) > 1e-9 {
				t.Errorf("trial %d %v: optimum %v, gonum %v (A=%v B=%v)", trial, c, mine, theirs, g.A, g.B)
			}
			p, err := Correlated(g, c)
			if err != nil {
				t.Fatal(err)
			}
			checkCorrelated(t, g, p)
		}
	}
}

// checkCorrelated verifies the textbook incentive constraints of p.
func checkCorrelated(t *testing.T, g *Bimatrix, p Profile) {
	t.Helper()
	rowPay := func(own, other int) (float64, float64) { return g.A[own*g.Cols+other], p.Joint[own*g.Cols+other] }
	colPay := func(own, other int) (float64, float64) { return g.B[other*g.Cols+own], p.Joint[other*g.Cols+own] }
	for who, side := range []struct {
		n, m int
		pay  func(own, other int) (payoff, prob float64)
	}{{g.Rows, g.Cols, rowPay}, {g.Cols, g.Rows, colPay}} {
		for q := 0; q < side.n; q++ {
			for r := 0; r < side.n; r++ {
				d := 0.0
				for j := 0; j < side.m; j++ {
					u, pq := side.pay(q, j)
					ur, _ := side.pay(r, j)
					d += pq * (u - ur)
				}
				if d < -1e-9 {
					t.Errorf("player %d gains %v by playing %d for %d: %+v", who+1, -d, r, q, p)
				}
			}
		}
	}
}
