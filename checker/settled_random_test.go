package checker_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
)

// Horizons beyond the plan, with outcomes settled before them: random
// cases of random_test.go's kind whose plan ends at most halfway to the
// horizon and whose outcome is mostly bounded well within it, so that the
// walks end in states whose outcome no step changes, with the plan over
// (where package hist counts the rest of the histories once per state),
// checked under both readings of plans that cannot be followed against
// the literal enumerator, values and loss notes alike.
// ONUS_SETTLED_CASES=N runs N cases, ONUS_SETTLED_SEED=S the one case.

// genSettledCase draws such a case: horizons 3 to 6 (lowered while the
// histories are more than a quarter of the random comparison's: the
// enumerator's search of full plans grows fast with them), a plan of at
// most (T−1)/2 steps that sometimes names actions not enabled, and an
// outcome that settles at least two steps before the horizon in three
// cases of four; most of them make the agent responsible to some degree.
func genSettledCase(seed uint64) *rcase {
	r := rand.New(rand.NewPCG(seed, 0x736574746c6564))
	c := &rcase{seed: seed, exact: r.IntN(6) == 0, from: r.IntN(2)}
	c.g = genGame(r, []prism.ModelType{prism.TypeCSG, prism.TypeCSG, prism.TypeSMG, prism.TypeSMG, prism.TypeMDP}[r.IntN(5)], c.exact)
	c.T = 3 + r.IntN(4)
	for c.T > 3 && histories(c.g, c.T) > maxHistories/4 {
		c.T--
	}
	c.behaviours = genBehaviours(r, c.g)
	c.byName = r.IntN(3) == 0
	// Keep drawing (plan, outcome, agent) until some operator holds (want
	// 1) or has a nonzero degree (want 2), as genCase does.
	want := r.IntN(3)
	noTopAtoms := r.IntN(2) == 0
	settled := r.IntN(4) != 0
	m := &naive.Model{Game: c.g, Atom: labelAtom(c.g), Const: litConst, Behaviours: c.behaviours}
	en, err := naive.New(m, c.T)
	for try := 0; ; try++ {
		c.plan = genPlanOff(r, c.g, max(1, (c.T-1)/2), 4, true)
		c.agent = r.IntN(len(c.g.Players))
		for k := 0; ; k++ {
			c.psi = genPsi(r, 1+r.IntN(2), settled, c.from == 1 && noTopAtoms, false)
			if !settled || lookahead(c.psi)+c.from <= c.T-2 || k == 50 {
				break
			}
		}
		if want == 0 || err != nil || try == 25 || c.interesting(en, want) {
			break
		}
	}
	for range 20 {
		b := genPsi(r, 1+r.IntN(2), true, false, false)
		if lookahead(b) <= c.T-2 {
			c.bounded = b
			break
		}
	}
	c.degBound = &prism.Resp{Kind: prism.RespKind(r.IntN(3)), Degree: []prism.Degree{prism.DegCount, prism.DegProb}[r.IntN(2)],
		Rel: []prism.RelKind{prism.RelGe, prism.RelLt}[r.IntN(2)], Bound: dlit([]string{"0.3", "0.45", "0.6", "0.7"}[r.IntN(4)]), Outcome: c.psi}
	c.degSingle = &prism.Resp{Kind: prism.RespKind(r.IntN(3)), Degree: []prism.Degree{prism.DegCount, prism.DegProb, prism.DegEntropy}[r.IntN(3)],
		Rel: prism.RelQuery, Outcome: c.psi}
	return c
}

// TestRandomSettled runs 200 such cases, each under both readings,
// against the enumerator.
func TestRandomSettled(t *testing.T) {
	seeds := caseSeeds(t, 200, "ONUS_SETTLED_CASES", "ONUS_SETTLED_SEED")
	var st stats
	failed := 0
	for _, seed := range seeds {
		c := genSettledCase(seed)
		for _, free := range []bool{false, true} {
			c.free = free
			bad := c.run(&st)
			if len(bad) == 0 {
				continue
			}
			failed++
			if failed <= 10 {
				t.Errorf("mismatch (ONUS_SETTLED_SEED=%d):\n%s%s", seed, c, strings.Join(bad, "\n"))
			}
			break
		}
	}
	t.Logf("%d cases, %d with mismatches; %d loss notes compared in %d queries", len(seeds), failed, st.losses, st.lossQueries)
	for k, name := range []string{"CAR", "CPR", "CCR"} {
		t.Logf("%s: %d true of %d boolean, %d nonzero of %d degree queries, %d plan errors",
			name, st.trueBools[k], st.bools[k], st.nonzeroDeg[k], st.degs[k], st.errors[k])
	}
}
