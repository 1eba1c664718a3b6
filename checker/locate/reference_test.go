package locate

import (
	"math/big"
	"testing"
)

// The reference values of SPEC §12.6: s1 → s2 or s3; s2, s3 → s4 or s5;
// s5 is bad; P>=1 [G !"bad"]; the counterexample is s1 s2 s5.
func TestReferenceValues(t *testing.T) {
	g := graph([][]int32{{1, 2}, {3, 4}, {3, 4}, {3}, {4}})
	safe := not(5, 4)
	obj := Objective{Kind: Safe, Target: safe}
	rho := []int32{0, 1, 4}
	type want struct{ shapley, banzhaf, count string }
	cases := []struct {
		name  string
		mode  Mode
		keep  []bool
		wants map[string]want
	}{
		{"forward", Forward, Relevant(g, 0, obj), map[string]want{
			"(s=0)": {"1/3", "1/2", "2"}, "(s=1)": {"1/3", "1/2", "2"}, "(s=2)": {"1/3", "1/2", "2"}}},
		{"pessimistic", Pessimistic, Significant(g, safe), map[string]want{
			"(s=0)": {"1/6", "1/4", "1"}, "(s=1)": {"2/3", "3/4", "3"}, "(s=2)": {"1/6", "1/4", "1"}}},
		{"optimistic", Optimistic, set(5, 0, 1, 4), map[string]want{
			"(s=0)": {"1/2", "1/2", "2"}, "(s=1)": {"1/2", "1/2", "2"}, "(s=4)": {"0", "0", "0"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gm := &Game{G: g, Obj: obj, Mode: c.mode, Groups: Individual(g, c.keep)}
			if c.mode != Forward {
				gm.Path = rho
			}
			res, err := Run(gm, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Values) != len(c.wants) {
				t.Fatalf("%d groups, want %d", len(res.Values), len(c.wants))
			}
			for _, v := range res.Values {
				w, ok := c.wants[v.Name]
				if !ok {
					t.Fatalf("unexpected group %s", v.Name)
				}
				check := func(what string, got *big.Rat, want string) {
					r, _ := new(big.Rat).SetString(want)
					if got == nil || got.Cmp(r) != 0 {
						t.Errorf("%s %s = %v, want %s", v.Name, what, got, want)
					}
				}
				check("shapley", v.ShapleyExact, w.shapley)
				check("banzhaf", v.BanzhafExact, w.banzhaf)
				check("count", new(big.Rat).SetInt(v.Count), w.count)
			}
		})
	}
}
