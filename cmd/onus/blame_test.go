package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBlameGolden: the readable table and the JSON of onus blame on the
// CPD model (the guide's worked example, docs/guide/blame.md: plan [d1,d2], ψ = X "fine").
func TestBlameGolden(t *testing.T) {
	model := "../../examples/cpd.prism"
	cases := []struct {
		name string
		args []string
	}{
		{"blame_cpd", []string{model, "--plan", "[d1,d2]", "--outcome", `X "fine"`}},
		{"blame_cpd_coalitions_exact", []string{model, "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--coalitions", "--exact"}},
		{"blame_cpd_wide", []string{model, "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--wide"}},
		{"blame_cpd_json", []string{model, "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--coalitions", "--json"}},
		{"blame_cpd_q_json", []string{model, "../../examples/cpd_q.props", "--plan", "[*] [d1,c2]", "--outcome", `F<=2 ("reward"|"payoff2")`, "--json", "--exact"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, append([]string{"blame"}, c.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, errs)
			}
			checkGolden(t, c.name, out)
		})
	}
}

// TestBlameWidth: the agents' table fits 100 columns, cut into pieces of
// whole column groups (each with the agent column), and --wide prints the
// same cells in one piece.
func TestBlameWidth(t *testing.T) {
	runs := [][]string{
		{"../../examples/robots.prism", "--const", "N=4,cross=1", "--plan", "@../../examples/robots.trace.txt", "--outcome", `F<=2 "crash"`},
		{"../../examples/jammer.prism", "../../examples/jammer.props", "--plan", "happened", "--outcome", "G<=2 d=0", "--exact"},
		{"../../examples/backoff.prism", "--plan", "@../../examples/backoff.trace.txt", "--outcome", `X "collision"`},
	}
	for _, args := range runs {
		t.Run(args[0], func(t *testing.T) {
			_, narrow, _ := onus(t, append([]string{"blame"}, args...)...)
			code, wide, errs := onus(t, append([]string{"blame", "--wide"}, args...)...)
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, errs)
			}
			cells := func(out string) map[string][]string { // agent → its cells, in order
				m := map[string][]string{}
				_, table, _ := strings.Cut(out, "\n\n")
				for _, l := range strings.Split(table, "\n") {
					if f := strings.Fields(l); len(f) > 0 && f[0] != "agent" {
						m[f[0]] = append(m[f[0]], f[1:]...)
					}
				}
				return m
			}
			for _, l := range strings.Split(narrow, "\n") {
				if len([]rune(l)) > tableWidth {
					t.Errorf("a line of %d columns:\n%s", len([]rune(l)), l)
				}
			}
			if !strings.Contains(narrow, "\n\nagent") || strings.Count(wide, "agent") != 1 {
				t.Errorf("not cut, or --wide cut:\n%s\n%s", narrow, wide)
			}
			n, w := cells(narrow), cells(wide)
			if len(n) == 0 || fmt.Sprint(n) != fmt.Sprint(w) {
				t.Errorf("the pieces hold other cells than --wide:\n%v\n%v", n, w)
			}
		})
	}
}

// blameJSONOut is the part of blame's JSON the tests read.
type blameJSONOut struct {
	Horizon int `json:"horizon"`
	Agents  []struct {
		Agent   string         `json:"agent"`
		CAR     map[string]any `json:"CAR"`
		CPR     map[string]any `json:"CPR"`
		CCR     map[string]any `json:"CCR"`
		SHAPLEY map[string]any `json:"SHAPLEY"`
		BANZHAF map[string]any `json:"BANZHAF"`
	} `json:"agents"`
	Coalitions []map[string]any `json:"coalitions"`
	Notes      []string         `json:"notes"`
}

// checkValue runs onus check --json on one property and returns its value.
func checkValue(t *testing.T, args []string, prop string) any {
	t.Helper()
	return checkLast(t, args, prop).Value
}

// checkResult is the part of a JSON check result the blame tests read.
type checkResult struct {
	Value   any `json:"value"`
	Explain any `json:"explain"`
}

