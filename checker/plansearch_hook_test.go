package checker

import (
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// PrepareForTest prepares the query of x at the initial state without
// degrees, for the plan-search tests of the external test package.
func PrepareForTest(c *Checker, x *prism.Resp) (*resp.Query, error) {
	return c.prepareResp(x, int(c.g.Initial[0]), false, false)
}

// StepTextForTest prints one full step as a witness plan prints it.
func StepTextForTest(c *Checker, st resp.FullStep) string {
	s, _ := c.stepString(st)
	return s
}

// SetFoldAllForTest sets the longest plan printed step by step, and
// returns a function restoring it.
func SetFoldAllForTest(n int) func() {
	old := foldAll
	foldAll = n
	return func() { foldAll = old }
}
