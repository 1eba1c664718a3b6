package naive

import (
	"fmt"
	"slices"
)

// This file re-checks the witnesses of explanations (SPEC §10.3) by
// their definitions: a full plan all of whose histories violate ψ, and a
// history of Compat_J(π) that violates ψ.

// FullStep is one step of a full plan: per player, the names it takes
// (csg: one action name, or none for a player that idles; smg: the name
// for the states it owns, or none for a player owning no state reachable
// at that step).
type FullStep []Step

// FullPlanHistories returns the indices of the histories of Hist_T that
// follow the full plan at every step, after checking that the plan is
// executable: in every state a consistent prefix reaches, the players'
// names make an available joint action (csg), and every owner of such a
// state has a name that some choice of the state carries (smg, mdp).
func (e *Enum) FullPlanHistories(plan []FullStep) ([]int, error) {
	if len(plan) != e.T {
		return nil, fmt.Errorf("naive: a full plan of %d steps for the horizon %d", len(plan), e.T)
	}
	follows := func(st FullStep, s, c int) bool {
		for p := range e.g.Players {
			if e.g.Joint == nil && e.owner(s) != p {
				continue
			}
			if len(st[p]) == 0 {
				if e.g.Joint != nil && e.PlayerAction(s, c, p) == 0 {
					continue // idles
				}
				return false
			}
			if !e.matches(st[p], s, c, p) {
				return false
			}
		}
		return true
	}
	var out []int
	for n := range e.Hist {
		h := &e.Hist[n]
		ok := true
		for k := 0; k < e.T && ok; k++ {
			s := h.States[k]
			lo, hi := e.g.Choices(s)
			avail := false
			for c := lo; c < hi && !avail; c++ {
				avail = follows(plan[k], s, c)
			}
			if !avail {
				return nil, fmt.Errorf("naive: step %d of the plan is not available in state %d, which the plan can reach", k+1, s)
			}
			ok = follows(plan[k], s, h.Choices[k])
		}
		if ok {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("naive: no history follows the plan")
	}
	return out, nil
}

// PlanViolates checks that the full plan is executable and that every
// one of its histories violates ψ (sat per history of Hist_T).
func (e *Enum) PlanViolates(plan []FullStep, sat []bool) error {
	hs, err := e.FullPlanHistories(plan)
	if err != nil {
		return err
	}
	for _, n := range hs {
		if sat[n] {
			return fmt.Errorf("naive: history %v of the plan satisfies ψ", e.Hist[n].States)
		}
	}
	return nil
}

// ViolatingHistory checks that states and choices make a history of
// Hist_T that is in Compat_J(π) and violates ψ.
func (e *Enum) ViolatingHistory(states, choices []int, pi []Step, J []bool, sat []bool) error {
	for n := range e.Hist {
		h := &e.Hist[n]
		if !slices.Equal(h.States, states) || !slices.Equal(h.Choices, choices) {
			continue
		}
		if !e.Compat(pi, J, h) {
			return fmt.Errorf("naive: history %v is not in Compat_J(π) for J = %v", states, J)
		}
		if sat[n] {
			return fmt.Errorf("naive: history %v satisfies ψ", states)
		}
		return nil
	}
	return fmt.Errorf("naive: %v with choices %v is no history of length %d of the model", states, choices, e.T)
}

// AllSatisfy reports whether every history of L satisfies ψ.
func AllSatisfy(L []int, sat []bool) bool { return allOf(L, sat, true) }

// SettledAt checks that every history of Hist_T that begins with the
// first k transitions of the given history violates ψ.
func (e *Enum) SettledAt(states, choices []int, k int, sat []bool) error {
	for n := range e.Hist {
		h := &e.Hist[n]
		if slices.Equal(h.States[:k+1], states[:k+1]) && slices.Equal(h.Choices[:k], choices[:k]) && sat[n] {
			return fmt.Errorf("naive: history %v begins like %v up to step %d but satisfies ψ", h.States, states, k)
		}
	}
	return nil
}
