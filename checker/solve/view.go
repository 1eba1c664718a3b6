package solve

import "github.com/onus-mc/onus/translate"

// View says who chooses where for one coalition: in an smg or mdp
// whether the chooser of a state is in the coalition, in a csg the matrix
// position (coalition's joint action, others' joint action) of each choice.
type View struct {
	g     *translate.Game
	coal  []bool
	csg   bool
	row   []int32 // per choice (csg)
	col   []int32
	nrows []int32 // per game state (csg)
	ncols []int32
}

// NewView returns the view of game g for coalition coal (one flag per
// player).
func NewView(g *translate.Game, coal []bool) *View {
	v := &View{g: g, coal: coal, csg: g.Joint != nil}
	if !v.csg {
		return v
	}
	np := len(g.Players)
	v.row = make([]int32, g.NumChoices())
	v.col = make([]int32, g.NumChoices())
	v.nrows = make([]int32, g.NumStates)
	v.ncols = make([]int32, g.NumStates)
	rows, cols := map[string]int32{}, map[string]int32{}
	var rk, ck []byte
	for s := 0; s < g.NumStates; s++ {
		clear(rows)
		clear(cols)
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			rk, ck = rk[:0], ck[:0]
			for p, act := range g.Joint[ch*np : (ch+1)*np] {
				b := []byte{byte(act), byte(act >> 8), byte(act >> 16), byte(act >> 24)}
				if coal[p] {
					rk = append(rk, b...)
				} else {
					ck = append(ck, b...)
				}
			}
			r, ok := rows[string(rk)]
			if !ok {
				r = int32(len(rows))
				rows[string(rk)] = r
			}
			k, ok := cols[string(ck)]
			if !ok {
				k = int32(len(cols))
				cols[string(ck)] = k
			}
			v.row[ch], v.col[ch] = r, k
		}
		v.nrows[s], v.ncols[s] = int32(len(rows)), int32(len(cols))
	}
	return v
}

// inCoalition reports whether the chooser of game state s (smg owner, the
// mdp's player) belongs to the coalition; dtmc states have one choice.
// The view of no coalition (nil), which the direct solves of a chain take
// (every state has one choice at most, so who chooses does not matter),
// counts every chooser in.
func (v *View) inCoalition(s int) bool {
	g := v.g
	switch {
	case g.Owner != nil && v.coal != nil:
		return v.coal[g.Owner[s]]
	case len(v.coal) > 0:
		return v.coal[0]
	}
	return true
}
