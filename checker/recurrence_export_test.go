package checker

import "github.com/onus-mc/onus/translate"

// InducedChain exposes the Markov chain the behaviour profile induces
// (pinf.go) to the external tests, whose literal oracles read it.
func InducedChain(c *Checker) *translate.Game { return c.chain().chain }
