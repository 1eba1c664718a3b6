package checker

import (
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
)

// This file holds P of a single step-bounded operator whose bound is too
// long for a pass over histories (more steps than a horizon may have):
// P[F<=k φ] over the histories of length k is the probability of the
// bounded operator on the chain β induces (as pinf.go computes unbounded
// ones), and its k backward steps end early at a fixpoint or a period
// (solve's bounded loops, under --max-steps and --timeout).

// longBoundFrom is the bound beyond which P of a single operator is
// computed on the chain instead of refused (tests lower it to compare the
// two ways).
var longBoundFrom = int64(DefaultMaxProduct)

// longBoundProb returns P(path) from s0 and its bound when path is one
// F, U, G, W or R with an upper bound beyond longBoundFrom over state
// formulas, no horizon is set and no exact value is asked; ok is false
// when it does not apply (the pass over histories decides then).
func (c *Checker) longBoundProb(path prism.Expr, s0 int) (p float64, k int64, ok bool, err error) {
	t, isT := prism.Unparen(path).(*prism.Temporal)
	if !isT || c.cfg.Horizon > 0 || c.cfg.Exact || t.Op == prism.TempX ||
		(t.Bound.Kind != prism.BoundLe && t.Bound.Kind != prism.BoundLt) || !stateFormula(t.Left) || !stateFormula(t.Right) {
		return 0, 0, false, nil
	}
	k, err = c.boundOf(t)
	if err != nil || k <= longBoundFrom {
		return 0, 0, false, nil // the pass reports a bad bound at its position
	}
	k, left, right, err := c.simpleOperands(t)
	if err != nil {
		return 0, 0, true, err
	}
	chain := c.chain().chain
	v, err := c.operatorValues(solve.GameArena(chain), solve.Query{Max: true, Meter: c.hist.Meter()}, t, left, right, k)
	if err != nil {
		return 0, 0, true, err
	}
	return v[s0], k, true, nil
}

// stateFormula reports whether e (nil: none) holds no temporal operator
// outside nested operators, so that it is a set of states.
func stateFormula(e prism.Expr) bool {
	if e == nil {
		return true
	}
	found := false
	prism.Inspect(e, func(x prism.Expr) bool {
		switch x.(type) {
		case *prism.Temporal:
			found = true
		case *prism.ProbOp, *prism.RewardOp, *prism.Strategy, *prism.Resp, *prism.Metric, *prism.FilterExpr:
			return false
		}
		return !found
	})
	return !found
}
