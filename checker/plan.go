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
	sig string // the step's constraints (equal steps share filters)
	j   uint64
}

// sig returns a key for the step's constraints restricted to coalition j.
func (st *rstep) sig(j uint64) string {
	b := make([]byte, 0, 4*len(st.act)+8*len(st.opts))
	for p, a := range st.act {
		if a >= 0 && j&(1<<uint(p)) != 0 {
			b = append(b, byte(p), byte(a), byte(a>>8), byte(a>>16))
		}
	}
	for _, o := range st.opts {
		b = append(b, 0xff, byte(o.label), byte(o.label>>8), byte(o.label>>16), byte(o.index), byte(o.index>>8), byte(o.index>>16), byte(o.index>>24))
	}
	return string(b)
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
	g := c.g
	if g.Type != prism.TypeCSG {
		// In an smg the owner decides whether the step applies.
		if j&c.ownersMask() == 0 {
			return nil
		}
	}
	key := allowKey{st.sig(j), j}
	if g.Type == prism.TypeCSG {
		key.j = 0 // the signature already holds the constrained players
	}
	if b, ok := c.allows[key]; ok {
		return b
	}
	var b translate.Bitset
	if g.Type == prism.TypeCSG {
		// The intersection of the per-player action filters.
		for p, a := range st.act {
			if a < 0 || j&(1<<uint(p)) == 0 {
				continue
			}
			f := c.actionFilter(p, a)
			if b == nil {
				b = append(translate.Bitset(nil), f...)
				continue
			}
			for w := range b {
				b[w] &= f[w]
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

// actionFilter returns the choices of a csg in which player p plays action a.
func (c *Checker) actionFilter(p int, a int32) translate.Bitset {
	key := [2]int32{int32(p), a}
	if b, ok := c.actFilters[key]; ok {
		return b
	}
	g := c.g
	n := c.nplayers
	b := translate.NewBitset(g.NumChoices())
	for ch := 0; ch < g.NumChoices(); ch++ {
		if g.Joint[ch*n+p] == a {
			b.Set(ch)
		}
	}
	c.actFilters[key] = b
	return b
}

// ownersMask is the set of players owning some state (smg, mdp).
func (c *Checker) ownersMask() uint64 {
	if c.owners != 0 {
		return c.owners
	}
	m := uint64(1)
	if c.g.Owner != nil {
		m = 0
		for _, o := range c.g.Owner {
			if o >= 0 && o < 64 {
				m |= 1 << uint(o)
			}
		}
	}
	c.owners = m | 1<<63 // non-zero once computed
	return c.owners
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
