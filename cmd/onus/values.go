package main

import (
	"math"
	"strconv"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// formatFloat prints a double as briefly as it round-trips, and the
// infinities and NaN as PRISM prints them (Infinity, -Infinity, NaN).
func formatFloat(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case math.IsNaN(x):
		return "NaN"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// jsonFloat is a double for encoding/json, which refuses the infinities
// and NaN: those become PRISM's strings "Infinity", "-Infinity", "NaN".
func jsonFloat(x float64) any {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return formatFloat(x)
	}
	return x
}

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
		// probabilities: it may be negative (SPEC §13).
		return !x.Kind.IsPower() && x.Degree == prism.DegProb && x.Rel.IsQuery()
	}
	return false
}

func clamp01(x float64) float64 {
	return math.Min(1, math.Max(0, x))
}
