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

// matchJoint reads a csg joint action `[a1,...,an]` (`-`: player idles).
// The step is the joint action itself: one entry per player, `-` for an
// idle one (SPEC §2's positional form).
func matchJoint(e *errs, m *translate.Model, s int, c Cell) ([]int, *prism.PlanStep, error) {
	g := m.Game
	n := len(g.Players)
	in, ok := bracketed(c.Text)
	if !ok {
		return nil, nil, e.at(c.Pos, "expected a joint action [a1,...,a%d] (one action or - per player), not %q", n, c.Text)
	}
	names, offs := splitJoint(in)
	if len(names) != n {
		return nil, nil, e.at(c.Pos, "the joint action %s has %d entries; the model has %d players", c.Text, len(names), n)
	}
	joint := make([]int32, n)
	ps := &prism.PlanStep{Pos: c.Pos}
	for p, name := range names {
		at := c.Pos + prism.Pos(offs[p])
		if name == "-" {
			ps.Actions = append(ps.Actions, prism.PlanAction{Pos: at, Index: -1, Idle: true})
			continue
		}
		a := actionIndex(g, name)
		if a < 0 {
			return nil, nil, e.at(at, "unknown action %q", name)
		}
		if g.ActionOwner[a] != int32(p) {
			return nil, nil, e.at(at, "action %s is not an action of player %s (entry %d)", name, g.Players[p], p+1)
		}
		joint[p] = a
		ps.Actions = append(ps.Actions, prism.PlanAction{Pos: at, Name: name, Index: -1})
	}
	lo, hi := g.Choices(s)
	for ch := lo; ch < hi; ch++ {
		if slicesEqual(g.Joint[ch*n:(ch+1)*n], joint) {
			return []int{ch}, ps, nil
		}
	}
	return nil, nil, e.at(c.Pos, "the joint action %s is not available in state %s", c.Text, m.StateString(s))
}

func slicesEqual(a, b []int32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
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
