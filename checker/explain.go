package checker

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file turns the witnesses of package resp into explanations a
// person can read and onus can re-check (SPEC §10.3): the witness plan in
// plan syntax, the counterexample history with its joint actions, and the
// reason in words.

// Explanation justifies a qualitative verdict (SPEC §10.3).
type Explanation struct {
	// Plan is the witness plan in plan syntax ("" if none): for CAR the
	// executable full plan all of whose histories violate ψ, for CPR the
	// agent's deviation, for CCR the coalition's deviation.
	Plan string
	// Replayable is false when an smg step of Plan names different actions
	// for different players, which one plan step cannot say (the plan is
	// then printed with every name, and Reason says so).
	Replayable bool
	// Steps is Plan step by step: a prefix, a part repeated, a suffix of
	// resp.FullSteps (nil if there is no plan).
	Steps *resp.Plan
	// Coalition is J (player names): for CCR the coalition whose deviation
	// is the plan, or the coalition whose Compat_J(π) History belongs to.
	Coalition []string
	// History is the counterexample: a history of Compat_J(π) (J as
	// Coalition, or the operator's own) that violates ψ, shortest to
	// settle first.
	History []HistoryStep
	// Settled is the step from which every continuation of History
	// violates ψ (the length of History's last step when only the end
	// decides).
	Settled int
	Reason  string
}

// HistoryStep is one state of a history and the joint action taken there
// (Action is "" at the last state).
type HistoryStep struct {
	State  int    // the game state
	Choice int    // the choice taken (-1 at the last state)
	Action string // the joint action, as in a trace: [a1,...,an] (csg, - for idle), [label] or [#k] (smg, mdp)
}

// ExplainResp decides the qualitative form of a responsibility operator
// (its degree and bound are ignored) at the initial state and explains it.
// It is what `onus blame --explain` calls per operator.
func (c *Checker) ExplainResp(x *prism.Resp) (holds bool, ex *Explanation, err error) {
	defer settle(&err)
	if len(c.g.Initial) != 1 {
		return false, nil, c.errAt(safePos(x), "the model has %d initial states; %s", len(c.g.Initial), severalInitial(x))
	}
	q, err := c.prepareResp(x, int(c.g.Initial[0]), false, false)
	if err != nil {
		return false, nil, err
	}
	v := q.Explain()
	return v.Holds, c.explainVerdict(q, v), nil
}

// explainVerdict words a verdict of package resp.
func (c *Checker) explainVerdict(q *resp.Query, v *resp.Verdict) *Explanation {
	return freeWords(q, c.verdictWords(q, v))
}

// freeWords writes the compatible sets of a reason as Compat^free under
// --unavailable free.
func freeWords(q *resp.Query, ex *Explanation) *Explanation {
	if q.Free && ex != nil {
		ex.Reason = strings.ReplaceAll(ex.Reason, "Compat_", "Compat^free_")
	}
	return ex
}

func (c *Checker) verdictWords(q *resp.Query, v *resp.Verdict) *Explanation {
	ex := &Explanation{Replayable: true}
	agent := c.g.Players[q.Agent]
	own := map[resp.Kind]string{resp.CAR: "Compat_{" + agent + "}(π)", resp.CPR: "π itself (Compat_Ag(π))", resp.CCR: "π itself (Compat_Ag(π))"}[q.Kind]
	last := v.Attempts[len(v.Attempts)-1]
	if v.Holds {
		ex.Steps = last.Plan
		ex.Plan, ex.Replayable = c.planText(last.Plan)
		what := "the executable full plan"
		switch q.Kind {
		case resp.CPR:
			what = fmt.Sprintf("%s's deviation, agreeing with π on %s,", agent, c.coalitionText(last.K))
		case resp.CCR:
			ex.Coalition = c.coalitionNames(last.J)
			what = fmt.Sprintf("the deviation of J = %s, agreeing with π on J∖{%s} = %s,", c.coalitionText(last.J), agent, c.coalitionText(last.K))
			own = "Compat_J(π) for J = " + c.coalitionText(last.J)
		}
		ex.Reason = fmt.Sprintf("every history of %s satisfies ψ, and %s %s has all its histories violating ψ", own, what, ex.Plan)
		if !ex.Replayable {
			ex.Reason += "; " + notReplayable
		}
		return ex
	}
	// The first counterexample, if any, is shown; the reason covers every
	// coalition tried.
	for _, a := range v.Attempts {
		if a.Cause == resp.Violated && a.History != nil {
			ex.History = c.historySteps(a.History)
			ex.Settled = a.History.Settled
			if q.Kind == resp.CCR {
				ex.Coalition = c.coalitionNames(a.J)
			}
			break
		}
	}
	if q.Kind != resp.CCR || last.Cause == resp.Violated && last.J == q.All() && len(v.Attempts) == 1 && last.K == last.J {
		ex.Reason = c.failText(q, last, own)
		return ex
	}
	var parts []string
	for _, a := range v.Attempts {
		parts = append(parts, "J = "+c.coalitionText(a.J)+": "+c.failText(q, a, "Compat_J(π)"))
	}
	ex.Reason = "no coalition J containing " + agent + " bears it — " + strings.Join(parts, "; ")
	return ex
}

