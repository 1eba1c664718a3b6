package hist

import "github.com/onus-mc/onus/translate"

// Step is one resolved plan step (SPEC §2). A csg step fixes an action index per
// player (Act, -1: free); an smg or mdp step constrains the owner of the
// state reached (Opts: any of the listed labels or choice indices).
type Step struct {
	Text string  // the step as written, for messages
	Act  []int32 // csg: per player, an action index or -1 (free)
	Opts []Opt   // smg, mdp: the owner takes any of these
}

// Opt is one choice a step allows its state's owner in an smg or mdp.
type Opt struct {
	Label int32 // action index, or -1
	Index int32 // 0-based choice index, or -1
}

// Free reports whether the step constrains nobody.
func (st *Step) Free() bool {
	if st == nil {
		return true
	}
	for _, a := range st.Act {
		if a >= 0 {
			return false
		}
	}
	return len(st.Opts) == 0
}

type allowKey struct {
	sig  string // the step's constraints (equal steps share filters)
	j    uint64
	free bool // Compat^free (Free)
}

// sig returns a key for the step's constraints restricted to coalition j.
func (st *Step) sig(j uint64) string {
	b := make([]byte, 0, 4*len(st.Act)+8*len(st.Opts))
	for p, a := range st.Act {
		if a >= 0 && j&(1<<uint(p)) != 0 {
			b = append(b, byte(p), byte(a), byte(a>>8), byte(a>>16))
		}
	}
	for _, o := range st.Opts {
		b = append(b, 0xff, byte(o.Label), byte(o.Label>>8), byte(o.Label>>16), byte(o.Index), byte(o.Index>>8), byte(o.Index>>16), byte(o.Index>>24))
	}
	return string(b)
}

// Matches reports whether choice ch, the idx-th of its state, is one the
// step allows the state's owner in an smg or mdp.
func (st *Step) Matches(g *translate.Game, ch, idx int) bool {
	for _, o := range st.Opts {
		if o.Index >= 0 && int(o.Index) == idx {
			return true
		}
		if o.Label >= 0 && g.ChoiceAction != nil && g.ChoiceAction[ch] == o.Label {
			return true
		}
	}
	return false
}

// enabled reports whether some choice of state s is one the smg or mdp
// step allows the state's owner: whether the owner can follow the step.
func (st *Step) enabled(g *translate.Game, s int) bool {
	lo, hi := g.Choices(s)
	for ch := lo; ch < hi; ch++ {
		if st.Matches(g, ch, ch-lo) {
			return true
		}
	}
	return false
}
