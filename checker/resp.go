package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/prism"
)

// This file evaluates CAR, CPR and CCR (SPEC §5): the qualitative forms,
// the degrees by count, probability and entropy, and bounds on degrees.

// respQuery is one responsibility operator prepared at one start state.
type respQuery struct {
	c      *Checker
	x      *prism.Resp
	agent  int
	all    uint64 // the mask of Ag
	steps  []*hist.Step
	T      int
	a      *hist.Product
	start  int32
	passes map[uint64]*hist.Result
	// counts: the passes count histories (for the # and H degrees and for
	// exported languages); without, only probabilities and emptiness.
	counts bool
}

// pass returns the measurement of Compat_J(π) for coalition mask j.
func (q *respQuery) pass(j uint64) *hist.Result {
	if r, ok := q.passes[j]; ok && (r.Counted || !q.counts) {
		return r
	}
	r := q.a.Pass(q.start, q.steps, q.T, j, q.counts)
	q.passes[j] = r
	return r
}

// needsCounts says whether evaluating x needs the number of histories (the
// qualitative operators and the P degree need only emptiness and
// probabilities).
func needsCounts(x *prism.Resp) bool {
	return x.Degree != prism.DegNone && x.Degree != prism.DegProb
}

func (c *Checker) prepareResp(x *prism.Resp, s0 int, counts bool) (*respQuery, error) {
	g := c.g
	if c.nplayers == 0 {
		return nil, c.errAt(x.OpPos, "%v needs a model with players (this is a %v)", x.Kind, g.Type)
	}
	if c.nplayers > 63 {
		return nil, c.errAt(x.OpPos, "%v supports at most 63 players", x.Kind)
	}
	agent := g.PlayerIndex(x.Agent)
	if agent < 0 {
		name := x.Agent.Name
		if name == "" {
			return nil, c.errAt(x.Agent.Pos, "there is no player %d", x.Agent.Index)
		}
		return nil, c.errAt(x.Agent.Pos, "unknown player %q", name)
	}
	steps, planPos, err := c.resolvePlan(x.Plan)
	if err != nil {
		return nil, err
	}
	a, err := c.historyAutomaton(x.Outcome, c.cfg.OutcomeFrom == 1)
	if err != nil {
		return nil, err
	}
	T, err := c.horizon(x.Outcome, len(steps), true, planPos)
	if err != nil {
		return nil, err
	}
	q := &respQuery{
		c: c, x: x, agent: agent,
		all:    uint64(1)<<uint(c.nplayers) - 1,
		steps:  steps,
		T:      T,
		a:      a,
		start:  a.Start(s0),
		passes: map[uint64]*hist.Result{},
		counts: counts,
	}
	// Compat_Ag(π) must not be empty.
	if r := q.pass(q.all); r.EmptyAt >= 0 {
		st := steps[r.EmptyAt]
		return nil, planError{c.errAt(c.stepPos[st], "the plan cannot be carried out: step %d %s is not available in any state it can be taken in", r.EmptyAt+1, st.Text).(prism.ErrorList)}
	}
	return q, nil
}

// planError reports a plan that cannot be carried out (Compat_Ag(π) = ∅).
type planError struct{ prism.ErrorList }

func (e planError) Unwrap() error { return e.ErrorList }

// horizon returns T for an outcome (SPEC §2): --horizon, else the larger of
// the plan length and the outcome's temporal depth.
func (c *Checker) horizon(outcome prism.Expr, planLen int, hasPlan bool, planPos prism.Pos) (int, error) {
	if c.cfg.Horizon > 0 {
		if planLen > c.cfg.Horizon {
			return 0, c.errAt(planPos, "the plan has %d steps, more than the horizon %d", planLen, c.cfg.Horizon)
		}
		return c.cfg.Horizon, nil
	}
	d, unb, err := c.depth(outcome)
	if err != nil {
		return 0, err
	}
	if unb != nil && !hasPlan {
		return 0, c.errAt(unb.OpPos, "the unbounded operator %v needs a plan or --horizon", unb.Op)
	}
	T := max(int64(planLen), d)
	if T > int64(c.maxSteps()) {
		return 0, &LimitError{What: "steps in the horizon", Limit: c.maxSteps()}
	}
	return int(T), nil
}

// holds reports "every history of Compat_J(π) satisfies ψ".
func (q *respQuery) holds(j uint64) bool { return !q.pass(j).AnyRej }