const notReplayable = "in an smg one plan step cannot name a different action for each player, so this plan (which lists every player's name at such a step) does not replay as is"

// failText says why attempt a failed.
func (c *Checker) failText(q *resp.Query, a resp.Attempt, own string) string {
	if a.Cause == resp.Violated {
		at := "its end"
		if a.History != nil && a.History.Settled < q.T {
			at = fmt.Sprintf("step %d, whatever follows", a.History.Settled)
		}
		return fmt.Sprintf("a history of %s violates ψ (settled at %s)", own, at)
	}
	agree := ""
	if a.K != 0 {
		agree = " agreeing with π on " + c.coalitionText(a.K)
	}
	why := "every one of them has a history satisfying ψ"
	p := q.Product
	if s := int(p.S[q.Start]); p.A.Prog(p.Q[q.Start], p.A.Letter(s)) == ltlf.True {
		why = "ψ already holds at the initial state, whatever follows"
	}
	steps := fmt.Sprintf("%d steps", q.T)
	if q.T == 1 {
		steps = "one step"
	}
	return fmt.Sprintf("every history of %s satisfies ψ, but no executable full plan of %s%s avoids ψ: %s", own, steps, agree, why)
}

// coalitionNames lists the players of mask j.
func (c *Checker) coalitionNames(j uint64) []string {
	out := []string{}
	for p, name := range c.g.Players {
		if j&(1<<uint(p)) != 0 {
			out = append(out, name)
		}
	}
	return out
}

func (c *Checker) coalitionText(j uint64) string {
	return "{" + strings.Join(c.coalitionNames(j), ",") + "}"
}

// planText prints a full plan in plan syntax; ok is false when some smg
// step names different actions for different players. A plan of up to
// foldAll steps is written step by step, repeated steps and repeated
// groups of up to four steps folded ([a]^3, ([a] [b])^500); a longer one
// is written as its parts, each folded so, the repeated part as one
// repetition: [d1,c2] [d1,d2]^2147483647, or ([a] [b] [c])^k.
func (c *Checker) planText(plan *resp.Plan) (text string, ok bool) {
	if plan.Len() == 0 {
		return "[*]^0", true // the horizon is 0
	}
	ok = true
	texts := func(steps []resp.FullStep) []string {
		out := make([]string, len(steps))
		for k, st := range steps {
			var one bool
			out[k], one = c.stepString(st)
			ok = ok && one
		}
		return out
	}
	if plan.Len() <= foldAll {
		return foldSteps(texts(plan.Expand())), ok
	}
	var items []string
	if len(plan.Prefix) > 0 {
		items = append(items, foldSteps(texts(plan.Prefix)))
	}
	if loop := texts(plan.Loop); plan.Times > 0 {
		body := loop[0]
		if len(loop) > 1 {
			body = "(" + foldSteps(loop) + ")"
		}
		items = append(items, repeatText(body, plan.Times))
	}
	if len(plan.Suffix) > 0 {
		items = append(items, foldSteps(texts(plan.Suffix)))
	}
	return strings.Join(items, " "), ok
}

// repeatText writes body (one step, or a parenthesised group) repeated
// times > 0 times. A repetition count must fit in 32 bits, so a larger
// one is written as nested repetitions, (body^M)^q body^r with M the
// largest count (body^M body^r when q is 1): a horizon can exceed 2^31 (--horizon).
func repeatText(body string, times int) string {
	const most = math.MaxInt32
	if times <= most {
		return fmt.Sprintf("%s^%d", body, times)
	}
	text := fmt.Sprintf("%s^%d", body, most)
	if q := times / most; q > 1 {
		text = repeatText("("+text+")", q)
	}
	if r := times % most; r == 1 {
		text += " " + body // a step or group once needs no ^1
	} else if r > 0 {
		text += " " + repeatText(body, r)
	}
	return text
}

// foldAll is the longest plan planText writes step by step before folding.
var foldAll = 100000

// foldSteps writes step texts with the repetitions that cover the most
// steps at each position.
func foldSteps(texts []string) string {
	var items []string
	for k := 0; k < len(texts); {
		bestL, bestR := 1, 1
		for L := 1; L <= 4 && k+2*L <= len(texts); L++ {
			r := 1
			for k+(r+1)*L <= len(texts) && slices.Equal(texts[k:k+L], texts[k+r*L:k+(r+1)*L]) {
				r++
			}
			if r > 1 && L*r > bestL*bestR {
				bestL, bestR = L, r
			}
		}
		body := strings.Join(texts[k:k+bestL], " ")
		switch {
		case bestR == 1:
			items = append(items, body)
		case bestL == 1:
			items = append(items, fmt.Sprintf("%s^%d", body, bestR))
		default:
			items = append(items, fmt.Sprintf("(%s)^%d", body, bestR))
		}
		k += bestL * bestR
	}
	return strings.Join(items, " ")
}

