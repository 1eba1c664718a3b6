package checker

import (
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates state formulas: boolean combinations of atoms (given
// by Env.StateSet) and of the operators that onus evaluates per state
// itself — the qualitative and bounded responsibility operators and P~p.

// evalAt evaluates a state formula at state s. Inside an outcome (nested)
// a responsibility operator whose plan cannot be carried out from s is
// false there; at the top level that is an error.
func (c *Checker) evalAt(e prism.Expr, s int, nested bool) (bool, error) {
	e = prism.Unparen(e)
	if e == nil {
		return false, c.errAt(prism.NoPos, "missing state formula")
	}
	switch x := e.(type) {
	case *prism.BoolLit:
		return x.Value, nil
	case *prism.Resp:
		return c.respAt(x, s, nested)
	case *prism.Strategy:
		return c.strategyAt(x, s)
	case *prism.ProbOp:
		if x.Kind == 'S' {
			if x.Rel.IsQuery() {
				return false, c.errAt(x.OpPos, "S=? is numeric and cannot be used as a state formula")
			}
			v, err := c.steadyValues(x)
			if err != nil {
				return false, err
			}
			return c.steadyHolds(x, v[s], c.steadyExact(x, s))
		}
		if err := c.unsupported(x); err != nil {
			return false, err
		}
		if x.Rel.IsQuery() {
			return false, c.errAt(x.OpPos, "P=? is numeric and cannot be used as a state formula")
		}
		p, pr, _, err := c.probAt(x, s)
		if err != nil {
			return false, err
		}
		return c.probBound(x, p, pr)
	case *prism.Metric:
		return false, c.errAt(x.OpPos, "a metric query is numeric and cannot be used as a state formula")
	case *prism.Temporal:
		return false, c.errAt(x.OpPos, "a path formula needs an operator (P, CAR, CPR, CCR or a metric) around it")
	case *prism.Unary:
		if x.Op == prism.OpNot {
			b, err := c.evalAt(x.X, s, nested)
			return !b, err
		}
	case *prism.Binary:
		{
			switch x.Op {
			case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
				l, err := c.evalAt(x.X, s, nested)
				if err != nil {
					return false, err
				}
				r, err := c.evalAt(x.Y, s, nested)
				if err != nil {
					return false, err
				}
				switch x.Op {
				case prism.OpAnd:
					return l && r, nil
				case prism.OpOr:
					return l || r, nil
				case prism.OpImplies:
					return !l || r, nil
				}
				return l == r, nil
			}
		}
	}
	if !isPlain(e) {
		if err := c.unsupported(e); err != nil {
			return false, err
		}
		return false, c.errAt(e.Position(), "this expression mixes values with path or responsibility operators")
	}
	set, err := c.atomSet(e)
	if err != nil {
		return false, err
	}
	return set.Has(s), nil
}

// respAt evaluates a boolean responsibility formula at state s.
func (c *Checker) respAt(x *prism.Resp, s int, nested bool) (bool, error) {
	if x.Degree != prism.DegNone && x.Rel.IsQuery() {
		return false, c.errAt(x.OpPos, "a degree query is numeric and cannot be used as a state formula")
	}
	q, err := c.prepareResp(x, s, needsCounts(x), x.Degree != prism.DegNone)
	if _, ok := err.(planError); ok && nested {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if x.Degree == prism.DegNone {
		return q.Qualitative(), nil
	}
	return c.boundedDegree(x, q)
}

// stateSet evaluates a state formula at every state (nested operators
// inside an outcome).
func (c *Checker) stateSet(e prism.Expr) (translate.Bitset, error) {
	set := translate.NewBitset(c.g.NumStates)
	for s := 0; s < c.g.NumStates; s++ {
		b, err := c.evalAt(e, s, true)
		if err != nil {
			return nil, err
		}
		if b {
			set.Set(s)
		}
	}
	return set, nil
}
