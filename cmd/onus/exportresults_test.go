package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportResults pins --export-results files (docs/guide/output.md#results-files): PRISM's
// plain-text tables, and one CSV table for a .csv file; a run refusing a
// property fails (exit 2) and writes no file
// (docs/guide/limits.md#output-files-of-a-failed-run).
func TestExportResults(t *testing.T) {
	const cpd = "../../examples/cpd.prism"
	cases := []struct {
		name, file string
		args       []string
		code       int
	}{
		{"export_results_sweep_txt", "r.txt", []string{cpd, "../../examples/cpd_q.props", "--const", "t=1:3"}, 0},
		{"export_results_sweep_csv", "r.csv", []string{cpd, "../../examples/cpd_q.props", "--const", "t=1:3", "--exact"}, 0},
		{"export_results_single_txt", "r.txt", []string{cpd, "--pf", `P=? [ X "reward" ]`}, 0},
		{"export_results_error_none", "r.csv", []string{cpd, "--pf", `P=? [ X "reward" ]`, "--pf", `CAR(p1, [c1]^2) [ F "fine" ]`,
			"--pf", `CAR(p1, pi) [ X "payoff1" ]`, "--plan", "pi=[c1,d2]", "--horizon", "1"}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), c.file)
			args := append([]string{"check", "--export-results", path}, c.args...)
			code, _, errs := onus(t, args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%s", code, c.code, errs)
			}
			if c.code != exitOK {
				if _, err := os.Stat(path); err == nil {
					t.Errorf("the failed run wrote %s", path)
				}
				return
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, string(got))
		})
	}
}

// TestExportResultsForms: --export-results takes PRISM's FILE[:options]
// forms: stdout prints the lists after the results, :csv and :comment
// choose PRISM's CSV lists and RESULT comments, and the older FILE,csv
// notation is read as PRISM reads it.
func TestExportResultsForms(t *testing.T) {
	const cpd = "../../examples/cpd.prism"
	props := []string{cpd, "../../examples/cpd_q.props", "--const", "t=1:2", "--prop", "2", "--prop", "3"}
	cases := []struct {
		name, spec, want string
	}{
		{"plain", "r.txt",
			"CAR(p1, car_late)#=? [ F<=t (\"reward\"|\"payoff2\") ]:\nt\tResult\n1\t0.5\n2\t0.5\n\n" +
				"CAR(p1, car_late)P=? [ F<=t (\"reward\"|\"payoff2\") ]:\nt\tResult\n1\t0.25\n2\t0.25\n"},
		{"csv", "r.txt:csv",
			"\"CAR(p1, car_late)#=? [ F<=t (\"\"reward\"\"|\"\"payoff2\"\") ]\"\nt, Result\n1, 0.5\n2, 0.5\n\n" +
				"\"CAR(p1, car_late)P=? [ F<=t (\"\"reward\"\"|\"\"payoff2\"\") ]\"\nt, Result\n1, 0.25\n2, 0.25\n"},
		{"old comma notation", "r.txt,csv",
			"\"CAR(p1, car_late)#=? [ F<=t (\"\"reward\"\"|\"\"payoff2\"\") ]\"\nt, Result\n1, 0.5\n2, 0.5\n\n" +
				"\"CAR(p1, car_late)P=? [ F<=t (\"\"reward\"\"|\"\"payoff2\"\") ]\"\nt, Result\n1, 0.25\n2, 0.25\n"},
		{"comment", "r.txt:comment",
			"// RESULT (t=1): 0.5\n// RESULT (t=2): 0.5\nCAR(p1, car_late)#=? [ F<=t (\"reward\"|\"payoff2\") ]\n\n" +
				"// RESULT (t=1): 0.25\n// RESULT (t=2): 0.25\nCAR(p1, car_late)P=? [ F<=t (\"reward\"|\"payoff2\") ]\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			code, _, errs := onus(t, append([]string{"check", "--export-results", filepath.Join(dir, c.spec)}, props...)...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, errs)
			}
			got, err := os.ReadFile(filepath.Join(dir, "r.txt"))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
	t.Run("stdout", func(t *testing.T) {
		code, out, errs := onus(t, append([]string{"check", "--export-results", "stdout:csv"}, props...)...)
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, errs)
		}
		if want := "\n\n" + cases[1].want; !strings.HasSuffix(out, want) {
			t.Errorf("stdout does not end with the CSV lists:\n%s", out)
		}
		if _, err := os.Stat("stdout"); err == nil {
			t.Error("a file named stdout was written")
		}
	})
	bad := []struct{ spec, msg string }{
		{"r.txt:matrix", "matrix option"},
		{"r.txt:xml", `unknown option "xml"`},
		{":csv", "needs a file name"},
	}
	for _, b := range bad {
		t.Run(b.spec, func(t *testing.T) {
			spec := b.spec
			if !strings.HasPrefix(spec, ":") {
				spec = filepath.Join(t.TempDir(), spec)
			}
			code, _, errs := onus(t, append([]string{"check", "--export-results", spec}, props...)...)
			if code != exitBadInput || !strings.Contains(errs, b.msg) {
				t.Errorf("exit %d, stderr %q; want exit 2 mentioning %q", code, errs, b.msg)
			}
		})
	}
	code, _, errs := onus(t, append([]string{"check", "--json", "--export-results", "stdout"}, props...)...)
	if code != exitBadInput || !strings.Contains(errs, "--json") {
		t.Errorf("stdout with --json: exit %d, %s", code, errs)
	}
}
