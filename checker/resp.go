package checker

import (
	"math"
	"math/big"

	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file evaluates CAR, CPR and CCR (SPEC §5): the qualitative forms,
// the degrees by count, probability and entropy, and bounds on degrees.

// needsCounts says whether evaluating x needs the number of histories (the
// qualitative operators and the P degree need only emptiness and
// probabilities).
func needsCounts(x *prism.Resp) bool {
	return x.Degree != prism.DegNone && x.Degree != prism.DegProb
}

func (c *Checker) prepareResp(x *prism.Resp, s0 int, counts, degrees bool) (*resp.Query, error) {
	return c.prepareRespNotes(x, s0, counts, degrees, false)
}

// prepareRespNotes is prepareResp; with notes (a top-level degree query,
// whose loss notes follow) the passes of the loss notes run in the
// degrees' walks.
func (c *Checker) prepareRespNotes(x *prism.Resp, s0 int, counts, degrees, notes bool) (*resp.Query, error) {
	g := c.g
	if c.nplayers == 0 {
		return nil, c.errAt(x.OpPos, "%v needs a model with players (this is a %v)", x.Kind, g.Type)
	}
	if c.nplayers > 62 {
		return nil, c.errAt(x.OpPos, "%v supports at most 62 players", x.Kind)
	}
	if x.Kind.IsPower() {
		if err := resp.CheckPowerPlayers(c.nplayers); err != nil {
			return nil, err
		}
	}
	if x.Kind == prism.CCR {
		if err := resp.CheckCCRPlayers(c.nplayers); err != nil {
			return nil, err
		}
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
	T, err := c.horizon(x.Outcome, len(steps), true, planPos)
	if err != nil {
		return nil, err
	}
	a, err := c.historyAutomaton(x.Outcome, c.cfg.OutcomeFrom == 1, T)
	if err != nil {
		return nil, err
	}
	q := &resp.Query{
		Kind:    respKind(x.Kind),
		Agent:   agent,
		Players: c.nplayers,
		Steps:   steps,
		T:       T,
		Product: a,
		Start:   a.Root(s0),
		Counts:  counts,
		Exact:   c.cfg.Exact,
		Free:    c.cfg.Unavailable == UnavailableFree,
	}
	switch {
	case degrees && notes:
		// The loss notes' passes join the degrees' walks, unless there are
		// more of them than one batch of walks holds (a power index over
		// many players): they then run after, in batches of their own.
		extra := c.lossPasses(q, respCoalitions(x.Kind, q))
		if len(extra) > resp.PassBatch {
			extra = nil
		}
		q.Prefetch(extra...)
	case degrees:
		q.Prefetch()
	}
	// Compat_Ag(π) must not be empty (its pass if the degrees ran it, else
	// a sweep of its reachable states, which stops once they repeat).
	if r := q.Empty(q.All()); r.EmptyAt >= 0 {
		st := steps[r.EmptyAt]
		return nil, planError{c.errAt(c.stepPos[st], "the plan cannot be carried out: step %d %s is not available in any state it can be taken in (%s lets a player that cannot take its action act freely: %s)", r.EmptyAt+1, st.Text, FreeReading, GuidePlans).(prism.ErrorList)}
	}
	return q, nil
}

// respKind maps a responsibility operator to its resp.Kind.
func respKind(k prism.RespKind) resp.Kind {
	switch k {
	case prism.CAR:
		return resp.CAR
	case prism.CPR:
		return resp.CPR
	}
	return resp.CCR
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
		return 0, c.hintAt(unb.OpPos, &prism.Hint{Kind: prism.HintHorizonMissing, Name: unb.Op.String()},
			"the unbounded operator %v needs a plan or a horizon", unb.Op)
	}
	T := max(int64(planLen), d)
	if T > int64(c.maxSteps()) {
		return 0, &LimitError{What: "steps in the horizon", Limit: c.maxSteps()}
	}
	return int(T), nil
}

// checkResp evaluates a responsibility operator at s0 as a Result.
func (c *Checker) checkResp(x *prism.Resp, s0 int) (*Result, error) {
	q, err := c.prepareRespNotes(x, s0, needsCounts(x), x.Degree != prism.DegNone, true)
	if err != nil {
		return nil, err
	}
	res := &Result{Horizon: q.T, HasHorizon: true}
	switch {
	case x.Degree == prism.DegNone && c.cfg.Explain:
		v := q.Explain()
		res.Kind, res.Bool, res.Explain = KindBool, v.Holds, c.explainVerdict(q, v)
	case x.Degree == prism.DegNone:
		res.Kind = KindBool
		res.Bool = q.Qualitative()
	case x.Rel == prism.RelQuery && x.Degree == prism.DegAll:
		d := q.Degrees()
		res.Kind = KindDegrees
		dd := degreesOf(d, c.cfg.Exact)
		res.Degrees = &dd
	case x.Rel == prism.RelQuery:
		d := q.Degrees()
		res.Kind = KindNumber
		switch x.Degree {
		case prism.DegCount:
			res.Number = d.Count
			if c.cfg.Exact {
				res.Exact = d.CountRat
			}
		case prism.DegProb:
			res.Number = d.Prob
			if c.cfg.Exact {
				res.Exact = d.ProbRat
			}
		default:
			res.Number = d.Entropy
		}
	case !x.Rel.IsQuery():
		b, err := c.boundedDegree(x, q)
		if err != nil {
			return nil, err
		}
		res.Kind = KindBool
		res.Bool = b
		if c.cfg.Explain {
			res.Explain = c.explainBound(x, q, b)
		}
	default:
		return nil, c.errAt(x.OpPos, "%v%s is not a degree query", x.Kind, relString(x.Rel))
	}
	done := c.inPhase("loss notes")
	c.lossNotes(q, x.Plan, respCoalitions(x.Kind, q))
	done()
	return res, nil
}

// boundedDegree compares one degree with the bound of `CAR(i,π)P>=b [ψ]`.
func (c *Checker) boundedDegree(x *prism.Resp, q *resp.Query) (bool, error) {
	if x.Degree == prism.DegAll || x.Degree == prism.DegNone {
		return false, c.errAt(x.OpPos, "a bound needs one degree (#, P or H)")
	}
	var bound weight
	var err error
	if x.Degree == prism.DegProb {
		bound, err = c.probConst(x.Bound)
	} else {
		bound, err = c.numConst(x.Bound, "degree bound")
		if err == nil && math.IsNaN(bound.f) { // 0/0: refused like a P bound
			err = c.errAt(x.Bound.Position(), "invalid degree bound NaN: it must be a number")
		}
	}
	if err != nil {
		return false, err
	}
	d := q.Degrees()
	var v float64
	var vr *big.Rat
	switch x.Degree {
	case prism.DegCount:
		v, vr = d.Count, d.CountRat
	case prism.DegProb:
		v, vr = d.Prob, d.ProbRat
	default:
		v = d.Entropy
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
