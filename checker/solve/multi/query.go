package multi

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// Sense says what an objective asks: an optimum or a bound.
type Sense int

// Senses.
const (
	Max     Sense = iota // the largest value (max=?)
	Min                  // the smallest value (min=?)
	AtLeast              // the value must be at least Bound (>=)
	AtMost               // the value must be at most Bound (<=)
)

// Numeric reports whether s asks for a value.
func (s Sense) Numeric() bool { return s == Max || s == Min }

// Objective is one objective: the probability of a path formula (Auto set)
// or an expected total reward (Rewards set).
type Objective struct {
	// Auto is the automaton of the path formula, over the game's states.
	Auto *ltlf.Automaton
	// Safety: the formula holds as long as the residual is not false (a
	// safety formula); otherwise once it is true (a co-safe formula).
	Safety bool
	// Rewards is the structure whose total reward is the objective.
	Rewards *translate.Rewards
	Sense   Sense
	Bound   float64
}

// Query is a multi-objective query from one state of an mdp.
type Query struct {
	Objectives []Objective
	Init       int
	// MaxStates bounds the product's states (0: no bound); beyond it
	// Solve returns a *limit.Error.
	MaxStates int
}

// MaxEntries bounds the entries of the simplex tableau, rows × (columns +
// rows): each pivot updates all of them; beyond it Solve returns a
// *limit.Error.
const MaxEntries = 16_000_000

// Result is the answer to a query.
type Result struct {
	// Numeric: the query optimises one objective; Value holds it.
	Numeric bool
	// Holds: with bounds only, some strategy meets them all.
	Holds bool
	// Value is the optimum of the optimised objective over the strategies
	// meeting the bounds: ±Inf when unbounded, NaN when no strategy meets
	// the bounds.
	Value float64
	// States is the number of states of the product.
	States int
}

// Error is a query Solve refuses (the checker positions it).
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func refuse(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// Solve answers q on the mdp g.
func Solve(g *translate.Game, q Query) (*Result, error) {
	numeric := -1
	for i, o := range q.Objectives {
		if (o.Auto == nil) == (o.Rewards == nil) {
			return nil, refuse("objective %d is neither a probability nor a reward", i+1)
		}
		if o.Sense.Numeric() {
			if numeric >= 0 {
				return nil, refuse("several objectives ask for a value (a Pareto curve)")
			}
			numeric = i
		}
	}
	p, err := newProduct(g, q.Objectives, q.Init, q.MaxStates)
	if err != nil {
		return nil, err
	}
	if err := p.checkMaxRewards(); err != nil {
		return nil, err
	}
	res := &Result{Numeric: numeric >= 0, States: p.n}
	val, ok, err := p.solve(numeric, q.Objectives, false)
	if err != nil {
		return nil, err
	}
	if numeric < 0 {
		res.Holds = ok
		return res, nil
	}
	res.Value = val
	if !ok {
		res.Value = math.NaN()
		o := q.Objectives[numeric]
		if o.Rewards != nil && o.Sense == Min {
			// The bounds may be met only by strategies that gather the
			// minimised reward for ever: then its minimum is +∞.
			if _, met, err := p.solve(numeric, q.Objectives, true); err != nil {
				return nil, err
			} else if met {
				res.Value = math.Inf(1)
			}
		}
	}
	return res, nil
}

// checkSize returns a *limit.Error when a programme of rows × cols entries
// is too large.
func checkSize(rows, cols int) error {
	if float64(rows)*float64(cols+rows) > MaxEntries {
		return &limit.Error{What: "entries in the multi-objective linear programme's tableau", Limit: MaxEntries}
	}
	return nil
}
