package locate

import "sync"

// This file sharpens the certificates of win.go: instead of every group
// with a state in (or outside) the winning region, only the groups whose
// states the winner's strategy can visit from the initial state count.
// The winner's strategy comes from the attractor ranks of the region: a
// state joins the attractor after the successors that bring it closer, and
// the winner takes a choice that does.

// preds are the reverse edges of the view's game, per target state: the
// choices with a transition into it (shared by the workers, read-only
// once built).
type preds struct {
	mu     sync.Mutex
	start  []int32 // per state
	choice []int32
	owner  []int32 // per choice: its state
}

// preds returns the reverse edges, building them on first use. The build
// reads the deadline (poll); a build stopped by it leaves nothing, and
// the next caller (a worker that waited) builds them again, so no worker
// reads half-built edges.
func (v *view) preds() *preds {
	p := &v.pr
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.start != nil {
		return p
	}
	g := v.tb
	n := g.NumStates
	owner := make([]int32, g.NumChoices())
	for s := 0; s < n; s++ {
		poll(s)
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			owner[c] = int32(s)
		}
	}
	start := make([]int32, n+1)
	for _, t := range g.Target {
		start[t+1]++
	}
	for i := 1; i <= n; i++ {
		start[i] += start[i-1]
	}
	choice := make([]int32, len(g.Target))
	fill := append([]int32(nil), start[:n]...)
	for c := 0; c < g.NumChoices(); c++ {
		poll(c)
		tlo, thi := g.Transitions(c)
		for t := tlo; t < thi; t++ {
			d := g.Target[t]
			choice[fill[d]] = int32(c)
			fill[d]++
		}
	}
	p.owner, p.choice, p.start = owner, choice, start
	return p
}

// attractor computes, inside the states allowed, the states from which the
// side `mover` (the owner whose choices are existential) makes the play
// reach goal: a mover state joins when one of its choices that stays in
// allowed has a successor already in (with every successor in allowed
// when strict), an opponent state when each of its choices has. It
// returns the choice each mover state joined by (−1 elsewhere) and the
// attractor.
func (w *worker) attractor(allowed, goal []bool, mover int32, strict bool) (by []int32, in []bool) {
	g := &w.tb
	p := w.v.preds()
	n := g.NumStates
	in = make([]bool, n)
	by = make([]int32, n)
	for i := range by {
		by[i] = -1
	}
	safe := func(c int) bool {
		if !strict {
			return true
		}
		tlo, thi := g.Transitions(c)
		for t := tlo; t < thi; t++ {
			if !allowed[g.Target[t]] {
				return false
			}
		}
		return true
	}
	hit := make([]bool, g.NumChoices())
	need := make([]int32, n) // opponent states: choices still without a successor in
	queue := make([]int32, 0, n)
	for s := 0; s < n; s++ {
		poll(s)
		lo, hi := g.Choices(s)
		need[s] = int32(hi - lo)
		if goal[s] {
			in[s] = true
			queue = append(queue, int32(s))
		}
	}
	for head := 0; head < len(queue); head++ {
		poll(head)
		t := queue[head]
		for _, c := range p.choice[p.start[t]:p.start[t+1]] {
			if hit[c] {
				continue
			}
			hit[c] = true
			s := p.owner[c]
			if in[s] || !allowed[s] || !safe(int(c)) {
				continue
			}
			if g.Owner[s] == mover {
				in[s], by[s] = true, c
				queue = append(queue, s)
				continue
			}
			need[s]--
			if need[s] == 0 {
				in[s] = true
				queue = append(queue, s)
			}
		}
	}
	return by, in
}

// visited returns the states the winner's strategy can visit from the
// initial state: at a state of the winner, the one choice strategy gives
// (every choice where it returns −1), at the other's, every choice; every
// successor the filter keeps; stop states are not expanded.
func (w *worker) visited(winner int32, strategy func(s int) int32, keep, stop func(s int) bool) []bool {
	g := &w.tb
	seen := make([]bool, g.NumStates)
	stack := make([]int32, 1, 1024)
	stack[0] = int32(w.v.init)
	seen[w.v.init] = true
	for n := 0; len(stack) > 0; n++ {
		poll(n)
		s := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if stop(s) {
			continue
		}
		lo, hi := g.Choices(s)
		if g.Owner[s] == winner {
			if c := strategy(s); c >= 0 {
				lo, hi = int(c), int(c)+1
			}
		}
		tlo, thi := int(g.TransStart[lo]), int(g.TransStart[hi])
		for t := tlo; t < thi; t++ {
			d := g.Target[t]
			if !seen[d] && keep(int(d)) {
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
	return seen
}

// play returns the states that matter for the outcome win[init] under the
// current owners: those the winner's strategy visits (see the file
// comment), or nil when no strategy is at hand (the weaker certificate
// of the region is used then).
func (w *worker) play(win []bool) []bool {
	if w.v.coal {
		return nil
	}
	g := &w.tb
	n := g.NumStates
	won := win[w.v.init]
	target := w.v.target
	lose := make([]bool, n)
	for s := range lose {
		lose[s] = !win[s]
	}
	switch {
	case w.obj.Kind == Reach && won:
		// P1 moves closer to φ inside its region.
		by, _ := w.attractor(win, target, int32(P1), true)
		return w.visited(int32(P1), func(s int) int32 { return by[s] }, func(s int) bool { return win[s] }, func(s int) bool { return target[s] })
	case w.obj.Kind == Safe && won:
		// P1 takes a choice that stays in its region.
		return w.visited(int32(P1), func(s int) int32 { return w.staying(s, win) }, func(int) bool { return true }, func(int) bool { return false })
	case w.obj.Kind == Safe && !won:
		// P2 reaches ¬φ with positive probability along decreasing ranks.
		bad := make([]bool, n)
		for s := range bad {
			bad[s] = !target[s]
		}
		by, in := w.attractor(lose, bad, int32(P2), false)
		return w.visited(int32(P2), func(s int) int32 { return by[s] }, func(s int) bool { return in[s] }, func(s int) bool { return bad[s] })
	case w.obj.Kind == Reach && !won:
		// P2 keeps the play outside P1's region, where a choice lets it.
		ok := true
		r := w.visited(int32(P2), func(s int) int32 {
			st := w.staying(s, lose)
			if st < 0 {
				ok = false
			}
			return st
		}, func(s int) bool { return lose[s] }, func(int) bool { return false })
		if ok {
			return r
		}
	}
	// Büchi, and P2 in a Reach game where it cannot keep the play out of
	// P1's region surely: the states reachable from the initial state
	// without passing through the other side's region.
	side := win
	if !won {
		side = lose
	}
	return w.visited(-1, nil, func(s int) bool { return side[s] }, func(int) bool { return false })
}

// staying returns the first choice of s whose successors all lie in z, or
// −1.
func (w *worker) staying(s int, z []bool) int32 {
	g := &w.tb
	lo, hi := g.Choices(s)
	for c := lo; c < hi; c++ {
		ok := true
		tlo, thi := g.Transitions(c)
		for t := tlo; t < thi && ok; t++ {
			ok = z[g.Target[t]]
		}
		if ok {
			return int32(c)
		}
	}
	return -1
}
