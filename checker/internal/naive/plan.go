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

// matches reports whether, in state s, the local choice a of the player
// (as PlayerAction gives it) satisfies every action the step lists for
// that player. In a csg the step's actions are attributed to players by
// ActionOwner; in an smg every listed action applies to the owner of s.
func (e *Enum) matches(st Step, s, c, p int) bool {
	g := e.g
	a := e.PlayerAction(s, c, p)
	for _, pa := range st {
		if g.Joint != nil {
			idx := e.actionIndex(pa.Name)
			if idx < 0 {
				return false // unknown name: nothing matches
			}
			if int(g.ActionOwner[idx]) != p {
				continue
			}
			if a != idx {
				return false
			}
			continue
		}
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

// constrains reports whether the step constrains player p in state s.
func (e *Enum) constrains(st Step, s, p int) bool {
	g := e.g
	for _, pa := range st {
		if g.Joint != nil {
			idx := e.actionIndex(pa.Name)
			if idx < 0 || int(g.ActionOwner[idx]) == p {
				return true
			}
			continue
		}
		if g.Owner == nil || int(g.Owner[s]) == p {
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
// of J that the step constrains.
func (e *Enum) Compat(plan []Step, J []bool, h *History) bool {
	for k, st := range plan {
		if k >= e.T {
			break
		}
		s, c := h.States[k], h.Choices[k]
		for p := range J {
			if J[p] && e.constrains(st, s, p) && !e.matches(st, s, c, p) {
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
