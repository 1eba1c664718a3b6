package equil

import (
	"slices"

	"github.com/onus-mc/onus/translate"
)

// A Profile is the strategy profile behind an equilibrium answer: what
// the coalitions do in every state, as the algorithm computed it, so that
// the answer can be checked independently (package certify) and exported.
//
// Play has two phases. While both objectives are undecided, the
// coalitions play the stage rule of the current round: at step t of a
// profile with R rounds, state s plays Stage(s, R−t), a mixed strategy per
// coalition (Nash) or a distribution over joint choices (correlated).
// With both objectives bounded, R is the shorter bound and the rules are
// those of backward induction; with an unbounded objective, R is the
// number of value-iteration sweeps and the answer is the value of the
// game cut after R steps (the limit of finite horizons that PRISM-games
// computes: the last sweeps changed the values by less than the
// convergence threshold), where an undecided objective at the cut counts
// as unmet and collects nothing more.
//
// Once one objective is decided (reached or failed, or its bound run out)
// and the other is not, the decided coalition is indifferent and both
// play the joint choice that is best for the other: Coop(i, s, budget),
// with objective i's remaining steps for a bounded objective, a
// stationary choice for an unbounded one.
//
// A mixed-horizon query is solved on the product of the game with a step
// counter for its bounded objective: Game, Objectives and the rules are
// then those of the product, and Start maps each game state to its
// product state at step 0.
type Profile struct {
	Game       *translate.Game
	Objectives [2]Objective
	Coalitions [2][]int
	Min        bool // the coalitions minimise (costs)
	Correlated bool // stage rules are distributions over joint choices
	// Start maps a state of the query's game to its state of Game (nil:
	// the same state).
	Start []int32
	// Orig maps a state of Game to the query's game state and Step to the
	// step counter's state, and Base is the query's game (mixed horizons
	// only; nil otherwise).
	Orig, Step []int32
	Base       *translate.Game
	// Rounds is the number of stage rounds R.
	Rounds int
	// Rows[s] and Cols[s] are the numbers of actions of the two coalitions
	// in state s; Cell[c] is the stage cell (row-major) of choice c.
	Rows, Cols []int32
	Cell       []int32

	stages [][]roundStage   // per state, by increasing round
	coop   [2][][]roundPick // per objective, per state, by increasing budget
}

// Stage is the coalitions' behaviour in one stage game: X over the first
// coalition's actions (rows) and Y over the second's (columns) for Nash
// equilibria, or Joint over the cells (row-major) for correlated ones.
type Stage struct {
	X, Y, Joint []float64
}

// Prob returns the probability that the coalitions play cell (i, j) of a
// stage with cols columns.
func (st *Stage) Prob(i, j, cols int) float64 {
	if st.Joint != nil {
		return st.Joint[i*cols+j]
	}
	return st.X[i] * st.Y[j]
}

func (st *Stage) equal(o *Stage) bool {
	return slices.Equal(st.X, o.X) && slices.Equal(st.Y, o.Y) && slices.Equal(st.Joint, o.Joint)
}

type roundStage struct {
	round int32
	st    *Stage
}

type roundPick struct {
	budget int32
	choice int32
}

// Stage returns the stage rule of state s at round r (counted down: round
// r has r stage rounds left, including itself), or nil where s plays no
// stage game (its objectives are decided there).
func (p *Profile) Stage(s, r int) *Stage {
	h := p.stages[s]
	k, _ := slices.BinarySearchFunc(h, int32(r), func(e roundStage, r int32) int { return int(e.round - r) })
	if k < len(h) && h[k].round == int32(r) {
		return h[k].st
	}
	if k == 0 {
		return nil
	}
	return h[k-1].st
}

// Coop returns the joint choice played in state s when only objective i
// is undecided, with budget steps left for a bounded objective (ignored
// for an unbounded one), or −1 if there is none.
func (p *Profile) Coop(i, s, budget int) int {
	h := p.coop[i][s]
	if !p.Objectives[i].bounded() {
		if len(h) == 0 {
			return -1
		}
		return int(h[len(h)-1].choice)
	}
	k, found := slices.BinarySearchFunc(h, int32(budget), func(e roundPick, b int32) int { return int(e.budget - b) })
	switch {
	case found:
		return int(h[k].choice)
	case k == 0:
		return -1
	}
	return int(h[k-1].choice)
}

// recorder collects a profile while the engine runs (nil: no recording).
type recorder struct {
	p *Profile
}

func newRecorder(e *engine) *recorder {
	g := e.g
	p := &Profile{Game: g, Objectives: e.q.Objectives, Coalitions: e.q.Coalitions, Min: e.q.Min,
		Correlated: e.q.Correlated,
		Rows:       make([]int32, g.NumStates), Cols: make([]int32, g.NumStates), Cell: make([]int32, len(e.cell)),
		stages: make([][]roundStage, g.NumStates)}
	for s := range p.Rows {
		p.Rows[s], p.Cols[s] = int32(e.rows[s]), int32(e.cols[s])
	}
	for c, k := range e.cell {
		p.Cell[c] = int32(k)
	}
	for i := range p.coop {
		p.coop[i] = make([][]roundPick, g.NumStates)
	}
	return &recorder{p: p}
}

// stage records the stage rule of s at round r, unless it is the one
// already in force.
func (r *recorder) stage(s, round int, st *Stage) {
	if r == nil {
		return
	}
	h := r.p.stages[s]
	if n := len(h); n > 0 && h[n-1].st.equal(st) {
		return
	}
	r.p.stages[s] = append(h, roundStage{round: int32(round), st: st})
}

// coop records the cooperative choice of objective i in s with the given
// budget, unless it is the one already in force.
func (r *recorder) coop(i, s, budget, choice int) {
	if r == nil {
		return
	}
	h := r.p.coop[i][s]
	if n := len(h); n > 0 && h[n-1].choice == int32(choice) {
		return
	}
	r.p.coop[i][s] = append(h, roundPick{budget: int32(budget), choice: int32(choice)})
}
