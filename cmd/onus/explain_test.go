package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The output of --explain (docs/guide/explain.md): golden text and JSON on the CPD,
// and witnesses replayed through the CLI.

// explainCPD are the CPD queries whose explanations are pinned: the
// paper's examples 2–4 (true, true, false for lack of an avoiding plan)
// and a false verdict with a counterexample, a true CCR, a bound and
// <<A>> [ψ].
var explainCPD = []string{
	"check", "../../examples/cpd.prism", "--explain",
	"--pf", `CAR(p1, [d1,d2]) [ X ("fine"|"payoff2") ]`,
	"--pf", `CPR(p1, [c1,c2]) [ X "reward" ]`,
	"--pf", `CCR(p1, [c1,d2] [d1,d2]) [ F<=2 "fine" ]`,
	"--pf", `CAR(p1, [c1,c2] [c1,c2]) [ G<=2 "reward" ]`,
	"--pf", `CPR(p2, [c1,c2]) [ F<=3 "payoff1" ]`,
	"--pf", `CCR(p1, [c1,c2]^2) [ G<=2 !"payoff2" ]`,
	"--pf", `CPR(p1, [*] [c1,c2])P>=0.5 [ F<=2 "reward" ]`,
	"--pf", `<<p1>> [ F<=2 "payoff1" ]`,
}

func TestExplainGolden(t *testing.T) {
	goldenRuns(t, []goldenRun{
		{"explain_cpd", explainCPD},
		{"explain_cpd_json", append(append([]string(nil), explainCPD...), "--json")},
		{"explain_cpd_from1", []string{"check", "../../examples/cpd.prism", "../../examples/cpd_from1.props", "--outcome-from", "1", "--explain"}},
	})
}

// goldenRun is a CLI run that must exit 0 with the output of
// testdata/golden/NAME.txt.
type goldenRun struct {
	name string
	args []string
}

func goldenRuns(t *testing.T, runs []goldenRun) {
	for _, c := range runs {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, c.args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			checkGolden(t, c.name, timing.ReplaceAllString(out+errs, "${1}X"))
		})
	}
}

// explained is the part of a JSON result a replay reads.
type explained struct {
	Value   any `json:"value"`
	Explain struct {
		Plan      string   `json:"plan"`
		Coalition []string `json:"coalition"`
		History   []struct {
			Action string `json:"action"`
		} `json:"history"`
		Reason string `json:"reason"`
	} `json:"explain"`
}

// explainOne checks one property with --explain --json.
func explainOne(t *testing.T, model string, flags []string, prop string) explained {
	t.Helper()
	args := append([]string{"check", model, "--explain", "--json", "--pf", prop}, flags...)
	code, out, errs := onus(t, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
	}
	var doc struct{ Results []explained }
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Results) != 1 {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return doc.Results[0]
}

// TestExplainReplay replays every witness through the CLI. A witness plan
// w of a true verdict must have every history violating ψ: checking
// CPR(i, w) [!(ψ)] cannot then fail for a history of w itself — it is true,
// or false with no counterexample (no plan avoids !(ψ)). A counterexample
// history of the (deterministic) CPD, replayed as the plan of its joint
// actions, is the one history of that plan, so the same replay applies.
func TestExplainReplay(t *testing.T) {
	cases := []struct {
		name, model, op, agent, plan, psi string
		flags                             []string
		want                              bool
	}{
		{"CAR ex2", "../../examples/cpd.prism", "CAR", "p1", "[d1,d2]", `X ("fine"|"payoff2")`, nil, true},
		{"CPR ex3", "../../examples/cpd.prism", "CPR", "p1", "[c1,c2]", `X "reward"`, nil, true},
		{"CCR ex4 from 1", "../../examples/cpd.prism", "CCR", "p1", "[c1,d2] [d1,d2]", `F<=2 "fine"`, []string{"--outcome-from", "1"}, true},
		{"CAR false", "../../examples/cpd.prism", "CAR", "p1", "[c1,c2]^3", `G<=3 "reward"`, nil, false},
		{"CPR false", "../../examples/cpd.prism", "CPR", "p2", "[c1,c2] [d1,c2]", `F<=2 "payoff1"`, nil, false},
		{"CCR T=1000", "../../examples/cpd.prism", "CCR", "p1", "[c1,c2]^1000", `G !"payoff2"`, nil, true},
		// beyond 100,000 steps the witness is printed as its parts
		{"CPR T=200000", "../../examples/cpd.prism", "CPR", "p1", "[c1,c2]^200000", `F "reward"`, nil, true},
		// Moves fail with probability q: the counterexample is the history
		// whose moves all fail, and its plan has other histories too.
		{"robots", "../../examples/robots.prism", "CPR", "r1", "[go1,wait2]^2", `F<=2 a>=1`, []string{"--const", "N=8,cross=4"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := explainOne(t, c.model, append([]string{"--plan", "pi=" + c.plan}, c.flags...), c.op+"("+c.agent+", pi) [ "+c.psi+" ]")
			if r.Value != c.want {
				t.Fatalf("value %v, want %v (%s)", r.Value, c.want, r.Explain.Reason)
			}
			w := r.Explain.Plan
			if !c.want {
				if len(r.Explain.History) == 0 {
					t.Fatalf("no counterexample: %s", r.Explain.Reason)
				}
				var acts []string
				for _, h := range r.Explain.History[:len(r.Explain.History)-1] {
					acts = append(acts, h.Action)
				}
				w = strings.Join(acts, " ")
				if strings.Contains(c.model, "robots") {
					if got := strings.Join(acts, " "); got != "[go1,wait2] [go1,wait2]" {
						t.Fatalf("counterexample %s", got)
					}
					return
				}
			}
			if w == "" || len(w) > 200 {
				t.Fatalf("no witness, or a long one: %+v", r.Explain)
			}
			re := explainOne(t, c.model, append([]string{"--plan", "w=" + w}, c.flags...), "CPR("+c.agent+", w) [ !("+c.psi+") ]")
			if re.Value != true && len(re.Explain.History) > 0 {
				t.Fatalf("witness %s has a history satisfying ψ: %s", w, re.Explain.Reason)
			}
		})
	}
}
