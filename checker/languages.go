package checker

import (
	"strings"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file exposes the languages a measure depends on (SPEC §7,
// export-outcome): for each, the coalition whose plan steps filter the
// joint actions, whether it holds the histories satisfying or violating
// the outcome, and the count and probability the checker computed.

// Language is one set of histories of length Horizon from the initial
// state: those in Compat_J(π) that satisfy (or, if Negated, violate) the
// outcome.
type Language = hist.Language

// Languages returns the languages the value of property e depends on (a
// responsibility operator or a #=?, H=? metric), in SPEC §7's order: CAR:
// L_psi, L_plus; CPR: L_not_psi, L_plus, L_minus; CCR: L_psi and, for each
// J ∋ i, L^{J+} and L^{J−}; SHAPLEY and BANZHAF: for each J, Compat_J(π)
// split by ψ; metrics: L_psi.
func (c *Checker) Languages(e prism.Expr) (out []*Language, err error) {
	defer settle(&err)
	c.resetNotes()
	e = prism.Unparen(e)
	if e == nil {
		return nil, c.errAt(prism.NoPos, "no property")
	}
	if len(c.g.Initial) != 1 {
		return nil, c.errAt(e.Position(), "the model has %d initial states; exactly one is needed", len(c.g.Initial))
	}
	init := int(c.g.Initial[0])
	switch x := e.(type) {
	case *prism.Metric:
		if x.Kind == prism.MetricEntropyInf {
			return nil, c.errAt(x.OpPos, "Hinf=? does not depend on a finite-horizon language")
		}
		a, start, T, err := c.languageQuery(x.Outcome, x.OpPos, init, c.cfg.OutcomeFrom == 1)
		if err != nil {
			return nil, err
		}
		r := a.ExactPass(start, nil, T, 0) // the manifest gives exact counts
		return []*Language{c.language("L_psi", "L_psi", nil, 0, false, T, r)}, nil
	case *prism.Resp:
		q, err := c.prepareRespNotes(x, init, true, true, true)
		if err != nil {
			return nil, err
		}
		out = c.respLanguages(x, q)
		c.lossNotes(q, x.Plan, respCoalitions(x.Kind, q))
		return out, nil
	}
	return nil, c.errAt(e.Position(), "only responsibility operators, the metrics #=? and H=?, and P=? [ψ] have languages to export")
}

// respLanguages lists the languages of a responsibility operator or power
// index x prepared as q.
func (c *Checker) respLanguages(x *prism.Resp, q *resp.Query) (out []*Language) {
	i := uint64(1) << uint(q.Agent)
	lang := func(name, meaning string, j uint64, neg bool) *Language {
		return c.language(name, meaning, q.Steps, q.Compat(j), neg, q.T, exactPass(q, j))
	}
	ag := c.g.Players[q.Agent]
	compat := c.compatName(q)
	if x.Kind.IsPower() {
		return c.powerLanguages(q)
	}
	switch x.Kind {
	case prism.CAR:
		return []*Language{
			lang("L_psi", "L_psi", 0, false),
			lang("L_plus", compat+"_{"+ag+"}(pi) ∩ L_psi", i, false),
		}
	case prism.CPR:
		return []*Language{
			lang("L_not_psi", "L_not_psi", 0, true),
			lang("L_plus", compat+"_Ag(pi) ∩ L_psi", q.All(), false),
			lang("L_minus", compat+"_{Ag\\"+ag+"}(pi) ∩ L_not_psi", q.All()&^i, true),
		}
	}
	out = append(out, lang("L_psi", "L_psi", 0, false))
	for _, j := range q.Coalitions() {
		names := c.playerNames(j)
		tag := strings.Join(names, "_")
		set := "{" + strings.Join(names, ",") + "}"
		minus := "{" + strings.Join(c.playerNames(j&^i), ",") + "}"
		out = append(out,
			lang("L_plus_J_"+tag, compat+"_"+set+"(pi) ∩ L_psi", j, false),
			lang("L_minus_J_"+tag, compat+"_"+minus+"(pi) ∩ L_not_psi", j&^i, true))
	}
	return out
}

// powerLanguages lists, for every J ⊆ Ag, Compat_J(π) ∩ L_ψ and
// Compat_J(π) ∩ L_¬ψ: v_C(J) and v_P(J) are the first's share of their
// union (SPEC §10.1).
func (c *Checker) powerLanguages(q *resp.Query) []*Language {
	var out []*Language
	for j := uint64(0); j <= q.All(); j++ {
		names := c.playerNames(j)
		tag := strings.Join(names, "_")
		if j == 0 {
			tag = "none"
		}
		set := "{" + strings.Join(names, ",") + "}"
		r := exactPass(q, j)
		compat := c.compatName(q)
		out = append(out,
			c.language("L_psi_J_"+tag, compat+"_"+set+"(pi) ∩ L_psi", q.Steps, q.Compat(j), false, q.T, r),
			c.language("L_not_psi_J_"+tag, compat+"_"+set+"(pi) ∩ L_not_psi", q.Steps, q.Compat(j), true, q.T, r))
	}
	return out
}

// exactPass is q's pass of coalition j with exact counts, as the
// exported languages give them: the query's own when it counted exactly
// or its counts are small, else one more pass.
func exactPass(q *resp.Query, j uint64) *hist.Result {
	r := q.Pass(j)
	if r.CAcc != nil && r.CRej != nil {
		return r
	}
	return q.Product.ExactPass(q.Start, q.Steps, q.T, q.Compat(j))
}

// compatName is how the languages' meanings write the compatible sets:
// Compat, or Compat^free under --unavailable free.
func (c *Checker) compatName(q *resp.Query) string {
	if q.Free {
		return "Compat^free"
	}
	return "Compat"
}

func (c *Checker) playerNames(j uint64) []string {
	var out []string
	for p, n := range c.g.Players {
		if j&(1<<uint(p)) != 0 {
			out = append(out, n)
		}
	}
	return out
}

func (c *Checker) language(name, meaning string, steps []*hist.Step, j uint64, neg bool, T int, r *hist.Result) *Language {
	c.needProfile()
	l := hist.NewLanguage(c.hist, steps, j, T)
	l.Name, l.Meaning, l.Coalition, l.Negated = name, meaning, c.playerNames(j), neg
	if neg {
		l.Count, l.Prob, l.ProbExact = r.CRej, r.PRej.Float(), r.RRej
	} else {
		l.Count, l.Prob, l.ProbExact = r.CAcc, r.PAcc.Float(), r.RAcc
	}
	if l.ProbExact != nil {
		l.Prob = resp.RatFloat(l.ProbExact)
	}
	return l
}
