package checker_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
)

// Plans that cannot be followed (SPEC §13) on random games: cases whose
// plans often name actions that are not enabled where the histories get,
// checked under both readings (--unavailable drop and free) against the
// literal enumerator, values and loss notes alike. ONUS_UNAVAIL_CASES=N
// runs N cases, ONUS_UNAVAIL_SEED=S the one case.

// genUnavailCase draws a case of random_test.go's kind whose plan names an
// action of its player, maybe not enabled, once in three entries, and
// writes some csg steps positionally (- and *).
func genUnavailCase(seed uint64) *rcase {
	r := rand.New(rand.NewPCG(seed, 0x756e6176))
	c := &rcase{seed: seed, exact: r.IntN(4) == 0, from: r.IntN(2)}
	c.g = genGame(r, []prism.ModelType{prism.TypeCSG, prism.TypeCSG, prism.TypeCSG, prism.TypeSMG, prism.TypeMDP}[r.IntN(5)], c.exact)
	c.T = 1 + r.IntN(4)
	for c.T > 1 && histories(c.g, c.T) > maxHistories {
		c.T--
	}
	c.behaviours = genBehaviours(r, c.g)
	c.byName = r.IntN(3) == 0
	noTopAtoms := r.IntN(2) == 0
	m := &naive.Model{Game: c.g, Atom: labelAtom(c.g), Const: litConst, Behaviours: c.behaviours}
	en, err := naive.New(m, c.T)
	for try := 0; err != nil && try < 5; try++ {
		c.behaviours = genBehaviours(r, c.g)
		m.Behaviours = c.behaviours
		en, err = naive.New(m, c.T)
	}
	// Keep drawing plans until one loses histories for some coalition.
	for try := 0; ; try++ {
		c.plan = genPlanOff(r, c.g, c.T, 3, true)
		c.agent = r.IntN(len(c.g.Players))
		if err != nil || try == 25 || losesSome(en, c) {
			break
		}
	}
	c.psi = genPsi(r, 1+r.IntN(3), false, c.from == 1 && noTopAtoms, false)
	for range 20 {
		b := genPsi(r, 1+r.IntN(2), true, false, false)
		if lookahead(b) <= c.T {
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

// losesSome reports whether some coalition J ≠ ∅ loses histories to the
// case's plan (Compat^free_J(π) ≠ Compat_J(π)).
func losesSome(en *naive.Enum, c *rcase) bool {
	pi, err := en.Expand(c.plan)
	if err != nil || len(pi) > c.T {
		return false
	}
	np := len(c.g.Players)
	for mask := 1; mask < 1<<np; mask++ {
		if en.Lost(pi, maskSet(mask, np)) != nil {
			return true
		}
	}
	return false
}

func maskSet(mask, np int) []bool {
	J := make([]bool, np)
	for p := range J {
		J[p] = mask&(1<<p) != 0
	}
	return J
}

// lossCoalitions lists the coalitions (masks) whose loss notes a query of
// kind for agent i carries, as the checker's respCoalitions does.
func lossCoalitions(kind prism.RespKind, i, np int) []int {
	all := 1<<np - 1
	var out []int
	add := func(j int) {
		if j != 0 && !slices.Contains(out, j) {
			out = append(out, j)
		}
	}
	switch {
	case kind.IsPower():
		for j := 1; j <= all; j++ {
			add(j)
		}
	case kind == prism.CAR:
		add(1 << i)
	case kind == prism.CPR:
		add(all)
		add(all &^ (1 << i))
	default:
		for j := 0; j <= all; j++ {
			if j&(1<<i) != 0 {
				add(j)
				add(j &^ (1 << i))
			}
		}
	}
	return out
}

// compareLosses checks the loss notes of a responsibility query's result
// against the enumerator: one note per coalition the value is computed
// from that loses histories, with the first step, player and state, and
// the probability and count lost.
func (c *rcase) compareLosses(en *naive.Enum, r *prism.Resp, notes []checker.Note, st *stats, fail func(string, ...any)) {
	pi, err := en.Expand(c.plan)
	if err != nil {
		fail("enumerator: %v", err)
		return
	}
	np := len(c.g.Players)
	got := map[string]*checker.PlanLoss{}
	for _, n := range notes {
		for _, l := range n.Losses {
			got[strings.Join(l.Coalition, ",")] = l
			if !strings.Contains(n.Msg, "Compat_{"+strings.Join(l.Coalition, ",")+"}") {
				fail("note %q does not name Compat_{%s}", n.Msg, strings.Join(l.Coalition, ","))
			}
		}
	}
	want := 0
	for _, j := range lossCoalitions(r.Kind, c.agent, np) {
		J := maskSet(j, np)
		var names []string
		for p, in := range J {
			if in {
				names = append(names, c.g.Players[p])
			}
		}
		key := strings.Join(names, ",")
		w := en.Lost(pi, J)
		l := got[key]
		if w == nil {
			if l != nil {
				fail("loss note for {%s}, the enumerator loses nothing: %s", key, l.Message())
			}
			continue
		}
		want++
		if l == nil {
			fail("no loss note for {%s}; the enumerator loses %d histories from step %d", key, len(w.Histories), w.Step+1)
			continue
		}
		st.losses++
		if l.Step != w.Step+1 || l.State != w.State || l.Player != c.g.Players[w.Player] || l.Kept != c.free {
			fail("loss of {%s}: step %d state %d player %s kept %v; want step %d state %d player %s kept %v",
				key, l.Step, l.State, l.Player, l.Kept, w.Step+1, w.State, c.g.Players[w.Player], c.free)
		}
		p, pr := 0.0, new(big.Rat)
		for _, n := range w.Histories {
			p += en.Hist[n].Prob
			pr.Add(pr, en.Hist[n].Exact)
		}
		if math.Abs(l.Prob-p) > 1e-12 {
			fail("loss of {%s}: probability %.17g, want %.17g", key, l.Prob, p)
		}
		if c.exact && !ratEq(l.ProbExact, pr) {
			fail("loss of {%s}: exact probability %v, want %v", key, l.ProbExact, pr)
		}
		if l.Count != nil && l.Count.Cmp(big.NewInt(int64(len(w.Histories)))) != 0 {
			fail("loss of {%s}: count %v, want %d", key, l.Count, len(w.Histories))
		}
		if !strings.Contains(l.Message(), checker.GuidePlans) {
			fail("loss note does not cite the guide: %s", l.Message())
		}
	}
	if len(got) != want {
		fail("%d loss notes, want %d", len(got), want)
	}
	if want > 0 {
		st.lossQueries++
	}
}

// TestRandomUnavailable runs 500 cases whose plans often cannot be
// followed, each under both readings, against the enumerator; at least
// 300 of them must lose histories for some coalition.
func TestRandomUnavailable(t *testing.T) {
	seeds := caseSeeds(t, 500, "ONUS_UNAVAIL_CASES", "ONUS_UNAVAIL_SEED")
	var st stats
	failed, lossy := 0, 0
	for _, seed := range seeds {
		c := genUnavailCase(seed)
		before := st.lossQueries
		for _, free := range []bool{false, true} {
			c.free = free
			bad := c.run(&st)
			if len(bad) == 0 {
				continue
			}
			failed++
			if failed <= 10 {
				t.Errorf("mismatch (ONUS_UNAVAIL_SEED=%d):\n%s%s", seed, c, strings.Join(bad, "\n"))
			}
			break
		}
		if st.lossQueries > before {
			lossy++
		}
	}
	t.Logf("%d cases, %d with mismatches; %d cases whose queries lose histories, %d loss notes compared in %d queries",
		len(seeds), failed, lossy, st.losses, st.lossQueries)
	for k, name := range []string{"CAR", "CPR", "CCR"} {
		t.Logf("%s: %d true of %d boolean, %d nonzero of %d degree queries, %d plan errors",
			name, st.trueBools[k], st.bools[k], st.nonzeroDeg[k], st.degs[k], st.errors[k])
	}
	if len(seeds) >= 500 && lossy < 300 {
		t.Errorf("only %d cases lose histories; want at least 300", lossy)
	}
}
