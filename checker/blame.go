package checker

import (
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file answers `onus blame` (SPEC §10.2): for one plan and outcome,
// every agent's CAR, CPR and CCR with their degrees and its SHAPLEY and
// BANZHAF indices, and every coalition's v_C, v_P and a. One query is
// prepared and every operator of every agent shares its passes and plan
// searches, so each coalition's pass runs once; every number is the one
// the corresponding `onus check` query gives.

// Blame is the responsibility of every agent for one outcome under one plan.
type Blame struct {
	Horizon    int
	Agents     []AgentBlame
	Coalitions []CoalitionValue // every J ⊆ Ag, by mask (bit i: player i)
	// Notes: coalitions that cannot always follow the plan (SPEC §13),
	// players a step leaves free without saying so.
	Notes []Note
}

// AgentBlame is one agent's row.
type AgentBlame struct {
	Agent            string
	CAR, CPR, CCR    Verdict
	Shapley, Banzhaf Power
}

// Verdict is a responsibility operator's boolean form and its degrees
// (`CAR(i, π) [ψ]` and `CAR(i, π)=? [ψ]`).
type Verdict struct {
	Holds   bool
	Degrees Degrees
}

// CoalitionValue is a coalition's characteristic functions (SPEC §10.1).
type CoalitionValue struct {
	Players []string
	resp.Coalition
}

// Blame evaluates every agent's responsibility for outcome under plan at
// the initial state (SPEC §10.2). pos positions errors that concern the
// query as a whole.
func (c *Checker) Blame(plan prism.PlanRef, outcome prism.Expr, pos prism.Pos) (b *Blame, err error) {
	// The limit's During is worded after settle has made the panic of
	// a limit the error (deferred calls run last first).
	defer c.startProgress("blame " + prism.ExprString(outcome))(&err)
	defer settle(&err)
	c.resetNotes()
	if len(c.g.Initial) != 1 {
		return nil, c.errAt(pos, "the model has %d initial states; blame judges responsibility from exactly one (docs/guide/models.md#model-types-and-players)", len(c.g.Initial))
	}
	x := &prism.Resp{OpPos: pos, Kind: prism.SHAPLEY, Agent: prism.PlayerRef{Pos: pos, Index: 1},
		Plan: plan, Degree: prism.DegAll, Rel: prism.RelQuery, Outcome: outcome}
	// Every coalition's pass runs first, all at once (Prefetch of a power
	// query): the check that the plan can be carried out then reads
	// Compat_Ag(π)'s pass instead of sweeping its states again.
	c.setPhase("every coalition's pass")
	q, err := c.prepareRespNotes(x, int(c.g.Initial[0]), true, true, true)
	if err != nil {
		return nil, err
	}
	exact := c.cfg.Exact
	c.setPhase("power indices")
	v := q.Values()
	c.setPhase("verdicts")
	b = &Blame{Horizon: q.T}
	for i, name := range c.g.Players {
		row := AgentBlame{Agent: name}
		for k, out := range []*Verdict{&row.CAR, &row.CPR, &row.CCR} {
			qi := q.For(resp.Kind(k), i)
			out.Holds = qi.Qualitative()
			out.Degrees = degreesOf(qi.Degrees(), exact)
		}
		row.Shapley = *powerOf(prism.SHAPLEY, v, i, exact)
		row.Banzhaf = *powerOf(prism.BANZHAF, v, i, exact)
		b.Agents = append(b.Agents, row)
	}
	for _, co := range v.Coalitions {
		b.Coalitions = append(b.Coalitions, CoalitionValue{Players: c.playerNames(co.Mask), Coalition: co})
	}
	c.setPhase("loss notes")
	c.lossNotes(q, plan, respCoalitions(prism.SHAPLEY, q))
	for _, row := range b.Agents {
		c.signNote(plan.Pos, row.Agent, []string{"SHAPLEY", "BANZHAF"}, []*Power{&row.Shapley, &row.Banzhaf})
	}
	b.Notes = c.Notes()
	return b, nil
}

// degreesOf converts the degrees of a query into a result's (the exact
// probability only under Config.Exact, as check prints it).
func degreesOf(d resp.Degrees, exact bool) Degrees {
	out := Degrees{Count: d.Count, Prob: d.Prob, Entropy: d.Entropy, CountExact: d.CountRat}
	if exact {
		out.ProbExact = d.ProbRat
	}
	return out
}
