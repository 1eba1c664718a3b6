package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file evaluates the power indices SHAPLEY and BANZHAF (SPEC §10.1)
// and gives the results tables of `onus blame` (SPEC §10.2) the values of
// every agent and coalition from one set of passes.

// Power holds an agent's power index under the three characteristic
// functions: v_C (count), v_P (prob) and a (avoid). The exact values are
// set under Config.Exact.
type Power struct {
	Count, Prob, Avoid                float64
	CountExact, ProbExact, AvoidExact *big.Rat
}

// Measure is one named number of a result with several (the three degrees
// of `CAR(...)=?`, the three indices of `SHAPLEY(...)=?`).
type Measure struct {
	Name  string
	Value float64
	Exact *big.Rat // nil when not known exactly
}

// Measures returns the named numbers of a KindDegrees or KindPower result
// (nil for other kinds), in their printing order.
func (r *Result) Measures() []Measure {
	switch r.Kind {
	case KindDegrees:
		d := r.Degrees
		return []Measure{{"count", d.Count, d.CountExact}, {"prob", d.Prob, d.ProbExact}, {"entropy", d.Entropy, nil}}
	case KindPower:
		p := r.Power
		return []Measure{{"count", p.Count, p.CountExact}, {"prob", p.Prob, p.ProbExact}, {"avoid", p.Avoid, p.AvoidExact}}
	}
	return nil
}

// powerOf returns the index of kind (SHAPLEY or BANZHAF) for agent i.
func powerOf(kind prism.RespKind, v *resp.Values, i int, exact bool) *Power {
	var x resp.Index
	if kind == prism.SHAPLEY {
		x = v.Shapley(i, exact)
	} else {
		x = v.Banzhaf(i, exact)
	}
	p := &Power{Count: x.Count, Prob: x.Prob, Avoid: x.Avoid}
	if exact {
		p.CountExact, p.ProbExact, p.AvoidExact = x.CountRat, x.ProbRat, x.AvoidRat
	}
	return p
}

// checkPower evaluates `SHAPLEY(i, π)=? [ψ]`, `#=?` and `P=?` at s0.
func (c *Checker) checkPower(x *prism.Resp, s0 int) (*Result, error) {
	done := c.inPhase("every coalition's pass")
	q, err := c.prepareRespNotes(x, s0, x.Degree != prism.DegProb, true, true) // every coalition's pass, and the loss notes', at once (as blame)
	done()
	if err != nil {
		return nil, err
	}
	done = c.inPhase("power indices")
	p := powerOf(x.Kind, q.Values(), q.Agent, c.cfg.Exact)
	done()
	res := &Result{Horizon: q.T, HasHorizon: true}
	switch x.Degree {
	case prism.DegAll:
		res.Kind, res.Power = KindPower, p
	case prism.DegCount:
		res.Kind, res.Number, res.Exact = KindNumber, p.Count, p.CountExact
	case prism.DegProb:
		res.Kind, res.Number, res.Exact = KindNumber, p.Prob, p.ProbExact
	default:
		return nil, c.errAt(x.OpPos, "%v takes =?, #=? or P=?", x.Kind)
	}
	done = c.inPhase("loss notes")
	c.lossNotes(q, x.Plan, respCoalitions(x.Kind, q))
	done()
	asked := *p // the measures the query prints
	switch x.Degree {
	case prism.DegProb:
		asked.Count, asked.CountExact = 0, nil
	case prism.DegCount:
		asked.Prob, asked.ProbExact = 0, nil
	}
	c.signNote(x.OpPos, c.g.Players[q.Agent], []string{x.Kind.String()}, []*Power{&asked})
	return res, nil
}
