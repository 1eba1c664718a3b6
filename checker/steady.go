package checker

import (
	"errors"
	"math/big"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
)

// This file evaluates the steady-state operator S (S=? [φ], S~p [φ]) and
// gives the model-type conditions it shares with the steady-state reward
// R[S]: PRISM-games answers both on a dtmc only (solve/steady.go).

// steadyForm reports why the steady-state operators cannot be evaluated
// on this model, in PRISM-games' words where it refuses them too.
func (c *Checker) steadyForm(pos prism.Pos, what string) error {
	switch c.g.Type {
	case prism.TypeDTMC:
		return nil
	case prism.TypeMDP:
		if what == "S" {
			return c.errAt(pos, "The S operator cannot be used for MDPs")
		}
		return c.errAt(pos, "Steady-state reward properties cannot be used for MDPs")
	}
	return c.errAt(pos, "%s needs a dtmc: it is not defined on %s models (PRISM-games does not compute it either)", steadyWords(what), c.g.Type)
}

func steadyWords(what string) string {
	if what == "S" {
		return "the steady-state operator S"
	}
	return what
}

// steadyOpForm checks an S operator.
func (c *Checker) steadyOpForm(x *prism.ProbOp) error {
	if err := c.steadyForm(x.OpPos, "S"); err != nil {
		return err
	}
	if x.Filter != nil {
		return c.errAt(x.OpPos, "filters inside S are not supported yet")
	}
	return nil
}

// steadyValues returns S's long-run probability of its operand at every
// state, computed once per operator.
func (c *Checker) steadyValues(x *prism.ProbOp) ([]float64, error) {
	if v, ok := c.steady[x]; ok {
		return v, nil
	}
	if err := c.steadyOpForm(x); err != nil {
		return nil, err
	}
	if x.Path == nil {
		return nil, c.errAt(x.OpPos, "missing state formula")
	}
	if t, ok := prism.Unparen(x.Path).(*prism.Temporal); ok {
		return nil, c.errAt(t.OpPos, "S takes a state formula, not a path formula")
	}
	set, err := c.patlBools(x.Path)
	if err != nil {
		return nil, err
	}
	if prob := c.exactProbs(); prob != nil {
		ex, err := solve.ExactSteady(c.g, prob, set)
		if err == nil {
			v := ratFloats(ex, nil)
			c.cacheSteady(x, v, ex)
			return v, nil
		}
		var le *solve.ChainLimitError
		if !errors.As(err, &le) {
			return nil, c.solveErr(x.OpPos, err)
		}
		c.exactNote(x.OpPos, "S", err)
	}
	v, err := solve.SteadyState(c.g, set)
	if err != nil {
		return nil, c.solveErr(x.OpPos, err)
	}
	c.cacheSteady(x, v, nil)
	return v, nil
}

// cacheSteady keeps S's values (and exact values, nil if none).
func (c *Checker) cacheSteady(x *prism.ProbOp, v []float64, ex []*big.Rat) {
	if c.steady == nil {
		c.steady = map[*prism.ProbOp][]float64{}
		c.steadyRat = map[*prism.ProbOp][]*big.Rat{}
	}
	c.steady[x], c.steadyRat[x] = v, ex
}

// steadyExact returns S's exact value at s, nil if not known.
func (c *Checker) steadyExact(x *prism.ProbOp, s int) *big.Rat {
	if ex := c.steadyRat[x]; ex != nil {
		return ex[s]
	}
	return nil
}

// steadyHolds compares S's value p (exactly pr when not nil) with its
// bound.
func (c *Checker) steadyHolds(x *prism.ProbOp, p float64, pr *big.Rat) (bool, error) {
	bound, err := c.probConst(x.Bound)
	if err != nil {
		return false, err
	}
	return compare(p, pr, x.Rel, bound), nil
}

// checkSteady evaluates S at the initial state.
func (c *Checker) checkSteady(x *prism.ProbOp, init int) (*Result, error) {
	v, err := c.steadyValues(x)
	if err != nil {
		return nil, err
	}
	if x.Rel.IsQuery() {
		return &Result{Kind: KindNumber, Number: v[init], Exact: c.steadyExact(x, init)}, nil
	}
	b, err := c.steadyHolds(x, v[init], c.steadyExact(x, init))
	if err != nil {
		return nil, err
	}
	return &Result{Kind: KindBool, Bool: b}, nil
}

// steadyVec: S's values, or where its bound holds, at every state.
func (c *Checker) steadyVec(x *prism.ProbOp) (*vec, error) {
	v, err := c.steadyValues(x)
	if err != nil {
		return nil, err
	}
	if x.Rel.IsQuery() {
		return c.withRats(&vec{t: vDouble, f: v}, c.steadyRats(x, len(v))), nil
	}
	b := make([]bool, len(v))
	for s, p := range v {
		if b[s], err = c.steadyHolds(x, p, c.steadyExact(x, s)); err != nil {
			return nil, err
		}
	}
	return boolVec(b), nil
}

// solveErr positions an error of the solvers at pos.
func (c *Checker) solveErr(pos prism.Pos, err error) error {
	var oe *solve.OperatorError
	if errors.As(err, &oe) {
		return c.errAt(pos, "%s", oe.Msg)
	}
	return err
}
