package checker_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The random comparison of the power indices (SPEC §10.1) and of `onus
// blame` (§10.2) with the literal enumerator: games of 2 to 4 players,
// csg and smg, stochastic and deterministic, both --outcome-from values,
// random plans (wildcards, repetitions, steps that cannot be taken) and
// behaviours. ONUS_POWER_CASES=N runs N cases, ONUS_POWER_SEED=S one.

// genPowerCase draws a case whose game has 2 to 4 players. Half the cases
// keep drawing a plan and an outcome until ψ could have been avoided
// (a(Ag) = 1), so that the avoidance indices are not all zero.
func genPowerCase(seed uint64) *rcase {
	r := rand.New(rand.NewPCG(seed, 0x706f776572))
	c := &rcase{seed: seed, exact: r.IntN(3) == 0, from: r.IntN(2)}
	np := 2 + r.IntN(3)
	typ := []prism.ModelType{prism.TypeCSG, prism.TypeSMG}[r.IntN(2)]
	det := r.IntN(2) == 0
	for c.g == nil {
		g := tryGameN(r, typ, c.exact, np)
		if det {
			g = determinise(g)
		}
		if allReachable(g) {
			c.g = g
		}
	}
	c.T = 1 + r.IntN(3)
	for c.T > 1 && histories(c.g, c.T) > maxHistories {
		c.T--
	}
	c.behaviours = genBehaviours(r, c.g)
	c.byName = r.IntN(3) == 0
	noTopAtoms := c.from == 1 && r.IntN(2) == 0
	en, err := naive.New(&naive.Model{Game: c.g, Atom: labelAtom(c.g), Const: litConst, Behaviours: c.behaviours}, c.T)
	wantAvoid := r.IntN(2) == 0
	for try := 0; ; try++ {
		c.plan = genPlan(r, c.g, c.T)
		c.psi = genPsi(r, 1+r.IntN(3), false, noTopAtoms, false)
		c.agent = r.IntN(np)
		if !wantAvoid || err != nil || try == 25 || avoidable(en, c) {
			break
		}
	}
	return c
}

// avoidable reports whether a(Ag) = 1 for the case's plan and outcome.
func avoidable(en *naive.Enum, c *rcase) bool {
	pi, err := en.Expand(c.plan)
	if err != nil || len(pi) > c.T {
		return false
	}
	sat, err := en.Sat(c.psi, c.from)
	if err != nil {
		return false
	}
	cs := en.Coalitions(pi, sat)
	return cs[len(cs)-1].Avoid
}

// determinise keeps the first successor of every choice, with probability 1.
func determinise(g *translate.Game) *translate.Game {
	d := *g
	d.Target, d.Prob, d.ProbExact, d.TransStart = nil, nil, nil, nil
	for ch := 0; ch+1 < len(g.TransStart); ch++ {
		d.TransStart = append(d.TransStart, int32(len(d.Target)))
		d.Target = append(d.Target, g.Target[g.TransStart[ch]])
		d.Prob = append(d.Prob, 1)
		if g.ProbExact != nil {
			d.ProbExact = append(d.ProbExact, big.NewRat(1, 1))
		}
	}
	d.TransStart = append(d.TransStart, int32(len(d.Target)))
	return &d
}

