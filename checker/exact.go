package checker

import (
	"errors"
	"math/big"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
)

// exactValues returns the exact values of op under q at the start states
// under --exact: on a chain (chainExactValues) for every unbounded
// operator and product, else where solve.ExactReach can certify them, an
// unbounded F or U over state formulas on a turn-based game. Nil
// otherwise (the float values of value iteration stand).
func (c *Checker) exactValues(q solve.Query, op patlOp, starts []int) []*big.Rat {
	if q.Sure || c.exactProbs() == nil {
		return nil
	}
	if op.rew != nil {
		return c.rewardExactValues(op.rew, starts)
	}
	if c.isChain() {
		return c.chainExactValues(op.path, starts)
	}
	if c.g.Joint != nil {
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
	return ratsAt(solve.ExactReach(c.g, q, c.probRat, allowed, right, x), starts)
}

// rewardExactValues returns the exact values of reward operator x at the
// start states when c's game is a chain: R[F φ] and R[Fc φ] over state
// formulas, R[C] (solve/chainreward.go) and R[S] (solve/steadyexact.go); a nil
// entry is +∞. Nil for the other
// reward operators, on other games, or when the reward structure has no
// exact values or the chain is too large (a note says so).
func (c *Checker) rewardExactValues(x *prism.RewardOp, starts []int) []*big.Rat {
	if !c.isChain() || !(x.ContentKind == 'F' || x.ContentKind == 'c' || x.ContentKind == 'S' || (x.ContentKind == 'C' && x.TimeBound == nil)) {
		return nil
	}
	r, err := c.rewardStruct(x)
	if err != nil {
		return nil
	}
	if !solve.ExactRewardsOK(r) {
		c.exactNote(x.OpPos, "R", errors.New("the reward structure has no exact values"))
		return nil
	}
	var ex []*big.Rat
	switch x.ContentKind {
	case 'C':
		ex, err = solve.ExactTotalRewards(c.g, c.probRat, r)
	case 'S':
		ex, err = solve.ExactSteadyRewards(c.g, c.probRat, r)
	default:
		var target []bool
		if target, err = c.patlBools(x.Target); err != nil {
			return nil
		}
		if x.ContentKind == 'c' {
			ex, err = solve.ExactCumulativeRewards(c.g, c.probRat, r, target)
		} else {
			ex, err = solve.ExactReachRewards(c.g, c.probRat, r, target)
		}
	}
	if err != nil {
		c.exactNote(x.OpPos, "R", err)
		return nil
	}
	return ratsAt(ex, starts)
}

// isChain reports whether c's game has one choice per state at most (a
// dtmc, or a turn-based game whose players never choose), computed once.
func (c *Checker) isChain() bool {
	if c.chainGame == 0 {
		c.chainGame = 2
		if c.g.Joint == nil && solve.IsChain(c.g) {
			c.chainGame = 1
		}
	}
	return c.chainGame == 1
}

// chainExactValues returns the exact probability of path at the start
// states when c's game is a chain, where every coalition's optimum is the
// one expectation: a single unbounded operator over state formulas
// solved on the game, any other co-safe or safety formula on its product
// with the outcome automaton (solve/chain.go). Nil when the path has a
// bounded single operator, or when the chain is too large (a note says
// so).
func (c *Checker) chainExactValues(path prism.Expr, starts []int) []*big.Rat {
	p := prism.Unparen(path)
	if p == nil {
		return nil
	}
	if t, ok := p.(*prism.Temporal); ok && !bareTemporal(t.Left) && !bareTemporal(t.Right) {
		k, left, right, err := c.simpleOperands(t)
		if err != nil {
			return nil
		}
		ar := solve.GameArena(c.g)
		if t.Op == prism.TempX {
			return ratsAt(solve.ExactNext(ar, c.probRat, right), starts)
		}
		op, ok := map[prism.TempOp]solve.Op{prism.TempF: solve.OpF, prism.TempU: solve.OpU,
			prism.TempG: solve.OpG, prism.TempW: solve.OpW, prism.TempR: solve.OpR}[t.Op]
		if !ok || k != int64(ltlf.Unbounded) {
			return nil
		}
		ex, err := solve.ExactPath(ar, c.probRat, op, left, right)
		if err != nil {
			c.exactNote(t.Position(), "P on infinite paths", err)
			return nil
		}
		return ratsAt(ex, starts)
	}
	prod, err := c.automatonFor(path, false)
	if err != nil {
		return nil
	}
	ids, notBad, good, coSafe, err := c.productSets(prod, path, starts)
	if err != nil {
		return nil
	}
	ar := solve.ProductArena(c.g, prod.S, prod.Succ, prod.SuccStart)
	var ex []*big.Rat
	if coSafe {
		ex, err = solve.ExactUntil(ar, c.probRat, notBad, good)
	} else {
		ex, err = solve.ExactWeak(ar, c.probRat, notBad, good)
	}
	if err != nil {
		c.exactNote(path.Position(), "P on infinite paths", err)
		return nil
	}
	return ratsAt(ex, ids)
}
