package onus

import (
	"math"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// clampProbabilities returns r with its probabilities clamped to [0,1]:
// value iteration and long products of doubles can end a rounding error
// outside (1.0000000000000007). Which values are probabilities is read off
// the property: a P or S query (also under a coalition) and the
// probabilistic degree of CAR/CPR/CCR. Exact values are left alone.
func clampProbabilities(e prism.Expr, r *checker.Result) *checker.Result {
	if r == nil {
		return r
	}
	switch {
	case r.Kind == checker.KindNumber && isProbQuery(e):
		c := *r
		c.Number = clamp01(r.Number)
		return &c
	case r.Kind == checker.KindDegrees && r.Degrees != nil:
		c, d := *r, *r.Degrees
		d.Prob = clamp01(d.Prob)
		c.Degrees = &d
		return &c
	}
	return r
}

// isProbQuery reports whether e asks for a probability.
func isProbQuery(e prism.Expr) bool {
	switch x := e.(type) {
	case *prism.Paren:
		return isProbQuery(x.X)
	case *prism.Strategy:
		return isProbQuery(x.Op)
	case *prism.ProbOp:
		return (x.Kind == 'P' || x.Kind == 'S') && x.Rel.IsQuery()
	case *prism.Resp:
		// A power index by probability is a sum of differences of
		// probabilities: it may be negative (docs/guide/plans.md).
		return !x.Kind.IsPower() && x.Degree == prism.DegProb && x.Rel.IsQuery()
	}
	return false
}

func clamp01(x float64) float64 {
	return math.Min(1, math.Max(0, x))
}
