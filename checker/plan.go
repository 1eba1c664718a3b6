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
	c.omissionNote(ref.Name, pl)
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
	if a.Free {
		return "*"
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
		js, serr := g.JointStep(x.Pos, x.Actions)
		if serr != nil {
			return nil, c.errAt(serr.Pos, "%s", serr.Msg)
		}
		st.Act = js.Act
		if len(js.Omitted) > 0 {
			c.omitted[x] = js.Omitted
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
