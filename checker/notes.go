package checker

import (
	"fmt"
	"strings"

	"github.com/onus-mc/onus/prism"
)

// This file collects the notes of a call to Check, Blame, Languages or
// ExportOutcome: remarks that do not change a value but that a person
// reading it should know (plans that cannot always be followed, unavail.go;
// players a plan step leaves free without saying so, below).

// Note is a remark on how a result was computed.
type Note struct {
	Pos prism.Pos // what it is about: a plan step, usually
	Msg string
	// Losses: a plan that cannot always be followed (SPEC §13), one entry
	// per coalition, all first stuck at the same step, player and state
	// (nil for other notes).
	Losses []*PlanLoss
}

// GuideUnnamed is the section of the user guide on players a plan step
// does not name.
const GuideUnnamed = "docs/guide/plans.md#players-a-step-does-not-name"

// Notes returns the notes of the last call to Check, Blame, Languages or
// ExportOutcome, in the order they were made.
func (c *Checker) Notes() []Note {
	return append([]Note(nil), c.notes...)
}

func (c *Checker) resetNotes() {
	c.notes, c.noted = nil, map[string]bool{}
}

// addNote adds a note unless one with the same position and message is
// there already.
func (c *Checker) addNote(n Note) {
	key := fmt.Sprintf("%d:%s", n.Pos, n.Msg)
	if c.noted == nil {
		c.noted = map[string]bool{}
	}
	if c.noted[key] {
		return
	}
	c.noted[key] = true
	c.notes = append(c.notes, n)
}

// omissionNote notes the first step of plan pl (named name, "" inline) that
// leaves a csg player free by naming no action of theirs, with the number
// of such steps. A player marked `*`, and a step [*], are free by choice
// and need no note.
func (c *Checker) omissionNote(name string, pl *prism.Plan) {
	var first *prism.PlanStep
	n := 0
	var walk func(items []prism.PlanItem)
	walk = func(items []prism.PlanItem) {
		for _, it := range items {
			switch x := it.(type) {
			case *prism.PlanStep:
				if _, ok := c.omitted[x]; ok {
					if first == nil {
						first = x
					}
					n++
				}
			case *prism.PlanGroup:
				walk(x.Items)
			}
		}
	}
	walk(pl.Items)
	if first == nil {
		return
	}
	var names []string
	for _, p := range c.omitted[first] {
		names = append(names, c.g.Players[p])
	}
	what := "the plan"
	if name != "" {
		what = "plan " + name
	}
	if pl.Trace != "" {
		what = "the trace " + pl.Trace
	}
	others := ""
	if n > 1 {
		others = fmt.Sprintf(" (as do %d more of its steps)", n-1)
	}
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	msg := fmt.Sprintf("step %s of %s names no action of %s, who %s free at that step%s; write * in that player's place to say so (%s), or - for idle (see %s)",
		stepText(first), what, strings.Join(names, ", "), verb, others, c.explicitStep(first), GuideUnnamed)
	c.addNote(Note{Pos: first.Pos, Msg: msg})
}

// explicitStep writes step x positionally, with * for the players it
// leaves free.
func (c *Checker) explicitStep(x *prism.PlanStep) string {
	js, err := c.g.JointStep(x.Pos, x.Actions)
	if err != nil {
		return stepText(x)
	}
	parts := make([]string, len(js.Act))
	for p, a := range js.Act {
		switch {
		case a < 0:
			parts[p] = "*"
		case a == 0:
			parts[p] = "-"
		default:
			parts[p] = c.g.Actions[a]
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}
