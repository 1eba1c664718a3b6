package checker

import (
	"errors"
	"math"

	"github.com/onus-mc/onus/checker/solve/multi"
	"github.com/onus-mc/onus/prism"
)

// This file evaluates PRISM's multi-objective queries multi(o1, ..., on)
// on an mdp (package solve/multi): each objective a P or R operator with a
// bound (>=, <=) or, for at most one, min=? / max=?. The conditions and
// messages are PRISM-games' where it refuses a query too.

// isMulti reports whether e is a multi(...) query.
func isMulti(e prism.Expr) (*prism.Call, bool) {
	x, ok := prism.Unparen(e).(*prism.Call)
	return x, ok && x.Func == "multi"
}

// checkMulti evaluates multi(...) at the initial state.
func (c *Checker) checkMulti(x *prism.Call) (*Result, error) {
	switch c.g.Type {
	case prism.TypeMDP:
	case prism.TypeSMG:
		return nil, c.errAt(x.FuncPos, "multi(...) is not supported on smg models (PRISM-games refuses it there too; its <<A>>(...) combinations of total, average and ratio rewards are not supported yet)")
	default:
		return nil, c.errAt(x.FuncPos, "multi-objective queries multi(...) need an mdp, not a %s", c.g.Type)
	}
	if len(c.g.Initial) != 1 {
		return nil, c.errAt(x.FuncPos, "Multi-objective model checking can only compute values from a single state")
	}
	if len(x.Args) == 0 {
		return nil, c.errAt(x.FuncPos, "multi(...) needs at least one objective")
	}
	objs := make([]multi.Objective, len(x.Args))
	numeric := 0
	for i, a := range x.Args {
		o, err := c.multiObjective(a)
		if err != nil {
			return nil, err
		}
		if o.Sense.Numeric() {
			numeric++
		}
		objs[i] = o
	}
	switch {
	case numeric > 1 && numeric < len(objs):
		return nil, c.errAt(x.FuncPos, "Multiple min/max queries cannot be combined with boolean queries.")
	case numeric > 1:
		return nil, c.errAt(x.FuncPos, "Pareto curves (several min=?/max=? objectives in multi(...)) are not supported: ask for one objective with min=? or max=? and bound the others")
	}
	res, err := multi.Solve(c.g, multi.Query{Objectives: objs, Init: int(c.g.Initial[0]), MaxStates: c.cfg.MaxProduct})
	var me *multi.Error
	if errors.As(err, &me) {
		return nil, c.errAt(x.FuncPos, "%s", me.Msg)
	}
	if err != nil {
		return nil, err
	}
	if !res.Numeric {
		return &Result{Kind: KindBool, Bool: res.Holds}, nil
	}
	out := &Result{Kind: KindNumber, Number: res.Value}
	if math.IsNaN(res.Value) {
		out.Log = []string{"No strategy meets the bounded objectives of multi(...)."}
	}
	return out, nil
}

// multiObjective turns one operand of multi(...) into an objective.
func (c *Checker) multiObjective(e prism.Expr) (multi.Objective, error) {
	var o multi.Objective
	var rel prism.RelKind
	var bound prism.Expr
	var pos prism.Pos
	switch x := prism.Unparen(e).(type) {
	case *prism.ProbOp:
		if x.Kind != 'P' || x.Filter != nil {
			return o, c.errAt(x.OpPos, "Multi-objective properties can only contain P and R operators")
		}
		rel, bound, pos = x.Rel, x.Bound, x.OpPos
		if err := c.multiPath(&o, x); err != nil {
			return o, err
		}
	case *prism.RewardOp:
		rel, bound, pos = x.Rel, x.Bound, x.OpPos
		if err := c.multiReward(&o, x); err != nil {
			return o, err
		}
	default:
		return o, c.errAt(safePos(e), "Multi-objective properties can only contain P and R operators")
	}
	switch rel {
	case prism.RelMaxQuery:
		o.Sense = multi.Max
	case prism.RelMinQuery:
		o.Sense = multi.Min
	case prism.RelGe, prism.RelLe:
		o.Sense = multi.AtLeast
		if rel == prism.RelLe {
			o.Sense = multi.AtMost
		}
		var b weight
		var err error
		if o.Auto != nil {
			b, err = c.probConst(bound)
		} else {
			b, err = c.numConst(bound, "reward bound")
		}
		if err != nil {
			return o, err
		}
		o.Bound = b.f
	case prism.RelGt, prism.RelLt:
		return o, c.errAt(pos, "Multi-objective properties can not use strict inequalities on P/R operators")
	default:
		return o, c.errAt(pos, "Multi-objective properties can only contain P/R operators with max/min=? or lower/upper probability bounds")
	}
	return o, nil
}

// multiPath compiles the path formula of a probability objective: a
// co-safe formula is met once its residual is true, a safety formula as
// long as it is not false.
func (c *Checker) multiPath(o *multi.Objective, x *prism.ProbOp) error {
	if x.Path == nil {
		return c.errAt(x.OpPos, "missing path formula")
	}
	if err := c.unsupported(x.Path); err != nil {
		return err
	}
	p, err := c.automatonFor(x.Path, false)
	if err != nil {
		return err
	}
	coSafe, safe := c.fac.Classify(p.A.Init())
	if !coSafe && !safe {
		return c.errAt(x.Path.Position(), "the path formulas of multi(...) must be co-safe (X, U, F and bounded operators) or safety formulas (X, G, W, R and bounded operators); this one is neither")
	}
	o.Auto, o.Safety = p.A, !coSafe
	return nil
}

// multiReward checks a reward objective: an expected total reward R[C].
func (c *Checker) multiReward(o *multi.Objective, x *prism.RewardOp) error {
	switch {
	case x.Filter != nil:
		return c.errAt(x.OpPos, "filters inside R are not supported yet")
	case x.Discount != nil:
		return c.errAt(x.OpPos, "discounted rewards are not supported in multi(...)")
	case x.Modifier != "":
		return c.errAt(x.OpPos, "the reward modifier %q is not supported", x.Modifier)
	case x.ContentKind == 'C' && x.TimeBound != nil:
		return c.errAt(x.OpPos, "step-bounded rewards C<=k are not supported in multi(...) (PRISM-games computes them only by value iteration); use C")
	case x.ContentKind != 'C':
		return c.errAt(x.OpPos, "Reward operators in multi-objective properties must be C or C<=k (%s is not yet supported)", rewardContentName(x))
	}
	r, err := c.rewardStruct(x)
	if err != nil {
		return err
	}
	o.Rewards = r
	return nil
}

// rewardContentName names the contents of R as PRISM writes them.
func rewardContentName(x *prism.RewardOp) string {
	switch x.ContentKind {
	case 'F':
		return "F"
	case 'c':
		return "Fc"
	case '0':
		return "F0"
	case 'I':
		return "I"
	case 'S':
		return "S"
	}
	return "a path formula"
}
