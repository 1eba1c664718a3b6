package equil

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRound12Fast checks the fast path of round12 against rounding
// through the decimal string, on values of every scale the stage games
// see, on ties, and on the edges of the fast path.
func TestRound12Fast(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := []float64{0, 1, -1, 0.5e-12, 1.5e-12, 2.5e-12, -2.5e-12, 1e-13, 4503.5, 4503.599627370496,
		0.1 + 0.2, 1.0 / 3, 2.0 / 3, 10.198851170832999, 32125.661988554773, math.Inf(1), math.Inf(-1),
		1e15, -1e15, 2e15, math.SmallestNonzeroFloat64, math.MaxFloat64}
	for i := 0; i < 50000; i++ {
		scale := math.Pow(10, float64(r.IntN(20)-12))
		v := (r.Float64()*2 - 1) * scale
		vals = append(vals, v)
		// A value whose 13th decimal is a 5, near a tie.
		k := float64(r.Int64N(1 << 40))
		vals = append(vals, (k+0.5)/1e12, -(k+0.5)/1e12, math.Nextafter((k+0.5)/1e12, 0))
	}
	for _, v := range vals {
		got, want := round12(v), round12Slow(v)
		if got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("round12(%v) = %v, want %v", v, got, want)
		}
	}
}
