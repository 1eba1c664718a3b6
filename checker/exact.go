package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
)

// exactValues returns the exact values of op under q at the start states
// under --exact, where solve.ExactReach can certify them: an unbounded F
// or U over state formulas on a turn-based game. Nil otherwise (the float
// values of value iteration stand).
func (c *Checker) exactValues(q solve.Query, op patlOp, starts []int) []*big.Rat {
	if !c.cfg.Exact || op.rew != nil || q.Sure || c.g.Joint != nil {
		return nil
	}
	c.needProfile()
	if c.probRat == nil {
		return nil
	}
	t, ok := prism.Unparen(op.path).(*prism.Temporal)
	if !ok || (t.Op != prism.TempF && t.Op != prism.TempU) || bareTemporal(t.Left) || bareTemporal(t.Right) {
		return nil
	}
	k, left, right, err := c.simpleOperands(t)
	if err != nil || k != int64(ltlf.Unbounded) {
		return nil
	}
	var allowed []bool
	sop := solve.OpF
	if t.Op == prism.TempU {
		allowed, sop = left, solve.OpU
	}
	x, err := solve.Path(solve.GameArena(c.g), q, sop, left, right, k)
	if err != nil {
		return nil
	}
	ex := solve.ExactReach(c.g, q, c.probRat, allowed, right, x)
	if ex == nil {
		return nil
	}
	out := make([]*big.Rat, len(starts))
	for i, s := range starts {
		out[i] = ex[s]
	}
	return out
}
