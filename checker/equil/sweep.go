package equil

// A sweeper says which states must solve their stage game again in a sweep
// of backward induction or value iteration. A stage game depends only on
// the previous values of the state's successors, so a state none of whose
// successors changed in the last sweep would solve the same game again and
// keep its value: it is skipped, with the same result, bit for bit. On
// acyclic parts of a game (months of an investment, energy levels) the
// values settle layer by layer and most states are skipped.
type sweeper struct {
	started bool
	// predStart and pred list each state's predecessors (CSR), built on
	// the first sweep that needs them.
	predStart, pred []int32
	stale           []bool // stale[s]: some successor of s changed
}

// begin starts a sweep; the first one solves every state.
func (w *sweeper) begin(e *engine, val [2][]float64) {
	if w.started {
		return
	}
	w.started = true
	g := e.g
	n := g.NumStates
	w.stale = make([]bool, n)
	count := make([]int32, n+1)
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				count[g.Target[t]+1]++
			}
		}
	}
	for s := 0; s < n; s++ {
		count[s+1] += count[s]
	}
	w.predStart = append([]int32(nil), count...)
	w.pred = make([]int32, count[n])
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				u := g.Target[t]
				w.pred[count[u]] = int32(s)
				count[u]++
			}
		}
	}
	for s := range w.stale {
		w.stale[s] = true
	}
}

// dirty says whether s must solve its stage game in this sweep.
func (w *sweeper) dirty(s int) bool { return w.stale[s] }

// end compares the sweep's values with the previous ones and marks the
// predecessors of every changed state for the next sweep.
func (w *sweeper) end(old, new [2][]float64) {
	for s := range w.stale {
		w.stale[s] = false
	}
	for s := range old[0] {
		if old[0][s] == new[0][s] && old[1][s] == new[1][s] {
			continue
		}
		for _, p := range w.pred[w.predStart[s]:w.predStart[s+1]] {
			w.stale[p] = true
		}
	}
}
