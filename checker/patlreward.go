package checker

import (
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates the reward operator of PRISM-games under a coalition
// (<<A>> R{r}max=? / min=? / ~b): cumulative rewards C<=k, instantaneous
// rewards I=k, total rewards C, and reachability rewards F (paths that
// never reach the target count as infinite), Fc (they keep their
// cumulative reward) and, on turn-based games, F0 (they count as 0;
// solve/zeroreward.go); on a dtmc also R=?, R~b and steady-state rewards
// S. A state reward is earned in the state left, a transition reward with
// the choice taken, as in PRISM.

// rewardForm checks that onus evaluates this form of R.
func (c *Checker) rewardForm(x *prism.RewardOp) error {
	switch {
	case x.Filter != nil:
		return c.errAt(x.OpPos, "filters inside R are not supported yet")
	case x.Discount != nil:
		return c.errAt(x.OpPos, "discounted rewards are not supported yet")
	case x.Modifier != "":
		return c.errAt(x.OpPos, "the reward modifier %q is not supported", x.Modifier)
	case x.Rel == prism.RelQuery && c.g.Type != prism.TypeDTMC:
		return c.errAt(x.OpPos, "a reward under a coalition needs Rmax=? or Rmin=? (not R=?)")
	case x.Rel.IsQuery() && x.Rel != prism.RelMaxQuery && x.Rel != prism.RelMinQuery && x.Rel != prism.RelQuery:
		return c.errAt(x.OpPos, "R%s is not supported yet", relString(x.Rel))
	}
	switch x.ContentKind {
	case 'C', 'I', 'F', 'c':
	case '0':
		if c.g.Joint != nil {
			return c.errAt(x.OpPos, "reachability rewards F0 are not supported on csg models (nor in PRISM-games)")
		}
	case 'S':
		if err := c.steadyForm(x.OpPos, "steady-state rewards R[S]"); err != nil {
			return err
		}
	case 'P':
		if c.g.Joint != nil {
			return c.errAt(pathPos(x), "co-safe LTL reward objectives R[ψ] are not supported on csg models (PRISM-games: \"Computation not implemented yet.\")")
		}
		return c.coSafeForm(x)
	default:
		return c.errAt(x.OpPos, "this reward formula is not supported (only C<=k, I=k, F, Fc, F0 and co-safe path formulas)")
	}
	return nil
}

// rewardStruct selects the reward structure of x; one with a negative
// value where the model type forbids it is refused.
func (c *Checker) rewardStruct(x *prism.RewardOp) (*translate.Rewards, error) {
	r, err := c.selectRewards(x)
	if err == nil && r.Negative != nil {
		return nil, r.Negative
	}
	return r, err
}

func (c *Checker) selectRewards(x *prism.RewardOp) (*translate.Rewards, error) {
	rs := c.g.Rewards
	if len(rs) == 0 {
		return nil, c.errAt(x.OpPos, "the model has no reward structures")
	}
	switch {
	case x.StructName != "":
		for i := range rs {
			if rs[i].Name == x.StructName {
				return &rs[i], nil
			}
		}
		return nil, c.errAt(x.OpPos, "unknown reward structure %q", x.StructName)
	case x.StructIndex != nil:
		k, err := c.intConst(x.StructIndex, "reward structure index")
		if err != nil {
			return nil, err
		}
		if k < 1 || k > int64(len(rs)) {
			return nil, c.errAt(x.StructIndex.Position(), "invalid reward structure index %d", k)
		}
		return &rs[k-1], nil
	}
	return &rs[0], nil
}

// rewardValues returns the optimal expected reward of x under q at each
// start state.
func (c *Checker) rewardValues(q solve.Query, x *prism.RewardOp, starts []int) ([]float64, error) {
	q.Meter = c.hist.Meter() // its iterations' progress
	r, err := c.rewardStruct(x)
	if err != nil {
		return nil, err
	}
	var all []float64
	if x.ContentKind == 'P' {
		v, err := c.coSafeRewards(q, x, r, starts)
		return v, c.operatorErr(x, err)
	}
	switch x.ContentKind {
	case 'C', 'I':
		if x.TimeBound == nil {
			if c.isChain() {
				// on a chain the equations are solved directly where it is
				// cheap (value iteration beyond)
				if all, err = solve.ChainTotalRewards(c.g, r, nil); err == nil {
					break
				}
			}
			all, err = solve.TotalRewards(c.g, q, r)
			break
		}
		all, err = c.stepRewards(q, x, r)
	case 'S':
		all, err = solve.SteadyRewards(c.g, r)
	case '0':
		all, err = c.zeroRewards(q, x, r)
	default:
		all, err = c.reachRewards(q, x, r)
	}
	if err = c.operatorErr(x, err); err != nil {
		return nil, err
	}
	return valuesAt(all, starts), nil
}

// operatorErr positions an error of the solvers at the operator.
func (c *Checker) operatorErr(x *prism.RewardOp, err error) error {
	return c.solveErr(x.OpPos, err)
}

// stepRewards: C<=k (exactly k steps of state and transition rewards) and
// I=k (the state reward expected at step k).
func (c *Checker) stepRewards(q solve.Query, x *prism.RewardOp, r *translate.Rewards) ([]float64, error) {
	k, err := c.intConst(x.TimeBound, "time bound")
	if err != nil {
		return nil, err
	}
	if k < 0 {
		return nil, c.errAt(x.TimeBound.Position(), "the time bound must be at least 0, not %d", k)
	}
	return solve.StepRewards(c.g, q, r, x.ContentKind == 'C', k), nil
}

// reachRewards: F and Fc. Rewards are negative only in a csg (rewardStruct
// refuses them elsewhere), where PRISM-games computes them too: a path
// that misses the target of F still counts as +∞.
func (c *Checker) reachRewards(q solve.Query, x *prism.RewardOp, r *translate.Rewards) ([]float64, error) {
	target, err := c.patlBools(x.Target)
	if err != nil {
		return nil, err
	}
	if c.isChain() {
		// on a chain the equations are solved directly where it is cheap
		// (value iteration beyond)
		var v []float64
		if x.ContentKind == 'F' {
			v, err = solve.ChainReachRewards(c.g, r, target)
		} else {
			v, err = solve.ChainTotalRewards(c.g, r, target)
		}
		if err == nil {
			return v, nil
		}
	}
	return solve.ReachRewards(c.g, q, r, target, x.ContentKind != 'F')
}

// zeroRewards: F0 on turn-based games, which needs non-negative integer
// rewards (solve/zeroreward.go).
func (c *Checker) zeroRewards(q solve.Query, x *prism.RewardOp, r *translate.Rewards) ([]float64, error) {
	maxRew, err := solve.ZeroRewardCheck(c.g, r)
	if err != nil {
		return nil, err
	}
	target, err := c.patlBools(x.Target)
	if err != nil {
		return nil, err
	}
	return solve.ZeroRewards(c.g, q, r, target, maxRew)
}

// pathPos is the position of the path formula of R[ψ], or of the operator
// when there is none.
func pathPos(x *prism.RewardOp) prism.Pos {
	if x.Target != nil {
		return x.Target.Position()
	}
	return x.OpPos
}
