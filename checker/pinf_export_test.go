package checker

import "github.com/onus-mc/onus/prism"

// InfProb exposes the infinite-path computation of pinf.go to the external
// tests: P(ψ) on the induced chain from each state in starts, whatever the
// bounds of ψ (a bounded ψ is otherwise judged on finite histories).
func InfProb(c *Checker, path prism.Expr, starts []int) ([]float64, error) {
	return c.infValues(path, starts)
}
