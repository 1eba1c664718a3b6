package checker_test

import (
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
)

// Under --exact the recurrence values of a dtmc with rational
// probabilities are the oracle's rationals exactly
// (recurrence_random_test.go).
func TestRandomProbRecurrenceExact(t *testing.T) {
	const cases = 1000
	fractional := 0
	for seed := uint64(1); seed <= cases; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x65786163))
		g, m := genDTMC(r)
		for s := range g.NumStates {
			lo, _ := g.Choices(s)
			tlo, thi := g.Transitions(lo)
			for k := tlo; k < thi; k++ {
				g.ProbExact = append(g.ProbExact, m[s][g.Target[k]])
			}
		}
		ck, err := checker.New(prism.NewFileSet(), g, fakeEnv{g: g, exact: true}, checker.Config{Exact: true})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		all := make([]int, g.NumStates)
		for s := range all {
			all[s] = s
		}
		psi := genRecur(r, 1+r.IntN(3), labAtoms())
		want, err := recurOracle(labelAtom(g), m, psi)
		if err != nil {
			t.Fatalf("seed %d: oracle: %v", seed, err)
		}
		_, got, err := checker.InfProbExact(ck, psi, all)
		if err != nil || got == nil {
			t.Fatalf("seed %d: %s: %v, %v", seed, naive.FormatExpr(psi), got, err)
		}
		for s := range all {
			if !got[s].IsInt() {
				fractional++
			}
			if got[s].Cmp(want[s]) != 0 {
				t.Errorf("seed %d: %s from %d: got %s, want %s\n%s", seed, naive.FormatExpr(psi), s,
					got[s].RatString(), want[s].RatString(), naive.FormatGame(g))
			}
		}
	}
	t.Logf("%d values strictly between 0 and 1", fractional)
	if fractional < cases/4 {
		t.Errorf("only %d values strictly between 0 and 1", fractional)
	}
}
