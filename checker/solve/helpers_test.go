package solve_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/solve/internal/chaintest"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The test games: choices, builders and merging of repeated successors
// come from chaintest.
type choice = chaintest.Choice

var (
	to1   = chaintest.To1
	game  = chaintest.Game
	merge = chaintest.Merge
)

// randomGame returns a random game of n states with up to maxCh choices
// per state (1 for a dtmc) of one to three successors, and a reward
// structure with some zero and some positive state and choice rewards.
func randomGame(r *rand.Rand, typ prism.ModelType, n, maxCh int) (*translate.Game, *translate.Rewards) {
	cs := make([][]choice, n)
	for s := range cs {
		k := 1
		if typ != prism.TypeDTMC {
			k = 1 + r.IntN(maxCh)
		}
		for range k {
			m := 1 + r.IntN(3)
			var ch choice
			left := 1.0
			for j := 0; j < m; j++ {
				t := int32(r.IntN(n))
				p := left
				if j < m-1 {
					p = left * float64(1+r.IntN(3)) / 4
				}
				left -= p
				ch.To = append(ch.To, t)
				ch.P = append(ch.P, p)
			}
			cs[s] = append(cs[s], merge(ch))
		}
	}
	var owner []int32
	if typ == prism.TypeSMG {
		owner = make([]int32, n)
		for s := range owner {
			owner[s] = int32(r.IntN(2))
		}
	}
	g := game(typ, cs, owner)
	rw := &translate.Rewards{State: make([]float64, n), Trans: make([]float64, g.NumChoices())}
	for s := range rw.State {
		if r.IntN(3) == 0 {
			rw.State[s] = float64(1 + r.IntN(3))
		}
	}
	for c := range rw.Trans {
		if r.IntN(3) == 0 {
			rw.Trans[c] = float64(1 + r.IntN(3))
		}
	}
	return g, rw
}

// near reports whether a and b agree within rel relative (and equal
// infinities).
func near(a, b, rel float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= rel*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// checkValues checks the values of the first len(want) states against
// want (relative 1e-6).
func checkValues(t *testing.T, got []float64, err error, want []float64) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	for s := range want {
		if !near(got[s], want[s], 1e-6) {
			t.Errorf("state %d: got %v, want %v (all: %v)", s, got[s], want[s], got)
		}
	}
}
