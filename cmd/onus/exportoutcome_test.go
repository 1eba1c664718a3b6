package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestExportOutcomeGolden runs export-outcome and compares its output and
// the files it writes with testdata/golden (go test -update rewrites
// them). The values are checked against an independent evaluator in
// checker/exportoutcome_test.go; here the files themselves are pinned.
func TestExportOutcomeGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
		exts []string // which files go into the golden file
	}{
		{"export_outcome_car", []string{"--exact", "../../examples/cpd.prism", "../../examples/cpd.props", "--prop", "1", "--const", "t=1"},
			[]string{".json", ".props", ".tra", ".sta", ".lab"}},
		{"export_outcome_ccr_from1", []string{"--outcome-from", "1", "../../examples/cpd.prism", "../../examples/cpd_from1.props", "--prop", "1"},
			[]string{".json", ".props"}},
		{"export_outcome_metric_q", []string{"../../examples/cpd.prism", "--behaviour", "../../examples/cpd_q.props", "--pf", `#=? [ G<=2 ("fine"|"reward") ]`, "--prop", "1"},
			[]string{".props", ".tra"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"export-outcome", "--dir", dir}, c.args...)
			code, out, errs := onus(t, args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			var b strings.Builder
			b.WriteString(strings.ReplaceAll(out, dir, "DIR"))
			ents, _ := os.ReadDir(dir)
			var names []string
			for _, e := range ents {
				for _, x := range c.exts {
					if strings.HasSuffix(e.Name(), x) {
						names = append(names, e.Name())
					}
				}
			}
			sort.Strings(names)
			for _, n := range names {
				src, err := os.ReadFile(filepath.Join(dir, n))
				if err != nil {
					t.Fatal(err)
				}
				b.WriteString("==> " + n + " <==\n")
				b.Write(src)
			}
			checkGolden(t, c.name, b.String())
		})
	}
}

// TestExportOutcomeErrors: bad inputs exit with code 2 and a message.
func TestExportOutcomeErrors(t *testing.T) {
	model, props := "../../examples/cpd.prism", "../../examples/cpd.props"
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
		msg  string
	}{
		{"Hinf", []string{model, props, "--prop", "10", "--const", "t=1", "--dir", dir}, "Hinf=? does not depend"},
		{"range", []string{model, props, "--prop", "1", "--const", "t=1:2", "--dir", dir}, "single constant values"},
		{"two props", []string{model, props, "--prop", "1", "--prop", "2", "--const", "t=1", "--dir", dir}, "one property"},
		{"no dir", []string{model, props, "--prop", "1", "--const", "t=1"}, "dir"},
		{"no prop", []string{model, props, "--const", "t=1", "--dir", dir}, "prop"},
		{"outcome-from", []string{model, props, "--prop", "1", "--const", "t=1", "--outcome-from", "2", "--dir", dir}, "--outcome-from"},
		{"boolean", []string{model, "--pf", `"fine"`, "--prop", "1", "--dir", dir}, "have languages to export"},
		{"bad plan", []string{model, "--pf", `CAR(p1, [c1,c2] [d1]) [ X "fine" ]`, "--prop", "1", "--horizon", "1", "--dir", dir}, "more than the horizon"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, append([]string{"export-outcome"}, c.args...)...)
			if code != exitBadInput || !strings.Contains(errs, c.msg) {
				t.Errorf("exit %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", code, exitBadInput, c.msg, out, errs)
			}
		})
	}
}
