package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimulateGolden pins the CLI's trace output for a seed.
func TestSimulateGolden(t *testing.T) {
	goldenRuns(t, []goldenRun{
		{"simulate_cpd", []string{"simulate", "../../examples/cpd.prism", "--steps", "6", "--seed", "3"}},
		{"simulate_cpd_plan", []string{"simulate", "../../examples/cpd.prism", "--steps", "5", "--seed", "3", "--plan", "pi=[c1,d2] [*] [d1]^2"}},
	})
}

// A simulated trace is read back as a plan: checking with it gives the
// values of the same plan written out by hand, and the same seed writes the
// same file.
func TestSimulateThenCheck(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "run.csv")
	sim := []string{"simulate", "../../examples/cpd.prism", "--steps", "4", "--seed", "11", "--out", run}
	if code, out, errs := onus(t, sim...); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	first, err := os.ReadFile(run)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, errs := onus(t, sim...); code != 0 {
		t.Fatal(errs)
	}
	if again, _ := os.ReadFile(run); string(again) != string(first) {
		t.Fatalf("the same seed wrote\n%s\nthen\n%s", first, again)
	}
	// The hand-written plan: the joint actions of the rows after the first.
	lines := strings.Split(strings.TrimSpace(string(first)), "\n")
	var steps []string
	for _, l := range lines[2:] {
		steps = append(steps, l[:strings.Index(l, "],")+1])
	}
	hand := strings.Join(steps, " ")
	query := `CPR(p1, pi)=? [ F<=4 "reward" ]`
	_, viaTrace, errs := onus(t, "check", "../../examples/cpd.prism", "--plan", "pi=@"+run, "--pf", query)
	if errs != "" {
		t.Fatal(errs)
	}
	_, viaHand, errs := onus(t, "check", "../../examples/cpd.prism", "--plan", "pi="+hand, "--pf", query)
	if errs != "" {
		t.Fatal(errs)
	}
	viaTrace = timing.ReplaceAllString(viaTrace, "${1}T")
	viaHand = timing.ReplaceAllString(viaHand, "${1}T")
	if viaTrace != viaHand || !strings.Contains(viaTrace, "Result: ") {
		t.Fatalf("plan %s:\nvia the trace:\n%s\nby hand:\n%s", hand, viaTrace, viaHand)
	}
}

// Broken traces and plans that cannot be followed are bad input (exit 2)
// positioned in the trace or plan.
func TestSimulateAndTraceErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("action step s\n- 0 0\n[c1,c2] 1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	props := filepath.Join(dir, "t.props")
	if err := os.WriteFile(props, []byte("plan pi = @\"bad.txt\";\nCAR(p1, pi) [ F \"reward\" ];\nplan nf = @\"none.txt\";\nCAR(p1, nf) [ F \"reward\" ];\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"check", "../../examples/cpd.prism", "--plan", "pi=@" + bad, "--pf", `CAR(p1, pi) [ F "reward" ]`},
			bad + ":3:11: error: this state is no successor of (0) under [c1,c2]\n"},
		{[]string{"check", "../../examples/cpd.prism", props, "--prop", "1"},
			bad + ":3:11: error: this state is no successor of (0) under [c1,c2]\n"},
		{[]string{"check", "../../examples/cpd.prism", "--plan", "pi=@nowhere.txt", "--pf", `CAR(p1, pi) [ F "reward" ]`},
			"--plan:1:4: error: cannot read trace nowhere.txt: no such file or directory\n"},
		{[]string{"simulate", "../../examples/cpd.prism", "--steps", "3", "--plan", "pi=[c1] [e1]"},
			"--plan:1:10: error: \"e1\" is not an action of any player\n"},
		{[]string{"simulate", "../../examples/cpd.prism", "--steps", "-1"},
			"onus: error: --steps must be at least 0, not -1\n"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, errs := onus(t, c.args...)
			if code != 2 || errs != c.want {
				t.Fatalf("exit %d, stderr:\n%s\nwant exit 2 and\n%s", code, errs, c.want)
			}
		})
	}
}

// Too many steps is a resource limit (exit 3).
func TestSimulateLimit(t *testing.T) {
	code, _, errs := onus(t, "simulate", "../../examples/cpd.prism", "--steps", "10000001")
	want := "onus: error: resource limit exceeded: more than 10000000 simulation steps\n"
	if code != 3 || errs != want {
		t.Fatalf("exit %d, stderr %q; want exit 3 and %q", code, errs, want)
	}
}
