package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/onus-mc/onus/checker"
)

// This file prints, under --explain, what an equilibrium answer rests on:
// each coalition's value and the certificate of the independent
// best-response check (docs/guide/equilibria.md).

// jsonEquilibrium is the "equilibrium" member of a JSON result.
type jsonEquilibrium struct {
	Coalitions  [2][]string      `json:"coalitions"`
	Values      [2]any           `json:"values"`
	Certificate *jsonCertificate `json:"certificate,omitempty"`
}

// jsonCertificate reports the check: the largest gain of each coalition
// by deviating alone (relative to its value), where it is attained, the
// profile's values and their largest difference from the reported ones.
type jsonCertificate struct {
	Certified     bool      `json:"certified"`
	Reason        string    `json:"reason,omitempty"`
	Tolerance     float64   `json:"tolerance"`
	Rounds        int       `json:"rounds"`
	MaxGain       [2]any    `json:"max_gain"`
	GainAt        []*gainAt `json:"gain_at,omitempty"`
	ProfileValues [2]any    `json:"profile_values"`
	MaxDifference any       `json:"max_difference"`
}

// gainAt locates a coalition's largest gain: a state of the profile's
// game and a step (null once play is stationary).
type gainAt struct {
	State int  `json:"state"`
	Step  *int `json:"step"`
}

func equilibriumJSON(eq *checker.Equilibrium) *jsonEquilibrium {
	if eq == nil || eq.Certificate == nil {
		return nil
	}
	out := &jsonEquilibrium{Coalitions: eq.Coalitions}
	rep := eq.Certificate
	c := &jsonCertificate{Certified: rep.Certified, Reason: rep.Reason, Tolerance: rep.Tolerance,
		Rounds: rep.Rounds, MaxDifference: jsonFloat(rep.MaxDiff)}
	for i := range out.Values {
		out.Values[i] = jsonFloat(eq.Values[i])
		c.MaxGain[i] = jsonFloat(rep.MaxGain[i])
		c.ProfileValues[i] = jsonFloat(rep.Values[i])
	}
	if rep.MaxGain[0] > 0 || rep.MaxGain[1] > 0 {
		for i := range rep.MaxGain {
			var at *gainAt
			if rep.MaxGain[i] > 0 {
				at = &gainAt{State: rep.GainState[i]}
				if rep.GainStep[i] >= 0 {
					step := rep.GainStep[i]
					at.Step = &step
				}
			}
			c.GainAt = append(c.GainAt, at)
		}
	}
	out.Certificate = c
	return out
}

// writeEquilibriumText prints the coalitions' values and the certificate
// under an equilibrium result.
func writeEquilibriumText(w io.Writer, eq *checker.Equilibrium) {
	if eq == nil || eq.Certificate == nil {
		return
	}
	rep := eq.Certificate
	fmt.Fprintf(w, "Coalition values: %s %s, %s %s\n",
		strings.Join(eq.Coalitions[0], ","), formatFloat(eq.Values[0]),
		strings.Join(eq.Coalitions[1], ","), formatFloat(eq.Values[1]))
	if rep.Certified {
		fmt.Fprintf(w, "Certificate: certified: no coalition gains more than %g by deviating alone, in any state and round\n", rep.Tolerance)
	} else {
		fmt.Fprintf(w, "Certificate: NOT certified: %s\n", rep.Reason)
	}
	fmt.Fprintf(w, "  rounds: %d\n", rep.Rounds)
	fmt.Fprintf(w, "  largest gain by deviating: %s %.3g, %s %.3g\n",
		strings.Join(eq.Coalitions[0], ","), rep.MaxGain[0], strings.Join(eq.Coalitions[1], ","), rep.MaxGain[1])
	fmt.Fprintf(w, "  profile's values, recomputed: %s, %s (largest difference over the states %.3g)\n",
		formatFloat(rep.Values[0]), formatFloat(rep.Values[1]), rep.MaxDiff)
}
