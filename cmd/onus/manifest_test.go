package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestManifestBuild runs `onus build --json` on every row of the corpus
// manifest and compares PRISM-games' state, transition and choice counts;
// rows marked error must exit 2 with a positioned message.
func TestManifestBuild(t *testing.T) {
	corpus := filepath.Join("..", "..", "..", "shared", "prism-corpus")
	b, err := os.ReadFile(filepath.Join(corpus, "MANIFEST.tsv"))
	if err != nil {
		t.Skipf("../shared/prism-corpus is absent (%v): the manifest test needs it", err)
	}
	positioned := regexp.MustCompile(`^[^:]+\.prism:\d+:\d+: error: `)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 7 {
			t.Fatalf("short manifest row %q", line)
		}
		file, consts, expected := f[0], f[1], f[6]
		if testing.Short() && strings.Contains(file, "jamming") {
			continue
		}
		t.Run(file, func(t *testing.T) {
			args := []string{"build", "--json", filepath.Join(corpus, file)}
			if consts != "" {
				args = append(args, "--const", consts)
			}
			code, out, errs := onus(t, args...)
			if strings.HasPrefix(expected, "error") {
				if code != 2 || !positioned.MatchString(errs) {
					t.Fatalf("want exit 2 with FILE:LINE:COL, got %d: %s", code, errs)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var got struct{ States, Transitions, Choices int }
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("bad JSON %q: %v", out, err)
			}
			want := [3]int{}
			for i, s := range f[3:6] {
				if want[i], err = strconv.Atoi(s); err != nil {
					t.Fatalf("bad count %q", s)
				}
			}
			if [3]int{got.States, got.Transitions, got.Choices} != want {
				t.Errorf("states, transitions, choices = %d, %d, %d; PRISM-games: %v", got.States, got.Transitions, got.Choices, want)
			}
		})
	}
}
