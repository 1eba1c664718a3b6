package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file carries exact rationals through the vector evaluation
// (values.go, filter.go) under Config.Exact: a vector of doubles holds
// its values exactly (vec.r) when every leaf it was computed from has
// them (P on the infinite paths of a chain, S, the history passes'
// exact probabilities, constants) and every operator keeps them
// (translate's exact evaluation of constants: + - * exactly, / unless
// by zero, integer powers, min/max, ? :); otherwise it holds floats
// only. Ints and truth values are exact as they are.

// withRats sets v's exact values to r (nil entries where a state has
// none) under Config.Exact, and the floats of the states that have one
// to theirs; without any, v keeps floats only.
func (c *Checker) withRats(v *vec, r []*big.Rat) *vec {
	if !c.cfg.Exact || v.t != vDouble || len(r) != len(v.f) {
		return v
	}
	any := false
	for _, x := range r {
		any = any || x != nil
	}
	if !any {
		return v
	}
	// a copy: the floats may be a solver's cached values
	f := append([]float64(nil), v.f...)
	for s, x := range r {
		if x != nil {
			f[s] = resp.RatFloat(x)
		}
	}
	v.f, v.r = f, r
	return v
}

// exactAt returns v's exact value at s when it has one: ints are exact,
// doubles where v.r has an entry; nil for a truth value or a float.
func (v *vec) exactAt(s int) *big.Rat {
	switch {
	case v.t == vInt:
		return new(big.Rat).SetInt64(int64(v.f[s]))
	case v.t == vDouble && v.r != nil:
		return v.r[s]
	}
	return nil
}

// exactIn reports whether v's values at s are known exactly (a truth
// value is).
func (v *vec) exactIn(s int) bool { return v.t == vBool || v.exactAt(s) != nil }

// exactOver reports whether v's values over set are all known exactly.
func (v *vec) exactOver(set []int) bool {
	for _, s := range set {
		if !v.exactIn(s) {
			return false
		}
	}
	return true
}

// exactLiteral is literal with the double x known to be exactly r: the
// evaluator of constants reads the literal's text exactly under
// --exact, so the operators of pointwise keep the value.
func exactLiteral(x translate.Value, r *big.Rat, pos prism.Pos) prism.Expr {
	if x.Type != prism.TDouble || r == nil {
		return literal(x, pos)
	}
	return &prism.DoubleLit{ValuePos: pos, Value: resp.RatFloat(r), Text: r.RatString()}
}

// constRats returns the exact value of a plain double expression at
// every state when it is a constant that the evaluator of constants
// knows exactly; nil otherwise (one that reads state variables).
func (c *Checker) constRats(e prism.Expr, n int) []*big.Rat {
	if !c.cfg.Exact || c.env == nil {
		return nil
	}
	x, err := c.env.EvalConst(e)
	if err != nil || x.Type != prism.TDouble || x.Rat == nil {
		return nil
	}
	r := make([]*big.Rat, n)
	for s := range r {
		r[s] = x.Rat
	}
	return r
}

// steadyRats returns S's exact values at every state, nil entries where
// there are none.
func (c *Checker) steadyRats(x *prism.ProbOp, n int) []*big.Rat {
	r := make([]*big.Rat, n)
	for s := range r {
		r[s] = c.steadyExact(x, s)
	}
	return r
}

// ratExtremum returns the least (or greatest) exact value of v over set.
func ratExtremum(v *vec, set []int, max bool) *big.Rat {
	var best *big.Rat
	for _, s := range set {
		x := v.r[s]
		if best == nil || (max && x.Cmp(best) > 0) || (!max && x.Cmp(best) < 0) {
			best = x
		}
	}
	return best
}

// ratSum returns the exact sum of v over set.
func ratSum(v *vec, set []int) *big.Rat {
	sum := new(big.Rat)
	for _, s := range set {
		sum.Add(sum, v.r[s])
	}
	return sum
}

// singleRat returns a filter's single double value x, exactly r (when
// not nil), at every state.
func (c *Checker) singleRat(x float64, r *big.Rat) *vec {
	out := c.single(vDouble, x)
	if r == nil {
		return out
	}
	rs := make([]*big.Rat, len(out.f))
	for s := range rs {
		rs[s] = r
	}
	return c.withRats(out, rs)
}
