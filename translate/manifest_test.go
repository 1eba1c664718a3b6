package translate

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// TestManifest builds every model of the conformance corpus with the listed
// constants and compares states, transitions and choices with PRISM-games.
func TestManifest(t *testing.T) {
	needCorpus(t)
	data, err := os.ReadFile(filepath.Join(corpusDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 7 {
			t.Fatalf("bad manifest line %q", line)
		}
		file, consts, expected := f[0], f[1], f[6]
		t.Run(file, func(t *testing.T) {
			if testing.Short() && strings.Contains(file, "jamming") {
				t.Skip("large model skipped in -short mode")
			}
			m, err := buildFile(t, filepath.Join(corpusDir, file), consts, false)
			if strings.HasPrefix(expected, "error") {
				if err == nil {
					t.Fatalf("built %d states; want an error (%s)", m.Game.NumStates, expected)
				}
				if !isPositioned(err) {
					t.Fatalf("error is not positioned: %v", err)
				}
				t.Logf("error as expected: %v", err)
				return
			}
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			g := m.Game
			want := func(i int) int {
				n, err := strconv.Atoi(f[i])
				if err != nil {
					t.Fatalf("manifest field %d of %s: %v", i, file, err)
				}
				return n
			}
			if g.Type.String() != f[2] {
				t.Errorf("type %s, want %s", g.Type, f[2])
			}
			if g.NumStates != want(3) || g.NumTransitions() != want(4) || g.NumChoices() != want(5) {
				t.Errorf("states/transitions/choices = %d/%d/%d, want %s/%s/%s",
					g.NumStates, g.NumTransitions(), g.NumChoices(), f[3], f[4], f[5])
			}
		})
	}
}

// TestActionOrderAgreesWithChecker compares the game's action list with
// prism.ActionsOf (the semantic checker's view) on every corpus model.
func TestActionOrderAgreesWithChecker(t *testing.T) {
	needCorpus(t)
	files, _ := filepath.Glob(filepath.Join(corpusDir, "models", "*", "*", "*.prism"))
	more, _ := filepath.Glob(filepath.Join(corpusDir, "export", "*", "*.prism"))
	files = append(files, more...)
	if len(files) < 10 {
		t.Fatalf("found only %d models", len(files))
	}
	consts := map[string]string{}
	data, _ := os.ReadFile(filepath.Join(corpusDir, "MANIFEST.tsv"))
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Split(line, "\t"); len(f) > 1 {
			consts[filepath.Join(corpusDir, f[0])] = f[1]
		}
	}
	for _, path := range files {
		m, err := buildFile(t, path, consts[path], false)
		if err != nil {
			continue // the error models are covered by TestManifest
		}
		want := prism.ActionsOf(m.File)
		if got := m.Game.Actions[1:]; strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: actions %v, prism.ActionsOf %v", path, got, want)
		}
	}
}
