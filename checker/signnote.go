package checker

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/onus-mc/onus/prism"
)

// This file explains a negative power index where it is printed (SPEC
// §13): φ_i(v_C) or φ_i(v_P) below 0 means that i's part of the plan makes
// the outcome rarer or less likely, on average over the coalitions it
// joins. The avoidance index is never negative (a is monotone).

// GuideNegative is the section of the user guide on negative shares.
const GuideNegative = "docs/guide/plans.md#negative-shares"

// signNote notes, at pos, the negative values among agent's power indices
// (kinds[k] names powers[k]: SHAPLEY, BANZHAF).
func (c *Checker) signNote(pos prism.Pos, agent string, kinds []string, powers []*Power) {
	var vals []string
	for k, p := range powers {
		if negative(p.Count, p.CountExact) {
			vals = append(vals, fmt.Sprintf("%s # %s", kinds[k], shortFloat(p.Count)))
		}
		if negative(p.Prob, p.ProbExact) {
			vals = append(vals, fmt.Sprintf("%s P %s", kinds[k], shortFloat(p.Prob)))
		}
	}
	if len(vals) == 0 {
		return
	}
	msg := fmt.Sprintf("%s has negative shares (%s): its part of the plan makes the outcome rarer or less likely, on average over the coalitions it joins (see %s)",
		agent, strings.Join(vals, ", "), GuideNegative)
	c.addNote(Note{Pos: pos, Msg: msg})
}

// negative reports whether a value is below 0: exactly when r is known,
// else beyond rounding (1e-12).
func negative(x float64, r *big.Rat) bool {
	if r != nil {
		return r.Sign() < 0
	}
	return x < -1e-12
}
