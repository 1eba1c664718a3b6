package solve

import (
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/translate"
)

// Arena is the graph a fixpoint runs on: the game itself, or its product
// with an outcome automaton. An arena state stands for one game state and
// has exactly the choices and transitions of that state; only the targets
// differ.
type Arena struct {
	g  *translate.Game
	n  int
	gs []int32 // game state of each arena state; nil: the game itself
	// succ holds, per arena state i, one target per transition of its game
	// state, from succStart[i]; nil for the game itself.
	succ      []int32
	succStart []int

	pred      []int32 // predecessors (with repetitions), built on demand
	predStart []int32
}

// GameArena returns the arena of game g itself.
func GameArena(g *translate.Game) *Arena { return &Arena{g: g, n: g.NumStates} }

// ProductArena returns the arena of a product of g: arena state i stands
// for game state gs[i], and the targets of its transitions (one per
// transition of gs[i], in the game's order) are
// succ[succStart[i]:succStart[i+1]].
func ProductArena(g *translate.Game, gs, succ []int32, succStart []int) *Arena {
	return &Arena{g: g, n: len(gs), gs: gs, succ: succ, succStart: succStart}
}

// Size returns the number of arena states.
func (a *Arena) Size() int { return a.n }

func (a *Arena) state(i int) int {
	if a.gs == nil {
		return i
	}
	return int(a.gs[i])
}

// targets returns, for arena state i, the arena targets of the transitions
// of its game state, aligned with the game's transition indices from base.
func (a *Arena) targets(i int) (tg []int32, base int) {
	g := a.g
	s := a.state(i)
	lo, hi := g.Choices(s)
	tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
	if a.succ == nil {
		return g.Target[tlo:thi], tlo
	}
	return a.succ[a.succStart[i] : a.succStart[i]+thi-tlo], tlo
}

// predecessors returns the reverse edges: the predecessors of j are
// pred[predStart[j]:predStart[j+1]].
func (a *Arena) predecessors() (pred, predStart []int32) {
	if a.predStart != nil {
		return a.pred, a.predStart
	}
	n := a.n
	cnt := make([]int32, n+1)
	for i := 0; i < n; i++ {
		poll(i)
		tg, _ := a.targets(i)
		for _, t := range tg {
			cnt[t+1]++
		}
	}
	for i := 1; i <= n; i++ {
		cnt[i] += cnt[i-1]
	}
	pred = make([]int32, cnt[n])
	fill := append([]int32(nil), cnt[:n]...)
	for i := 0; i < n; i++ {
		poll(i)
		tg, _ := a.targets(i)
		for _, t := range tg {
			pred[fill[t]] = int32(i)
			fill[t]++
		}
	}
	a.pred, a.predStart = pred, cnt
	return pred, cnt
}

// grow adds to x, until nothing changes, every state i outside x for which
// ok(i) holds; ok must be monotone in x and can only become true when a
// successor joins x (a worklist over predecessors).
func (a *Arena) grow(x []bool, ok func(i int) bool) {
	pred, start := a.predecessors()
	var work []int32
	for i, in := range x {
		if in {
			work = append(work, int32(i))
		}
	}
	for n := 0; len(work) > 0; n++ {
		poll(n)
		t := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range pred[start[t]:start[t+1]] {
			if !x[p] && ok(int(p)) {
				x[p] = true
				work = append(work, p)
			}
		}
	}
}

// shrink removes from z, until nothing changes, every state i for which
// keep(i) fails; keep must be monotone in z. Every state is tested once,
// then the predecessors of removed states.
func (a *Arena) shrink(z []bool, keep func(i int) bool) {
	pred, start := a.predecessors()
	var work []int32
	for i := range z {
		poll(i)
		if z[i] && !keep(i) {
			z[i] = false
			work = append(work, int32(i))
		}
	}
	for n := 0; len(work) > 0; n++ {
		poll(n)
		t := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range pred[start[t]:start[t+1]] {
			if z[p] && !keep(int(p)) {
				z[p] = false
				work = append(work, p)
			}
		}
	}
}

// canReach returns the arena states from which some path through allowed
// states reaches target.
func (a *Arena) canReach(allowed, target []bool) []bool {
	can := append([]bool(nil), target...)
	a.grow(can, func(i int) bool { return allowed[i] })
	return can
}

// poll reads the deadline (--timeout, Ctrl-C) at every 4096th unit i of
// a loop's work: one fixpoint (grow, shrink) or the reverse edges may
// cover millions of states, and the solvers of onus locate and of the
// coalition operators run many of them.
func poll(i int) {
	if i&4095 == 4095 {
		limit.CheckDeadline()
	}
}
