package locate

import (
	"slices"

	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// view is the turn-based two-player game a coalition plays: a copy of the
// model's choices (forward) or of its edges (backward) whose states are
// owned by P1 or P2. Owners change with the coalition; nothing else does.
type view struct {
	tb      *translate.Game // Owner is per worker (see worker)
	base    []Owner         // each state's owner when none of its groups is in the coalition
	members [][]int32       // per group: the view's states it makes P1's
	target  []bool          // φ on the view's states
	init    int
	choices []int32 // per group: the most choices any of its states has (≤ 1: a null player)
	// coal: the groups are the game's own players (smg, csg), who keep
	// their actions; a coalition is P1 through solve's coalition views.
	coal bool
	prob bool  // some choice branches
	pr   preds // reverse edges, built on first use (strategy.go)
	// meter receives the searches' progress (Options.Meter; nil: none).
	meter *progress.Meter
}

// newView builds the view of gm.
func newView(gm *Game) *view {
	var v *view
	switch {
	case gm.Players:
		v = playersView(gm)
	case gm.Mode == Forward:
		v = forwardView(gm)
	default:
		v = backwardView(gm)
	}
	v.prob = Probabilistic(v.tb)
	return v
}

// turnBased returns a turn-based copy of g's arrays with two players and
// no joint actions: in a csg the whole joint choice of a state goes to its
// owner (SPEC §12.2).
func turnBased(g *translate.Game) *translate.Game {
	tb := &translate.Game{
		Type: prism.TypeSMG, Vars: g.Vars, Players: []string{"P1", "P2"},
		NumStates: g.NumStates, Values: g.Values, Initial: g.Initial,
		ChoiceStart: g.ChoiceStart, TransStart: g.TransStart, Target: g.Target, Prob: g.Prob,
		Owner: make([]int32, g.NumStates),
	}
	return tb
}

func forwardView(gm *Game) *view {
	g := gm.G
	v := &view{tb: turnBased(g), target: gm.Obj.Target, init: gm.Init}
	v.base = make([]Owner, g.NumStates)
	if gm.Ungrouped != nil {
		copy(v.base, gm.Ungrouped)
	}
	for _, gr := range gm.Groups {
		for _, s := range gr.States {
			v.base[s] = P2
		}
	}
	v.members = make([][]int32, len(gm.Groups))
	v.choices = make([]int32, len(gm.Groups))
	for i, gr := range gm.Groups {
		poll(i) // a group per state: 10^6 of them
		v.members[i] = gr.States
		for _, s := range gr.States {
			lo, hi := g.Choices(int(s))
			v.choices[i] = max(v.choices[i], int32(hi-lo))
		}
	}
	return v
}

// edges returns the distinct successors of state s over all its choices,
// and the number of (choice, successor) pairs (SPEC §12.7's count).
func edges(g *translate.Game, s int, buf []int32) (succ []int32, pairs int) {
	succ = buf[:0]
	lo, hi := g.Choices(s)
	for c := lo; c < hi; c++ {
		tlo, thi := g.Transitions(c)
		for t := tlo; t < thi; t++ {
			pairs++
			succ = append(succ, g.Target[t])
		}
	}
	slices.Sort(succ)
	return slices.Compact(succ), pairs
}

// Significant reports, per state, whether it has more than one (choice,
// successor) pair and is not bad (Target false): the players of the
// pessimistic backward game (SPEC §12.7).
func Significant(g *translate.Game, safe []bool) []bool {
	out := make([]bool, g.NumStates)
	var buf []int32
	for s := range out {
		poll(s)
		var pairs int
		buf, pairs = edges(g, s, buf)
		out[s] = pairs > 1 && safe[s]
	}
	return out
}

// backwardView builds G_ρ (SPEC §12.3) as a graph game, one choice per
// edge: a state on ρ offers only ρ's edges from it, plus one move to a
// helper state of P1 that offers all its edges. Held by P2 (outside the
// coalition) the helper never helps P2, whose best move among ρ's edges
// is at least as good; held by P1 the state reaches every edge.
func backwardView(gm *Game) *view {
	g := gm.G
	n := g.NumStates
	onPath := make([]bool, n)
	follow := make([][]int32, n)
	for k, s := range gm.Path {
		onPath[s] = true
		if k+1 < len(gm.Path) {
			follow[s] = append(follow[s], gm.Path[k+1])
		}
	}
	helper := make([]int32, n) // helper state of each state on ρ, or -1
	next := int32(n)
	var buf []int32
	all := make([][]int32, n)
	for s := 0; s < n; s++ {
		poll(s)
		buf, _ = edges(g, s, buf)
		all[s] = slices.Clone(buf)
		helper[s] = -1
		if onPath[s] {
			slices.Sort(follow[s])
			follow[s] = slices.Compact(follow[s])
			if len(follow[s]) < len(all[s]) {
				helper[s] = next
				next++
			}
		}
	}
	total := int(next)
	tb := &translate.Game{Type: prism.TypeSMG, Vars: g.Vars, Players: []string{"P1", "P2"}, NumStates: total,
		Owner: make([]int32, total), ChoiceStart: make([]int32, 0, total+1)}
	v := &view{tb: tb, base: make([]Owner, total), target: make([]bool, total), init: gm.Init}
	add := func(to []int32) {
		for _, t := range to {
			tb.TransStart = append(tb.TransStart, int32(len(tb.Target)))
			tb.Target = append(tb.Target, t)
			tb.Prob = append(tb.Prob, 1)
		}
	}
	for s := 0; s < n; s++ {
		poll(s)
		tb.ChoiceStart = append(tb.ChoiceStart, int32(len(tb.TransStart)))
		v.target[s] = gm.Obj.Target[s]
		switch {
		case onPath[s]:
			v.base[s] = P2
			add(follow[s])
			if h := helper[s]; h >= 0 {
				add([]int32{h})
			}
			if len(follow[s]) == 0 { // the bad end: keep its edges
				add(all[s])
			}
		case gm.Mode == Pessimistic:
			v.base[s] = P2
			add(all[s])
		default:
			v.base[s] = P1
			add(all[s])
		}
	}
	for s := 0; s < n; s++ {
		if h := helper[s]; h >= 0 {
			tb.ChoiceStart = append(tb.ChoiceStart, int32(len(tb.TransStart)))
			v.target[h] = gm.Obj.Target[s]
			v.base[h] = P1
			add(all[s])
		}
	}
	tb.ChoiceStart = append(tb.ChoiceStart, int32(len(tb.TransStart)))
	tb.TransStart = append(tb.TransStart, int32(len(tb.Target)))
	v.members = make([][]int32, len(gm.Groups))
	v.choices = make([]int32, len(gm.Groups))
	for i, gr := range gm.Groups {
		poll(i)
		v.members[i] = gr.States
		for _, s := range gr.States {
			// A state with one edge decides nothing, whoever holds it.
			if len(all[s]) > 1 && gm.Obj.Target[s] {
				v.choices[i] = max(v.choices[i], int32(len(all[s])))
			}
		}
	}
	return v
}

// playersView keeps the game as it is: group p is player p, holding the
// states where it has more than one action.
func playersView(gm *Game) *view {
	g := gm.G
	v := &view{tb: g, target: gm.Obj.Target, init: gm.Init, coal: true}
	np := len(g.Players)
	v.members = make([][]int32, np)
	v.choices = make([]int32, np)
	acts := make([]map[int32]bool, np)
	for s := 0; s < g.NumStates; s++ {
		poll(s)
		lo, hi := g.Choices(s)
		for p := 0; p < np; p++ {
			n := 0
			switch {
			case g.Joint != nil:
				clear(acts[p])
				if acts[p] == nil {
					acts[p] = map[int32]bool{}
				}
				for c := lo; c < hi; c++ {
					acts[p][g.Joint[c*np+p]] = true
				}
				n = len(acts[p])
			case g.Owner != nil:
				if int(g.Owner[s]) == p {
					n = hi - lo
				}
			default: // mdp: the one player
				n = hi - lo
			}
			if n > 1 {
				v.members[p] = append(v.members[p], int32(s))
				v.choices[p] = max(v.choices[p], int32(n))
			}
		}
	}
	return v
}
