package locate

import (
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/translate"
)

// worker solves coalitions on its own copy of the view's owners, so that
// workers run in parallel on one view.
type worker struct {
	v       *view
	obj     Objective
	players [][]int32      // the view's states each player of the cooperative game holds
	groups  [][]int        // the view's groups each player stands for
	tb      translate.Game // the view's game with this worker's Owner
	ar      *solve.Arena
	sv1     *solve.Solver // P1 maximises
	sv2     *solve.Solver // P2 maximises
	held    []int32       // scratch: per view state, how many coalition groups hold it
	coal    []bool        // the coalition of the game's players (view.coal)
	set     []bool        // scratch
	all     []bool        // every state (SureReach's allowed set)
	solves  int           // coalitions solved
}

func newWorker(v *view, obj Objective, players [][]int32, groups [][]int) *worker {
	w := &worker{v: v, obj: obj, players: players, groups: groups}
	w.tb = *v.tb
	if !v.coal {
		w.tb.Owner = make([]int32, v.tb.NumStates)
	}
	w.ar = solve.GameArena(&w.tb)
	if v.coal {
		// One flag per player of the game (any number of them); own sets
		// the coalition's solvers before every solve.
		w.coal = make([]bool, len(w.tb.Players))
		w.sv1 = solve.NewSolver(w.ar, solve.NewView(&w.tb, w.coal), true)
		w.sv2 = solve.NewSolver(w.ar, solve.NewView(&w.tb, w.coal), false)
	} else {
		w.sv1 = solve.NewSolver(w.ar, solve.NewView(&w.tb, []bool{true, false}), true)
		w.sv2 = solve.NewSolver(w.ar, solve.NewView(&w.tb, []bool{false, true}), true)
	}
	w.held = make([]int32, v.tb.NumStates)
	w.set = make([]bool, v.tb.NumStates)
	return w
}

// own sets the owners for coalition in (one flag per group).
func (w *worker) own(in func(g int) bool) {
	v := w.v
	if v.coal {
		// The game's own players: the coalition's actions are P1's.
		c := make([]bool, len(w.tb.Players))
		for i, gs := range w.groups {
			if in(i) {
				for _, p := range gs {
					c[p] = true
				}
			}
		}
		w.sv1 = solve.NewSolver(w.ar, solve.NewView(&w.tb, c), true)
		w.sv2 = solve.NewSolver(w.ar, solve.NewView(&w.tb, c), false)
		w.coal = c
		return
	}
	clear(w.held)
	for g, states := range w.players {
		if in(g) {
			for _, s := range states {
				w.held[s]++
			}
		}
	}
	for s, b := range v.base {
		poll(s)
		if w.held[s] > 0 {
			w.tb.Owner[s] = int32(P1)
		} else {
			w.tb.Owner[s] = int32(b)
		}
	}
}

// ownAll gives every state to o (relevance: all P1, all P2).
func (w *worker) ownAll(o Owner) {
	if w.v.coal {
		w.coal = make([]bool, len(w.tb.Players))
		for p := range w.coal {
			w.coal[p] = o == P1
		}
		w.sv1 = solve.NewSolver(w.ar, solve.NewView(&w.tb, w.coal), true)
		return
	}
	for s := range w.tb.Owner {
		w.tb.Owner[s] = int32(o)
	}
}

// region returns P1's winning region of the qualitative objective under
// the current owners: probability 1 (surely, where no choice branches).
func (w *worker) region() []bool {
	limit.CheckDeadline() // --timeout, Ctrl-C: before every solve
	w.solves++
	t := w.v.target
	switch w.obj.Kind {
	case Reach:
		if !w.v.prob && !w.v.coal {
			// Without probabilistic branching, almost sure is sure: one
			// attractor instead of Prob1's nested fixpoint.
			if w.all == nil {
				w.all = make([]bool, len(t))
				for i := range w.all {
					w.all[i] = true
				}
			}
			return w.sv1.SureReach(w.all, t, solve.Unbounded)
		}
		return w.sv1.Prob1(nil, t)
	case Safe:
		for i, b := range t {
			w.set[i] = !b
		}
		var lose []bool
		if w.v.coal {
			// the opponents of the coalition maximise reaching ¬φ
			op := make([]bool, len(w.coal))
			for p, b := range w.coal {
				op[p] = !b
			}
			lose = solve.NewSolver(w.ar, solve.NewView(&w.tb, op), true).Positive(w.set)
		} else {
			lose = w.sv2.Positive(w.set)
		}
		for i, b := range lose {
			lose[i] = !b
		}
		return lose
	}
	return w.buchi()
}

