package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// onus runs the CLI in-process and returns its exit code, stdout and stderr.
func onus(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// modelFor finds the example model a props file belongs to: the longest
// model name that starts the props file's name (PRISM's convention).
func modelFor(t *testing.T, props string) string {
	models, _ := filepath.Glob("../../examples/*.prism")
	best := ""
	for _, m := range models {
		stem := strings.TrimSuffix(filepath.Base(m), ".prism")
		if strings.HasPrefix(filepath.Base(props), stem) && len(m) > len(best) {
			best = m
		}
	}
	if best == "" {
		t.Fatalf("no model for %s", props)
	}
	return best
}

// TestExamples runs `onus check --test` on every examples/*.props with each
// line of its .args file, as PRISM's test suites are run.
func TestExamples(t *testing.T) {
	props, _ := filepath.Glob("../../examples/*.props")
	if len(props) == 0 {
		t.Fatal("no example properties found")
	}
	for _, p := range props {
		runs := []string{""}
		if b, err := os.ReadFile(p + ".args"); err == nil {
			runs = nil
			for _, line := range strings.Split(string(b), "\n") {
				if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
					runs = append(runs, line)
				}
			}
		}
		for _, extra := range runs {
			args := append([]string{"check", "--test", modelFor(t, p), p}, strings.Fields(extra)...)
			t.Run(filepath.Base(p)+" "+extra, func(t *testing.T) {
				code, out, errs := onus(t, args...)
				if code != 0 {
					t.Fatalf("onus %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errs)
				}
				if strings.Contains(out, "FAIL") || !strings.Contains(out, "PASS") {
					t.Fatalf("onus %s: no clean PASS:\n%s", strings.Join(args, " "), out)
				}
			})
		}
	}
}

// timing matches the parts of outputs that change from run to run.
var timing = regexp.MustCompile(`(Time: +|"seconds": ?|Time for model checking: )[0-9.e+-]+`)

// checkGolden compares got with testdata/golden/NAME.txt, or rewrites the
// file under -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".txt")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/onus -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestGolden compares CLI outputs with testdata/golden (go test -update
// rewrites them).
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"build_cpd", []string{"build", "../../examples/cpd.prism"}, 0},
		{"build_cpd_json", []string{"build", "--json", "../../examples/cpd.prism"}, 0},
		{"check_cpd", []string{"check", "../../examples/cpd.prism", "../../examples/cpd.props", "--const", "t=2"}, 0},
		{"check_cpd_q_json", []string{"check", "--json", "../../examples/cpd.prism", "../../examples/cpd_q.props", "--const", "t=1:2"}, 0},
		{"check_exact", []string{"check", "--exact", "../../examples/cpd.prism", "../../examples/cpd_q.props", "--const", "t=2", "--prop", "1", "--prop", "3"}, 0},
		{"check_pf", []string{"check", "../../examples/cpd.prism", "--pf", `CAR(p1, [d1,d2]) [ X ("fine"|"payoff2") ]`, "--pf", `#=? [ F<=3 "reward" ]`}, 0},
		{"check_plan_flag", []string{"check", "../../examples/cpd.prism", "--plan", "pi=[*]^2 [c1,c2]", "--pf", `CPR(p1, pi)=? [ F<=3 "reward" ]`}, 0},
		{"demo", []string{"demo"}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.code, out, errs)
			}
			checkGolden(t, c.name, timing.ReplaceAllString(out+errs, "${1}X"))
		})
	}
}

// TestArgsAnyOrder checks that flags may follow the positional arguments.
func TestArgsAnyOrder(t *testing.T) {
	a := []string{"check", "../../examples/cpd.prism", "--pf", `P=? [ X "reward" ]`}
	b := []string{"check", "--pf", `P=? [ X "reward" ]`, "../../examples/cpd.prism"}
	ca, oa, _ := onus(t, a...)
	cb, ob, _ := onus(t, b...)
	oa, ob = timing.ReplaceAllString(oa, "${1}X"), timing.ReplaceAllString(ob, "${1}X") // the times may differ
	if ca != 0 || cb != 0 || oa != ob || !strings.Contains(oa, "Result: 0.25") {
		t.Fatalf("flag order changed the outcome: %d %q / %d %q", ca, oa, cb, ob)
	}
}

