package solve_test

import (
	"testing"

	"github.com/onus-mc/onus/checker/solve"
)

// BenchmarkModularGrid: the exact solve of a 30×30 grid walk (898
// states), which fills in and so runs modulo primes with rational
// reconstruction (solve/modular.go).
func BenchmarkModularGrid(b *testing.B) {
	g, all, target := gridChain(30)
	prob := ratProbs(g)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := solve.ExactUntil(solve.GameArena(g), prob, all, target); err != nil {
			b.Fatal(err)
		}
	}
}