// buchi is the almost-sure Büchi region: the greatest Z from which P1
// reaches, almost surely and inside Z, a φ-state from which it can keep
// the next state in Z.
func (w *worker) buchi() []bool {
	g := &w.tb
	n := g.NumStates
	z := make([]bool, n)
	for i := range z {
		z[i] = true
	}
	t := make([]bool, n)
	for {
		for s := 0; s < n; s++ {
			poll(s) // a solve of 10^6 states: --timeout, Ctrl-C within it too
			t[s] = z[s] && w.v.target[s] && w.keeps(s, z)
		}
		nz := w.sv1.Prob1(z, t)
		same := true
		for i := range nz {
			if nz[i] != z[i] {
				same = false
				break
			}
		}
		if same {
			return z
		}
		z = nz
	}
}

// keeps reports whether the owner of s can make sure the next state is in
// z: some choice of P1, every choice of P2, with all successors in z (in a
// csg with the game's players: some joint action of the coalition against
// every response).
func (w *worker) keeps(s int, z []bool) bool {
	g := &w.tb
	lo, hi := g.Choices(s)
	in := func(c int) bool {
		tlo, thi := g.Transitions(c)
		for k := tlo; k < thi; k++ {
			if !z[g.Target[k]] {
				return false
			}
		}
		return true
	}
	if w.v.coal && g.Joint != nil {
		np := len(g.Players)
		bad := map[string]bool{}
		for c := lo; c < hi; c++ {
			var key []byte
			for p, a := range g.Joint[c*np : (c+1)*np] {
				if w.coal[p] {
					key = append(key, byte(a), byte(a>>8), byte(a>>16), byte(a>>24))
				}
			}
			if !in(c) {
				bad[string(key)] = true
			} else if _, seen := bad[string(key)]; !seen {
				bad[string(key)] = false
			}
		}
		for _, b := range bad {
			if !b {
				return true
			}
		}
		return false
	}
	var p1 bool
	switch {
	case !w.v.coal:
		p1 = g.Owner[s] == int32(P1)
	case g.Owner != nil:
		p1 = w.coal[g.Owner[s]]
	default: // an mdp's one player (its Owner is nil)
		p1 = len(w.coal) > 0 && w.coal[0]
	}
	for c := lo; c < hi; c++ {
		if in(c) == p1 {
			return p1
		}
	}
	return !p1
}

// value returns the game's value at the initial state under the current
// owners (P1 maximises the probability of the objective).
func (w *worker) value() (float64, error) {
	limit.CheckDeadline() // --timeout, Ctrl-C: before every solve
	w.solves++
	q := solveQuery()
	if w.v.coal {
		q.Coal = w.coal
	}
	x, err := pathValues(w, q, pathOp(w.obj.Kind))
	if err != nil {
		return 0, err
	}
	return x[w.v.init], nil
}

func solveQuery() solve.Query { return solve.Query{Coal: []bool{true, false}, Max: true} }

func pathOp(k Kind) solve.Op {
	if k == Safe {
		return solve.OpG
	}
	return solve.OpF
}

// pathValues solves the objective's operator for every state.
func pathValues(w *worker, q solve.Query, op solve.Op) ([]float64, error) {
	return solve.Path(w.ar, q, op, nil, w.v.target, solve.Unbounded)
}

// certificate turns the winning region of coalition in into the groups the
// outcome depends on. Won: every coalition holding the groups of in that
// hold a state the winner's play can visit wins (states it never visits do
// not matter, and giving P1 more states never hurts it). Lost: every
// coalition avoiding the groups outside in that hold such a state of P2
// loses. The states are those of play (the winner's strategy from the
// initial state), or else the whole region of the winner (reaching it
// wins whoever holds its states). It returns the mask of those groups
// (n ≤ 64).
func (w *worker) certificate(in func(g int) bool, win []bool) (won bool, mask uint64) {
	won = win[w.v.init]
	matter := w.play(win)
	for g, states := range w.players {
		if in(g) != won {
			continue
		}
		for _, s := range states {
			if (matter == nil && win[s] == won) || (matter != nil && matter[s]) {
				mask |= 1 << uint(g)
				break
			}
		}
	}
	return won, mask
}
