package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// One plan syntax everywhere: every command that takes a plan accepts the
// same forms of --plan (read by planArg), with the same errors.

const planModel = "../../../../examples/cpd.prism"

// planForms are the forms of one plan: two steps, d1,d2 then c1,d2, as in
// testdata/plans/run.txt. props says the form needs plans.props (it
// names the plan declared there).
var planForms = []struct {
	name, plan string
	props      bool
}{
	{"NAME=PLAN", "pi=[d1,d2] [c1,d2]", false},
	{"unnamed PLAN", "[d1,d2] [c1,d2]", false},
	{"unnamed positional", "[d1,d2] [c1,*] [*]^0", false},
	{"@FILE", "@run.txt", false},
	{"@\"FILE\"", `@"run.txt"`, false},
	{"NAME=@FILE", "pi=@run.txt", false},
	{"NAME of PROPS", "happened", true},
}

// planQuery is the property about the plan, named pi, or happened in
// plans.props.
func planQuery(props bool) string {
	if props {
		return `CAR(p1, happened)=? [ F<=2 "payoff1" ]`
	}
	return `CAR(p1, pi)=? [ F<=2 "payoff1" ]`
}

var resultLine = regexp.MustCompile(`(?m)^Result: .*$`)

func TestPlanForms(t *testing.T) {
	t.Chdir("testdata/plans")
	dir := t.TempDir()
	for _, f := range planForms {
		t.Run(f.name, func(t *testing.T) {
			files := []string{planModel}
			if f.props {
				files = append(files, "plans.props")
			}
			runs := map[string][]string{
				"check":    append(append([]string{"check"}, files...), "--plan", f.plan, "--pf", planQuery(f.props)),
				"blame":    append(append([]string{"blame"}, files...), "--plan", f.plan, "--outcome", `F<=2 "payoff1"`),
				"simulate": append(append([]string{"simulate"}, files...), "--plan", f.plan, "--steps", "2"),
				"export-outcome": append(append([]string{"export-outcome"}, files...), "--plan", f.plan,
					"--pf", planQuery(f.props), "--prop", "2", "--dir", filepath.Join(dir, "x")),
			}
			if !f.props {
				runs["export-outcome"][len(runs["export-outcome"])-3] = "1"
			}
			for cmd, args := range runs {
				code, out, errs := onus(t, args...)
				if code != 0 {
					t.Fatalf("%s: exit %d\n%s%s", cmd, code, out, errs)
				}
				var want string
				switch cmd {
				case "check":
					want = "Result: count 0.2857142857142857, prob 0.2857142857142857"
				case "blame":
					want = "p1     false  0.285714"
				case "simulate":
					b, err := os.ReadFile("run.txt")
					if err != nil {
						t.Fatal(err)
					}
					want = string(b)
				case "export-outcome":
					want = "L_plus: Compat_{p1}(pi) ∩ L_psi"
				}
				if !strings.Contains(out, want) {
					t.Errorf("%s: output lacks %q:\n%s", cmd, want, out)
				}
			}
		})
	}
}

// TestPlanArgErrors: the same mistakes give the same messages in every
// command (exit code 2).
func TestPlanArgErrors(t *testing.T) {
	t.Chdir("testdata/plans")
	if err := os.WriteFile(filepath.Join(t.TempDir(), "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, plan, want string }{
		{"file without @", "run.txt", "--plan:1:1: error: run.txt is a file, not a plan: to read the trace it holds, write --plan @run.txt"},
		{"named file without @", "pi=run.txt", "--plan:1:1: error: run.txt is a file, not a plan: to read the trace it holds, write --plan pi=@run.txt"},
		{"unknown name", "nowhere", "--plan:1:1: error: no plan is named nowhere; give the steps (--plan '[a1,b1]'), a trace (--plan @FILE) or NAME=PLAN"},
		{"syntax", "[d1,]", "--plan:1:5: error: syntax error"},
		{"smg entry in csg", "[#0]", "--plan:1:2: error: choice index"},
		{"unknown action", "[d7]", "--plan:1:2: error: \"d7\" is not an action of any player"},
		{"two of one player", "[d1,c1]", "--plan:1:5: error: two actions of player"},
		{"wrong count", "[d1,*,d2]", "--plan:1:1: error: a step naming an idle (-) or free (*) player lists one entry per player in player order (2 players: p1, p2), not 3"},
		{"missing trace", "@nofile.txt", "cannot read trace nofile.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, args := range [][]string{
				{"check", planModel, "--plan", tc.plan, "--pf", `P=? [ X "fine" ]`},
				{"blame", planModel, "--plan", tc.plan, "--outcome", `X "fine"`},
				{"simulate", planModel, "--plan", tc.plan, "--steps", "1"},
				{"export-outcome", planModel, "--plan", tc.plan, "--pf", `P=? [ X "fine" ]`, "--prop", "1", "--dir", t.TempDir()},
			} {
				code, out, errs := onus(t, args...)
				if code != exitBadInput || !strings.Contains(errs, tc.want) {
					t.Errorf("%s: exit %d, want 2 with %q\n%s%s", args[0], code, tc.want, out, errs)
				}
			}
		})
	}
}

