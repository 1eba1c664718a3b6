package equil_test

import (
	"testing"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/checker/equil/certify"
)

// TestTableCertified certifies every answer of the solver's table with
// the independent best-response check.
func TestTableCertified(t *testing.T) {
	for _, tc := range equil.Table(t) {
		t.Run(tc.Name, func(t *testing.T) {
			r, err := equil.Solve(tc.Game, tc.Q, equil.Config{Profile: true})
			if err != nil {
				t.Fatal(err)
			}
			init := int(tc.Game.Initial[0])
			rep, err := certify.Check(tc.Game, r, init, certify.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Certified {
				t.Errorf("not certified: %s\n%+v", rep.Reason, rep)
			}
		})
	}
}
