package main

import (
	"fmt"
	"io"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file is `onus blame --explain` (docs/guide/explain.md): each agent's
// three qualitative verdicts justified as `onus check --explain` justifies
// CAR/CPR/CCR(agent, plan) [outcome] — the same checker call
// (Checker.ExplainResp), so the two commands give the same witnesses.

// blameOps are the operators blame explains, in the table's order.
var blameOps = []prism.RespKind{prism.CAR, prism.CPR, prism.CCR}

// agentExplain is one agent's explanations, one per operator of blameOps.
type agentExplain [3]*checker.Explanation

// explainAgents explains every agent's CAR, CPR and CCR verdicts. A
// verdict that disagrees with the blame table would be a bug of the
// checker; it is reported rather than printed.
func (job *blameJob) explainAgents(chk *checker.Checker, b *checker.Blame) ([]agentExplain, error) {
	out := make([]agentExplain, len(b.Agents))
	for i, a := range b.Agents {
		for k, op := range blameOps {
			holds, ex, err := chk.ExplainResp(job.operator(op, a.Agent))
			if err != nil {
				return nil, err
			}
			if want := []checker.Verdict{a.CAR, a.CPR, a.CCR}[k].Holds; holds != want {
				return nil, fmt.Errorf("internal error: %s(%s) is %v in the table but %v explained", op, a.Agent, want, holds)
			}
			out[i][k] = ex
		}
	}
	return out, nil
}

// operator is the qualitative query op(agent, plan) [outcome] of the job.
func (job *blameJob) operator(op prism.RespKind, agent string) *prism.Resp {
	pos := job.query.OpPos
	return &prism.Resp{OpPos: pos, Kind: op, Agent: prism.PlayerRef{Pos: pos, Name: agent},
		Plan: job.query.Plan, Degree: prism.DegNone, Outcome: job.outcome}
}

// writeBlameExplain prints the explanations under the agents' table, one
// block per agent and operator.
func writeBlameExplain(w io.Writer, m *translate.Model, b *checker.Blame, ex []agentExplain) {
	for i, a := range b.Agents {
		for k, op := range blameOps {
			fmt.Fprintf(w, "\n%s %s: %s\n", a.Agent, op, formatBool([]checker.Verdict{a.CAR, a.CPR, a.CCR}[k].Holds))
			writeExplainText(w, m, ex[i][k])
		}
	}
}

// explainMember is an agent's "explain" JSON member: per operator the
// object `onus check --explain --json` prints.
func explainMember(m *translate.Model, ex agentExplain) map[string]any {
	out := map[string]any{}
	for k, op := range blameOps {
		out[op.String()] = explainJSON(m, ex[k])
	}
	return out
}
