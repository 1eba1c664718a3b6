// Package limit holds the error the checker's packages report when a
// resource limit is exceeded (the CLI's exit code 3; the checker
// re-exports it as checker.LimitError), and the memory side of the limits:
// the process's real memory limits and the default budget drawn from them
// (memory.go), a watch of the heap (watch.go), the refusal of sweeps whose
// results cannot fit (sweep.go) and saturating arithmetic for limits
// derived from limits (sat.go).
package limit

import "fmt"

// Error reports that a resource limit was exceeded.
type Error struct {
	What  string // what grew too large, e.g. "product states"
	Limit int
	// Setting names the caller's setting that raises the limit, as a
	// field of the configuration ("MaxMemory"), or "" for a fixed limit;
	// a front end names its own spelling of it (the CLI, a flag).
	Setting string
	// Text, when set, says what happened instead of "more than Limit
	// What" (a deadline has no count).
	Text string
	// During, when set, says what was being computed when the limit
	// stopped it and how far it had got, e.g. `P=? [ F<=9 "crash" ]:
	// histories: step 40 of 1000` (set by the checker's entry points).
	During string
}

// Error says which limit was exceeded.
func (e *Error) Error() string {
	s := fmt.Sprintf("resource limit exceeded: more than %d %s", e.Limit, e.What)
	if e.Text != "" {
		s = "resource limit exceeded: " + e.Text
	}
	if e.Setting != "" {
		s += " (the limit " + e.Setting + ")"
	}
	return s
}
