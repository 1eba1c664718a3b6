package hist

import (
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file is about plans that cannot be followed (SPEC §13): a player of
// a coalition J whose planned action is not enabled in the state a history
// reaches. Under Compat_J(π) the history is dropped there; under
// Compat^free_J(π) (a mask with Free) the player acts as β says at that
// step. FirstLoss finds where the first such state is reached.

// freeActionFilter returns the choices of a csg in which player p plays
// action a, or in whose state p has no choice playing a (there p is free).
func (m *Model) freeActionFilter(p int, a int32) translate.Bitset {
	key := [2]int32{int32(p), a}
	if b, ok := m.freeFilters[key]; ok {
		return b
	}
	g := m.g
	b := append(translate.Bitset(nil), m.actionFilter(p, a)...)
	for s := 0; s < g.NumStates; s++ {
		if !m.canTake(s, p, a) {
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				b.Set(ch)
			}
		}
	}
	m.freeFilters[key] = b
	return b
}

// canTake reports whether player p of a csg has a choice playing action a
// in state s.
func (m *Model) canTake(s, p int, a int32) bool {
	g := m.g
	n := len(g.Players)
	lo, hi := g.Choices(s)
	for ch := lo; ch < hi; ch++ {
		if g.Joint[ch*n+p] == a {
			return true
		}
	}
	return false
}

// Loss is where a coalition first cannot follow a plan.
type Loss struct {
	Step   int // 0-based step
	State  int // the first state, in the game's order, where it happens at Step
	Player int // the first player of the coalition who cannot take its planned action there
}

// Stuck returns the first player of coalition j (a plain mask) who cannot
// take its action of step st in state s, or -1.
func (m *Model) Stuck(st *Step, j uint64, s int) int {
	j &^= Free
	if st.Free() || j == 0 {
		return -1
	}
	g := m.g
	if g.Type == prism.TypeCSG {
		for p, a := range st.Act {
			if a >= 0 && j&(1<<uint(p)) != 0 && !m.canTake(s, p, a) {
				return p
			}
		}
		return -1
	}
	o := Owner(g, s)
	if j&(1<<uint(o)) != 0 && !st.enabled(g, s) {
		return o
	}
	return -1
}

// FirstLoss returns where the histories of length T from state s0 that
// follow steps on coalition j (Compat_J, a plain mask) first reach a state
// in which a player of j cannot take its planned action, or nil if none
// does. It sweeps the sets of game states reachable at each step (histories
// are not enumerated) and stops at the first step with such a state.
func (m *Model) FirstLoss(s0 int, steps []*Step, T int, j uint64) *Loss {
	j &^= Free
	if j == 0 {
		return nil
	}
	// The last step that may get a player of j stuck somewhere; none: no
	// sweep.
	last := -1
	for k := 0; k < T && k < len(steps); k++ {
		if m.mayStick(steps[k], j) {
			last = k
		}
	}
	if last < 0 {
		return nil
	}
	g := m.g
	cur := []int{s0}
	seen := make([]int, g.NumStates) // the step+1 at which a state was last added
	for k := 0; k <= last && len(cur) > 0; k++ {
		st := steps[k]
		best := -1
		if m.mayStick(st, j) {
			for _, s := range cur {
				if p := m.Stuck(st, j, s); p >= 0 && (best < 0 || s < best) {
					best = s
				}
			}
		}
		if best >= 0 {
			return &Loss{Step: k, State: best, Player: m.Stuck(st, j, best)}
		}
		allow := m.Allowed(st, j)
		var next []int
		for _, s := range cur {
			lo, hi := g.Choices(s)
			forChoices(allow, lo, hi, func(ch int) {
				for t := g.TransStart[ch]; t < g.TransStart[ch+1]; t++ {
					if to := int(g.Target[t]); g.Prob[t] > 0 && seen[to] != k+1 {
						seen[to] = k + 1
						next = append(next, to)
					}
				}
			})
		}
		cur = next
	}
	return nil
}

// mayStick reports whether step st may leave a player of coalition j (a
// plain mask) stuck in some state of the game, reachable or not: a quick
// test before FirstLoss sweeps. The answers per action (csg) and per step
// and owner (smg, mdp) are cached.
func (m *Model) mayStick(st *Step, j uint64) bool {
	if st.Free() {
		return false
	}
	g := m.g
	if g.Type == prism.TypeCSG {
		for p, a := range st.Act {
			if a < 0 || j&(1<<uint(p)) == 0 {
				continue
			}
			key := [2]int32{int32(p), a}
			missing, ok := m.missing[key]
			if !ok {
				for s := 0; s < g.NumStates && !missing; s++ {
					missing = !m.canTake(s, p, a)
				}
				m.missing[key] = missing
			}
			if missing {
				return true
			}
		}
		return false
	}
	owners, ok := m.stuckOwners[st]
	if !ok {
		for s := 0; s < g.NumStates; s++ {
			if o := Owner(g, s); o < 64 && !st.enabled(g, s) {
				owners |= 1 << uint(o)
			}
		}
		m.stuckOwners[st] = owners
	}
	return owners&j != 0
}
