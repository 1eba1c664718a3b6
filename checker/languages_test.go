package checker

import (
	"testing"

	"github.com/onus-mc/onus/prism"
)

func TestLanguages(t *testing.T) {
	c := cpdChecker(t, Config{Exact: true}, 3)
	ls, err := c.Languages(xResp(prism.CCR, "p1", alternating(3), prism.DegAll, xGle(xName("t"), xOr(xLab("fine"), xLab("reward")))))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name  string
		count int64
		prob  float64
		neg   bool
	}{
		{"L_psi", 8, 1.0 / 8, false},
		{"L_plus_J_p1", 1, 1.0 / 64, false},
		{"L_minus_J_p1", 56, 56.0 / 64, true},
		{"L_plus_J_p1_p2", 1, 1.0 / 64, false},
		{"L_minus_J_p1_p2", 7, 7.0 / 64, true},
	}
	if len(ls) != len(want) {
		t.Fatalf("got %d languages", len(ls))
	}
	for i, w := range want {
		l := ls[i]
		if l.Name != w.name || l.Count.Int64() != w.count || !near(l.Prob, w.prob) || l.Negated != w.neg || l.Horizon != 3 || l.ProbExact == nil {
			t.Errorf("language %d: got %s %v %v neg=%v T=%d, want %+v", i, l.Name, l.Count, l.Prob, l.Negated, l.Horizon, w)
		}
	}
	// J = {p1,p2} at step 0 ([c1,c2]): in state 0 only choice 0 (c1,c2).
	full := ls[3]
	for ch := 0; ch < 4; ch++ {
		if got := full.Allowed(0, ch); got != (ch == 0) {
			t.Errorf("Allowed(0, %d) = %v", ch, got)
		}
	}
	// Step 1 is [d1,d2]: choice 3 of state 1 (global 7); beyond the plan all are allowed.
	if !full.Allowed(1, 7) || full.Allowed(1, 4) || !full.Allowed(3, 5) {
		t.Error("Allowed at steps 1 and 3")
	}
	// J = {p1}: only p1's action is filtered: c1 choices 0 and 1.
	if p1 := ls[1]; !p1.Allowed(0, 1) || p1.Allowed(0, 2) {
		t.Error("Allowed for J={p1}")
	}
	ls, err = c.Languages(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(2), xLab("reward"))})
	if err != nil || len(ls) != 1 || ls[0].Count.Int64() != 16-9 || ls[0].Horizon != 2 {
		t.Fatalf("metric languages: %v %v", ls, err)
	}
	if _, err := c.Languages(&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: xLab("fine")}); err == nil {
		t.Error("Hinf has no language")
	}
}
