package locate

import (
	"fmt"
	"math/bits"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// This file values a simple game with many players (more than tableMax
// with a choice, at most 64) through its minimal winning coalitions alone.
// A simple monotone game is fixed by them, and they are the minimal
// transversals of the complements of its maximal losing coalitions. So:
// keep the known maximal losing coalitions L and the minimal transversals
// T of their complements; a transversal not yet known to win is solved —
// winning, it is a minimal winning coalition (each of its proper subsets
// lies in some l ∈ L); losing, it is grown to a maximal losing coalition
// (its certificate first, then one player at a time), which refines T.
// When every transversal wins, they are all the minimal winning
// coalitions, and count.go values the players from them.

// tableMax is the most players with a choice valued level by level on the
// table of all coalitions (simple.go); beyond, mwc.go. A variable so that
// tests can send small games through both.
var tableMax = 20

// maxTransversals bounds T; beyond, the run is a resource limit.
const maxTransversals = 1 << 20

// mwcs returns the minimal winning coalitions of the workers' simple game;
// task names the search in the progress lines.
func mwcs(ws []*worker, task string) ([]uint64, int, error) {
	w := ws[0]
	n := len(w.players)
	full := uint64(1)<<uint(n) - 1
	if n == 64 {
		full = ^uint64(0)
	}
	solve := func(c uint64) (bool, uint64) {
		in := func(g int) bool { return c&(1<<uint(g)) != 0 }
		w.own(in)
		return w.certificate(in, w.region())
	}
	if won, _ := solve(full); !won {
		return nil, w.solves, nil
	}
	var mins, loses []uint64
	var edges []uint64 // the complements of loses: trans are their minimal transversals
	winsAbove := func(c uint64) bool {
		for _, m := range mins {
			if c&m == m {
				return true
			}
		}
		return false
	}
	// trans[:len(mins)] are the minimal winning coalitions found: a
	// winning coalition meets every new edge (it lies in no losing one),
	// so refining keeps them, in order, at the front; the next candidate
	// is trans[len(mins)].
	trans := []uint64{0}
	for {
		if len(mins) == len(trans) {
			return mins, w.solves, nil
		}
		w.v.report(progress.Status{Task: task,
			Detail: fmt.Sprintf("%d found, %d candidates, %d maximal losing, %d solved", len(mins), len(trans), len(loses), w.solves)})
		t := trans[len(mins)]
		won, cert := solve(t)
		if won {
			mins = append(mins, t)
			continue
		}
		l := full &^ cert
		for x := 0; x < n; x++ {
			bit := uint64(1) << uint(x)
			if l&bit != 0 || winsAbove(l|bit) {
				continue
			}
			if won, cert := solve(l | bit); !won {
				l = (l | bit) | (full &^ cert)
			}
		}
		loses = append(loses, l)
		trans = refineTransversals(trans, edges, full&^l)
		edges = append(edges, full&^l)
		if len(trans) > maxTransversals {
			return nil, w.solves, &limit.Error{What: "candidate coalitions (minimal transversals) of the simple game", Limit: maxTransversals}
		}
	}
}

// refineTransversals returns the minimal transversals of the family edges
// with the edge e added, from those of the family, trans (Berge's step). A
// transversal t that meets e stays. One that misses e grows by each x of
// e; t ∪ {x} is minimal unless, for some v of t, t ∖ {v} ∪ {x} still meets
// every edge, that is, unless x lies in every edge that meets t in v alone
// (v's private edges, whose intersection is crit[v]). This takes a pass
// over the edges per transversal instead of comparing the grown sets with
// each other.
func refineTransversals(trans, edges []uint64, e uint64) []uint64 {
	var out []uint64
	seen := map[uint64]bool{}
	var crit [64]uint64
	var ticks int
	for _, t := range trans {
		tick(&ticks) // --timeout, Ctrl-C: up to 2^20 transversals, each a pass over the edges
		if t&e != 0 {
			out = append(out, t)
			continue
		}
		for r := t; r != 0; r &= r - 1 {
			crit[bits.TrailingZeros64(r)] = ^uint64(0)
		}
		for _, f := range edges {
			if m := f & t; m&(m-1) == 0 && m != 0 {
				crit[bits.TrailingZeros64(m)] &= f
			}
		}
		for r := e; r != 0; r &= r - 1 {
			x := r & -r
			minimal := true
			for q := t; q != 0 && minimal; q &= q - 1 {
				minimal = crit[bits.TrailingZeros64(q)]&x == 0
			}
			if g := t | x; minimal && !seen[g] {
				seen[g] = true
				out = append(out, g)
			}
		}
	}
	return out
}
