package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestExportResults pins --export-results files (docs/guide/output.md#results-files): PRISM's
// plain-text tables, and one CSV table for a .csv file.
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
		{"export_results_error_csv", "r.csv", []string{cpd, "--pf", `P=? [ X "reward" ]`, "--pf", `CAR(p1, [c1]^2) [ F "fine" ]`,
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
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, string(got))
		})
	}
}