// qualitative evaluates the boolean operator.
func (q *respQuery) qualitative() bool {
	i := uint64(1) << uint(q.agent)
	switch q.x.Kind {
	case prism.CAR:
		return q.holds(i) && q.avoidable(0)
	case prism.CPR:
		return q.holds(q.all) && q.avoidable(q.all&^i)
	}
	if !q.holds(q.all) {
		return false
	}
	for _, j := range q.coalitions() {
		if q.holds(j) && q.avoidable(j&^i) {
			return true
		}
	}
	return false
}

// coalitions lists the masks J ⊆ Ag with the agent in J.
func (q *respQuery) coalitions() []uint64 {
	i := uint64(1) << uint(q.agent)
	var out []uint64
	for j := uint64(0); j <= q.all; j++ {
		if j&i != 0 {
			out = append(out, j)
		}
	}
	return out
}

// degreeVals holds the three degrees.
type degreeVals struct {
	count, prob, entropy float64
	countRat, probRat    *big.Rat
}

func ratDiv(x, y *big.Int) *big.Rat {
	if y.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(x, y)
}

func ratQuo(x, y *big.Rat) *big.Rat {
	if x == nil || y == nil {
		return nil
	}
	if y.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Quo(x, y)
}

// hRatio is H(x)/H(y) = log2(1+x)/log2(1+y), with x/0 = 0.
func hRatio(x, y *big.Int) float64 {
	ly := log2p1(y)
	if ly == 0 {
		return 0
	}
	return log2p1(x) / ly
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// degrees computes D^C, D^P and D^H (SPEC §5).
func (q *respQuery) degrees() degreeVals {
	i := uint64(1) << uint(q.agent)
	exact := q.c.cfg.Exact
	var d degreeVals
	switch q.x.Kind {
	case prism.CAR:
		plus, base := q.pass(i), q.pass(0)
		if !base.AnyRej { // κ = [L⁻ ≠ ∅]
			return zeroDegrees(exact)
		}
		if q.counts {
			d.countRat = ratDiv(plus.CAcc, base.CAcc)
			d.entropy = hRatio(plus.CAcc, base.CAcc)
		}
		d.prob = plus.PAcc.Ratio(base.PAcc)
		if exact {
			d.probRat = ratQuo(plus.RAcc, base.RAcc)
		}
	case prism.CPR:
		plus, minus, base := q.pass(q.all), q.pass(q.all&^i), q.pass(0)
		if !plus.AnyAcc { // κ = [L⁺ ≠ ∅]
			return zeroDegrees(exact)
		}
		if q.counts {
			d.countRat = ratDiv(minus.CRej, base.CRej)
			d.entropy = hRatio(minus.CRej, base.CRej)
		}
		d.prob = minus.PRej.Ratio(base.PRej)
		if exact {
			d.probRat = ratQuo(minus.RRej, base.RRej)
		}
	default:
		base := q.pass(0)
		n := 0
		sumC := new(big.Rat)
		var sumP, sumH float64
		var sumPR *big.Rat
		if exact {
			sumPR = new(big.Rat)
		}
		for _, j := range q.coalitions() {
			plus := q.pass(j)
			if !plus.AnyAcc {
				continue
			}
			n++
			minus := q.pass(j &^ i)
			if !minus.AnyRej { // κ_J
				continue
			}
			if q.counts {
				sumC.Add(sumC, ratDiv(plus.CAcc, base.CAcc))
				sumH += hRatio(plus.CAcc, base.CAcc)
			}
			sumP += plus.PAcc.Ratio(base.PAcc)
			if exact {
				if r := ratQuo(plus.RAcc, base.RAcc); r != nil {
					sumPR.Add(sumPR, r)
				}
			}
		}
		if n == 0 {
			return zeroDegrees(exact)
		}
		nr := big.NewRat(int64(n), 1)
		d.countRat = sumC.Quo(sumC, nr)
		d.prob = sumP / float64(n)
		d.entropy = sumH / float64(n)
		if exact {
			d.probRat = sumPR.Quo(sumPR, nr)
		}
	}
	if !q.counts {
		d.countRat = nil // the # degree was not asked for
	}
	if d.countRat != nil {
		d.count = ratFloat(d.countRat)
	}
	if d.probRat != nil {
		d.prob = ratFloat(d.probRat)
	}
	return d
}

func zeroDegrees(exact bool) degreeVals {
	d := degreeVals{countRat: new(big.Rat)}
	if exact {
		d.probRat = new(big.Rat)
	}
	return d
}

// checkResp evaluates a responsibility operator at s0 as a Result.
func (c *Checker) checkResp(x *prism.Resp, s0 int) (*Result, error) {
	q, err := c.prepareResp(x, s0, needsCounts(x))
	if err != nil {
		return nil, err
	}
	res := &Result{Horizon: q.T, HasHorizon: true}
	switch {
	case x.Degree == prism.DegNone:
		res.Kind = KindBool
		res.Bool = q.qualitative()
	case x.Rel == prism.RelQuery && x.Degree == prism.DegAll:
		d := q.degrees()
		res.Kind = KindDegrees
		res.Degrees = &Degrees{Count: d.count, Prob: d.prob, Entropy: d.entropy, CountExact: d.countRat}
		if c.cfg.Exact {
			res.Degrees.ProbExact = d.probRat
		}
	case x.Rel == prism.RelQuery:
		d := q.degrees()
		res.Kind = KindNumber
		switch x.Degree {
		case prism.DegCount:
			res.Number = d.count
			if c.cfg.Exact {
				res.Exact = d.countRat
			}
		case prism.DegProb:
			res.Number = d.prob
			if c.cfg.Exact {
				res.Exact = d.probRat
			}
		default:
			res.Number = d.entropy
		}
	case !x.Rel.IsQuery():
		b, err := c.boundedDegree(x, q)
		if err != nil {
			return nil, err
		}
		res.Kind = KindBool
		res.Bool = b
	default:
		return nil, c.errAt(x.OpPos, "%v%s is not a degree query", x.Kind, relString(x.Rel))
	}
	return res, nil
}

// boundedDegree compares one degree with the bound of `CAR(i,π)P>=b [ψ]`.
func (c *Checker) boundedDegree(x *prism.Resp, q *respQuery) (bool, error) {
	if x.Degree == prism.DegAll || x.Degree == prism.DegNone {
		return false, c.errAt(x.OpPos, "a bound needs one degree (#, P or H)")
	}
	var bound weight
	var err error
	if x.Degree == prism.DegProb {
		bound, err = c.probConst(x.Bound)
	} else {
		bound, err = c.numConst(x.Bound, "degree bound")
	}
	if err != nil {
		return false, err
	}
	d := q.degrees()
	var v float64
	var vr *big.Rat
	switch x.Degree {
	case prism.DegCount:
		v, vr = d.count, d.countRat
	case prism.DegProb:
		v, vr = d.prob, d.probRat
	default:
		v = d.entropy
	}
	return compare(v, vr, x.Rel, bound), nil
}

// compare tests v ~ bound, exactly when vr and bound.r are known.
func compare(v float64, vr *big.Rat, rel prism.RelKind, bound weight) bool {
	cmp := 0
	if vr != nil && bound.r != nil {
		cmp = vr.Cmp(bound.r)
	} else {
		switch {
		case v < bound.f:
			cmp = -1
		case v > bound.f:
			cmp = 1
		}
	}
	switch rel {
	case prism.RelLt:
		return cmp < 0
	case prism.RelLe:
		return cmp <= 0
	case prism.RelGt:
		return cmp > 0
	case prism.RelGe:
		return cmp >= 0
	}
	return false
}

// numConst evaluates a numeric constant (bounds of P and degrees).
func (c *Checker) numConst(e prism.Expr, what string) (weight, error) {
	if e == nil {
		return weight{}, c.errAt(prism.NoPos, "missing %s", what)
	}
	if c.env == nil {
		return weight{}, c.errAt(e.Position(), "cannot evaluate the %s: no environment", what)
	}
	v, err := c.env.EvalConst(e)
	if err != nil {
		return weight{}, c.wrapErr(e.Position(), err)
	}
	switch v.Type {
	case prism.TInt:
		return weight{f: float64(v.I), r: new(big.Rat).SetInt64(v.I)}, nil
	case prism.TDouble:
		// Without an exact value the comparison is done in float64.
		return weight{f: v.F, r: v.Rat}, nil
	}
	return weight{}, c.errAt(e.Position(), "the %s must be a number", what)
}

// probConst evaluates a probability bound, which must lie in [0,1] as in
// PRISM ("Invalid probability bound").
func (c *Checker) probConst(e prism.Expr) (weight, error) {
	b, err := c.numConst(e, "probability bound")
	if err != nil {
		return b, err
	}
	in := b.f >= 0 && b.f <= 1 // false for NaN
	if b.r != nil {
		in = b.r.Sign() >= 0 && b.r.Cmp(big.NewRat(1, 1)) <= 0
	}
	if !in {
		return b, c.errAt(e.Position(), "invalid probability bound %v: it must lie in [0,1]", b.f)
	}
	return b, nil
}
