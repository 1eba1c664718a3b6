package onus

import (
	"fmt"
	"strconv"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// Note is a remark on a result that does not change its value, at a
// position of the property: an unbounded operator judged within the
// horizon the plan's length set, or a horizon that does not apply.
type Note struct {
	Pos prism.Position
	Msg string
	// Hint says which setting the note is about, for front ends that name
	// their settings in their own words (HintHorizonFromPlan,
	// HintHorizonIgnored).
	Hint *prism.Hint
}

// String prints the note as FILE:LINE:COL: note: MESSAGE.
func (n Note) String() string { return n.Pos.String() + ": note: " + n.Msg }

// horizonNotes returns the notes for property e, checked with result res.
// A note is due when no horizon was set, the result was judged on
// histories of length T, and a responsibility operator of e has an outcome
// with an unbounded F, G, U, W or R whose plan has T steps.
func horizonNotes(fset *prism.FileSet, chk *checker.Checker, e prism.Expr, res *checker.Result, horizonSet bool) []Note {
	if horizonSet {
		return horizonIgnored(fset, e)
	}
	if res == nil || !res.HasHorizon {
		return nil
	}
	var notes []Note
	prism.Inspect(e, func(x prism.Expr) bool {
		r, ok := x.(*prism.Resp)
		if !ok {
			return true
		}
		op := unboundedOp(r.Outcome)
		if op == nil {
			return true
		}
		if n, err := chk.PlanLength(r.Plan); err != nil || n != res.Horizon {
			return true
		}
		notes = append(notes, Note{Pos: fset.Position(op.OpPos),
			Msg:  fmt.Sprintf("%s is judged within the horizon T = %d set by the plan's length; set a longer horizon to look further", op.Op, res.Horizon),
			Hint: &prism.Hint{Kind: prism.HintHorizonFromPlan, Name: op.Op.String(), Value: strconv.Itoa(res.Horizon)}})
		return true
	})
	return notes
}

// horizonIgnored returns a note for the first game operator <<A>> or [[A]]
// of e: the horizon does not apply to them, as they are PRISM-games' values
// on infinite paths.
func horizonIgnored(fset *prism.FileSet, e prism.Expr) []Note {
	var notes []Note
	prism.Inspect(e, func(x prism.Expr) bool {
		if st, ok := x.(*prism.Strategy); ok && notes == nil {
			notes = append(notes, Note{Pos: fset.Position(st.Position()),
				Msg:  "a horizon does not apply to <<...>> and [[...]] queries: they are judged on infinite paths as in PRISM-games (bound their operators, e.g. F<=T, to look T steps ahead)",
				Hint: &prism.Hint{Kind: prism.HintHorizonIgnored}})
		}
		return notes == nil
	})
	return notes
}

// unboundedOp returns the first temporal operator of e without a bound
// (X excepted: it always looks one step ahead), or nil.
func unboundedOp(e prism.Expr) *prism.Temporal {
	var found *prism.Temporal
	prism.Inspect(e, func(x prism.Expr) bool {
		if t, ok := x.(*prism.Temporal); ok && found == nil && t.Op != prism.TempX && t.Bound.Kind == prism.BoundNone {
			found = t
		}
		return found == nil
	})
	return found
}
