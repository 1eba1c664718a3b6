package naive

import (
	"fmt"

	"github.com/onus-mc/onus/prism"
)

// Step is one expanded plan step: the actions it lists (empty for [*]).
type Step []prism.PlanAction

// Expand unrolls a plan into its steps, evaluating repetition counts.
func (e *Enum) Expand(p *prism.Plan) ([]Step, error) {
	if p == nil {
		return nil, nil
	}
	return e.expandItems(p.Items)
}

func (e *Enum) expandItems(items []prism.PlanItem) ([]Step, error) {
	var out []Step
	for _, it := range items {
		var body []Step
		var rep prism.Expr
		switch x := it.(type) {
		case *prism.PlanStep:
			body = []Step{Step(x.Actions)}
			rep = x.Repeat
		case *prism.PlanGroup:
			b, err := e.expandItems(x.Items)
			if err != nil {
				return nil, err
			}
			body, rep = b, x.Repeat
		default:
			return nil, fmt.Errorf("naive: unknown plan item %T", it)
		}
		n := 1
		if rep != nil {
			v, err := e.m.Const(rep)
			if err != nil {
				return nil, err
			}
			if v.Type != prism.TInt || v.I < 0 {
				return nil, fmt.Errorf("naive: bad repetition count")
			}
			n = int(v.I)
		}
		for range n {
			out = append(out, body...)
		}
	}
	return out, nil
}

// matches reports whether, in state s, the local choice c of the player
// satisfies every action the step lists for that player. In a csg the
// step's actions are attributed to players by ActionOwner, or by position
// when the step has an idle (-) or free (*) entry; in an smg every listed
// action applies to the owner of s.
func (e *Enum) matches(st Step, s, c, p int) bool {
	g := e.g
	a := e.PlayerAction(s, c, p)
	if g.Joint != nil {
		want, constrained := e.csgTarget(st, p)
		return !constrained || (want >= 0 && a == want)
	}
	for _, pa := range st {
		if g.Owner != nil && int(g.Owner[s]) != p {
			continue
		}
		if pa.Name == "" && pa.Index >= 0 {
			if a != pa.Index {
				return false
			}
		} else if e.actionName(s, a) != pa.Name || pa.Name == "" {
			return false
		}
	}
	return true
}

// csgTarget returns the action a csg step fixes for player p (0: idle; -1
// for a name that is no action: nothing matches) and whether it fixes one.
func (e *Enum) csgTarget(st Step, p int) (int, bool) {
	hasIdle := e.actionIndex(prism.IdleName) >= 0
	positional := false
	for _, pa := range st {
		positional = positional || pa.Free || pa.IsIdle(hasIdle)
	}
	if positional {
		if p >= len(st) {
			return -1, true // a malformed step: nothing matches
		}
		pa := st[p]
		switch {
		case pa.Free:
			return -1, false
		case pa.IsIdle(hasIdle):
			return 0, true
		}
		return e.actionIndex(pa.Name), true
	}
	want := -1
	for _, pa := range st {
		idx := e.actionIndex(pa.Name)
		if idx < 0 {
			return -1, true // unknown name: nothing matches
		}
		if int(e.g.ActionOwner[idx]) == p {
			want = idx
		}
	}
	return want, want >= 0
}

// constrains reports whether the step constrains player p in state s.
func (e *Enum) constrains(st Step, s, p int) bool {
	g := e.g
	if g.Joint != nil {
		_, c := e.csgTarget(st, p)
		return c
	}
	return len(st) > 0 && (g.Owner == nil || int(g.Owner[s]) == p)
}

// canFollow reports whether player p has, in state s, a choice that
// satisfies the step: whether its planned action is enabled there.
func (e *Enum) canFollow(st Step, s, p int) bool {
	lo, hi := e.g.Choices(s)
	for c := lo; c < hi; c++ {
		if e.matches(st, s, c, p) {
			return true
		}
	}
	return false
}

func (e *Enum) actionIndex(name string) int {
	for i, a := range e.g.Actions {
		if i > 0 && a == name {
			return i
		}
	}
	return -1
}

// Compat reports whether h is in Compat_J(π) (SPEC §2): at every step k
// the plan has, the joint action of h agrees with the step on every player
// of J that the step constrains. With Free it is Compat^free_J(π) (SPEC
// §13): a player whose planned action is not enabled in the state may take
// any action there.
func (e *Enum) Compat(plan []Step, J []bool, h *History) bool {
	for k, st := range plan {
		if k >= e.T {
			break
		}
		s, c := h.States[k], h.Choices[k]
		for p := range J {
			if J[p] && e.constrains(st, s, p) && !e.matches(st, s, c, p) {
				if e.Free && !e.canFollow(st, s, p) {
					continue
				}
				return false
			}
		}
	}
	return true
}

// CompatSet returns the indices of Hist_T in Compat_J(π).
func (e *Enum) CompatSet(plan []Step, J []bool) []int {
	var out []int
	for n := range e.Hist {
		if e.Compat(plan, J, &e.Hist[n]) {
			out = append(out, n)
		}
	}
	return out
}
