package main

import (
	"fmt"
	"io"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// This file writes the horizon notes of SPEC §10.5: an outcome with an
// unbounded operator judged within a horizon that the plan's length set.

// horizonNotes returns the notes for property e, checked with result res.
// A note is due when no --horizon was given, the result was judged on
// histories of length T, and a responsibility operator of e has an outcome
// with an unbounded F, G, U, W or R whose plan has T steps.
func horizonNotes(fset *prism.FileSet, chk *checker.Checker, e prism.Expr, res *checker.Result, horizonSet bool) []*prism.Error {
	if horizonSet {
		return horizonIgnored(fset, e)
	}
	if res == nil || !res.HasHorizon {
		return nil
	}
	var notes []*prism.Error
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
		msg := fmt.Sprintf("%s is judged within the horizon T = %d set by the plan's length; give --horizon to look further", op.Op, res.Horizon)
		notes = append(notes, &prism.Error{Pos: fset.Position(op.OpPos), Msg: msg})
		return true
	})
	return notes
}

// horizonIgnored returns a note for the first game operator <<A>> or [[A]]
// of e: --horizon does not apply to them, as they are PRISM-games' values on
// infinite paths.
func horizonIgnored(fset *prism.FileSet, e prism.Expr) []*prism.Error {
	var notes []*prism.Error
	prism.Inspect(e, func(x prism.Expr) bool {
		if st, ok := x.(*prism.Strategy); ok && notes == nil {
			notes = append(notes, &prism.Error{Pos: fset.Position(st.Position()),
				Msg: "--horizon does not apply to <<...>> and [[...]] queries: they are judged on infinite paths as in PRISM-games (bound their operators, e.g. F<=T, to look T steps ahead)"})
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

// checkerNotes returns the notes the checker made (plans that cannot always
// be followed, players a step leaves free without saying so) positioned
// in the files.
func checkerNotes(fset *prism.FileSet, notes []checker.Note) []*prism.Error {
	var out []*prism.Error
	for _, n := range notes {
		out = append(out, &prism.Error{Pos: fset.Position(n.Pos), Msg: n.Msg})
	}
	return out
}

// noteTexts returns the messages of notes (for JSON).
func noteTexts(notes []*prism.Error) []string {
	var out []string
	for _, n := range notes {
		out = append(out, n.Msg)
	}
	return out
}

// printNotes writes each distinct note of the results to w as
// FILE:LINE:COL: note: MESSAGE.
func printNotes(w io.Writer, results []propResult) {
	seen := map[string]bool{}
	for _, r := range results {
		for _, n := range r.notes {
			line := n.Pos.String() + ": note: " + n.Msg
			if !seen[line] {
				seen[line] = true
				fmt.Fprintln(w, line)
			}
		}
	}
}
