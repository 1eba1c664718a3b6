package equil

import (
	"testing"

	"github.com/onus-mc/onus/translate"
)

// TableCase is one case of the solver's table, for the external tests
// (certified_test.go), which certify each answer with package certify.
type TableCase struct {
	Name string
	Game *translate.Game
	Q    *Query
}

// Table builds the queries of equilCases.
func Table(t *testing.T) []TableCase {
	var out []TableCase
	for _, tc := range equilCases {
		g := load(t, tc.model)
		q := &Query{Coalitions: [2][]int{{0}, {1}}, Correlated: tc.corr, Criterion: tc.crit, Min: tc.min,
			Objectives: [2]Objective{tc.o1.build(t, g), tc.o2.build(t, g)}}
		out = append(out, TableCase{Name: tc.name, Game: g, Q: q})
	}
	return out
}

// SetCoop replaces the stationary cooperative choice of objective i in s
// (tests that tamper with a profile).
func (p *Profile) SetCoop(i, s, choice int) {
	p.coop[i][s] = []roundPick{{choice: int32(choice)}}
}
