package checker

import (
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
)

// TestBoundConventions checks that boundOf's bounds mean the same to the
// automata (ltlf) and to the solvers (solve): one value for "unbounded".
func TestBoundConventions(t *testing.T) {
	if int64(ltlf.Unbounded) != solve.Unbounded {
		t.Fatalf("ltlf.Unbounded = %d, solve.Unbounded = %d", ltlf.Unbounded, solve.Unbounded)
	}
	if solve.EmptyRange >= 0 || solve.EmptyRange == solve.Unbounded {
		t.Fatalf("solve.EmptyRange = %d must be negative and differ from Unbounded", solve.EmptyRange)
	}
}
