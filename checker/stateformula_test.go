package checker

import (
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// Nested state formulas: responsibility operators and P~p inside outcomes
// and in boolean combinations at the top level, evaluated per state.
func TestNested(t *testing.T) {
	cprReward := xResp(prism.CPR, "p1", xPlan(xStep("c1", "c2")), prism.DegNone, xX(xLab("reward")))
	carReward := xResp(prism.CAR, "p1", xPlan(xStep("c1", "c2")), prism.DegNone, xX(xLab("reward")))
	half := func(rel prism.RelKind, b string) prism.Expr {
		return &prism.ProbOp{Kind: 'P', Rel: rel, Bound: &prism.DoubleLit{Value: 0.5, Text: b},
			Path: xX(xOr(xLab("fine"), xLab("payoff2")))}
	}
	bounded := xResp(prism.CAR, "p1", xPlan(xStep("d1", "c2")), prism.DegProb, xX(xOr(xLab("fine"), xLab("payoff2"))))
	bounded.Rel, bounded.Bound = prism.RelGe, &prism.DoubleLit{Value: 1, Text: "1"}
	cases := []struct {
		name  string
		q     prism.Expr
		count int64 // for #=? queries; -1: boolean query
		want  bool
	}{
		{"CPR in G", &prism.Metric{Kind: prism.MetricCount, Outcome: xGle(xNum(2), cprReward)}, 16, false},
		{"CAR in F", &prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(2), carReward)}, 0, false},
		{"P>=0.5 in G", &prism.Metric{Kind: prism.MetricCount, Outcome: xGle(xNum(1), half(prism.RelGe, "0.5"))}, 4, false},
		{"P>0.5 in F", &prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(1), half(prism.RelGt, "0.5"))}, 0, false},
		{"bounded degree in X", &prism.Metric{Kind: prism.MetricCount, Outcome: xX(bounded)}, 4, false},
		{"top-level and", xAnd(cprReward, xNot(carReward)), -1, true},
		{"top-level or", xOr(carReward, xLab("reward")), -1, false},
		{"top-level label", xLab("fine"), -1, true},
		{"top-level P bound", half(prism.RelLt, "0.5"), -1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := cpdChecker(t, Config{}, 1)
			r, err := c.Check(tc.q)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if tc.count >= 0 {
				if r.Kind != KindCount || r.Count.Int64() != tc.count {
					t.Errorf("%s: got %v %v, want count %d", tc.name, r.Kind, r.Count, tc.count)
				}
				return
			}
			if r.Kind != KindBool || r.Bool != tc.want {
				t.Errorf("%s: got %v %v, want %v", tc.name, r.Kind, r.Bool, tc.want)
			}
		})
	}
}

// A nested operator whose plan cannot be carried out from a state is false
// there; at the top level it is an error.
func TestNestedPlanNotExecutable(t *testing.T) {
	g := smgGame()
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	// [b] is available only in state 0 (p1's choice to 2).
	car := xResp(prism.CAR, "p1", xPlan(xStep("b")), prism.DegNone, xX(xLab("two")))
	r, err := c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(1), car)})
	if err != nil {
		t.Fatal(err)
	}
	// CAR holds at state 0 only, the initial state: every history of length 1 satisfies F<=1.
	if r.Count.Int64() != 2 {
		t.Errorf("count %v, want 2", r.Count)
	}
	r, err = c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xX(car)})
	if err != nil || r.Count.Int64() != 0 {
		t.Errorf("X CAR: %v %v, want 0", r, err)
	}
	g.Initial = []int32{1}
	if _, err := c.Check(car); err == nil || !strings.Contains(err.Error(), "cannot be carried out") {
		t.Errorf("top level: %v", err)
	}
}
