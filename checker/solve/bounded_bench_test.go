package solve_test

import (
	"testing"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// walkGame is a random walk on 0..n−1 (½ up, ½ down, reflecting at 0, the
// top state resetting to 0 or staying), with a reward in the upper half:
// R[C<=k] for k ≪ n neither settles nor grows by one gain, so the
// bounded loop runs all k steps and its checks are pure overhead.
func walkGame(n int) (*translate.Game, *translate.Rewards) {
	cs := make([][]choice, n)
	for s := range cs {
		up, down := int32(min(s+1, n-1)), int32(max(s-1, 0))
		if s == n-1 {
			up, down = 0, int32(s)
		}
		cs[s] = []choice{merge(choice{To: []int32{up, down}, P: []float64{0.5, 0.5}})}
	}
	g := game(prism.TypeDTMC, cs, nil)
	rw := &translate.Rewards{State: make([]float64, n)}
	for s := n / 2; s < n; s++ {
		rw.State[s] = 1
	}
	return g, rw
}

// BenchmarkBoundedOverhead: R[C<=200] on a 200,000-state walk, the loop
// with its checks for a repeated vector or gain (early) and without
// (plain).
func BenchmarkBoundedOverhead(b *testing.B) {
	g, rw := walkGame(200_000)
	for _, early := range []bool{true, false} {
		name := "plain"
		if early {
			name = "early"
		}
		b.Run(name, func(b *testing.B) {
			solve.SetEarlyStop(early)
			defer solve.SetEarlyStop(true)
			for b.Loop() {
				solve.StepRewards(g, solve.Query{}, rw, true, 200)
			}
		})
	}
}
