package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkNashCorpus runs `onus check --test` (parse, build, check) on
// each equilibrium props file of the PRISM-games corpus, once per line of
// its .args file, and fails if a RESULT does not match. Compare with
// PRISM-games' times in prism-corpus/TIMINGS.tsv (csgs/nash rows).
func BenchmarkNashCorpus(b *testing.B) {
	dir, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "prism-corpus", "verify", "csgs", "nash"))
	props, _ := filepath.Glob(filepath.Join(dir, "*.props"))
	if len(props) == 0 {
		b.Skipf("no equilibrium props under %s", dir)
	}
	for _, pf := range props {
		model := verifyModel(pf)
		runs := [][]string{nil}
		if src, err := os.ReadFile(pf + ".args"); err == nil {
			runs = nil
			for _, line := range strings.Split(strings.TrimSpace(string(src)), "\n") {
				f := strings.Fields(line)
				for i := range f {
					if f[i] == "-const" {
						f[i] = "--const"
					}
				}
				runs = append(runs, f)
			}
		}
		b.Run(filepath.Base(pf), func(b *testing.B) {
			for b.Loop() {
				for _, args := range runs {
					var out, errb bytes.Buffer
					if code := run(append([]string{"check", model, pf, "--test"}, args...), &out, &errb); code != 0 {
						b.Fatalf("%v: exit %d\n%s%s", args, code, out.String(), errb.String())
					}
				}
			}
		})
	}
}
