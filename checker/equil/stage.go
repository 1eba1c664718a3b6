package equil

import (
	"fmt"
	"strconv"

	"github.com/onus-mc/onus/checker/solve/nfg"
	"github.com/onus-mc/onus/translate"
)

// engine holds a game, a query and each state's stage-game layout.
type engine struct {
	g    *translate.Game
	q    *Query
	cfg  Config
	obj  [2]*Objective
	sign float64 // +1 for max, −1 for min: payoffs handed to the stage solver
	// rows[s], cols[s]: the coalitions' action counts in s; cell[c] is the
	// stage-game cell (row-major) of choice c.
	rows, cols []int
	cell       []int
	buf        nfg.Bimatrix // the stage game being solved
	rec        *recorder    // the profile being recorded, or nil
}

func newEngine(g *translate.Game, q *Query, cfg Config) (*engine, error) {
	e := &engine{g: g, q: q, cfg: cfg, sign: 1,
		rows: make([]int, g.NumStates), cols: make([]int, g.NumStates), cell: make([]int, g.NumChoices())}
	e.obj = [2]*Objective{&q.Objectives[0], &q.Objectives[1]}
	if q.Min {
		e.sign = -1
	}
	for s := 0; s < g.NumStates; s++ {
		if err := e.layout(s); err != nil {
			return nil, err
		}
	}
	if cfg.Profile {
		e.rec = newRecorder(e)
	}
	return e, nil
}

// layout numbers each coalition's actions in s by their first appearance
// among the choices, and checks that the joint choices form a full grid.
func (e *engine) layout(s int) error {
	lo, hi := e.g.Choices(s)
	np := len(e.g.Players)
	var rowKeys, colKeys []string
	idx := func(keys *[]string, k string) int {
		for i, x := range *keys {
			if x == k {
				return i
			}
		}
		*keys = append(*keys, k)
		return len(*keys) - 1
	}
	ri := make([]int, hi-lo)
	ci := make([]int, hi-lo)
	for c := lo; c < hi; c++ {
		joint := e.g.Joint[c*np : (c+1)*np]
		ri[c-lo] = idx(&rowKeys, key(joint, e.q.Coalitions[0]))
		ci[c-lo] = idx(&colKeys, key(joint, e.q.Coalitions[1]))
	}
	nr, nc := len(rowKeys), len(colKeys)
	if nr*nc != hi-lo {
		return fmt.Errorf("state %d: the joint choices do not form a grid of the coalitions' actions", s)
	}
	seen := make([]bool, nr*nc)
	for c := lo; c < hi; c++ {
		k := ri[c-lo]*nc + ci[c-lo]
		if seen[k] {
			return fmt.Errorf("state %d: two choices with the same coalition actions", s)
		}
		seen[k] = true
		e.cell[c] = k
	}
	e.rows[s], e.cols[s] = nr, nc
	return nil
}

func key(joint []int32, players []int) string {
	b := make([]byte, 0, 4*len(players))
	for _, p := range players {
		b = strconv.AppendInt(b, int64(joint[p]), 10)
		b = append(b, ',')
	}
	return string(b)
}

// expect returns Σ P(c, t)·x(t) over the transitions of choice c.
func (e *engine) expect(c int, x []float64) float64 {
	lo, hi := e.g.Transitions(c)
	v := 0.0
	for t := lo; t < hi; t++ {
		p := e.g.Prob[t]
		if p == 0 {
			continue
		}
		v += p * x[e.g.Target[t]]
	}
	return v
}

// solveState returns the coalitions' values in s: the stage game's
// values plus the state rewards of the objectives acc marks, and the
// stage rule that gives them.
func (e *engine) solveState(s int, cont [2][]float64, acc [2]bool) ([2]float64, *Stage, error) {
	v, st, err := e.stage(s, cont, acc)
	if err != nil {
		return v, nil, err
	}
	for i := range v {
		if acc[i] {
			v[i] += e.obj[i].stateRew(s)
		}
	}
	return v, st, nil
}

// stage solves the stage game of s with continuation values cont, adding
// transition rewards of the objectives acc marks, and returns the
// coalitions' values (before state rewards), in true (not negated) units,
// and the equilibrium played.
func (e *engine) stage(s int, cont [2][]float64, acc [2]bool) ([2]float64, *Stage, error) {
	lo, hi := e.g.Choices(s)
	m := e.bimatrix(e.rows[s], e.cols[s])
	for c := lo; c < hi; c++ {
		var u [2]float64
		for i := range u {
			u[i] = e.expect(c, cont[i])
			if acc[i] {
				u[i] += e.obj[i].transRew(c)
			}
			u[i] = e.sign * round12(u[i])
		}
		k := e.cell[c]
		m.A[k], m.B[k] = u[0], u[1]
	}
	tol := nfg.TieTol
	if e.cfg.ExactTies {
		tol = 0
	}
	var p nfg.Profile
	switch {
	case e.q.Correlated:
		var err error
		if p, err = nfg.Correlated(m, e.q.Criterion); err != nil {
			return [2]float64{}, nil, fmt.Errorf("state %d: %v", s, err)
		}
	case m.Rows == 1 || m.Cols == 1:
		// One coalition decides alone (most states): its best action,
		// found without building the equilibria.
		i, j, _ := nfg.BestPure(m, e.q.Criterion, tol)
		a, b := m.At(i, j)
		var st *Stage
		if e.rec != nil {
			st = &Stage{X: make([]float64, m.Rows), Y: make([]float64, m.Cols)}
			st.X[i], st.Y[j] = 1, 1
		}
		return [2]float64{e.sign * round12(a), e.sign * round12(b)}, st, nil
	default:
		ps, err := nfg.Nash(m)
		if err != nil {
			return [2]float64{}, nil, fmt.Errorf("state %d: %v", s, err)
		}
		p = nfg.SelectTol(ps, e.q.Criterion, tol)
	}
	// The solvers' float noise (1e-17 where 0 is meant) would keep the
	// iteration's relative test from ever passing: values are kept to 12
	// decimals, as the payoffs are.
	var st *Stage
	if e.rec != nil {
		st = &Stage{X: p.X, Y: p.Y, Joint: p.Joint}
	}
	return [2]float64{e.sign * round12(p.U1), e.sign * round12(p.U2)}, st, nil
}

// bimatrix returns a rows×cols game for one stage, reusing the engine's
// buffer (the solvers do not keep it).
func (e *engine) bimatrix(rows, cols int) *nfg.Bimatrix {
	n := rows * cols
	if cap(e.buf.A) < n {
		e.buf.A, e.buf.B = make([]float64, n), make([]float64, n)
	}
	e.buf.Rows, e.buf.Cols, e.buf.A, e.buf.B = rows, cols, e.buf.A[:n], e.buf.B[:n]
	return &e.buf
}
