package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// robots0parity is robots.prism with moves that never fail and a bit
// that flips at every step: the plan search of a boolean operator on it
// expands and minimises some N^2 single states at every step, each level
// new, for as many steps as the horizon (minutes at N = 400). Without the
// bit (robots0.prism) a level only grows, and the search merges the new
// states into it: under a second at N = 600.
const robots0parity = "testdata/deadline/robots0parity.prism"

// vote12 has twelve voters: a million random orders of its 42 players
// take some 20 s.
const vote12 = "testdata/vote12.prism"

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
		{"a plan search", []string{"check", robots0parity, "--const", "N=400,cross=50",
			// 3 s: the build and sweep before the search take about 0.3 s
			// on an idle machine, several times that under load
			"--pf", `CAR(r1,[go1,*]^399) [F<=4000 ("crash" | a=N-1)]`, "--timeout", "3s"},
			regexp.MustCompile(`^onus: note: stopped in CAR\(r1, \[go1,\*\]\^399\) \[ F<=4000 \("crash" \| a = N - 1\) \]: plan search`)},
		{"locate --samples", []string{"locate", vote12, "--objective", `P>=1 [G !"carried"]`,
			"--samples", "1000000", "--index", "shapley", "--timeout", "300ms"},
			regexp.MustCompile(`^onus: note: stopped in locate P>=1 \[ G !"carried" \]: random orders: step [0-9]+ of 1000000$`)},
		{"simulate", []string{"simulate", "../../examples/robots.prism", "--const", "N=100,cross=5",
			"--steps", "10000000", "--timeout", "300ms"}, nil},
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

// TestLocateInterrupted: Ctrl-C (limit.Interrupt) stops onus locate's
// searches with exit code 130 and a note saying how far they had got.
func TestLocateInterrupted(t *testing.T) {
	done := interruptEvery(200 * time.Millisecond)
	code, _, errs := onus(t, "locate", vote12, "--objective", `P>=1 [G !"carried"]`, "--samples", "1000000", "--index", "shapley")
	done()
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	note := regexp.MustCompile(`^onus: note: stopped in locate P>=1 \[ G !"carried" \]: random orders: step [0-9]+ of 1000000$`)
	if code != exitInterrupted || len(lines) < 2 || lines[len(lines)-2] != "onus: interrupted (Ctrl-C)" || !note.MatchString(lines[len(lines)-1]) {
		t.Errorf("exit %d, stderr\n%s\nwant exit 130, onus: interrupted (Ctrl-C) and where it stopped", code, errs)
	}
}

// TestLocateProgressOnPipe: onus locate --progress prints plain lines
// saying what its searches are doing; without it nothing is shown on a
// stderr that is not a terminal.
func TestLocateProgressOnPipe(t *testing.T) {
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = time.Nanosecond
	grid := "../../benchmarks/models/locate_grid.prism"
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"--samples", []string{vote12, "--objective", `P>=1 [G !"carried"]`, "--samples", "2000", "--index", "shapley"},
			`onus: progress: locate P>=1 [ G !"carried" ]: random orders: step `},
		// 21 players with a choice: their minimal winning coalitions.
		{"exact, minimal winning coalitions", []string{grid, "--const", "ROWS=3,COLS=11", "--objective", `P>=1 [G !"mine"]`, "--exact"},
			`onus: progress: locate P>=1 [ G !"mine" ]: minimal winning coalitions: 0 found, 1 candidates, 0 maximal losing, 1 solved` + "\n"},
		// 18: the table of their coalitions.
		{"exact, coalitions", []string{grid, "--const", "ROWS=3,COLS=9", "--objective", `P>=1 [G !"mine"]`, "--exact"},
			`onus: progress: locate P>=1 [ G !"mine" ]: coalitions: step `},
	} {
		for _, flag := range []bool{false, true} {
			args := append([]string{"locate"}, tc.args...)
			if flag {
				args = append(args, "--progress")
			}
			code, _, errs := onus(t, args...)
			if got := strings.Contains(errs, tc.want); code != exitOK || got != flag || strings.Contains(errs, "\r") {
				t.Errorf("%s, --progress %v: exit %d, stderr %q; want progress lines %v (%q), no carriage return", tc.name, flag, code, errs, flag, tc.want)
			}
		}
	}
}
