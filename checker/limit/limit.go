// Package limit holds the error the checker's packages report when a
// resource limit is exceeded (the CLI's exit code 3). The checker re-exports
// it as checker.LimitError.
package limit

import "fmt"

// Error reports that a resource limit was exceeded.
type Error struct {
	What  string // what grew too large, e.g. "product states"
	Limit int
}

// Error says which limit was exceeded.
func (e *Error) Error() string {
	return fmt.Sprintf("resource limit exceeded: more than %d %s", e.Limit, e.What)
}
