package translate

import (
	"fmt"
	"strings"

	"github.com/onus-mc/onus/prism"
)

// This file reads the entries of a csg plan step or of a trace row's joint
// action: the one rule for both. A step with an idle (`-`) or free (`*`)
// entry is positional, one entry per player in player order; otherwise
// each name identifies its player (a csg action belongs to one player), in
// any order, and a player the step does not name is free at that step.

// JointStep is a csg step resolved against a game.
type JointStep struct {
	// Act holds, per player, the action index the step fixes (0: idle),
	// or -1 when the player is free.
	Act []int32
	// Omitted lists the players left free because the step names no
	// action of theirs (not those a `*` entry leaves free). A step without
	// entries ([*]) omits nobody.
	Omitted []int
}

// StepError is an entry of a step that does not fit the game.
type StepError struct {
	Pos prism.Pos // the offending entry (or the step)
	Msg string
}

func (e *StepError) Error() string { return e.Msg }

// JointStep resolves the entries of a csg step (a plan step or a trace
// row's joint action) at pos; see the file comment for the rule.
func (g *Game) JointStep(pos prism.Pos, acts []prism.PlanAction) (*JointStep, *StepError) {
	n := len(g.Players)
	st := &JointStep{Act: make([]int32, n)}
	for p := range st.Act {
		st.Act[p] = -1
	}
	if len(acts) == 0 {
		return st, nil
	}
	hasIdle := g.actionIndex(prism.IdleName) >= 0
	positional := false
	for _, a := range acts {
		positional = positional || a.Free || a.IsIdle(hasIdle)
	}
	if positional && len(acts) != n {
		return nil, &StepError{pos, fmt.Sprintf("a step naming an idle (-) or free (*) player lists one entry per player in player order (%d players: %s), not %d",
			n, strings.Join(g.Players, ", "), len(acts))}
	}
	for k, a := range acts {
		switch {
		case a.Free:
			continue
		case a.IsIdle(hasIdle):
			st.Act[k] = 0
			continue
		case a.Name == "":
			return nil, &StepError{a.Pos, fmt.Sprintf("choice indices (#%d) name choices only in smg and mdp models", a.Index)}
		}
		ai := g.actionIndex(a.Name)
		if ai < 0 {
			return nil, &StepError{a.Pos, fmt.Sprintf("unknown action %q", a.Name)}
		}
		owner := int32(-1)
		if int(ai) < len(g.ActionOwner) {
			owner = g.ActionOwner[ai]
		}
		if owner < 0 {
			return nil, &StepError{a.Pos, fmt.Sprintf("action %q belongs to no player", a.Name)}
		}
		if positional && int(owner) != k {
			return nil, &StepError{a.Pos, fmt.Sprintf("%q is not an action of player %s (entry %d), but of %s", a.Name, g.Players[k], k+1, g.Players[owner])}
		}
		if st.Act[owner] >= 0 {
			return nil, &StepError{a.Pos, fmt.Sprintf("two actions of player %s in one step", g.Players[owner])}
		}
		st.Act[owner] = ai
	}
	if !positional {
		for p, a := range st.Act {
			if a < 0 {
				st.Omitted = append(st.Omitted, p)
			}
		}
	}
	return st, nil
}

// actionIndex returns the index of an action label, or -1.
func (g *Game) actionIndex(name string) int32 {
	for i, a := range g.Actions {
		if i > 0 && a == name {
			return int32(i)
		}
	}
	return -1
}
