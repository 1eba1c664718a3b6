package onus

import (
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
)

// TestNotesNameOptions checks that the library's notes on a plan that
// cannot be followed name its option (Options.Unavailable), not the
// command line's flag: a Go program has no --unavailable.
func TestNotesNameOptions(t *testing.T) {
	for _, u := range []checker.Unavailable{checker.UnavailableDrop, checker.UnavailableFree} {
		m, err := Load("examples/crossing.prism", Options{Props: []string{"examples/crossing.props"}, Unavailable: u})
		if err != nil {
			t.Fatal(err)
		}
		rs, err := m.CheckAll()
		if err != nil {
			t.Fatal(err)
		}
		var notes []string
		for _, r := range rs {
			for _, n := range r.Notes {
				notes = append(notes, n.Msg)
			}
		}
		if len(notes) == 0 {
			t.Fatalf("%v: no notes on the crossing, whose plan d2 cannot follow after a crash", u)
		}
		for _, n := range notes {
			if strings.Contains(n, "--") {
				t.Errorf("%v: a library note names a flag: %s", u, n)
			}
		}
		if !strings.Contains(strings.Join(notes, "\n"), checker.FreeReading) {
			t.Errorf("%v: no note names %q:\n%s", u, checker.FreeReading, strings.Join(notes, "\n"))
		}
	}
}
