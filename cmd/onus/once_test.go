package main

import (
	"strings"
	"testing"
)

// TestErrorsPrintedOnce: an error of one property among several is
// printed once, on stderr in the FILE:LINE:COL format, in the property's
// place; the other results are printed and the exit code is 2. Under
// --json the document holds it and stderr has it once; under --test it
// is the property's result, on stdout.
func TestErrorsPrintedOnce(t *testing.T) {
	const msg = `--pf 2:1:9: error: unknown label "nolabel"`
	args := []string{"check", "../../examples/cpd.prism", "--pf", `P=? [ X "fine" ]`, "--pf", `P=? [ X "nolabel" ]`, "--pf", `P=? [ X "reward" ]`}
	code, out, errs := onus(t, args...)
	if code != exitBadInput || strings.Count(out+errs, "nolabel\"\n") != 1 || errs != msg+"\n" ||
		strings.Count(out, "Result: 0.25") != 2 || strings.Contains(out, "Error") {
		t.Errorf("text: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	code, out, errs = onus(t, append(args, "--json")...)
	if code != exitBadInput || strings.Count(out, `"error": "--pf 2:1:9`) != 1 || errs != msg+"\n" {
		t.Errorf("--json: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}
