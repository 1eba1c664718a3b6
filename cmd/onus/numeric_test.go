package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNumericModels runs `onus check --test` on the properties of
// testdata/numeric: total and steady-state rewards, S, multi(...), [[A]]
// and negative rewards in csgs, each with a value worked out by hand in
// its comment. A props file belongs to the model of the same name there,
// or else in examples/.
func TestNumericModels(t *testing.T) {
	props, _ := filepath.Glob(filepath.Join("testdata", "numeric", "*.props"))
	if len(props) < 5 {
		t.Fatalf("found only %d properties files", len(props))
	}
	for _, p := range props {
		stem := strings.TrimSuffix(filepath.Base(p), ".props")
		model := filepath.Join("testdata", "numeric", stem+".prism")
		if _, err := os.Stat(model); err != nil {
			model = filepath.Join("..", "..", "examples", stem+".prism")
		}
		t.Run(stem, func(t *testing.T) {
			code, out, errs := onus(t, "check", "--test", model, p)
			if code != 0 || strings.Contains(out, "FAIL") || !strings.Contains(out, "PASS") {
				t.Fatalf("onus check --test %s %s: exit %d\n%s%s", model, p, code, out, errs)
			}
		})
	}
}
