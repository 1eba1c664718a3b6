package equil

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/checker/solve/nfg"
	"github.com/onus-mc/onus/translate"
)

// Kind is the kind of an objective.
type Kind int

// Objective kinds.
const (
	Until Kind = iota // P[Left U Target] (F: Left nil), optionally bounded
	Next              // P[X Target]: bounded, bound 1
	Inst              // R[I=Bound]: the state reward at step Bound
	Cumul             // R[C<=Bound]: the rewards of the first Bound steps
	Reach             // R[F Target]: the rewards until Target (unbounded)
)

func (k Kind) String() string {
	return [...]string{"until", "next", "instantaneous", "cumulative", "reachability reward"}[k]
}

// Objective is one coalition's goal.
type Objective struct {
	Kind    Kind
	Bounded bool // Until with a step bound; always true for Next, Inst, Cumul
	Bound   int
	// Left (nil: every state) and Target are state sets (Until, Next, Reach).
	Left, Target translate.Bitset
	// StateRew (per state) and TransRew (per choice) are the reward
	// structure of Inst, Cumul and Reach; nil means zero.
	StateRew, TransRew []float64
}

// IsProb says whether o is a probability (P) objective.
func (o *Objective) IsProb() bool { return o.Kind == Until || o.Kind == Next }

func (o *Objective) bounded() bool {
	return o.Bounded || o.Kind == Next || o.Kind == Inst || o.Kind == Cumul
}

// accumulates says whether the objective collects rewards step by step.
func (o *Objective) accumulates() bool { return o.Kind == Cumul || o.Kind == Reach }

func (o *Objective) stateRew(s int) float64 {
	if o.StateRew == nil {
		return 0
	}
	return o.StateRew[s]
}

func (o *Objective) transRew(c int) float64 {
	if o.TransRew == nil {
		return 0
	}
	return o.TransRew[c]
}

func (o *Objective) left(s int) bool { return o.Left == nil || o.Left.Has(s) }

func (o *Objective) target(s int) bool { return o.Target != nil && o.Target.Has(s) }

// Query is an equilibrium query with two coalitions.
type Query struct {
	// Coalitions holds the 0-based players of each coalition; together
	// they hold every player of the game exactly once.
	Coalitions [2][]int
	Objectives [2]Objective
	Correlated bool          // correlated instead of Nash equilibria
	Criterion  nfg.Criterion // social welfare or fairness
	Min        bool          // min=?: the coalitions minimise (costs)
}

// Config holds the value-iteration settings (PRISM-games' defaults when
// zero).
type Config struct {
	// Meter receives the stages solved (nil: nobody).
	Meter    *progress.Meter
	Epsilon  float64 // 1e-6
	Absolute bool    // absolute instead of relative convergence
	MaxIters int     // 10000
	// MaxStates bounds the product a mixed-horizon query builds (0: no
	// bound); beyond it Solve returns a *LimitError.
	MaxStates int
	// Profile asks for the strategy profile behind the answer
	// (Result.Profile), for certification and export.
	Profile bool
	// ExactTies compares equilibria's sums and values exactly, as
	// PRISM-games does, instead of within nfg.TieTol: a sum larger by a
	// rounding error then wins over the tie-breaking rule. It reproduces
	// PRISM-games' choice among equilibria of equal welfare (see
	// docs/guide/equilibria.md on two_investors_nash).
	ExactTies bool
}

// LimitError reports that the product of a mixed-horizon query would
// exceed Config.MaxStates.
type LimitError struct {
	States, Limit int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("the step-counter product would have %d states, more than %d", e.States, e.Limit)
}

func (c Config) withDefaults() Config {
	if c.Epsilon <= 0 {
		c.Epsilon = 1e-6
	}
	if c.MaxIters <= 0 {
		c.MaxIters = 10000
	}
	return c
}

// Result holds each coalition's value in every state of the game and,
// when Config.Profile asked for it, the strategy profile that attains
// them.
type Result struct {
	Values  [2][]float64
	Profile *Profile
}

// Sum returns the query's value in state s: the sum of the coalitions'
// values.
func (r *Result) Sum(s int) float64 { return r.Values[0][s] + r.Values[1][s] }

// Solve answers q on g.
func Solve(g *translate.Game, q *Query, cfg Config) (*Result, error) {
	cfg = cfg.withDefaults()
	if err := validate(g, q); err != nil {
		return nil, err
	}
	o1, o2 := &q.Objectives[0], &q.Objectives[1]
	switch {
	case o1.bounded() && o2.bounded():
		e, err := newEngine(g, q, cfg)
		if err != nil {
			return nil, err
		}
		return e.finite()
	case !o1.bounded() && !o2.bounded():
		e, err := newEngine(g, q, cfg)
		if err != nil {
			return nil, err
		}
		return e.infinite()
	}
	return mixed(g, q, cfg)
}

// validate checks the shape of q against g.
func validate(g *translate.Game, q *Query) error {
	if g.Joint == nil {
		return fmt.Errorf("equilibria need a concurrent stochastic game (csg)")
	}
	seen := make([]int, len(g.Players))
	for _, c := range q.Coalitions {
		for _, p := range c {
			if p < 0 || p >= len(seen) {
				return fmt.Errorf("no player %d", p+1)
			}
			seen[p]++
		}
	}
	for _, n := range seen {
		if n != 1 {
			return fmt.Errorf("all players must be in exactly one coalition")
		}
	}
	if q.Objectives[0].IsProb() != q.Objectives[1].IsProb() {
		return fmt.Errorf("mixing P and R objectives is not supported")
	}
	for i := range q.Objectives {
		o := &q.Objectives[i]
		if o.Bound < 0 {
			return fmt.Errorf("negative bound %d", o.Bound)
		}
		if o.Kind == Next && o.Bound != 1 {
			return fmt.Errorf("X has bound 1")
		}
		for _, r := range o.StateRew {
			if math.IsNaN(r) || math.IsInf(r, 0) {
				return fmt.Errorf("rewards must be finite")
			}
		}
	}
	return nil
}