// TestPlanOmissionNote: a csg step that leaves a player unnamed is noted on
// stderr and in JSON, once per plan; * says so without a note.
func TestPlanOmissionNote(t *testing.T) {
	const note = "note: step [d1] of plan pi names no action of p2, who is free at that step"
	for _, tc := range []struct {
		plan string
		want bool
	}{{"[d1]^2", true}, {"[d1,*]^2", false}, {"[d1,d2]", false}} {
		for _, args := range [][]string{
			{"check", "../../examples/cpd.prism", "--plan", tc.plan, "--pf", `CAR(p1, pi) [ X "fine" ]`},
			{"blame", "../../examples/cpd.prism", "--plan", tc.plan, "--outcome", `X "fine"`},
			{"simulate", "../../examples/cpd.prism", "--plan", tc.plan, "--steps", "1"},
		} {
			code, out, errs := onus(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
			}
			if got := strings.Count(errs, note); got != map[bool]int{true: 1, false: 0}[tc.want] {
				t.Errorf("%s --plan %s: %d notes on stderr:\n%s", args[0], tc.plan, got, errs)
			}
		}
		_, out, _ := onus(t, "check", "../../examples/cpd.prism", "--plan", tc.plan, "--pf", `CAR(p1, pi) [ X "fine" ]`, "--json")
		if strings.Contains(out, "names no action of p2") != tc.want {
			t.Errorf("--json --plan %s: %s", tc.plan, out)
		}
	}
}

// TestUnavailableFlag: --unavailable takes drop or free, on check, blame
// and export-outcome.
func TestUnavailableFlag(t *testing.T) {
	for _, cmd := range [][]string{
		{"check", "../../examples/cpd.prism", "--pf", `P=? [ X "fine" ]`},
		{"blame", "../../examples/cpd.prism", "--plan", "[d1,d2]", "--outcome", `X "fine"`},
		{"export-outcome", "../../examples/cpd.prism", "--pf", `P=? [ X "fine" ]`, "--prop", "1", "--dir", t.TempDir()},
	} {
		code, out, errs := onus(t, append(cmd, "--unavailable", "skip")...)
		if code != exitBadInput || !strings.Contains(errs, `onus: error: --unavailable takes drop or free, not "skip" (see docs/guide/plans.md#plans-that-cannot-be-followed)`) {
			t.Errorf("%s: exit %d\n%s%s", cmd[0], code, out, errs)
		}
		for _, u := range []string{"drop", "free"} {
			if code, out, errs := onus(t, append(cmd, "--unavailable", u)...); code != 0 {
				t.Errorf("%s --unavailable %s: exit %d\n%s%s", cmd[0], u, code, out, errs)
			}
		}
	}
}

// TestTraceRowOmission: a trace row is read by the rule of plan steps: a
// row naming some players leaves the others free, with a note at the row;
// * says so without one.
func TestTraceRowOmission(t *testing.T) {
	t.Chdir("testdata/plans")
	code, out, errs := onus(t, "blame", planModel, "--plan", "@partial.txt", "--outcome", `F<=2 "payoff1"`)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	want := "partial.txt:3:1: note: step [d1] of the trace partial.txt names no action of p2, who is free at that step"
	if strings.Count(errs, "note:") != 1 || !strings.Contains(errs, want) {
		t.Errorf("stderr lacks %q (once):\n%s", want, errs)
	}
	// p1's part of the trace, [d1,*] [c1,*], is its part of run.txt: the
	// same CAR degrees as in TestPlanForms.
	if !strings.Contains(out, "p1     false  0.285714  0.285714") {
		t.Errorf("output:\n%s", out)
	}
}

// TestNegativeShareNote: a negative power index is explained where it is
// printed (docs/guide/plans.md), for the measures the query prints.
func TestNegativeShareNote(t *testing.T) {
	const note = "note: d2 has negative shares (SHAPLEY P -0.04394"
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"blame", "../../examples/crossing.prism", "--plan", "@../../examples/crossing.trace.txt", "--outcome", `F<=2 "crash"`}, true},
		{[]string{"blame", "../../examples/crossing.prism", "--plan", "@../../examples/crossing.trace.txt", "--outcome", `F<=2 "crash"`, "--unavailable", "free"}, false},
		{[]string{"check", "../../examples/crossing.prism", "../../examples/crossing.props", "--prop", "2"}, true},
		{[]string{"check", "../../examples/crossing.prism", "--plan", "@../../examples/crossing.trace.txt", "--pf", `SHAPLEY(d2, pi)#=? [ F<=2 "crash" ]`}, false},
	} {
		code, out, errs := onus(t, tc.args...)
		if code != 0 || strings.Contains(errs, note) != tc.want {
			t.Errorf("%v: exit %d, note %v wanted\n%s%s", tc.args, code, tc.want, out, errs)
		}
	}
}
