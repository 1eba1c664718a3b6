package main

import (
	"regexp"
	"strings"
	"testing"
)

// robots0 is robots.prism with moves that never fail: the plan search of
// a boolean operator on it keeps some N^2 supports, and minimising them
// takes minutes at N = 300.
const robots0 = "testdata/deadline/robots0.prism"

// TestDeadlineStops: --timeout stops the searches that do not run passes
// over histories — the plan search of a boolean operator, onus locate's
// coalitions — with exit code 3, the limit's error and, for a query,
// where it stopped. Each run would take minutes without the limit.
func TestDeadlineStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		note *regexp.Regexp // the last stderr line; nil: none
	}{
		{"a plan search", []string{"check", robots0, "--const", "N=300,cross=50",
			"--pf", `CAR(r1,[go1,*]^299) [F<=3000 ("crash" | a=N-1)]`, "--timeout", "1s"},
			regexp.MustCompile(`^onus: note: stopped in CAR\(r1, \[go1,\*\]\^299\) \[ F<=3000 \("crash" \| a = N - 1\) \]`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := onus(t, tc.args...)
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			limitLine := "onus: error: resource limit exceeded: the run took longer than its time limit of "
			ok := code == exitLimit
			if tc.note != nil {
				ok = ok && len(lines) >= 2 && strings.HasPrefix(lines[len(lines)-2], limitLine) && tc.note.MatchString(lines[len(lines)-1])
			} else {
				ok = ok && strings.HasPrefix(lines[len(lines)-1], limitLine)
			}
			if !ok {
				t.Errorf("exit %d, stderr\n%s\nwant exit 3 and the time limit's error (note %v)", code, errs, tc.note)
			}
		})
	}
}
