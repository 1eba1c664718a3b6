package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoOutputsOnFailure: a run that fails leaves no output file behind,
// even when it failed after finishing one, and every file it would have
// replaced as it was (internal/atomicfile stages a run's files and renames
// them all only when it succeeds). Each row also runs a variant that
// succeeds (ok, or the fail arguments without the blocking directories),
// to show that the failing run had written a file before it failed.
func TestNoOutputsOnFailure(t *testing.T) {
	const ex = "../../examples/"
	rows := []struct {
		name  string
		fail  []string // D stands for the run's directory
		ok    []string // nil: fail's arguments, without the blockers
		block []string // directories made where the run writes a later file
		old   []string // files that exist before the run (holding "old")
	}{
		{name: "prism: a model's files; then a label file with no directory",
			fail: []string{"prism", ex + "cpd.prism", "-exportmodel", "D/out.all", "-exportlabels", "D/no/such/dir"},
			ok:   []string{"prism", ex + "cpd.prism", "-exportmodel", "D/out.all", "-exportlabels", "D/lab.txt"},
			old:  []string{"out.tra"}},
		{name: "prism: reward files after the model's",
			fail:  []string{"prism", ex + "attack.prism", "-exportmodel", "D/out.all"},
			block: []string{"out.srew"}},
		{name: "prism: the transitions; then a bad -const for the properties",
			fail: []string{"prism", ex + "cpd_n.prism", ex + "cpd_n.props", "-const", "n=8,t=1:1.0", "-exporttrans", "D/1"},
			ok:   []string{"prism", ex + "cpd_n.prism", ex + "cpd_n.props", "-const", "n=8,t=1", "-exporttrans", "D/1"},
			old:  []string{"1"}},
		{name: "check: --export-results; then a property the horizon refuses",
			fail: []string{"check", ex + "cpd.prism", ex + "cpd.props", "--const", "t=1:3", "--prop", "4", "--prop", "6", "--export-results", "D/out.csv", "--horizon", "2"},
			ok:   []string{"check", ex + "cpd.prism", ex + "cpd.props", "--const", "t=1:3", "--prop", "4", "--prop", "6", "--export-results", "D/out.csv", "--horizon", "3"},
			old:  []string{"out.csv"}},
		{name: "check: --plot; then --export-results into a directory",
			fail:  []string{"check", ex + "cpd.prism", ex + "cpd.props", "--const", "t=1:4", "--prop", "4", "--plot", "D/p.svg", "--export-results", "D/r.csv"},
			block: []string{"r.csv"}, old: []string{"p.svg"}},
		{name: "export: .sta; .tra and .lab; then the rewards",
			fail:  []string{"export", ex + "attack.prism", "--dir", "D"},
			block: []string{"attack.srew"}, old: []string{"attack.tra"}},
		{name: "export-outcome: the languages; then the manifest",
			fail:  []string{"export-outcome", "--dir", "D", "--exact", ex + "cpd.prism", ex + "cpd.props", "--prop", "1", "--const", "t=1"},
			block: []string{"manifest.json"}},
		{name: "locate: --export-results; then --html",
			fail:  []string{"locate", ex + "locate/choices.prism", "--objective", `P>=1 [G !"bad"]`, "--counterexample", "@" + ex + "locate/choices.ce", "--exact", "--export-results", "D/r.csv", "--html", "D/r.html"},
			block: []string{"r.html"}, old: []string{"r.csv"}},
		{name: "blame: --export-results; then --plot",
			fail:  []string{"blame", ex + "cpd.prism", "--plan", "[d1,d2] [c1,c2]", "--outcome", `F "reward"`, "--export-results", "D/r.csv", "--plot", "D/s.svg"},
			block: []string{"s.svg"}, old: []string{"r.csv"}},
		{name: "simulate: a bad --steps leaves --out as it was",
			fail: []string{"simulate", ex + "cpd.prism", "--steps", "10000001", "--out", "D/run.txt"},
			ok:   []string{"simulate", ex + "cpd.prism", "--steps", "3", "--out", "D/run.txt"},
			old:  []string{"run.txt"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			setup := func(block bool) string {
				dir := t.TempDir()
				for _, n := range r.old {
					if err := os.WriteFile(filepath.Join(dir, n), []byte("old"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if block {
					for _, n := range r.block {
						if err := os.MkdirAll(filepath.Join(dir, n, "x"), 0o755); err != nil {
							t.Fatal(err)
						}
					}
				}
				return dir
			}
			args := func(a []string, dir string) []string {
				var out []string
				for _, s := range a {
					if s == "D" || strings.HasPrefix(s, "D/") {
						s = dir + s[1:]
					}
					out = append(out, s)
				}
				return out
			}
			okArgs := r.ok
			if okArgs == nil {
				okArgs = r.fail
			}
			dir := setup(false)
			code, _, errs := onus(t, args(okArgs, dir)...)
			if code != exitOK {
				t.Fatalf("the run meant to succeed: exit %d\n%s", code, errs)
			}
			wrote := listTree(t, dir)
			if slices.Equal(wrote, sortedCopy(r.old)) && allOld(t, dir, r.old) {
				t.Fatalf("the run meant to succeed wrote nothing (%v)", wrote)
			}
			dir = setup(true)
			before := listTree(t, dir)
			code, _, errs = onus(t, args(r.fail, dir)...)
			if code != exitBadInput && code != exitLimit {
				t.Fatalf("exit %d, want a failure\n%s", code, errs)
			}
			if after := listTree(t, dir); !slices.Equal(after, before) {
				t.Errorf("the failed run changed the directory: %v, was %v (it wrote %v when it succeeded)\n%s", after, before, wrote, errs)
			}
			if !allOld(t, dir, r.old) {
				t.Errorf("the failed run replaced a file that existed before it\n%s", errs)
			}
		})
	}
}

// listTree lists dir's files and directories below it, sorted.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != dir {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, rel)
		}
		return nil
	})
	slices.Sort(names)
	return names
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// allOld reports whether each of names in dir still holds "old".
func allOld(t *testing.T, dir string, names []string) bool {
	t.Helper()
	for _, n := range names {
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(b) != "old" {
			return false
		}
	}
	return true
}
