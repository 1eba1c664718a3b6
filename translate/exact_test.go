package translate

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExactCorpus builds every corpus model in exact mode and checks that
// each choice's exact probabilities sum to exactly 1 and agree with the
// floating-point ones (relative 1e-12).
func TestExactCorpus(t *testing.T) {
	needCorpus(t)
	data, err := os.ReadFile(filepath.Join(corpusDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	one := big.NewRat(1, 1)
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		if strings.HasPrefix(f[6], "error") || strings.Contains(f[0], "jamming") {
			continue
		}
		t.Run(f[0], func(t *testing.T) {
			m, err := buildFile(t, filepath.Join(corpusDir, f[0]), f[1], true)
			if err != nil {
				t.Fatal(err)
			}
			g := m.Game
			if len(g.ProbExact) != len(g.Prob) {
				t.Fatalf("%d exact probabilities for %d transitions", len(g.ProbExact), len(g.Prob))
			}
			for c := 0; c < g.NumChoices(); c++ {
				lo, hi := g.Transitions(c)
				sum := new(big.Rat)
				for i := lo; i < hi; i++ {
					sum.Add(sum, g.ProbExact[i])
					x, _ := g.ProbExact[i].Float64()
					if !close12(x, g.Prob[i]) && abs(x-g.Prob[i]) > 1e-15 {
						t.Fatalf("choice %d: exact %s vs float %v", c, g.ProbExact[i].RatString(), g.Prob[i])
					}
				}
				if sum.Cmp(one) != 0 {
					t.Fatalf("choice %d: exact probabilities sum to %s", c, sum.RatString())
				}
			}
		})
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
