package main

import (
	"encoding/json"
	"reflect"
	"testing"
)

// blame --explain (docs/guide/explain.md): each agent's explanations are those
// of `onus check --explain` for the same operators, and the gallery's
// robots and backoff explanations are pinned.

func TestBlameExplainGolden(t *testing.T) {
	goldenRuns(t, []goldenRun{
		{"blame_explain_backoff", []string{"blame", "../../examples/backoff.prism", "--plan", "@../../examples/backoff.trace.txt",
			"--outcome", `X "collision"`, "--explain"}},
		{"blame_explain_backoff_json", []string{"blame", "../../examples/backoff.prism", "--plan", "@../../examples/backoff.trace.txt",
			"--outcome", `X "collision"`, "--explain", "--json"}},
		{"blame_explain_robots", []string{"blame", "../../examples/robots.prism", "--const", "N=4,cross=1",
			"--plan", "@../../examples/robots.trace.txt", "--outcome", `F<=2 "crash"`, "--explain"}},
	})
}

func TestBlameExplainEqualsCheck(t *testing.T) {
	cases := []struct {
		name      string
		args      []string // model, props and options shared by blame and check
		plan      string   // blame's --plan
		checkPlan []string // how check gets the plan
		ref       string   // the plan in check's operators
		outcome   string
	}{
		{"cpd", []string{"../../examples/cpd.prism"}, "[d1,d2]", []string{"--plan", "pi=[d1,d2]"}, "pi", `X "fine"`},
		{"cpd CCR", []string{"../../examples/cpd.prism"}, "[c1,c2]^2", []string{"--plan", "pi=[c1,c2]^2"}, "pi", `G<=2 !"payoff2"`},
		{"backoff trace", []string{"../../examples/backoff.prism"}, "@../../examples/backoff.trace.txt",
			[]string{"--plan", "pi=@../../examples/backoff.trace.txt"}, "pi", `X "collision"`},
		{"robots trace", []string{"../../examples/robots.prism", "--const", "N=4,cross=1"}, "@../../examples/robots.trace.txt",
			[]string{"--plan", "pi=@../../examples/robots.trace.txt"}, "pi", `F<=2 "crash"`},
		{"jammer props", []string{"../../examples/jammer.prism", "../../examples/jammer.props"}, "happened", nil, "happened", `G<=2 d=0`},
		{"cpd_n 3", []string{"../../examples/cpd_n.prism", "--const", "n=3"}, "[c1,c2,d3] [d1,c2,c3]",
			[]string{"--plan", "pi=[c1,c2,d3] [d1,c2,c3]"}, "pi", `(F<=2 "reward") | (G<=2 !"fine")`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, append(append([]string{"blame"}, c.args...), "--plan", c.plan, "--outcome", c.outcome, "--explain", "--json")...)
			if code != exitOK {
				t.Fatalf("blame: exit %d\n%s", code, errs)
			}
			var b struct {
				Agents []struct {
					Agent   string         `json:"agent"`
					Explain map[string]any `json:"explain"`
				} `json:"agents"`
			}
			if err := json.Unmarshal([]byte(out), &b); err != nil {
				t.Fatal(err)
			}
			if len(b.Agents) == 0 {
				t.Fatal("no agents")
			}
			for _, a := range b.Agents {
				if len(a.Explain) != 3 {
					t.Errorf("%s: explain has %d operators, want CAR, CPR, CCR", a.Agent, len(a.Explain))
				}
				for _, op := range []string{"CAR", "CPR", "CCR"} {
					q := op + "(" + a.Agent + ", " + c.ref + ") [ " + c.outcome + " ]"
					want := checkLast(t, append(append([]string{}, c.args...), append(c.checkPlan, "--explain")...), q).Explain
					if want == nil {
						t.Fatalf("%s: check gives no explanation", q)
					}
					if got := a.Explain[op]; !reflect.DeepEqual(got, want) {
						t.Errorf("%s:\nblame %v\ncheck %v", q, got, want)
					}
				}
			}
		})
	}
}
