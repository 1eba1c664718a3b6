package locate

import "github.com/onus-mc/onus/translate"

// Probabilistic reports whether some choice of g branches (has more than
// one successor).
func Probabilistic(g *translate.Game) bool {
	for c := 0; c < g.NumChoices(); c++ {
		if lo, hi := g.Transitions(c); hi-lo > 1 {
			return true
		}
	}
	return false
}

// Relevant returns the relevant states of the forward game (SPEC §12.1,
// §12.7): states with more than one choice that, for a qualitative
// objective on a model without probabilistic branching, P1 wins from when
// it holds every state but not when the adversary holds every state. On
// models with probabilistic branching, and for Pmax=? objectives, every
// state with more than one choice is relevant.
func Relevant(g *translate.Game, init int, obj Objective) []bool {
	rel := make([]bool, g.NumStates)
	for s := range rel {
		lo, hi := g.Choices(s)
		rel[s] = hi-lo > 1
	}
	if obj.Value || Probabilistic(g) {
		return rel
	}
	gm := &Game{G: g, Init: init, Obj: obj}
	w := newWorker(forwardView(gm), obj, nil, nil)
	w.ownAll(P1)
	most := w.region()
	w.ownAll(P2)
	least := w.region()
	for s := range rel {
		rel[s] = rel[s] && most[s] && !least[s]
	}
	return rel
}
