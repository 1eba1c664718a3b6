package trace

import (
	"fmt"
	"math/rand/v2"

	"github.com/onus-mc/onus/translate"
)

// This file draws random histories of a model (onus simulate, SPEC §10.4).

// SimConfig configures Simulate.
type SimConfig struct {
	Steps int   // transitions to draw (the trace has Steps+1 rows)
	Seed  int64 // the same seed gives the same history
	// Beta is β(s)(α) per choice (checker.Checker.Beta).
	Beta []float64
	// Allowed holds, per plan step, the choices the plan allows (nil: all;
	// steps after the plan's end are free), as checker.Checker.PlanChoices
	// gives them.
	Allowed []translate.Bitset
	// Poll, when set, is called every pollEvery steps; an error it
	// returns (a passed --timeout, Ctrl-C) stops the draw and is
	// returned.
	Poll func() error
}

// pollEvery is how many steps Simulate draws between two calls of Poll.
const pollEvery = 4096

// StuckError reports that the plan allows no joint action of positive
// probability in the state reached at a step.
type StuckError struct {
	Step  int // 1-based plan step
	State string
}

func (e *StuckError) Error() string {
	return fmt.Sprintf("step %d of the plan allows no available joint action in state %s", e.Step, e.State)
}

// Simulate draws a history of m: the initial state (uniformly among
// several), then Steps times a joint action from β restricted to the
// plan's step and renormalised, and a successor from δ. It returns the
// states and choices of the history (Steps is left empty).
func Simulate(m *translate.Model, cfg SimConfig) (*History, error) {
	g := m.Game
	if len(g.Initial) == 0 {
		return nil, fmt.Errorf("the model has no initial state")
	}
	if len(cfg.Beta) != g.NumChoices() {
		return nil, fmt.Errorf("simulate: β has %d entries for %d choices", len(cfg.Beta), g.NumChoices())
	}
	rng := rand.New(rand.NewPCG(uint64(cfg.Seed), 0x6f6e7573)) // "onus"
	s := int(g.Initial[rng.IntN(len(g.Initial))])
	h := &History{States: []int{s}}
	for k := 0; k < cfg.Steps; k++ {
		if cfg.Poll != nil && k%pollEvery == pollEvery-1 {
			if err := cfg.Poll(); err != nil {
				return nil, err
			}
		}
		var allowed translate.Bitset
		if k < len(cfg.Allowed) {
			allowed = cfg.Allowed[k]
		}
		lo, hi := g.Choices(s)
		ch := draw(rng, lo, hi, func(c int) float64 {
			if allowed != nil && !allowed.Has(c) {
				return 0
			}
			return cfg.Beta[c]
		})
		if ch < 0 {
			return nil, &StuckError{Step: k + 1, State: m.StateString(s)}
		}
		tlo, thi := g.Transitions(ch)
		t := draw(rng, tlo, thi, func(t int) float64 { return g.Prob[t] })
		if t < 0 {
			return nil, fmt.Errorf("choice %d of state %s has no transition", ch-lo, m.StateString(s))
		}
		s = int(g.Target[t])
		h.Choices = append(h.Choices, ch)
		h.States = append(h.States, s)
	}
	return h, nil
}

// draw picks an index in [lo, hi) with probability proportional to w, or
// -1 if every weight is 0.
func draw(rng *rand.Rand, lo, hi int, w func(int) float64) int {
	total := 0.0
	for i := lo; i < hi; i++ {
		total += w(i)
	}
	if total <= 0 {
		return -1
	}
	r := rng.Float64() * total
	last := -1
	for i := lo; i < hi; i++ {
		x := w(i)
		if x <= 0 {
			continue
		}
		last = i
		if r < x {
			return i
		}
		r -= x
	}
	return last // rounding: the last index of positive weight
}
