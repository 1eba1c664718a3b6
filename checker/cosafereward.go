package checker

import (
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates co-safe LTL reward objectives on turn-based games,
// <<A>> Rmin=? / Rmax=? [ ψ ] (prism-games-equilibria.md §3): the expected
// reward gathered before the first position at which the path so far is a
// good prefix of ψ (every continuation satisfies ψ), infinite where the
// objective is missed with positive probability. It is a reachability
// reward on the product of the game with the automaton of ψ, whose X is
// strong (outcomeBuilder.strong), as in PRISM-games: `R[X true]` is the
// reward of step 0, not 0.

// coSafeForm checks the path formula of R[ψ] as PRISM-games does: a
// bounded F alone is refused, ψ must be syntactically co-safe (in positive
// normal form only X, F and U), and time bounds are refused.
func (c *Checker) coSafeForm(x *prism.RewardOp) error {
	t := prism.Unparen(x.Target)
	if t == nil {
		return c.errAt(x.OpPos, "missing path formula")
	}
	if f, ok := t.(*prism.Temporal); ok && f.Op == prism.TempF && f.Bound.Kind != prism.BoundNone {
		return c.errAt(f.OpPos, "R operator cannot contain a bounded F operator: %s", prism.ExprString(t))
	}
	if bad := notCoSafe(t, true); bad != nil {
		return c.errAt(bad.OpPos, "R operator contains a path formula that is not syntactically co-safe: %s", prism.ExprString(t))
	}
	if b := boundedTemporal(t); b != nil {
		return c.errAt(b.OpPos, "R operator cannot contain a temporal operator with a time bound (as PRISM-games): %s", prism.ExprString(b))
	}
	return nil
}

// notCoSafe returns the first temporal operator that keeps path formula e,
// under polarity pos (false below an odd number of negations), from being
// co-safe in positive normal form, or nil: X, F and U are allowed
// positively, X, G, R and W negatively (!G a is F !a, !(a R b) is !a U !b,
// !(a W b) is !b U (!a & !b)). State formulas are atoms.
func notCoSafe(e prism.Expr, pos bool) *prism.Temporal {
	first := func(xs ...func() *prism.Temporal) *prism.Temporal {
		for _, x := range xs {
			if t := x(); t != nil {
				return t
			}
		}
		return nil
	}
	switch x := prism.Unparen(e).(type) {
	case *prism.Temporal:
		ok := x.Op == prism.TempX
		if pos {
			ok = ok || x.Op == prism.TempF || x.Op == prism.TempU
		} else {
			ok = ok || x.Op == prism.TempG || x.Op == prism.TempR || x.Op == prism.TempW
		}
		if !ok {
			return x
		}
		return first(func() *prism.Temporal {
			if x.Left == nil {
				return nil
			}
			return notCoSafe(x.Left, pos)
		}, func() *prism.Temporal { return notCoSafe(x.Right, pos) })
	case *prism.Unary:
		if x.Op == prism.OpNot {
			return notCoSafe(x.X, !pos)
		}
	case *prism.Binary:
		switch x.Op {
		case prism.OpAnd, prism.OpOr:
			return first(func() *prism.Temporal { return notCoSafe(x.X, pos) }, func() *prism.Temporal { return notCoSafe(x.Y, pos) })
		case prism.OpImplies:
			return first(func() *prism.Temporal { return notCoSafe(x.X, !pos) }, func() *prism.Temporal { return notCoSafe(x.Y, pos) })
		case prism.OpIff:
			return first(func() *prism.Temporal { return notCoSafe(x.X, pos) }, func() *prism.Temporal { return notCoSafe(x.X, !pos) },
				func() *prism.Temporal { return notCoSafe(x.Y, pos) }, func() *prism.Temporal { return notCoSafe(x.Y, !pos) })
		}
	}
	return nil
}

// boundedTemporal returns the first temporal operator of path formula e
// with a time bound, or nil.
func boundedTemporal(e prism.Expr) *prism.Temporal {
	var found *prism.Temporal
	prism.Inspect(e, func(x prism.Expr) bool {
		switch y := x.(type) {
		case *prism.Temporal:
			if y.Bound.Kind != prism.BoundNone && found == nil {
				found = y
			}
		case *prism.ProbOp, *prism.RewardOp, *prism.Strategy, *prism.FilterExpr, *prism.Resp, *prism.Metric:
			return false
		}
		return found == nil
	})
	return found
}

// coSafeRewards returns the optimal expected reward of R[ψ] under q from
// each start state: a reachability reward on the product, whose targets
// are the product states where ψ becomes certain on reading the state.
func (c *Checker) coSafeRewards(q solve.Query, x *prism.RewardOp, r *translate.Rewards, starts []int) ([]float64, error) {
	p, err := c.rewardAutomaton(x.Target)
	if err != nil {
		return nil, err
	}
	ids := make([]int32, len(starts))
	for k, s := range starts {
		ids[k] = p.Start(s)
	}
	a := p.A
	target := make([]bool, p.Size())
	for i := range target {
		target[i] = a.Prog(p.Q[i], a.Letter(int(p.S[i]))) == ltlf.True
	}
	v, err := solve.ArenaReachRewards(solve.ProductArena(c.g, p.S, p.Succ, p.SuccStart), q, r, target)
	if err != nil {
		return nil, err
	}
	return valuesAt(v, ids), nil
}
