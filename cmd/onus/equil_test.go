package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestEquilibria runs `onus check --test` on the equilibrium models and
// props of checker/equil/testdata: hand-checked values of the reference's
// worked examples through the whole pipeline (options, min and bounded
// forms, players by index, infinity, X and bound 0).
func TestEquilibria(t *testing.T) {
	dir := filepath.Join("..", "..", "checker", "equil", "testdata")
	for _, name := range []string{"branch", "oneshot", "step"} {
		t.Run(name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run([]string{"check", "--test", filepath.Join(dir, name+".prism"), filepath.Join(dir, name+".props")}, &out, &errb)
			if code != 0 || !strings.Contains(lastLine(out.String()), " 0 failed") {
				t.Errorf("exit %d\n%s%s", code, out.String(), errb.String())
			}
		})
	}
}
