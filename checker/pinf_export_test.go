package checker

import (
	"math/big"

	"github.com/onus-mc/onus/prism"
)

// InfProb exposes the infinite-path computation of pinf.go to the external
// tests: P(ψ) on the induced chain from each state in starts, whatever the
// bounds of ψ (a bounded ψ is otherwise judged on finite histories).
func InfProb(c *Checker, path prism.Expr, starts []int) ([]float64, error) {
	v, _, err := c.infValues(path, starts)
	return v, err
}

// InfProbExact is InfProb with the exact values (nil unless Config.Exact
// and the chain is small enough).
func InfProbExact(c *Checker, path prism.Expr, starts []int) ([]float64, []*big.Rat, error) {
	return c.infValues(path, starts)
}
