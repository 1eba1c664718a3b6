package checker

import (
	"slices"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// TestExplainResp pins the explanations of SPEC §8's qualitative rows
// through the API blame calls (ExplainResp): witness plans, coalitions and
// counterexample histories.
func TestExplainResp(t *testing.T) {
	fineOrP2 := xOr(xLab("fine"), xLab("payoff2"))
	cases := []struct {
		name      string
		kind      prism.RespKind
		plan      *prism.Plan
		outcome   prism.Expr
		from      int
		holds     bool
		wantPlan  string
		coalition []string
		history   []string // the joint actions of the counterexample
		settled   int
		reason    string // a part of the reason
	}{
		{"CAR ex2", prism.CAR, xPlan(xStep("d1", "d2")), xX(fineOrP2), 0, true, "[c1,c2]", nil, nil, 0, "executable full plan [c1,c2]"},
		{"CPR ex3", prism.CPR, xPlan(xStep("c1", "c2")), xX(xLab("reward")), 0, true, "[d1,c2]", nil, nil, 0, "p1's deviation"},
		{"CCR ex4 default", prism.CCR, xPlan(xStep("c1", "d2"), xStep("d1", "d2")), xFle(xNum(2), xLab("fine")), 0, false, "", nil, nil, 0, "ψ already holds at the initial state"},
		{"CCR ex4 from 1", prism.CCR, xPlan(xStep("c1", "d2"), xStep("d1", "d2")), xFle(xNum(2), xLab("fine")), 1, true, "[c1,d2]^2", []string{"p1", "p2"}, nil, 0, "J = {p1,p2}"},
		// X "payoff2" fails once the state after the first step is read.
		{"CAR counterexample", prism.CAR, xPlan(xStep("c1", "c2")), xX(xLab("payoff2")), 0, false, "", nil, []string{"[c1,c2]"}, 1, "violates ψ"},
		{"CPR counterexample", prism.CPR, xPlan(xStep("d1", "c2")), xX(xLab("reward")), 0, false, "", nil, []string{"[d1,c2]"}, 1, "π itself"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := cpdChecker(t, Config{OutcomeFrom: tc.from}, 1)
			holds, ex, err := c.ExplainResp(xResp(tc.kind, "p1", tc.plan, prism.DegNone, tc.outcome))
			if err != nil {
				t.Fatal(err)
			}
			if holds != tc.holds || ex.Plan != tc.wantPlan || !slices.Equal(ex.Coalition, tc.coalition) {
				t.Fatalf("got %v, plan %q, coalition %v; want %v, %q, %v", holds, ex.Plan, ex.Coalition, tc.holds, tc.wantPlan, tc.coalition)
			}
			var acts []string
			for _, h := range ex.History {
				if h.Action != "" {
					acts = append(acts, h.Action)
				}
			}
			if !slices.Equal(acts, tc.history) || (tc.history != nil && ex.Settled != tc.settled) {
				t.Fatalf("history %v settled at %d, want %v at %d", acts, ex.Settled, tc.history, tc.settled)
			}
			if !strings.Contains(ex.Reason, tc.reason) {
				t.Fatalf("reason %q lacks %q", ex.Reason, tc.reason)
			}
			// Check with Config.Explain gives the same.
			c = cpdChecker(t, Config{OutcomeFrom: tc.from, Explain: true}, 1)
			r, err := c.Check(xResp(tc.kind, "p1", tc.plan, prism.DegNone, tc.outcome))
			if err != nil {
				t.Fatal(err)
			}
			if r.Bool != holds || r.Explain == nil || r.Explain.Plan != ex.Plan || r.Explain.Reason != ex.Reason {
				t.Fatalf("Check gave %v %+v", r.Bool, r.Explain)
			}
		})
	}
}
