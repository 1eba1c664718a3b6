package checker

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// The CPD check of SPEC §10.1: uniform β, plan [d1,d2], ψ = X "fine",
// T = 1. Each player alone could have avoided ψ, so a({p1}) = a({p2}) =
// a(Ag) = 1 and the avoidance shares are 1/2; v_P(∅) = 1/4, v_P({p1}) =
// 1/2, v_P(Ag) = 1, so φ(v_P) = 3/8. Uniform β makes v_C = v_P here.
func TestPowerCPD(t *testing.T) {
	plan := xPlan(xStep("d1", "d2"))
	psi := xX(xLab("fine"))
	cases := []struct {
		name               string
		kind               prism.RespKind
		agent              string
		count, prob, avoid string
	}{
		{"Shapley p1", prism.SHAPLEY, "p1", "3/8", "3/8", "1/2"},
		{"Shapley p2", prism.SHAPLEY, "p2", "3/8", "3/8", "1/2"},
		{"Banzhaf p1", prism.BANZHAF, "p1", "3/8", "3/8", "1/2"},
		{"Banzhaf p2", prism.BANZHAF, "p2", "3/8", "3/8", "1/2"},
	}
	for _, tc := range cases {
		for _, exact := range []bool{false, true} {
			t.Run(tc.name, func(t *testing.T) {
				c := cpdChecker(t, Config{Exact: exact}, 1)
				r, err := c.Check(xResp(tc.kind, tc.agent, plan, prism.DegAll, psi))
				if err != nil {
					t.Fatal(err)
				}
				if r.Kind != KindPower || r.Horizon != 1 {
					t.Fatalf("kind %v horizon %d", r.Kind, r.Horizon)
				}
				for i, m := range r.Measures() {
					want, _ := new(big.Rat).SetString([]string{tc.count, tc.prob, tc.avoid}[i])
					wf, _ := want.Float64()
					if !near(m.Value, wf) {
						t.Errorf("%s = %v, want %v", m.Name, m.Value, wf)
					}
					if exact && (m.Exact == nil || m.Exact.Cmp(want) != 0) {
						t.Errorf("%s exactly = %v, want %v", m.Name, m.Exact, want)
					}
				}
				for _, deg := range []prism.Degree{prism.DegCount, prism.DegProb} {
					r1, err := c.Check(xResp(tc.kind, tc.agent, plan, deg, psi))
					if err != nil {
						t.Fatal(err)
					}
					want := r.Power.Count
					if deg == prism.DegProb {
						want = r.Power.Prob
					}
					if r1.Kind != KindNumber || r1.Number != want {
						t.Errorf("degree %v: %v %v, want %v", deg, r1.Kind, r1.Number, want)
					}
				}
			})
		}
	}
}

// TestPowerCoalitionsCPD checks v_C, v_P and a of every coalition for the
// §10.1 example, and that the avoidance shares sum to a(Ag) − a(∅) = 1.
func TestPowerCoalitionsCPD(t *testing.T) {
	c := cpdChecker(t, Config{}, 1)
	x := xResp(prism.SHAPLEY, "p1", xPlan(xStep("d1", "d2")), prism.DegAll, xX(xLab("fine")))
	q, err := c.prepareResp(x, int(c.g.Initial[0]), true, false)
	if err != nil {
		t.Fatal(err)
	}
	v := q.Values()
	want := []struct {
		prob   float64
		avoid  bool
		forces bool
	}{{0.25, false, false}, {0.5, true, false}, {0.5, true, false}, {1, true, true}}
	for j, w := range want {
		got := v.Coalitions[j]
		if !near(got.Prob, w.prob) || !near(got.Count, w.prob) || got.Avoid != w.avoid || got.Forces != w.forces {
			t.Errorf("J=%b: %+v, want %+v", j, got, w)
		}
	}
	sum := 0.0
	for i := 0; i < 2; i++ {
		sum += v.Shapley(i, false).Avoid
	}
	if !near(sum, 1) {
		t.Errorf("Σ φ_i(a) = %v, want 1", sum)
	}
}

// TestPowerPlayerLimit: beyond 20 players the coalitions are a resource
// limit (a csg of 21 players, each with one action).
func TestPowerPlayerLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("csg\n")
	for i := 1; i <= 21; i++ {
		fmt.Fprintf(&b, "player p%d m%d endplayer\n", i, i)
	}
	for i := 1; i <= 21; i++ {
		fmt.Fprintf(&b, "module m%d\n x%d : bool init false;\n [a%d] true -> (x%d'=true);\nendmodule\n", i, i, i, i)
	}
	fset, m, pf, err := buildForTest(t, b.String(), `SHAPLEY(p1, [a1])P=? [ X x1 ];`, false)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(fset, m.Game, m, Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Check(pf.Properties[0].Expr)
	if _, ok := err.(*LimitError); !ok {
		t.Fatalf("got %v, want a resource limit", err)
	}
}
