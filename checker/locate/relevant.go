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
	w := newWorker(newView(gm), obj, nil, nil)
	w.ownAll(P1)
	most := w.region()
	w.ownAll(P2)
	least := w.region()
	for s := range rel {
		rel[s] = rel[s] && most[s] && !least[s]
	}
	return rel
}

// Wrong returns, per choice of g, whether taking it gives up part of the
// objective when P1 holds every state: for P>=1 objectives a successor
// lies outside P1's winning region while the state is inside it; for
// Pmax=? objectives the choice's expected value falls short of the
// state's value (by more than 1e-9).
func Wrong(g *translate.Game, init int, obj Objective) ([]bool, error) {
	gm := &Game{G: g, Init: init, Obj: obj}
	w := newWorker(newView(gm), obj, nil, nil)
	w.ownAll(P1)
	wrong := make([]bool, g.NumChoices())
	if obj.Value {
		q := solveQuery()
		op := pathOp(obj.Kind)
		x, err := pathValues(w, q, op)
		if err != nil {
			return nil, err
		}
		for s := 0; s < g.NumStates; s++ {
			lo, hi := g.Choices(s)
			for c := lo; c < hi; c++ {
				v := 0.0
				tlo, thi := g.Transitions(c)
				for t := tlo; t < thi; t++ {
					v += g.Prob[t] * x[g.Target[t]]
				}
				wrong[c] = v < x[s]-1e-9
			}
		}
		return wrong, nil
	}
	win := w.region()
	for s := 0; s < g.NumStates; s++ {
		if !win[s] {
			continue
		}
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				if !win[g.Target[t]] {
					wrong[c] = true
				}
			}
		}
	}
	return wrong, nil
}
