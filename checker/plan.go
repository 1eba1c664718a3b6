package checker

import (
	"fmt"
	"strings"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file resolves plans (SPEC §2) into one constraint per step and turns
// a step and a coalition J into the filter Compat_J: the set of choices
// (joint actions) that agree with the step on the players of J.

// rstep is one resolved plan step. A csg step fixes an action index per
// player (act, -1: free); an smg or mdp step constrains the owner of the
// state reached (opts: any of the listed labels or choice indices).
type rstep struct {
	pos  prism.Pos
	text string
	act  []int32
	opts []planOpt
}

type planOpt struct {
	label int32 // action index, or -1
	index int32 // 0-based choice index, or -1
}

// free reports whether the step constrains nobody.
func (st *rstep) free() bool {
	if st == nil {
		return true
	}
	for _, a := range st.act {
		if a >= 0 {
			return false
		}
	}
	return len(st.opts) == 0
}

type allowKey struct {
	st *rstep
	j  uint64
}

// resolvePlan finds the plan of a reference and expands it into steps.
func (c *Checker) resolvePlan(ref prism.PlanRef) ([]*rstep, prism.Pos, error) {
	pl := ref.Plan
	if pl == nil {
		var ok bool
		pl, ok = c.cfg.Plans[ref.Name]
		if !ok || pl == nil {
			return nil, ref.Pos, c.errAt(ref.Pos, "unknown plan %q", ref.Name)
		}
	}
	var out []*rstep
	if err := c.expand(pl.Items, &out); err != nil {
		return nil, pl.Pos, err
	}
	return out, pl.Pos, nil
}

// maxSteps bounds the length of a plan and of a horizon.
func (c *Checker) maxSteps() int { return DefaultMaxProduct }

func (c *Checker) expand(items []prism.PlanItem, out *[]*rstep) error {
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
			var body []*rstep
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

func (c *Checker) resolveStep(x *prism.PlanStep) (*rstep, error) {
	g := c.g
	st := &rstep{pos: x.Pos, text: stepText(x)}
	if len(x.Actions) == 0 {
		return st, nil
	}
	switch g.Type {
	case prism.TypeCSG:
		st.act = make([]int32, c.nplayers)
		for i := range st.act {
			st.act[i] = -1
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
			if st.act[owner] >= 0 {
				return nil, c.errAt(a.Pos, "two actions of player %s in one step", g.Players[owner])
			}
			st.act[owner] = ai
		}
	case prism.TypeSMG, prism.TypeSTPG, prism.TypeMDP:
		for _, a := range x.Actions {
			o := planOpt{label: -1, index: -1}
			if a.Name == "" {
				if a.Index < 0 {
					return nil, c.errAt(a.Pos, "bad choice index")
				}
				o.index = int32(a.Index)
			} else {
				o.label = c.actionIndex(a.Name)
				if o.label < 0 {
					return nil, c.errAt(a.Pos, "unknown action %q", a.Name)
				}
			}
			st.opts = append(st.opts, o)
		}
	default:
		return nil, c.errAt(x.Pos, "plans need a model with players (this is a %v)", g.Type)
	}
	return st, nil
}

// owner returns the player who chooses in state s of an smg or mdp.
func (c *Checker) owner(s int) int {
	if c.g.Owner != nil {
		return int(c.g.Owner[s])
	}
	return 0
}

// allowed returns the choices compatible with step st for coalition j (a
// bit mask of players), or nil when every choice is.
func (c *Checker) allowed(st *rstep, j uint64) translate.Bitset {
	if st.free() || j == 0 {
		return nil
	}
	key := allowKey{st, j}
	if b, ok := c.allows[key]; ok {
		return b
	}
	g := c.g
	var b translate.Bitset
	if g.Type == prism.TypeCSG {
		n := c.nplayers
		var cons []int
		for p, a := range st.act {
			if a >= 0 && j&(1<<uint(p)) != 0 {
				cons = append(cons, p)
			}
		}
		if len(cons) > 0 {
			b = translate.NewBitset(g.NumChoices())
			for ch := 0; ch < g.NumChoices(); ch++ {
				ok := true
				for _, p := range cons {
					if g.Joint[ch*n+p] != st.act[p] {
						ok = false
						break
					}
				}
				if ok {
					b.Set(ch)
				}
			}
		}
	} else {
		b = translate.NewBitset(g.NumChoices())
		for s := 0; s < g.NumStates; s++ {
			lo, hi := g.Choices(s)
			o := c.owner(s)
			constrained := j&(1<<uint(o)) != 0
			for ch := lo; ch < hi; ch++ {
				if !constrained || c.optMatch(st, ch, ch-lo) {
					b.Set(ch)
				}
			}
		}
	}
	c.allows[key] = b
	return b
}

func (c *Checker) optMatch(st *rstep, ch, idx int) bool {
	for _, o := range st.opts {
		if o.index >= 0 && int(o.index) == idx {
			return true
		}
		if o.label >= 0 && c.g.ChoiceAction != nil && c.g.ChoiceAction[ch] == o.label {
			return true
		}
	}
	return false
}