// absClose compares values in [-1, 1] (differences of shares can cancel
// to a rounding error around 0).
func absClose(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

// powerStats counts what the cases exercised.
type powerStats struct {
	cases, queries, planErrors, behaviourErrors, avoidCases, nonzeroCount, players [5]int
	blames, coalitions, lossNotes                                                  int
}

// runPower compares the engine with the enumerator on the power indices of
// every agent and on blame, and blame with the engine's single queries.
func (c *rcase) runPower(st *powerStats) []string {
	var bad []string
	failf := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	np := len(c.g.Players)
	st.players[np]++
	cfg := checker.Config{Horizon: c.T, OutcomeFrom: c.from, Exact: c.exact, Behaviours: c.behaviours, MaxProduct: 200_000}
	if c.free {
		cfg.Unavailable = checker.UnavailableFree
	}
	planRef := prism.PlanRef{Plan: c.plan}
	if c.byName {
		cfg.Plans = map[string]*prism.Plan{"pi": c.plan}
		planRef = prism.PlanRef{Name: "pi"}
	}
	ck, cerr := checker.New(prism.NewFileSet(), c.g, fakeEnv{c.g, c.exact}, cfg)
	en, nerr := naive.New(&naive.Model{Game: c.g, Atom: labelAtom(c.g), Const: litConst, Behaviours: c.behaviours}, c.T)
	if en != nil {
		en.Free = c.free
	}
	if nerr != nil || cerr != nil {
		if (nerr == nil) != (cerr == nil) && !c.byName {
			failf("checker.New error %v, enumerator error %v", cerr, nerr)
		}
		st.behaviourErrors[np]++
		return bad
	}
	plans := naive.Plans{"pi": c.plan}
	blame, berr := ck.Blame(planRef, c.psi, prism.NoPos)
	for i, name := range c.g.Players {
		for _, kind := range []prism.RespKind{prism.SHAPLEY, prism.BANZHAF} {
			for _, deg := range []prism.Degree{prism.DegAll, prism.DegCount, prism.DegProb} {
				q := &prism.Resp{Kind: kind, Agent: prism.PlayerRef{Name: name}, Plan: planRef, Degree: deg, Rel: prism.RelQuery, Outcome: c.psi}
				st.queries[np]++
				res, err := ck.Check(q)
				want, werr := en.Check(q, plans, c.from)
				what := fmt.Sprintf("%v(%s) degree %d", kind, name, deg)
				if werr != nil || err != nil {
					if (werr == nil) != (err == nil) {
						failf("%s: engine error %v, enumerator error %v", what, err, werr)
					}
					if berr == nil {
						failf("blame gave rows, %s an error %v", what, err)
					}
					st.planErrors[np]++
					return bad
				}
				if deg != prism.DegAll {
					if !absClose(res.Number, want.Number) || (c.exact && !ratEq(res.Exact, want.Exact)) {
						failf("%s: engine %.17g (%v), want %.17g (%v)", what, res.Number, res.Exact, want.Number, want.Exact)
					}
					continue
				}
				p, w := res.Power, want.Power
				if !absClose(p.Count, w.Count) || !absClose(p.Prob, w.Prob) || !absClose(p.Avoid, w.Avoid) {
					failf("%s: engine %+v, want %+v", what, *p, *w)
				}
				if c.exact && (!ratEq(p.CountExact, w.CountExact) || !ratEq(p.ProbExact, w.ProbExact) || !ratEq(p.AvoidExact, w.AvoidExact)) {
					failf("%s: engine exact %v %v %v, want %v %v %v", what, p.CountExact, p.ProbExact, p.AvoidExact, w.CountExact, w.ProbExact, w.AvoidExact)
				}
				if w.Avoid != 0 {
					st.avoidCases[np]++
				}
				if w.Count != 0 {
					st.nonzeroCount[np]++
				}
				// The blame row holds the very numbers of the query.
				if berr == nil {
					row := blame.Agents[i].Shapley
					if kind == prism.BANZHAF {
						row = blame.Agents[i].Banzhaf
					}
					if row.Count != p.Count || row.Prob != p.Prob || row.Avoid != p.Avoid {
						failf("blame %s: %+v, check %+v", what, row, *p)
					}
				}
			}
		}
	}
	if berr != nil {
		failf("blame error %v, but every query had a value", berr)
		return bad
	}
	st.blames++
	c.compareBlameRows(ck, blame, planRef, failf)
	var lst stats
	c.compareLosses(en, &prism.Resp{Kind: prism.SHAPLEY}, blame.Notes, &lst, func(format string, args ...any) {
		failf("blame: "+format, args...)
	})
	st.lossNotes += lst.losses
	pi, err := en.Expand(c.plan)
	if err != nil {
		failf("enumerator: %v", err)
		return bad
	}
	sat, err := en.Sat(c.psi, c.from)
	if err != nil {
		failf("enumerator: %v", err)
		return bad
	}
	for j, w := range en.Coalitions(pi, sat) {
		st.coalitions++
		got := blame.Coalitions[j]
		if got.Forces != w.Forces || got.Avoid != w.Avoid || !ratEq(got.CountRat, w.CountExact) || !absClose(got.Prob, w.Prob) {
			failf("coalition %v: engine forces %v avoid %v v_C %v v_P %.17g; want %v %v %v %.17g",
				got.Players, got.Forces, got.Avoid, got.CountRat, got.Prob, w.Forces, w.Avoid, w.CountExact, w.Prob)
		}
		if c.exact && !ratEq(got.ProbRat, w.ProbExact) {
			failf("coalition %v: engine exact v_P %v, want %v", got.Players, got.ProbRat, w.ProbExact)
		}
	}
	return bad
}

// compareBlameRows checks every agent's CAR, CPR and CCR in blame against
// the engine's own `CAR(i, π) [ψ]` and `CAR(i, π)=? [ψ]` queries.
func (c *rcase) compareBlameRows(ck *checker.Checker, b *checker.Blame, planRef prism.PlanRef, failf func(string, ...any)) {
	for i, row := range b.Agents {
		for k, v := range []checker.Verdict{row.CAR, row.CPR, row.CCR} {
			kind := prism.RespKind(k)
			q := &prism.Resp{Kind: kind, Agent: prism.PlayerRef{Index: i + 1}, Plan: planRef, Rel: prism.RelQuery, Outcome: c.psi}
			res, err := ck.Check(q)
			if err != nil || res.Bool != v.Holds {
				failf("blame %v(%s) holds %v; check %+v %v", kind, row.Agent, v.Holds, res, err)
			}
			q.Degree = prism.DegAll
			res, err = ck.Check(q)
			if err != nil || !degEq(*res.Degrees, v.Degrees) {
				failf("blame %v(%s)=? %+v; check %+v %v", kind, row.Agent, v.Degrees, res, err)
			}
		}
	}
}

func degEq(a, b checker.Degrees) bool {
	ratSame := func(x, y *big.Rat) bool { return (x == nil && y == nil) || ratEq(x, y) }
	return a.Count == b.Count && a.Prob == b.Prob && a.Entropy == b.Entropy &&
		ratSame(a.CountExact, b.CountExact) && ratSame(a.ProbExact, b.ProbExact)
}

// TestPowerRandomAgainstEnumerator runs 600 random cases.
func TestPowerRandomAgainstEnumerator(t *testing.T) {
	seeds := caseSeeds(t, 600, "ONUS_POWER_CASES", "ONUS_POWER_SEED")
	var st powerStats
	failed := 0
	for _, seed := range seeds {
		c := genPowerCase(seed)
		st.cases[len(c.g.Players)]++
		// Both readings of plans that cannot be followed (SPEC §13).
		for _, free := range []bool{false, true} {
			c.free = free
			bad := c.runPower(&st)
			if len(bad) == 0 {
				continue
			}
			failed++
			if failed <= 5 {
				t.Errorf("mismatch (ONUS_POWER_SEED=%d):\n%s%s", seed, c, strings.Join(bad, "\n"))
			}
			break
		}
	}
	t.Logf("%d cases (by players 2..4: %v), %d with mismatches; index queries %v; plan errors %v; behaviour errors %v",
		len(seeds), st.cases[2:], failed, st.queries[2:], st.planErrors[2:], st.behaviourErrors[2:])
	t.Logf("nonzero avoidance indices %v, nonzero count indices %v; %d blames, %d coalitions compared, %d loss notes",
		st.avoidCases[2:], st.nonzeroCount[2:], st.blames, st.coalitions, st.lossNotes)
	if st.avoidCases[2]+st.avoidCases[3]+st.avoidCases[4] == 0 || st.blames < 2*len(seeds)/3 {
		t.Errorf("the comparison is nearly vacuous")
	}
}
