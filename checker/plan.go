package checker

import (
	"fmt"
	"strings"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/prism"
)

// This file resolves plans (SPEC §2) into one constraint per step and turns
// a step and a coalition J into the filter Compat_J: the set of choices
// (joint actions) that agree with the step on the players of J.

// resolvePlan finds the plan of a reference and expands it into steps.
func (c *Checker) resolvePlan(ref prism.PlanRef) ([]*hist.Step, prism.Pos, error) {
	pl := ref.Plan
	if pl == nil {
		var ok bool
		pl, ok = c.cfg.Plans[ref.Name]
		if !ok || pl == nil {
			return nil, ref.Pos, c.errAt(ref.Pos, "unknown plan %q", ref.Name)
		}
	}
	var out []*hist.Step
	if err := c.expand(pl.Items, &out); err != nil {
		return nil, pl.Pos, err
	}
	return out, pl.Pos, nil
}

// maxSteps bounds the length of a plan and of a horizon.
func (c *Checker) maxSteps() int { return DefaultMaxProduct }

func (c *Checker) expand(items []prism.PlanItem, out *[]*hist.Step) error {
	for _, it := range items {
		var rep prism.Expr
		switch x := it.(type) {
		case *prism.PlanStep:
			rep = x.Repeat
		case *prism.PlanGroup:
			rep = x.Repeat
		}
		n := int64(1)
		if rep != nil {
			var err error
			n, err = c.intConst(rep, "repetition count")
			if err != nil {
				return err
			}
			if n < 0 {
				return c.errAt(rep.Position(), "the repetition count must be >= 0, not %d", n)
			}
		}
		switch x := it.(type) {
		case *prism.PlanStep:
			st, err := c.resolveStep(x)
			if err != nil {
				return err
			}
			if int64(len(*out))+n > int64(c.maxSteps()) {
				return &LimitError{What: "plan steps", Limit: c.maxSteps()}
			}
			for i := int64(0); i < n; i++ {
				*out = append(*out, st)
			}
		case *prism.PlanGroup:
			var body []*hist.Step
			if err := c.expand(x.Items, &body); err != nil {
				return err
			}
			if int64(len(*out))+n*int64(len(body)) > int64(c.maxSteps()) {
				return &LimitError{What: "plan steps", Limit: c.maxSteps()}
			}
			for i := int64(0); i < n; i++ {
				*out = append(*out, body...)
			}
		}
	}
	return nil
}

func stepText(x *prism.PlanStep) string {
	if len(x.Actions) == 0 {
		return "[*]"
	}
	var b strings.Builder
	b.WriteByte('[')
	for i, a := range x.Actions {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(actionText(a))
	}
	b.WriteByte(']')
	return b.String()
}

func actionText(a prism.PlanAction) string {
	if a.Idle {
		return "-"
	}
	if a.Name == "" && a.Index >= 0 {
		return fmt.Sprintf("#%d", a.Index)
	}
	return a.Name
}

// actionIndex returns the action index of a label, or -1.
func (c *Checker) actionIndex(name string) int32 {
	for i, a := range c.g.Actions {
		if i > 0 && a == name {
			return int32(i)
		}
	}
	return -1
}

func (c *Checker) resolveStep(x *prism.PlanStep) (*hist.Step, error) {
	g := c.g
	st := &hist.Step{Text: stepText(x)}
	c.stepPos[st] = x.Pos
	if len(x.Actions) == 0 {
		return st, nil
	}
	switch g.Type {
	case prism.TypeCSG:
		st.Act = make([]int32, c.nplayers)
		for i := range st.Act {
			st.Act[i] = -1
		}
		if done, err := c.resolveIdleStep(x, st); done {
			return st, err
		}
		for _, a := range x.Actions {
			if a.Name == "" {
				return nil, c.errAt(a.Pos, "choice indices (#%d) name choices only in smg and mdp models", a.Index)
			}
			ai := c.actionIndex(a.Name)
			if ai < 0 {
				return nil, c.errAt(a.Pos, "unknown action %q", a.Name)
			}
			owner := int32(-1)
			if int(ai) < len(g.ActionOwner) {
				owner = g.ActionOwner[ai]
			}
			if owner < 0 {
				return nil, c.errAt(a.Pos, "action %q belongs to no player", a.Name)
			}
			if st.Act[owner] >= 0 {
				return nil, c.errAt(a.Pos, "two actions of player %s in one step", g.Players[owner])
			}
			st.Act[owner] = ai
		}
	case prism.TypeSMG, prism.TypeSTPG, prism.TypeMDP:
		for _, a := range x.Actions {
			o := hist.Opt{Label: -1, Index: -1}
			if a.Name == "" {
				if a.Index < 0 {
					return nil, c.errAt(a.Pos, "bad choice index")
				}
				o.Index = int32(a.Index)
			} else {
				o.Label = c.actionIndex(a.Name)
				if o.Label < 0 {
					return nil, c.errAt(a.Pos, "unknown action %q", a.Name)
				}
			}
			st.Opts = append(st.Opts, o)
		}
	default:
		return nil, c.errAt(x.Pos, "plans need a model with players (this is a %v)", g.Type)
	}
	return st, nil
}

// resolveIdleStep resolves a csg step naming an idle player (`-`, or `idle`
// when no action has that name): one entry per player in player order, an
// idle entry constraining its player to idle (action index 0). It reports
// whether the step was one.
func (c *Checker) resolveIdleStep(x *prism.PlanStep, st *hist.Step) (bool, error) {
	hasIdle := c.actionIndex(prism.IdleName) >= 0
	positional := false
	for _, a := range x.Actions {
		positional = positional || a.IsIdle(hasIdle)
	}
	if !positional {
		return false, nil
	}
	if len(x.Actions) != c.nplayers {
		return true, c.errAt(x.Pos, "a step naming an idle player lists one entry per player in player order (%d players), not %d", c.nplayers, len(x.Actions))
	}
	for p, a := range x.Actions {
		if a.IsIdle(hasIdle) {
			st.Act[p] = 0
			continue
		}
		ai := c.actionIndex(a.Name)
		if ai < 0 || int(ai) >= len(c.g.ActionOwner) || c.g.ActionOwner[ai] != int32(p) {
			return true, c.errAt(a.Pos, "%q is not an action of player %s (entry %d)", actionText(a), c.g.Players[p], p+1)
		}
		st.Act[p] = ai
	}
	return true, nil
}
