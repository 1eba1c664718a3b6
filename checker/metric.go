package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file evaluates the language metrics #=?, H=?, Hinf=? (SPEC §5) and
// the probability P=? / P~p of an outcome under the behaviour profile.

// languageQuery is an outcome prepared for a pass without a plan.
func (c *Checker) languageQuery(outcome prism.Expr, pos prism.Pos, s0 int, fromOne bool) (*hist.Product, int32, int, error) {
	T, err := c.horizon(outcome, 0, false, pos)
	if err != nil {
		return nil, 0, 0, err
	}
	a, err := c.historyAutomaton(outcome, fromOne, T)
	if err != nil {
		return nil, 0, 0, err
	}
	return a, a.Root(s0), T, nil
}

func (c *Checker) checkMetric(x *prism.Metric, s0 int) (*Result, error) {
	fromOne := c.cfg.OutcomeFrom == 1
	if x.Kind == prism.MetricEntropyInf {
		a, err := c.automatonFor(x.Outcome, fromOne)
		if err != nil {
			return nil, err
		}
		h := resp.EntropyRate(a, a.Start(s0))
		return &Result{Kind: KindNumber, Number: h}, nil
	}
	a, start, T, err := c.languageQuery(x.Outcome, x.OpPos, s0, fromOne)
	if err != nil {
		return nil, err
	}
	if x.Kind == prism.MetricCount {
		// #=? prints the integer itself: counted exactly.
		r := a.ExactPass(start, nil, T, 0)
		return &Result{Kind: KindCount, Count: r.CAcc, Horizon: T, HasHorizon: true}, nil
	}
	if T < 1 {
		return nil, c.hintAt(x.OpPos, &prism.Hint{Kind: prism.HintHorizonTooShort},
			"H=? needs a horizon of at least 1 (set a horizon, or bound the outcome)")
	}
	r := a.Pass(start, nil, T, 0, true)
	h := r.NAcc.Log2p1()
	if r.CAcc != nil {
		h = resp.Log2p1(r.CAcc)
	}
	return &Result{Kind: KindNumber, Number: h / float64(T), Horizon: T, HasHorizon: true}, nil
}

// probAt returns P(ψ) from s0: on infinite paths of the induced chain
// when ψ has an unbounded operator and no --horizon is given (pinf.go; no
// exact value then, and T = 0), else P(L_ψ) over the histories of length T
// (and exactly under Config.Exact). A nested P~p asks for every state, so
// the infinite-path values are computed for all states at once.
func (c *Checker) probAt(x *prism.ProbOp, s0 int) (float64, *big.Rat, int, error) {
	inf, err := c.infinitePaths(x.Path)
	if err != nil {
		return 0, nil, 0, err
	}
	if inf {
		p, pr, err := c.infProbAt(x.Path, s0)
		return p, pr, 0, err
	}
	if p, k, ok, err := c.longBoundProb(x.Path, s0); ok {
		return p, nil, int(k), err
	}
	a, start, T, err := c.languageQuery(x.Path, x.OpPos, s0, false)
	if err != nil {
		return 0, nil, 0, err
	}
	r := a.Pass(start, nil, T, 0, false)
	return r.PAcc.Float(), r.RAcc, T, nil
}

// topProb is probAt for a property's top level, where only s0 is asked.
func (c *Checker) topProb(x *prism.ProbOp, s0 int) (float64, *big.Rat, int, error) {
	inf, err := c.infinitePaths(x.Path)
	if err != nil || !inf {
		return c.probAt(x, s0)
	}
	v, ex, err := c.infValues(x.Path, []int{s0})
	if err != nil {
		return 0, nil, 0, err
	}
	if ex != nil {
		return v[0], ex[0], 0, nil
	}
	return v[0], nil, 0, nil
}

func (c *Checker) checkProb(x *prism.ProbOp, s0 int) (*Result, error) {
	if err := c.unsupported(x); err != nil {
		return nil, err
	}
	p, pr, T, err := c.topProb(x, s0)
	if err != nil {
		return nil, err
	}
	// on infinite paths there is no horizon to report (SPEC §10.5)
	inf, err := c.infinitePaths(x.Path)
	if err != nil {
		return nil, err
	}
	if x.Rel == prism.RelQuery {
		res := &Result{Kind: KindNumber, Number: p, Horizon: T, HasHorizon: !inf}
		if c.cfg.Exact && pr != nil {
			res.Exact = pr
			res.Number = resp.RatFloat(pr)
		}
		return res, nil
	}
	b, err := c.probBound(x, p, pr)
	if err != nil {
		return nil, err
	}
	return &Result{Kind: KindBool, Bool: b, Horizon: T, HasHorizon: !inf}, nil
}

func (c *Checker) probBound(x *prism.ProbOp, p float64, pr *big.Rat) (bool, error) {
	bound, err := c.probConst(x.Bound)
	if err != nil {
		return false, err
	}
	return compare(p, pr, x.Rel, bound), nil
}
