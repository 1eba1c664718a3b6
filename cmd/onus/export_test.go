package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestExportCorpus runs `onus export` on the models PRISM-games exported
// in ../shared/prism-corpus/export and compares the files: .sta .lab .srew
// byte for byte; .tra .trew byte for byte for smg; for csg the same header
// and, per state, the same set of (target, probability, joint action) rows
// (onus orders csg choices by joint action, PRISM by Java hash order).
func TestExportCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "prism-corpus", "export")
	models, _ := filepath.Glob(filepath.Join(dir, "*", "*.prism"))
	if len(models) == 0 {
		t.Skip("../shared/prism-corpus/export is absent: the export conformance test needs it")
	}
	for _, model := range models {
		name := filepath.Base(model)
		csg := filepath.Base(filepath.Dir(model)) == "csg"
		t.Run(name, func(t *testing.T) {
			out := t.TempDir()
			if code, _, errs := onus(t, "export", model, "--dir", out); code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			base := strings.TrimSuffix(name, ".prism")
			golden, _ := filepath.Glob(model + "*")
			compared := 0
			for _, g := range golden {
				suffix := strings.TrimPrefix(filepath.Base(g), name) // ".sta", "1.srew", ...
				ext := filepath.Ext(suffix)
				if suffix == "" || strings.HasSuffix(suffix, ".auto") {
					continue
				}
				want, err := os.ReadFile(g)
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(filepath.Join(out, base+suffix))
				if err != nil {
					t.Errorf("%s: not written (%v)", base+suffix, err)
					continue
				}
				compared++
				if csg && (ext == ".tra" || ext == ".trew") {
					if a, b := rowSets(string(got)), rowSets(string(want)); a != b {
						t.Errorf("%s differs from PRISM's per state as sets", base+suffix)
					}
					continue
				}
				if string(got) != string(want) {
					t.Errorf("%s differs from PRISM's %s", base+suffix, filepath.Base(g))
				}
			}
			if compared < 4 {
				t.Errorf("only %d files compared", compared)
			}
		})
	}
}

// rowSets normalises a csg .tra or .trew: the header lines, then every row
// without its choice index, sorted.
func rowSets(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	head, rows := lines[:2], lines[2:]
	var keys []string
	for _, r := range rows {
		f := strings.Fields(r)
		if len(f) >= 3 {
			f = append(f[:1], f[2:]...)
		}
		keys = append(keys, strings.Join(f, " "))
	}
	sort.Strings(keys)
	return strings.Join(head, "\n") + "\n" + strings.Join(keys, "\n")
}
