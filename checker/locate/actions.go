package locate

import (
	"fmt"

	"github.com/onus-mc/onus/translate"
)

// ActionGame is the game of the actions grouping (SPEC §12.7): in each
// state, the choices c_0 … c_{k−1} are offered in turn. At N_j the owner
// of c_j's action may try it or pass; trying leads to a helper state of
// P1 that takes c_j or passes; after the last, an adversary state picks
// any choice. A state whose choices have no action (the translator's
// deadlock loops) belongs to the adversary. N_0 is the state itself, so
// states keep their numbers; the new states copy their state's values.
type ActionGameResult struct {
	Game      *translate.Game
	Groups    []Group // one per action, in the game's action order (used ones)
	Ungrouped []Owner
}

// ActionGame builds the game of the actions grouping of g, whose choices
// carry action labels (g.ChoiceAction).
func ActionGame(g *translate.Game) *ActionGameResult {
	n := g.NumStates
	nv := len(g.Vars)
	out := &translate.Game{Type: g.Type, Vars: g.Vars, Players: g.Players, Actions: g.Actions,
		Initial: g.Initial, Values: append([]int32(nil), g.Values...)}
	base := make([]int32, n, 4*n) // the model state each new state stands for
	for s := range base {
		base[s] = int32(s)
	}
	owner := make([]Owner, n, 4*n)
	groupOf := make([]int32, n, 4*n) // action index of N_j states, −1 otherwise
	type choice struct {
		targets []int32
		probs   []float64
		action  int32
	}
	chs := make([][]choice, n, 4*n)
	newState := func(of int32, o Owner, act int32) int32 {
		id := int32(len(base))
		base = append(base, of)
		owner = append(owner, o)
		groupOf = append(groupOf, act)
		chs = append(chs, nil)
		out.Values = append(out.Values, g.Values[int(of)*nv:(int(of)+1)*nv]...)
		return id
	}
	orig := func(c int) choice {
		lo, hi := g.Transitions(c)
		return choice{g.Target[lo:hi], g.Prob[lo:hi], g.ChoiceAction[c]}
	}
	for s := 0; s < n; s++ {
		groupOf[s] = -1
		lo, hi := g.Choices(s)
		named := true
		for c := lo; c < hi; c++ {
			named = named && g.ChoiceAction[c] != 0
		}
		if !named {
			owner[s] = P2
			for c := lo; c < hi; c++ {
				chs[s] = append(chs[s], orig(c))
			}
			continue
		}
		adv := newState(int32(s), P2, -1)
		for c := lo; c < hi; c++ {
			chs[adv] = append(chs[adv], orig(c))
		}
		cur := int32(s)
		for c := lo; c < hi; c++ {
			groupOf[cur] = g.ChoiceAction[c]
			helper := newState(int32(s), P1, -1)
			next := adv
			if c+1 < hi {
				next = newState(int32(s), P1, -1)
			}
			chs[cur] = []choice{{[]int32{next}, []float64{1}, 0}, {[]int32{helper}, []float64{1}, 0}}
			chs[helper] = []choice{{[]int32{next}, []float64{1}, 0}, orig(c)}
			cur = next
		}
	}
	total := len(base)
	out.NumStates = total
	for s := 0; s < total; s++ {
		out.ChoiceStart = append(out.ChoiceStart, int32(len(out.TransStart)))
		for _, c := range chs[s] {
			out.TransStart = append(out.TransStart, int32(len(out.Target)))
			out.Target = append(out.Target, c.targets...)
			out.Prob = append(out.Prob, c.probs...)
			out.ChoiceAction = append(out.ChoiceAction, c.action)
		}
	}
	out.ChoiceStart = append(out.ChoiceStart, int32(len(out.TransStart)))
	out.TransStart = append(out.TransStart, int32(len(out.Target)))
	extend := func(b translate.Bitset) translate.Bitset {
		if b == nil {
			return nil
		}
		nb := translate.NewBitset(total)
		for s := 0; s < total; s++ {
			if b.Has(int(base[s])) {
				nb.Set(s)
			}
		}
		return nb
	}
	for _, l := range g.Labels {
		out.Labels = append(out.Labels, translate.Label{Name: l.Name, States: extend(l.States)})
	}
	out.Deadlock = extend(g.Deadlock)
	res := &ActionGameResult{Game: out, Ungrouped: owner}
	index := map[int32]int{}
	for s := 0; s < total; s++ {
		a := groupOf[s]
		if a < 0 {
			continue
		}
		k, ok := index[a]
		if !ok {
			k = len(res.Groups)
			index[a] = k
			name := fmt.Sprintf("action %d", a)
			if int(a) < len(g.Actions) {
				name = g.Actions[a]
			}
			res.Groups = append(res.Groups, Group{Name: name})
		}
		res.Groups[k].States = append(res.Groups[k].States, int32(s))
	}
	return res
}
