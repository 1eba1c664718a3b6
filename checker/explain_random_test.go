package checker_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	respkg "github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// The explanations of --explain (SPEC §10.3) on the random games of
// random_test.go: every witness plan and counterexample history is
// re-checked by the literal enumerator, and the printed plan, parsed back,
// has exactly the witness's histories.

// explainStats counts what the witnesses exercised.
type explainStats struct {
	plans, printed, histories, settled, shortest, noPlan, bounds, unprintable int
}

// TestExplainRandom re-checks the witnesses of 600 random cases (more
// with ONUS_EXPLAIN_CASES=N).
func TestExplainRandom(t *testing.T) {
	n := uint64(600)
	if s := os.Getenv("ONUS_EXPLAIN_CASES"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("ONUS_EXPLAIN_CASES=%q: %v", s, err)
		}
		n = v
	}
	var st explainStats
	failed := 0
	cases := 0
	// Then a third as many cases whose plans often cannot be followed,
	// under --unavailable free (SPEC §13).
	for seed := uint64(1); seed <= n+n/3; seed++ {
		c := genCase(seed)
		if seed > n {
			c = genUnavailCase(seed - n)
			c.free = true
		}
		bad := c.explainRun(&st)
		if bad == nil {
			continue
		}
		cases++
		if len(bad) > 0 {
			failed++
			if failed <= 5 {
				t.Errorf("explanation mismatch:\n%s%s", c, strings.Join(bad, "\n"))
			}
		}
	}
	t.Logf("%d cases explained; witness plans %d (%d re-parsed from their text, %d not printable in one step), counterexample histories %d (%d settled before the end, %d checked to settle earliest), no-plan reasons %d, bounds %d",
		cases, st.plans, st.printed, st.unprintable, st.histories, st.settled, st.shortest, st.noPlan, st.bounds)
	if st.plans < 100 || st.histories < 100 || st.noPlan < 20 || st.printed < 100 {
		t.Errorf("too few witnesses checked: %+v", st)
	}
}

