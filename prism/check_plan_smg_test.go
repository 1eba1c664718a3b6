package prism

import (
	"strings"
	"testing"
)

// In a turn-based game only the state's owner acts, so an smg plan step
// names one action (SPEC §2): labels, unowned labels and #k alike.
func TestSMGPlanStepOneAction(t *testing.T) {
	const oneAction = "error: an smg plan step names one action: only the state's owner acts"
	stpg := strings.Replace(smgBase, "smg", "stpg", 1)
	mdp := "mdp\nmodule m\nx : [0..1];\n[a] x=0 -> (x'=1);\n[b] x=0 -> true;\nendmodule\n"
	cases := []struct {
		name, model, props string
		want               []string
	}{
		{"one action per step", smgBase, "plan p = [go] [#1] [stop] [*] [#0]^2;\n", nil},
		{"two labels of different players", smgBase, "plan p = [go, stop];\n", []string{"1:15: " + oneAction}},
		{"two indices", smgBase, "plan p = [#0,#1];\n", []string{"1:14: " + oneAction}},
		{"label and index", smgBase, "plan p = [go,#0];\n", []string{"1:14: " + oneAction}},
		{"unowned label and index", smgBase, "plan p = [*] [stop,#0];\n", []string{"1:20: " + oneAction}},
		{"reported once per step, at the second name", smgBase, "plan p = [#0,#1,go] [#2,#3];\n",
			[]string{"1:14: " + oneAction, "1:25: " + oneAction}},
		{"inline plan", smgBase, "CAR(p1, [go,#1]) [ F x=2 ]\n", []string{"1:13: " + oneAction}},
		{"unknown name is the only error", smgBase, "plan p = [go, nope];\n",
			[]string{`1:15: error: "nope" is not an action of any player`}},
		{"stpg", stpg, "plan p = [#0,#1];\n", []string{"1:14: " + oneAction}},
		// mdp and csg keep the per-player rule.
		{"mdp", mdp, "plan p = [a,b];\n", []string{`1:13: error: two actions of player "1" in one step: "a" and "b"`}},
		{"csg two players", csgBase, "plan p = [a1,b2];\n", nil},
	}
	for _, tc := range cases {
		fset := NewFileSet()
		m, err := ParseModel(fset, "m.prism", tc.model)
		if err != nil {
			t.Fatalf("%s: parse model: %v", tc.name, err)
		}
		if err := CheckModel(fset, m); err != nil {
			t.Fatalf("%s: model: %v", tc.name, err)
		}
		p, err := ParseProps(fset, "p.props", tc.props)
		if err != nil {
			t.Fatalf("%s: parse props: %v", tc.name, err)
		}
		sameErrors(t, tc.name, CheckProps(fset, m, p), tc.want)
	}
	// The same rule for --plan.
	fset := NewFileSet()
	m, err := ParseModel(fset, "m.prism", smgBase)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParsePlan(fset, "plan", "pi=[#0,stop]")
	if err != nil {
		t.Fatal(err)
	}
	got := stripFile(CheckPlan(fset, m, d))
	if len(got) != 1 || got[0] != "plan:1:8: "+oneAction {
		t.Errorf("--plan: got %q", got)
	}
}
