package checker

import (
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
)

// This file gives the optimal strategies behind a coalition query
// (Config.Strategies, for onus prism -exportstrat and onus check
// --export-strat): memoryless profiles read off value iteration by
// checker/solve.

// Strategy is an optimal memoryless strategy profile of the game for a
// coalition query <<A>> Pmax=?/Pmin=?/P~p [ψ] (or Pmax=?/Pmin=? without a
// coalition): in every state, how the choice is made, by the coalition and
// by its opponents alike.
type Strategy struct {
	// Coalition flags the query's players (all of them without one).
	Coalition []bool
	// Choice holds, for each choice of the game, the probability that it
	// is taken in its state: 1 for the chooser's choice in an smg or mdp,
	// the product of both sides' mixed actions in a csg.
	Choice []float64
}

// opStrategy solves op under q with a strategy profile when onus can give
// one: a P operator over a single temporal operator on state formulas,
// unbounded (or X). Otherwise it returns the reason there is none.
func (c *Checker) opStrategy(q solve.Query, op patlOp) ([]float64, *Strategy, string, error) {
	switch {
	case op.rew != nil:
		return nil, nil, "strategies are exported for P operators; reward operators are not supported yet", nil
	case op.certain:
		return nil, nil, "<<A>> [ψ] asks for certainty: its winning strategies see the history, which a memoryless profile cannot state", nil
	}
	t, ok := prism.Unparen(op.path).(*prism.Temporal)
	if !ok || bareTemporal(t.Left) || bareTemporal(t.Right) {
		return nil, nil, "the path formula is solved on a product with its automaton, whose strategies need memory; strategies are exported for one temporal operator over state formulas", nil
	}
	k, left, right, err := c.simpleOperands(t)
	if err != nil {
		return nil, nil, "", err
	}
	if t.Op != prism.TempX && k != int64(ltlf.Unbounded) {
		return nil, nil, "a bounded operator needs a strategy that counts the steps; memoryless strategies are exported for unbounded operators and X", nil
	}
	sop, ok := map[prism.TempOp]solve.Op{prism.TempF: solve.OpF, prism.TempU: solve.OpU, prism.TempX: solve.OpX,
		prism.TempG: solve.OpG, prism.TempW: solve.OpW, prism.TempR: solve.OpR}[t.Op]
	if !ok {
		return nil, nil, "unknown temporal operator", nil
	}
	v, prof, err := solve.PathProfile(c.g, q, sop, left, right)
	if err != nil {
		return nil, nil, "", err
	}
	return v, &Strategy{Coalition: append([]bool(nil), q.Coal...), Choice: prof}, "", nil
}