// TestExitCodes checks the exit codes (docs/guide/cli.md#exit-codes) beyond bad input (which
// errors_test.go covers row by row).
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.props")
	if err := os.WriteFile(bad, []byte("// RESULT: 0.3\nP=? [ X \"reward\" ]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := onus(t, "check", "--test", "../../examples/cpd.prism", bad); code != 1 || !strings.Contains(out, "FAIL") {
		t.Errorf("a RESULT mismatch: exit %d, want 1\n%s", code, out)
	}
	if code, _, errs := onus(t, "build", "../../benchmarks/models/counters.prism", "--const", "N=99", "--max-states", "1000"); code != 3 {
		t.Errorf("a state limit: exit %d, want 3\n%s", code, errs)
	}
	if code, _, _ := onus(t, "frobnicate"); code != 2 {
		t.Errorf("an unknown command: exit %d, want 2", code)
	}
	if code, _, _ := onus(t, "build"); code != 2 {
		t.Errorf("a missing model: exit %d, want 2", code)
	}
}

// TestHelp checks that the help a newcomer reads names every command.
func TestHelp(t *testing.T) {
	code, out, _ := onus(t, "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var missing []string
	for _, c := range []string{"build", "export", "check", "demo", "--max-memory", "16 MiB"} {
		if !strings.Contains(out, c) {
			missing = append(missing, c)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("help does not mention %v:\n%s", missing, out)
	}
}

// TestPlot draws a sweep and refuses a plot without one.
func TestPlot(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fig.svg")
	code, _, errs := onus(t, "check", "../../examples/cpd.prism", "../../examples/cpd.props", "--const", "t=1:4", "--prop", "4", "--plot", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("no SVG written: %v", err)
	}
	if code, _, errs := onus(t, "check", "../../examples/cpd.prism", "../../examples/cpd.props", "--const", "t=2", "--plot", out); code != 2 || !strings.Contains(errs, "range") {
		t.Errorf("--plot without a sweep: exit %d, %s", code, errs)
	}
	if code, _, _ := onus(t, "check", "../../examples/cpd.prism", "../../examples/cpd.props", "--const", "t=1:2", "--plot", "fig.txt"); code != 2 {
		t.Errorf("--plot to .txt: exit %d, want 2", code)
	}
}

// TestReviewFixes pins behaviour a review asked for: big counts in JSON,
// --horizon 0 refused, an unknown command named, a failing property not
// hiding the others, and counts compared exactly by --test.
func TestReviewFixes(t *testing.T) {
	code, out, errs := onus(t, "check", "--json", "../../examples/cpd.prism", "--pf", "#=? [ true ]", "--horizon", "600")
	if code != 0 || !strings.Contains(out, `"value": 1721847945638575061806737769605`) {
		t.Errorf("4^600 in JSON: exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := onus(t, "check", "--json", "../../examples/cpd.prism", "--pf", `#=? [ "fine" ]`, "--pf", `Hinf=? [ G "fine" ]`); code != 0 ||
		strings.Count(out, `"horizon": 0`) != 1 || strings.Count(out, `"horizon"`) != 1 {
		t.Errorf("a horizon of 0 is printed, no horizon is not: exit %d\n%s", code, out)
	}
	if code, _, errs := onus(t, "check", "../../examples/cpd.prism", "--pf", "#=? [ true ]", "--horizon", "0"); code != 2 || !strings.Contains(errs, "--horizon must be at least 1") {
		t.Errorf("--horizon 0: exit %d, %s", code, errs)
	}
	if code, _, errs := onus(t, "frob"); code != 2 || !strings.Contains(errs, `unknown command "frob"`) {
		t.Errorf("unknown command: exit %d, %s", code, errs)
	}
	code, out, errs = onus(t, "check", "../../examples/cpd.prism", "--horizon", "1",
		"--pf", `P=? [ X "reward" ]`, "--pf", `CAR(p1, [d1] [d1]) [ X "fine" ]`, "--pf", `#=? [ X "fine" ]`)
	if code != 2 || !strings.Contains(out, "Result: 0.25") || !strings.Contains(out, "Result: 1") ||
		!strings.HasPrefix(errs, "--pf 2:1:9: error: the plan has 2 steps, more than the horizon 1") {
		t.Errorf("an error among results: exit %d\n%s\nstderr: %s", code, out, errs)
	}
	dir := t.TempDir()
	props := filepath.Join(dir, "c.props")
	src := "// RESULT: 3.00001\n#=? [ X (\"fine\"|\"reward\"|\"payoff1\") ]\n// RESULT: 2+1\n#=? [ X (\"fine\"|\"reward\"|\"payoff1\") ]\n"
	if err := os.WriteFile(props, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = onus(t, "check", "--test", "../../examples/cpd.prism", props)
	if code != 1 || !strings.Contains(out, "FAIL (expected 3.00001, got 3)") || !strings.Contains(out, "1 passed, 1 failed") {
		t.Errorf("exact counts under --test: exit %d\n%s", code, out)
	}
}

// TestPropertyReferences checks that "name" refers to a named property
// (reference §5.1).
func TestPropertyReferences(t *testing.T) {
	props := filepath.Join(t.TempDir(), "n.props")
	src := "\"car\": CAR(p1, [d1,d2]) [ X (\"fine\"|\"payoff2\") ]\n!\"car\"\n\"p\": P>=0.25 [ X \"reward\" ]\nP=? [ X \"p\" ]\n"
	if err := os.WriteFile(props, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := onus(t, "check", "../../examples/cpd.prism", props)
	want := []string{"Result: true", "Result: false", "Result: true", "Result: 1"}
	var got []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Result:") {
			got = append(got, l)
		}
	}
	if code != 0 || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("exit %d, results %q, want %q\n%s", code, got, want, errs)
	}
}

// TestWholeFileErrors checks that errors about a whole file still carry
// FILE:LINE:COL (line 1, column 1).
func TestWholeFileErrors(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"empty.prism":  "",
		"novars.prism": "csg\nplayer p m endplayer\nmodule m\n[a] true -> true;\nendmodule\n",
	}
	for name, src := range cases {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs := onus(t, "build", path)
		if code != 2 || !strings.HasPrefix(errs, path+":1:1: error: the model has no ") {
			t.Errorf("%s: exit %d, %q", name, code, errs)
		}
	}
}

// TestBoundsClippedToHorizon: with --horizon T a time bound beyond T means
// the same as T, so huge bounds give the same counts as T (and stay cheap).
func TestBoundsClippedToHorizon(t *testing.T) {
	model := filepath.Join(t.TempDir(), "h.prism")
	src := "mdp\nmodule m\n s:[0..3];\n [] true -> 0.5:(s'=mod(s+1,4)) + 0.5:(s'=s);\nendmodule\nlabel \"goal\" = s=3;\n"
	if err := os.WriteFile(model, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, small, _ := onus(t, "check", model, "--pf", `#=? [ F<=3 "goal" ]`, "--pf", `#=? [ G<=3 !"goal" ]`, "--outcome-from", "1")
	code, huge, errs := onus(t, "check", model, "--horizon", "3", "--outcome-from", "1",
		"--pf", `#=? [ F<=3000000 "goal" ]`, "--pf", `#=? [ G<=2000000000 !"goal" ]`)
	results := func(out string) (r []string) {
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "Result:") {
				r = append(r, l)
			}
		}
		return r
	}
	if code != 0 || strings.Join(results(huge), "|") != strings.Join(results(small), "|") || len(results(small)) != 2 {
		t.Fatalf("exit %d: %q vs %q\n%s", code, results(huge), results(small), errs)
	}
}

// TestBehaviourFile reads weights from --behaviour and warns about the
// rest of the file.
func TestBehaviourFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "b.props")
	if err := os.WriteFile(f, []byte("behaviour p1 { d1 : 1/4, c1 : 3/4 };\nP=? [ X \"reward\" ]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := onus(t, "check", "../../examples/cpd.prism", "--behaviour", f, "--pf", `P=? [ X "reward" ]`)
	if code != 0 || !strings.Contains(out, "Result: 0.375") || !strings.Contains(errs, "1 other items ignored") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
}

// TestJSONFilterLog: what a filter reports beside its value goes into the
// result's "log", so --json stays one JSON document.
func TestJSONFilterLog(t *testing.T) {
	code, out, errs := onus(t, "check", "--json", "../../examples/cpd.prism",
		"--pf", `filter(forall, "fine" | !"fine")`, "--pf", `filter(print, s, s>0)`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var doc struct {
		Results []struct {
			Value any      `json:"value"`
			Log   []string `json:"log"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, out)
	}
	if len(doc.Results) != 2 || doc.Results[0].Value != true || len(doc.Results[0].Log) == 0 ||
		!strings.Contains(doc.Results[0].Log[0], "4 of all 4 states") {
		t.Errorf("results %+v", doc.Results)
	}
}
