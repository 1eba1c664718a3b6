package checker

import (
	"fmt"
	"os"
	"testing"
)

// TestLongBoundAgainstPasses: P of one step-bounded operator on the chain
// β induces (the route of bounds too long for a pass) equals P over the
// histories of length k, for every bound up to 12, on a dtmc, an smg and
// a csg with behaviours, and for every operator.
func TestLongBoundAgainstPasses(t *testing.T) {
	cpd, err := os.ReadFile("../examples/cpd.prism")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, model, extra string
		paths              []string
	}{
		{"ruin smg", ruinSMG, "", []string{"F<=%d x=3", "G<=%d x>0", "x<3 U<=%d x=0", "x=1 W<%d x=2", "x=2 R<=%d x>0"}},
		{"cpd csg", string(cpd), qBehaviourProps, []string{`F<=%d "reward"`, `G<=%d !"fine"`, `!"payoff1" U<=%d "reward"`, `"fine" W<=%d "payoff2"`}},
		{"weather dtmc", weatherDTMC, "", []string{`F<=%d w=2`, `G<%d w<2`, `w=0 U<=%d w=1`}},
	}
	defer func(v int64) { longBoundFrom = v }(longBoundFrom)
	for _, c := range cases {
		for _, path := range c.paths {
			for k := 0; k <= 12; k++ {
				props := c.extra + "P=? [ " + fmt.Sprintf(path, k) + " ]"
				t.Run(fmt.Sprintf("%s/%s", c.name, props[len(c.extra):]), func(t *testing.T) {
					longBoundFrom = DefaultMaxProduct
					pass, err := checkProps(t, c.model, props, Config{})
					if err != nil {
						t.Fatal(err)
					}
					longBoundFrom = -1
					chain, err := checkProps(t, c.model, props, Config{})
					if err != nil {
						t.Fatal(err)
					}
					if !relNear(pass.Number, chain.Number, 1e-12) || pass.Horizon != chain.Horizon {
						t.Errorf("over histories %v (T=%d), on the chain %v (T=%d)", pass.Number, pass.Horizon, chain.Number, chain.Horizon)
					}
				})
			}
		}
	}
}
