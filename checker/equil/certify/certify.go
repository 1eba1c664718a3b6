package certify

import (
	"errors"
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/translate"
)

// DefaultTolerance is the relative tolerance of Check when none is given:
// PRISM-games' own convergence threshold.
const DefaultTolerance = 1e-6

// Report is the outcome of a check.
type Report struct {
	// Certified is true when no coalition gains more than the tolerance
	// by deviating alone, in any state and round, and the profile's
	// values equal the reported ones within the tolerance in every state.
	Certified bool
	// Reason says why an answer is not certified ("" when it is).
	Reason    string
	Tolerance float64
	// Rounds is the number of stage rounds of the profile (sweeps of value
	// iteration for unbounded objectives, the shorter bound otherwise).
	Rounds int
	// Values are the profile's values at the initial state, recomputed
	// here, and Reported those of the answer.
	Values, Reported [2]float64
	// MaxGain[i] is the most coalition i gains by deviating alone from
	// the profile, over every state and round (0 when no deviation
	// helps), and Gain[i] the gain from the initial state at step 0.
	MaxGain, Gain [2]float64
	// GainState[i] and GainStep[i] say where MaxGain[i] is attained: the
	// state (of the profile's game) and the step (−1 once play is
	// stationary, with one objective decided); meaningful when
	// MaxGain[i] > 0.
	GainState, GainStep [2]int
	// MaxDiff is the largest difference between the profile's value and
	// the reported value over the states, relative to max(1, |value|).
	MaxDiff float64
}

// Config tunes Check.
type Config struct {
	Tolerance float64 // relative; DefaultTolerance when 0
	// MaxIters bounds each value iteration of the stationary phases
	// (default 1,000,000); a check that hits it is not certified.
	MaxIters int
}

// errNoRule reports a profile that leaves a reachable decision undefined.
var errNoRule = errors.New("the profile has no rule")

// Check certifies the answer r (with its profile, equil.Config.Profile)
// to a query on g, from the game's state init.
func Check(g *translate.Game, r *equil.Result, init int, cfg Config) (*Report, error) {
	p := r.Profile
	if p == nil {
		return nil, fmt.Errorf("certify: the answer carries no profile")
	}
	if cfg.Tolerance <= 0 {
		cfg.Tolerance = DefaultTolerance
	}
	if cfg.MaxIters <= 0 {
		cfg.MaxIters = 1_000_000
	}
	c, err := newCheck(p, cfg)
	if err != nil {
		return nil, err
	}
	rep := &Report{Tolerance: cfg.Tolerance, Rounds: p.Rounds}
	if err := c.run(); err != nil {
		rep.Reason = err.Error()
		return rep, nil
	}
	start := func(s int) int {
		if p.Start != nil {
			return int(p.Start[s])
		}
		return s
	}
	ps := start(init)
	for i := range rep.Values {
		rep.Values[i] = c.val[i][ps]
		rep.Reported[i] = r.Values[i][init]
		rep.MaxGain[i] = c.maxGain[i]
		rep.GainState[i], rep.GainStep[i] = c.where[i][0], c.where[i][1]
		rep.Gain[i] = c.gainAt(i, ps)
	}
	for s := 0; s < g.NumStates; s++ {
		for i := range r.Values {
			rep.MaxDiff = math.Max(rep.MaxDiff, diff(c.val[i][start(s)], r.Values[i][s]))
		}
	}
	switch {
	case rep.MaxDiff > cfg.Tolerance:
		rep.Reason = fmt.Sprintf("the profile's values differ from the reported ones by %.3g", rep.MaxDiff)
	case rep.MaxGain[0] > cfg.Tolerance:
		rep.Reason = fmt.Sprintf("the first coalition gains %.3g by deviating", rep.MaxGain[0])
	case rep.MaxGain[1] > cfg.Tolerance:
		rep.Reason = fmt.Sprintf("the second coalition gains %.3g by deviating", rep.MaxGain[1])
	default:
		rep.Certified = true
	}
	return rep, nil
}

// diff is |a−b| relative to max(1, |b|); infinities differ from
// everything but themselves.
func diff(a, b float64) float64 {
	if a == b {
		return 0
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsNaN(a) || math.IsNaN(b) {
		return math.Inf(1)
	}
	return math.Abs(a-b) / math.Max(1, math.Abs(b))
}

// gain is how much a best response br improves on the profile's value v
// for a coalition that maximises (sign 1) or minimises (sign −1),
// relative to max(1, |v|); 0 when it does not.
func gain(br, v, sign float64) float64 {
	if br == v {
		return 0
	}
	d := sign * (br - v)
	if d <= 0 || math.IsNaN(d) {
		if math.IsNaN(d) {
			return math.Inf(1)
		}
		return 0
	}
	if math.IsInf(d, 0) {
		return d
	}
	return d / math.Max(1, math.Abs(v))
}
