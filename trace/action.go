package trace

import (
	"strings"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file reads the action column of a row: the choices of the previous
// state it matches and the plan step it stands for.

// matchAction returns the choices of state s matching the action cell and
// the plan step that constrains every player to it.
func matchAction(e *errs, m *translate.Model, s int, c Cell) ([]int, *prism.PlanStep, error) {
	if m.Game.Type == prism.TypeCSG {
		return matchJoint(e, m, s, c)
	}
	return matchOwner(e, m, s, c)
}

// matchJoint reads a csg joint action `[a1,...,an]`: the entries of a
// plan step, read by the same rule (translate.Game.JointStep): one action
// per player in player order, `-` for an idle player and `*` for one left
// free, or the actions of some players in any order, the others free. The
// step is the row itself; the choices are those of s that agree with it.
func matchJoint(e *errs, m *translate.Model, s int, c Cell) ([]int, *prism.PlanStep, error) {
	g := m.Game
	n := len(g.Players)
	in, ok := bracketed(c.Text)
	if !ok {
		return nil, nil, e.at(c.Pos, "expected a joint action [a1,...,a%d] (one action, - for idle or * for any, per player), not %q", n, c.Text)
	}
	names, offs := splitJoint(in)
	ps := &prism.PlanStep{Pos: c.Pos}
	for k, name := range names {
		a := prism.PlanAction{Pos: c.Pos + prism.Pos(offs[k]), Name: name, Index: -1}
		switch name {
		case "-":
			a.Name, a.Idle = "", true
		case "*":
			a.Name, a.Free = "", true
		case "":
			return nil, nil, e.at(a.Pos, "entry %d of the joint action %s is empty", k+1, c.Text)
		}
		ps.Actions = append(ps.Actions, a)
	}
	if len(ps.Actions) == 1 && ps.Actions[0].Free {
		ps.Actions = nil // [*]: every player free
	}
	js, serr := g.JointStep(c.Pos, ps.Actions)
	if serr != nil {
		return nil, nil, e.at(serr.Pos, "%s", serr.Msg)
	}
	var match []int
	lo, hi := g.Choices(s)
	for ch := lo; ch < hi; ch++ {
		if agrees(g.Joint[ch*n:(ch+1)*n], js.Act) {
			match = append(match, ch)
		}
	}
	if len(match) == 0 {
		return nil, nil, e.at(c.Pos, "the joint action %s is not available in state %s", c.Text, m.StateString(s))
	}
	return match, ps, nil
}

// agrees reports whether a joint action agrees with a step's actions (-1:
// free).
func agrees(joint, act []int32) bool {
	for p, a := range act {
		if a >= 0 && joint[p] != a {
			return false
		}
	}
	return true
}

// matchOwner reads an smg (or mdp) action: `[label]`, or the name of the
// module whose unlabelled command was taken (`-` also stands for an
// unlabelled choice). A labelled row's step names the label; an unlabelled
// row's step names the index #k of the first unlabelled choice reaching the
// next state (the caller fills it in: see stepFor).
func matchOwner(e *errs, m *translate.Model, s int, c Cell) ([]int, *prism.PlanStep, error) {
	g := m.Game
	lo, hi := g.Choices(s)
	label := func(ch int) int32 {
		if g.ChoiceAction == nil {
			return 0
		}
		return g.ChoiceAction[ch]
	}
	var match []int
	if in, ok := bracketed(c.Text); ok {
		name := strings.TrimSpace(in)
		a := actionIndex(g, name)
		if a < 0 {
			return nil, nil, e.at(c.Pos+1, "unknown action %q", name)
		}
		for ch := lo; ch < hi; ch++ {
			if label(ch) == a {
				match = append(match, ch)
			}
		}
		if len(match) == 0 {
			return nil, nil, e.at(c.Pos, "no choice labelled %s is available in state %s", name, m.StateString(s))
		}
		ps := &prism.PlanStep{Pos: c.Pos, Actions: []prism.PlanAction{{Pos: c.Pos + 1, Name: name, Index: -1}}}
		return match, ps, nil
	}
	if c.Text != "-" {
		mods := m.UnlabelledModules(s)
		if !contains(m.ModuleNames(), c.Text) {
			return nil, nil, e.at(c.Pos, "%q is neither an action [label] nor a module of the model", c.Text)
		}
		if !contains(mods, c.Text) && !g.Deadlock.Has(s) {
			return nil, nil, e.at(c.Pos, "module %s has no enabled unlabelled command in state %s", c.Text, m.StateString(s))
		}
	}
	for ch := lo; ch < hi; ch++ {
		if label(ch) == 0 {
			match = append(match, ch)
		}
	}
	if len(match) == 0 {
		return nil, nil, e.at(c.Pos, "no unlabelled choice is available in state %s", m.StateString(s))
	}
	return match, &prism.PlanStep{Pos: c.Pos, Actions: []prism.PlanAction{{Pos: c.Pos, Index: -1}}}, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
