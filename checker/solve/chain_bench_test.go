package solve_test

import (
	"testing"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// gridChain is a random walk on an m×m grid (a step to each neighbour
// with 1/4, a wall keeping the walker in place) absorbed in two corners;
// the target is the far corner. One strongly connected block: the hard
// case of elimination.
func gridChain(m int) (*translate.Game, []bool, []bool) {
	n := m * m
	id := func(x, y int) int32 { return int32(x*m + y) }
	cs := make([][]choice, n)
	target := make([]bool, n)
	all := make([]bool, n)
	for x := 0; x < m; x++ {
		for y := 0; y < m; y++ {
			s := id(x, y)
			all[s] = true
			if x == m-1 && (y == 0 || y == m-1) {
				cs[s] = []choice{to1(s)}
				target[s] = y == m-1
				continue
			}
			var ch choice
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := min(max(x+d[0], 0), m-1), min(max(y+d[1], 0), m-1)
				ch.To = append(ch.To, id(nx, ny))
				ch.P = append(ch.P, 0.25)
			}
			cs[s] = []choice{merge(ch)}
		}
	}
	return game(prism.TypeDTMC, cs, nil), all, target
}

// BenchmarkExactUntilGrid: the exact solve of a 20×20 grid (398 states
// to solve over the rationals).
func BenchmarkExactUntilGrid(b *testing.B) {
	g, all, target := gridChain(20)
	prob := ratProbs(g)
	for b.Loop() {
		if _, err := solve.ExactUntil(solve.GameArena(g), prob, all, target); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChainUntilGrid: the float elimination of a 100×100 grid,
// where value iteration does not converge within its 100,000 rounds.
func BenchmarkChainUntilGrid(b *testing.B) {
	g, all, target := gridChain(100)
	for b.Loop() {
		if _, err := solve.ChainUntil(solve.GameArena(g), all, target); err != nil {
			b.Fatal(err)
		}
	}
}