// checkLast runs `onus check ARGS --pf PROP --json` and returns the last
// result (the --pf property comes last).
func checkLast(t *testing.T, args []string, prop string) checkResult {
	t.Helper()
	code, out, errs := onus(t, append(append([]string{"check"}, args...), "--pf", prop, "--json")...)
	if code != exitOK {
		t.Fatalf("check %s: exit %d\n%s", prop, code, errs)
	}
	var r struct {
		Results []checkResult `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	return r.Results[len(r.Results)-1]
}

// TestBlameEqualsCheck: every number of blame equals the `onus check`
// query it stands for (docs/guide/blame.md#blame-as-check-queries), on 2-player and 3-player models, with
// behaviours, --outcome-from 1 and a trace plan.
func TestBlameEqualsCheck(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "run.txt")
	if code, _, errs := onus(t, "simulate", "../../examples/cpd.prism", "--steps", "3", "--seed", "5", "--out", run); code != exitOK {
		t.Fatalf("simulate: %s", errs)
	}
	beh := filepath.Join(dir, "beh.props")
	if err := os.WriteFile(beh, []byte("behaviour p1 { d1 : 1/3, c1 : 2/3 };\nbehaviour p3 { c3 : 1/5, d3 : 4/5 };\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name          string
		model, props  string
		plan, outcome string
		extra         []string
	}{
		{"cpd X fine", "../../examples/cpd.prism", "", "[d1,d2]", `X "fine"`, nil},
		{"cpd q", "../../examples/cpd.prism", "../../examples/cpd_q.props", "[*] [d1,c2]", `F<=2 ("reward"|"payoff2")`, []string{"--exact", "--const", "t=2"}},
		{"cpd from 1", "../../examples/cpd.prism", "", "[c1,d2] [d1,d2]", `F<=2 "fine"`, []string{"--outcome-from", "1"}},
		{"cpd trace", "../../examples/cpd.prism", "", "@" + run, `F "reward"`, nil},
		{"cpd_n 3", "../../examples/cpd_n.prism", "", "[c1,c2,d3] [d1,c2,c3]", `(F<=2 "reward") | (G<=2 !"fine")`, []string{"--const", "n=3"}},
		{"cpd_n 3 behaviour", "../../examples/cpd_n.prism", "", "[c1] [*] [d1,c2,c3]", `(F "reward") | (G<=3 !"fine")`, []string{"--const", "n=3", "--behaviour", beh, "--exact"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := []string{c.model}
			if c.props != "" {
				base = append(base, c.props)
			}
			base = append(base, c.extra...)
			code, out, errs := onus(t, append(append([]string{"blame"}, base...), "--plan", c.plan, "--outcome", c.outcome, "--json", "--coalitions")...)
			if code != exitOK {
				t.Fatalf("blame: exit %d\n%s", code, errs)
			}
			var b blameJSONOut
			if err := json.Unmarshal([]byte(out), &b); err != nil {
				t.Fatal(err)
			}
			checkArgs := append(append([]string{}, base...), "--plan", "pi="+c.plan)
			for _, a := range b.Agents {
				ops := map[string]map[string]any{"CAR": a.CAR, "CPR": a.CPR, "CCR": a.CCR, "SHAPLEY": a.SHAPLEY, "BANZHAF": a.BANZHAF}
				for op, got := range ops {
					q := op + "(" + a.Agent + ", pi)=? [ " + c.outcome + " ]"
					want := checkValue(t, checkArgs, q).(map[string]any)
					for k, v := range want {
						if got[k] != v {
							t.Errorf("%s %s: blame %v, check %v", q, k, got[k], v)
						}
					}
					if op == "SHAPLEY" || op == "BANZHAF" {
						continue
					}
					q = op + "(" + a.Agent + ", pi) [ " + c.outcome + " ]"
					if h := checkValue(t, checkArgs, q); got["holds"] != h {
						t.Errorf("%s: blame %v, check %v", q, got["holds"], h)
					}
				}
			}
			// The avoidance shares sum to a(Ag) − a(∅).
			sum := 0.0
			for _, a := range b.Agents {
				sum += a.SHAPLEY["avoid"].(float64)
			}
			all := b.Coalitions[len(b.Coalitions)-1]["avoid"].(float64)
			if d := sum - all; d > 1e-12 || d < -1e-12 {
				t.Errorf("Σ Shapley avoid = %v, a(Ag) = %v", sum, all)
			}
		})
	}
}

// TestBlameOutputs: --export-results (CSV and text) and --plot write
// their files; horizon notes reach stderr.
func TestBlameOutputs(t *testing.T) {
	dir := t.TempDir()
	csvPath, txtPath, svg := filepath.Join(dir, "r.csv"), filepath.Join(dir, "r.txt"), filepath.Join(dir, "shares.svg")
	code, _, errs := onus(t, "blame", "../../examples/cpd.prism", "--plan", "[d1,d2] [c1,c2]", "--outcome", `F "reward"`,
		"--export-results", csvPath, "--plot", svg)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	if !strings.Contains(errs, "note: F is judged within the horizon T = 2") {
		t.Errorf("no horizon note on stderr:\n%s", errs)
	}
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "agent,CAR,CAR #,CAR P,CAR H,") || !strings.HasPrefix(lines[1], "p1,") {
		t.Errorf("CSV:\n%s", b)
	}
	if s, err := os.ReadFile(svg); err != nil || !strings.Contains(string(s), "<svg") {
		t.Errorf("plot: %v", err)
	}
	if code, _, errs := onus(t, "blame", "../../examples/cpd.prism", "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--export-results", txtPath); code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	b, _ = os.ReadFile(txtPath)
	if !strings.HasPrefix(string(b), "agent\tCAR\tCAR #") || !strings.Contains(string(b), "\n"+"p2\tfalse\t1\t1\t1\ttrue\t0.3333333333333333\t") {
		t.Errorf("text results:\n%s", b)
	}
}

// TestBlameErrors: bad input exits 2 with a positioned message.
func TestBlameErrors(t *testing.T) {
	model := "../../examples/cpd.prism"
	cases := []struct {
		name string
		args []string
		msg  string
	}{
		{"outcome syntax", []string{model, "--plan", "[d1,d2]", "--outcome", `X (`}, "--outcome:1:"},
		{"unknown label", []string{model, "--plan", "[d1,d2]", "--outcome", `X "nowhere"`}, "--outcome:1:3: error:"},
		{"plan syntax", []string{model, "--plan", "[d1,d2", "--outcome", `X "fine"`}, "--plan:1:"},
		{"unknown action", []string{model, "--plan", "[e1]", "--outcome", `X "fine"`}, "--plan:1:2: error:"},
		{"unknown plan name", []string{model, "--plan", "nowhere", "--outcome", `X "fine"`}, "no plan is named nowhere"},
		{"range", []string{model, "--plan", "[d1,d2]", "--outcome", `X "fine"`, "--const", "t=1:2"}, "single constant values"},
		{"not executable", []string{model, "--plan", "[c1,c2] [c1,c2]", "--outcome", `X "fine"`, "--horizon", "1"}, "more than the horizon"},
		{"no plan", []string{model, "--outcome", `X "fine"`}, "plan"},
		{"missing trace", []string{model, "--plan", "@nowhere.txt", "--outcome", `X "fine"`}, "nowhere.txt"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, append([]string{"blame"}, c.args...)...)
			if code != exitBadInput || !strings.Contains(errs, c.msg) {
				t.Errorf("exit %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", code, exitBadInput, c.msg, out, errs)
			}
		})
	}
}

// TestPowerVote12: twelve voters all vote yes and the motion (7 yes votes)
// carries. Any 6 could have stopped it and no 5: each voter's avoidance
// share is 1/12 by Shapley and C(11,5)/2^11 = 231/1024 by Banzhaf; by
// symmetry every voter has the same count and probability shares, which
// sum to v(Ag) − v(∅) = 1 − 1586/4096 (v(∅): at least 7 of 12 fair votes).
func TestPowerVote12(t *testing.T) {
	code, out, errs := onus(t, "blame", "testdata/vote12.prism", "--plan", "[#0]^12", "--outcome", `F "carried"`, "--exact", "--json")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var b struct {
		Agents []struct {
			SHAPLEY, BANZHAF struct {
				Exact map[string]string `json:"exact"`
			}
		} `json:"agents"`
	}
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	if len(b.Agents) != 12 {
		t.Fatalf("%d agents", len(b.Agents))
	}
	for i, a := range b.Agents {
		want := map[string]string{"avoid": "1/12", "count": "1255/24576", "prob": "1255/24576"}
		for k, v := range want {
			if a.SHAPLEY.Exact[k] != v {
				t.Errorf("p%d SHAPLEY %s = %s, want %s", i+1, k, a.SHAPLEY.Exact[k], v)
			}
		}
		share, _ := new(big.Rat).SetString(a.SHAPLEY.Exact["prob"])
		if sum := share.Mul(share, big.NewRat(12, 1)); sum.Cmp(big.NewRat(4096-1586, 4096)) != 0 {
			t.Errorf("12 · SHAPLEY prob = %v, want 1 − 1586/4096", sum)
		}
		if a.BANZHAF.Exact["avoid"] != "231/1024" {
			t.Errorf("p%d BANZHAF avoid = %s, want 231/1024", i+1, a.BANZHAF.Exact["avoid"])
		}
	}
}

// TestPowerPlayerLimitExit: more than 20 players is a resource limit (exit
// 3) for the power indices and for blame.
func TestPowerPlayerLimitExit(t *testing.T) {
	var b strings.Builder
	b.WriteString("csg\n")
	for i := 1; i <= 21; i++ {
		fmt.Fprintf(&b, "player p%d m%d endplayer\n", i, i)
	}
	for i := 1; i <= 21; i++ {
		fmt.Fprintf(&b, "module m%d\n x%d : bool init false;\n [a%d] true -> (x%d'=true);\nendmodule\n", i, i, i, i)
	}
	model := filepath.Join(t.TempDir(), "p21.prism")
	if err := os.WriteFile(model, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", model, "--pf", "SHAPLEY(p1, [a1])P=? [ X x1 ]"},
		{"blame", model, "--plan", "[a1]", "--outcome", "X x1"},
	} {
		code, _, errs := onus(t, args...)
		if code != exitLimit || !strings.Contains(errs, "more than 20 players") {
			t.Errorf("%s: exit %d, want %d\n%s", args[0], code, exitLimit, errs)
		}
	}
}