// stepString prints one full step; one is false when an smg step holds
// several different names.
func (c *Checker) stepString(st resp.FullStep) (s string, one bool) {
	g := c.g
	var names []string
	if st.Joint != nil {
		for _, a := range st.Joint {
			if a > 0 {
				names = append(names, g.Actions[a])
			}
		}
	} else {
		seen := map[string]bool{}
		for _, opts := range st.Names {
			if opts == nil {
				continue
			}
			t := c.optsText(opts)
			if !seen[t] {
				seen[t] = true
				names = append(names, t)
			}
		}
	}
	if len(names) == 0 {
		return "[*]", true
	}
	return "[" + strings.Join(names, ",") + "]", st.Joint != nil || len(names) == 1
}

func (c *Checker) optsText(opts []hist.Opt) string {
	var parts []string
	for _, o := range opts {
		if o.Label >= 0 {
			parts = append(parts, c.g.Actions[o.Label])
		} else {
			parts = append(parts, fmt.Sprintf("#%d", o.Index))
		}
	}
	return strings.Join(parts, ",")
}

// historySteps lists a path's states with the joint actions taken.
func (c *Checker) historySteps(p *hist.Path) []HistoryStep {
	out := make([]HistoryStep, len(p.States))
	for k, s := range p.States {
		out[k] = HistoryStep{State: s, Choice: -1}
		if k < len(p.Choices) {
			out[k].Choice = p.Choices[k]
			out[k].Action = c.actionText(s, p.Choices[k])
		}
	}
	return out
}

// actionText prints choice ch of state s as a trace's action column does.
func (c *Checker) actionText(s, ch int) string {
	g := c.g
	if g.Type == prism.TypeCSG {
		n := len(g.Players)
		names := make([]string, n)
		for p := range n {
			a := g.Joint[ch*n+p]
			names[p] = "-"
			if a > 0 {
				names[p] = g.Actions[a]
			}
		}
		return "[" + strings.Join(names, ",") + "]"
	}
	if g.ChoiceAction != nil && g.ChoiceAction[ch] > 0 {
		return "[" + g.Actions[g.ChoiceAction[ch]] + "]"
	}
	lo, _ := g.Choices(s)
	return fmt.Sprintf("[#%d]", ch-lo)
}

// explainBound says why a bound on a degree holds or not: the degree's
// value, and when it is 0 because of κ, why.
func (c *Checker) explainBound(x *prism.Resp, q *resp.Query, holds bool) *Explanation {
	d := q.Degrees()
	sym := map[prism.Degree]string{prism.DegCount: "#", prism.DegProb: "P", prism.DegEntropy: "H"}[x.Degree]
	v := map[prism.Degree]float64{prism.DegCount: d.Count, prism.DegProb: d.Prob, prism.DegEntropy: d.Entropy}[x.Degree]
	not := ""
	if !holds {
		not = "not "
	}
	reason := fmt.Sprintf("the degree D^%s = %s is %s%s %s", sym, fmtG(v), not, relString(x.Rel), prism.ExprString(x.Bound))
	i := uint64(1) << uint(q.Agent)
	switch {
	case q.Kind == resp.CAR && !q.Pass(0).AnyRej:
		reason += " (κ = 0: no history violates ψ)"
	case q.Kind == resp.CPR && !q.Pass(q.All()).AnyAcc:
		reason += " (κ = 0: no history of π itself satisfies ψ)"
	case q.Kind == resp.CAR && !q.Pass(i).AnyAcc:
		reason += fmt.Sprintf(" (no history of Compat_{%s}(π) satisfies ψ)", c.g.Players[q.Agent])
	}
	return freeWords(q, &Explanation{Replayable: true, Reason: reason})
}

func fmtG(v float64) string { return fmt.Sprintf("%.6g", v) }

// explainCertain says why <<A>> [ψ] holds or not. Its witness would be a
// strategy that sees the history, which no plan can state; the reason
// names the coalition and its opponents.
func (c *Checker) explainCertain(x *prism.Strategy, holds bool) *Explanation {
	coal, err := c.coalitionOf(x)
	if err != nil {
		return nil
	}
	var in, out []string
	for p, name := range c.g.Players {
		if p < len(coal) && coal[p] {
			in = append(in, name)
		} else {
			out = append(out, name)
		}
	}
	them := "{" + strings.Join(out, ",") + "}"
	us := "{" + strings.Join(in, ",") + "}"
	reason := fmt.Sprintf("the initial state is in the sure-winning region of %s: a strategy of %s that sees the history makes every path satisfy ψ whatever %s do", us, us, them)
	if !holds {
		reason = fmt.Sprintf("the initial state is not in the sure-winning region of %s: against every strategy of %s, %s can make some path violate ψ", us, us, them)
	}
	return &Explanation{Replayable: true, Reason: reason}
}
