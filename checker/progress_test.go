package checker

import (
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/prism"
)

// TestProgressPhases: the progress lines of a long query name the query
// and the part of it that runs (onus blame's passes of every coalition,
// CCR's coalitions), and a phase ends where its caller says.
func TestProgressPhases(t *testing.T) {
	defer func() { progressDelay = progress.Delay }()
	progressDelay = 0
	plan := xPlan(xStep("d1", "d2"))
	psi := xX(xLab("fine"))
	cases := []struct {
		name string
		run  func(c *Checker) error
		want string // the first line shown starts so
	}{
		{"blame", func(c *Checker) error {
			_, err := c.Blame(prism.PlanRef{Plan: plan}, psi, prism.NoPos)
			return err
		}, `blame X "fine": every coalition's pass: histories: step 0 of 1`},
		{"CCR", func(c *Checker) error {
			_, err := c.Check(xResp(prism.CCR, "p1", plan, prism.DegNone, psi))
			return err
		}, `CCR(p1, [d1,d2]) [ X "fine" ]: `},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var lines []string
			c := cpdChecker(t, Config{Progress: func(s progress.Status) {
				if !s.Done {
					lines = append(lines, s.String())
				}
			}}, 1)
			if err := tc.run(c); err != nil {
				t.Fatal(err)
			}
			if len(lines) == 0 || !strings.HasPrefix(lines[0], tc.want) {
				t.Errorf("progress %q, want a first line starting %q", lines, tc.want)
			}
		})
	}
	c := cpdChecker(t, Config{}, 1)
	c.setPhase("outer")
	done := c.inPhase("loss notes")
	if ph := c.phase.Load(); ph != "loss notes" {
		t.Errorf("phase %v", ph)
	}
	done()
	if ph := c.phase.Load(); ph != "outer" {
		t.Errorf("phase after inPhase %v, want outer", ph)
	}
}
