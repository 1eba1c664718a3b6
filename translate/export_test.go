package translate

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestExportGolden exports each model of the corpus' export/ folder and
// compares with PRISM-games' files: .sta .lab .srew byte for byte, .tra and
// .trew byte for byte for smg, and per state as sets of rows for csg (onus
// orders a csg state's choices by joint action, PRISM by Java hash order);
// in PRISM's order (PrismOrder), csg .tra and .trew match byte for byte.
func TestExportGolden(t *testing.T) {
	needCorpus(t)
	models, err := filepath.Glob(filepath.Join(corpusDir, "export", "*", "*.prism"))
	if err != nil || len(models) == 0 {
		t.Fatalf("no export models found: %v", err)
	}
	for _, path := range models {
		t.Run(filepath.Base(path), func(t *testing.T) {
			m, err := buildFile(t, path, "", false)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			base := filepath.Base(path)
			if err := Export(dir, base, m.Game); err != nil {
				t.Fatal(err)
			}
			golden, _ := filepath.Glob(path + "*")
			compared := 0
			for _, gf := range golden {
				name := filepath.Base(gf)
				ext := filepath.Ext(name)
				switch ext {
				case ".sta", ".lab", ".srew", ".tra", ".trew":
				default:
					continue
				}
				want, err := os.ReadFile(gf)
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Errorf("%s not exported: %v", name, err)
					continue
				}
				compared++
				if m.Game.Type.String() == "csg" && (ext == ".tra" || ext == ".trew") {
					compareCSGRows(t, name, string(got), string(want))
					var b strings.Builder
					if ext == ".tra" {
						err = WriteTra(&b, PrismOrder(m.Game))
					} else {
						err = WriteTrew(&b, PrismOrder(m.Game), rewardIndex(name))
					}
					if err != nil {
						t.Fatal(err)
					}
					if b.String() != string(want) {
						t.Errorf("%s in PRISM's order differs:\n%s", name, firstDiff(b.String(), string(want)))
					}
					continue
				}
				if string(got) != string(want) {
					t.Errorf("%s differs:\n%s", name, firstDiff(string(got), string(want)))
				}
			}
			if compared < 5 {
				t.Errorf("compared only %d files", compared)
			}
		})
	}
}

// compareCSGRows compares the first two (header) lines exactly, and the
// rows of each state as a multiset where the choice index is replaced by the
// joint action it carries (.tra) or by the rows' own content (.trew).
func compareCSGRows(t *testing.T, name, got, want string) {
	t.Helper()
	gl := strings.Split(strings.TrimRight(got, "\n"), "\n")
	wl := strings.Split(strings.TrimRight(want, "\n"), "\n")
	if len(gl) < 2 || len(wl) < 2 || gl[0] != wl[0] || gl[1] != wl[1] {
		t.Errorf("%s: header differs: got %q, want %q", name, gl[:min(2, len(gl))], wl[:min(2, len(wl))])
		return
	}
	if !strings.HasSuffix(name, ".tra") {
		// .trew rows carry only the choice index; compare per state the
		// multiset of (target, reward).
		key := func(l string) string {
			f := strings.Fields(l)
			if len(f) != 4 {
				return l
			}
			return f[0] + " " + f[2] + " " + f[3]
		}
		if a, b := normRows(gl[2:], key), normRows(wl[2:], key); a != b {
			t.Errorf("%s: rows differ:\n%s", name, firstDiff(a, b))
		}
		return
	}
	key := func(l string) string {
		f := strings.Fields(l)
		if len(f) != 5 {
			return l
		}
		return f[0] + " " + f[4] + " " + f[2] + " " + f[3]
	}
	if a, b := normRows(gl[2:], key), normRows(wl[2:], key); a != b {
		t.Errorf("%s: rows differ:\n%s", name, firstDiff(a, b))
	}
}

func normRows(rows []string, key func(string) string) string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = key(r)
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func firstDiff(got, want string) string {
	g := strings.Split(got, "\n")
	w := strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n  got:  " + a + "\n  want: " + b
		}
	}
	return "(only trailing newline differs)"
}

func itoa(i int) string { return string(appendInt(nil, int64(i))) }

// rewardIndex is the 0-based reward structure of an exported reward file:
// k-1 for NAME.prismk.trew, 0 for NAME.prism.trew.
func rewardIndex(name string) int {
	stem := strings.TrimSuffix(name, filepath.Ext(name))
	if k := stem[len(stem)-1]; k >= '1' && k <= '9' {
		return int(k - '1')
	}
	return 0
}
