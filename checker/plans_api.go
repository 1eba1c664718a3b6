package checker

import (
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file exports what callers outside the checker need about plans and
// the behaviour profile: a simulator (onus simulate, SPEC §10.4) needs β and
// the choices a plan allows; the horizon notes of SPEC §10.5 a plan's length.

// Beta returns β(s)(α) for every choice of the game (SPEC §2): the
// probability that the players pick that joint action in its state. The
// slice is a copy. The profile is computed here when no query has needed
// it yet: a deadline passed meanwhile (--timeout, Ctrl-C) is the error.
func (c *Checker) Beta() (beta []float64, err error) {
	defer settle(&err)
	c.needProfile()
	return append([]float64(nil), c.beta...), nil
}

// PlanChoices resolves a plan and returns, for each of its steps, the
// choices of the game that agree with the step on every player (nil: the
// step allows every choice).
func (c *Checker) PlanChoices(ref prism.PlanRef) (steps []translate.Bitset, err error) {
	defer settle(&err)
	rs, _, err := c.resolvePlan(ref)
	if err != nil {
		return nil, err
	}
	all := ^uint64(0)
	if c.nplayers < 64 {
		all = uint64(1)<<uint(c.nplayers) - 1
	}
	steps = make([]translate.Bitset, len(rs))
	for k, st := range rs {
		steps[k] = c.hist.Allowed(st, all)
	}
	return steps, nil
}

// PlanLength returns the number of steps of a plan (repetitions expanded).
func (c *Checker) PlanLength(ref prism.PlanRef) (n int, err error) {
	defer settle(&err)
	rs, _, err := c.resolvePlan(ref)
	return len(rs), err
}