// explainRun checks the explanations of the case's qualitative operators
// and bounded degree; nil means the case was skipped (broken behaviour,
// several initial states, a plan that cannot be carried out).
func (c *rcase) explainRun(st *explainStats) []string {
	if c.multiInit {
		return nil
	}
	cfg := checker.Config{Horizon: c.T, OutcomeFrom: c.from, Exact: c.exact, Behaviours: c.behaviours, MaxProduct: 200_000, Explain: true}
	if c.free {
		cfg.Unavailable = checker.UnavailableFree
	}
	ck, err := checker.New(prism.NewFileSet(), c.g, fakeEnv{c.g, c.exact}, cfg)
	if err != nil {
		return nil
	}
	m := &naive.Model{Game: c.g, Atom: nestedAtom(c.g, &c.behaviours, new(bool)), Const: litConst, Behaviours: c.behaviours}
	en, err := naive.New(m, c.T)
	if err != nil {
		return nil
	}
	en.Free = c.free
	pi, err := en.Expand(c.plan)
	if err != nil {
		return nil
	}
	sat, err := en.Sat(c.psi, c.from)
	if err != nil {
		return nil
	}
	np := len(c.g.Players)
	mask := func(in func(p int) bool) []bool {
		J := make([]bool, np)
		for p := range J {
			J[p] = in(p)
		}
		return J
	}
	ag := mask(func(int) bool { return true })
	if len(en.CompatSet(pi, ag)) == 0 {
		return nil
	}
	bad := []string{}
	agent := prism.PlayerRef{Name: c.g.Players[c.agent]}
	for _, k := range []prism.RespKind{prism.CAR, prism.CPR, prism.CCR} {
		q := &prism.Resp{Kind: k, Agent: agent, Plan: prism.PlanRef{Plan: c.plan}, Rel: prism.RelQuery, Outcome: c.psi}
		res, err := ck.Check(q)
		if err != nil {
			return append(bad, fmt.Sprintf("%v: %v", k, err))
		}
		want, err := en.Check(q, nil, c.from)
		if err != nil {
			return append(bad, fmt.Sprintf("%v: enumerator: %v", k, err))
		}
		fail := func(format string, args ...any) {
			bad = append(bad, fmt.Sprintf("%v (engine %v): %s", k, res.Bool, fmt.Sprintf(format, args...)))
		}
		if res.Bool != want.Bool {
			fail("verdict differs from the enumerator's %v", want.Bool)
			continue
		}
		ex := res.Explain
		if ex == nil || ex.Reason == "" {
			fail("no explanation")
			continue
		}
		// J: the coalition whose plan part must force ψ; K: whose part
		// the deviation keeps.
		J := mask(func(p int) bool { return p == c.agent })
		if k != prism.CAR {
			J = ag
		}
		if len(ex.Coalition) > 0 {
			J = mask(func(p int) bool { return slices.Contains(ex.Coalition, c.g.Players[p]) })
		}
		K := mask(func(p int) bool { return J[p] && p != c.agent })
		if k == prism.CAR {
			K = mask(func(int) bool { return false })
		}
		switch {
		case res.Bool:
			st.plans++
			plan := c.naivePlan(ex.Steps.Expand())
			if err := en.PlanViolates(plan, sat); err != nil {
				fail("witness plan %s: %v", ex.Plan, err)
				continue
			}
			hs, _ := en.FullPlanHistories(plan)
			if !isSubset(hs, en.CompatSet(pi, K)) {
				fail("witness plan %s does not agree with π on %v", ex.Plan, K)
			}
			if !naive.AllSatisfy(en.CompatSet(pi, J), sat) {
				fail("a history of Compat_J(π), J = %v, violates ψ", J)
			}
			if !ex.Replayable {
				st.unprintable++
				continue
			}
			st.printed++
			d, err := prism.ParsePlan(prism.NewFileSet(), "witness", "w="+ex.Plan)
			if err != nil {
				fail("printed plan %q does not parse: %v", ex.Plan, err)
				continue
			}
			ws, err := en.Expand(d.Plan)
			if err != nil {
				fail("printed plan %q: %v", ex.Plan, err)
				continue
			}
			if got := en.CompatSet(ws, ag); !slices.Equal(got, hs) {
				fail("printed plan %q has histories %v, the witness %v", ex.Plan, got, hs)
			}
		case len(ex.History) > 0:
			st.histories++
			var states, choices []int
			for _, h := range ex.History {
				states = append(states, h.State)
				if h.Choice >= 0 {
					choices = append(choices, h.Choice)
				}
			}
			if err := en.ViolatingHistory(states, choices, pi, J, sat); err != nil {
				fail("counterexample: %v", err)
			}
			if ex.Settled < c.T {
				st.settled++
			}
			if err := en.SettledAt(states, choices, ex.Settled, sat); err != nil {
				fail("settled at step %d: %v", ex.Settled, err)
			}
			if len(en.Hist) <= 300 {
				st.shortest++
				if best := c.earliestSettled(en, en.CompatSet(pi, J), sat); best != ex.Settled {
					fail("settled at step %d, but some counterexample settles at step %d", ex.Settled, best)
				}
			}
		default:
			st.noPlan++
			if !naive.AllSatisfy(en.CompatSet(pi, J), sat) {
				fail("no counterexample, but a history of Compat_J(π), J = %v, violates ψ", J)
			}
			if k != prism.CCR && en.ViolatingPlan(sat, pi, K) {
				fail("reason %q, but some executable full plan avoids ψ", ex.Reason)
			}
		}
	}
	db := *c.degBound
	db.Agent, db.Plan = agent, prism.PlanRef{Plan: c.plan}
	if res, err := ck.Check(&db); err == nil {
		st.bounds++
		if res.Explain == nil || !strings.Contains(res.Explain.Reason, "D^") {
			bad = append(bad, fmt.Sprintf("bounded degree %s: explanation %+v", naive.FormatExpr(&db), res.Explain))
		}
	}
	return bad
}

// naivePlan writes a witness plan in the enumerator's terms.
func (c *rcase) naivePlan(steps []respkg.FullStep) []naive.FullStep {
	g := c.g
	out := make([]naive.FullStep, len(steps))
	for k, st := range steps {
		out[k] = make(naive.FullStep, len(g.Players))
		for p := range g.Players {
			if st.Joint != nil {
				if a := st.Joint[p]; a > 0 {
					out[k][p] = naive.Step{{Name: g.Actions[a], Index: -1}}
				}
				continue
			}
			for _, o := range st.Names[p] {
				if o.Label >= 0 {
					out[k][p] = append(out[k][p], prism.PlanAction{Name: g.Actions[o.Label], Index: -1})
				} else {
					out[k][p] = append(out[k][p], prism.PlanAction{Index: int(o.Index)})
				}
			}
		}
	}
	return out
}

func isSubset(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// earliestSettled is the least step k at which some violating history of
// L has every continuation violating ψ.
func (c *rcase) earliestSettled(en *naive.Enum, L []int, sat []bool) int {
	best := c.T
	for _, n := range L {
		if sat[n] {
			continue
		}
		h := &en.Hist[n]
		for k := 0; k < best; k++ {
			if en.SettledAt(h.States, h.Choices, k, sat) == nil {
				best = k
				break
			}
		}
	}
	return best
}
