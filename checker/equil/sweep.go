package equil

// A sweeper says which states must be computed again in a sweep of
// backward induction or value iteration. A state's new value depends only
// on the previous values of its successors, so a state none of whose
// successors changed in the last sweep would compute the same value (the
// same stage game, the same Bellman step) again: it is skipped, with the
// same result, bit for bit. On acyclic parts of a game (months of an
// investment, energy levels) the values settle layer by layer and most
// states are skipped.
type sweeper struct {
	started bool
	// start, from: each state's predecessors (e.predecessors).
	start, from []int32
	stale       []bool // stale[s]: some successor of s changed
}

// begin starts a sweep; the first one computes every state.
func (w *sweeper) begin(e *engine) {
	if w.started {
		return
	}
	w.started = true
	w.start, w.from, _ = e.predecessors()
	w.stale = make([]bool, e.g.NumStates)
	for s := range w.stale {
		w.stale[s] = true
	}
}

// dirty says whether s must be computed in this sweep.
func (w *sweeper) dirty(s int) bool { return w.stale[s] }

// end compares the sweep's values with the previous ones and marks the
// predecessors of every changed state for the next sweep.
func (w *sweeper) end(old, new [2][]float64) {
	w.endWith(func(s int) bool { return old[0][s] != new[0][s] || old[1][s] != new[1][s] })
}

// endOne is end for a single vector of values.
func (w *sweeper) endOne(old, new []float64) {
	w.endWith(func(s int) bool { return old[s] != new[s] })
}

func (w *sweeper) endWith(changed func(s int) bool) {
	for s := range w.stale {
		w.stale[s] = false
	}
	for s := range w.stale {
		if !changed(s) {
			continue
		}
		for _, p := range w.from[w.start[s]:w.start[s+1]] {
			w.stale[p] = true
		}
	}
}
