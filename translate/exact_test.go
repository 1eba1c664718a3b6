package translate

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
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
			checkExactRewards(t, g)
			checkExactRewards(t, PrismOrder(g))
		})
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// checkExactRewards: every reward structure of g has its exact values,
// aligned with the floats and agreeing with them (relative 1e-12).
func checkExactRewards(t *testing.T, g *Game) {
	t.Helper()
	for _, rw := range g.Rewards {
		for _, v := range []struct {
			fl []float64
			ex []*big.Rat
		}{{rw.State, rw.StateExact}, {rw.Trans, rw.TransExact}} {
			if v.fl != nil && (v.ex == nil && g.Type != prism.TypeDTMC || v.ex != nil && len(v.ex) != len(v.fl)) {
				t.Fatalf("rewards %q: %d exact values for %d", rw.Name, len(v.ex), len(v.fl))
			}
			for i, r := range v.ex {
				x, _ := r.Float64()
				if !close12(x, v.fl[i]) && abs(x-v.fl[i]) > 1e-15 {
					t.Fatalf("rewards %q entry %d: exact %s vs float %v", rw.Name, i, r.RatString(), v.fl[i])
				}
			}
		}
	}
}

// The exact rewards are the values as written: decimal literals their
// decimal fractions, a dtmc choice merged from k commands weighing each
// command's transition reward 1/k.
func TestExactRewardValues(t *testing.T) {
	src := `dtmc
const double c = 0.1;
module m
	s : [0..2] init 0;
	[a] s=0 -> (s'=1);
	[b] s=0 -> 1/3:(s'=2) + 2/3:(s'=0);
	[] s>0 -> true;
endmodule
rewards "r"
	s=0 : c;
	s=1 : 1/3;
	s=2 : 2*c + 0.3;
	[a] true : 0.7;
	[b] true : 1/10;
endrewards
`
	m, err := buildSrc(t, "m.prism", src, "", true)
	if err != nil {
		t.Fatal(err)
	}
	rw := m.Game.Rewards[0]
	got := []string{}
	for _, r := range rw.StateExact {
		got = append(got, r.RatString())
	}
	for _, r := range rw.TransExact {
		got = append(got, r.RatString())
	}
	want := "1/10 1/3 1/2 2/5 0 0"
	if strings.Join(got, " ") != want {
		t.Fatalf("exact rewards %q, want %q", strings.Join(got, " "), want)
	}
	checkExactRewards(t, m.Game)
	m, err = buildSrc(t, "m.prism", src, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if rw := m.Game.Rewards[0]; rw.StateExact != nil || rw.TransExact != nil {
		t.Fatal("exact rewards without Config.Exact")
	}
}
