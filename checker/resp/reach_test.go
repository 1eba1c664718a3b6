package resp

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// sweepEveryStep is the literal sweep: R_{k+1} = Post_k(R_k) computed
// whole at every one of the T steps, with no shortcut; it returns R_T
// sorted, or the step after which the set is empty.
func sweepEveryStep(q *Query, mask uint64) ([]int32, int) {
	p := q.Product
	g := p.Model().Game()
	cur := map[int32]bool{q.Start: true}
	for k := 0; k < q.T; k++ {
		allow := p.Model().Allowed(stepAt(q, k), mask)
		next := map[int32]bool{}
		for id := range cur {
			lo, hi := g.Choices(int(p.S[id]))
			succ := p.Successors(id, k)
			for ch := lo; ch < hi; ch++ {
				if allow != nil && !allow.Has(ch) {
					continue
				}
				for t := g.TransStart[ch]; t < g.TransStart[ch+1]; t++ {
					next[succ[int(t)-int(g.TransStart[lo])]] = true
				}
			}
		}
		if len(next) == 0 {
			return nil, k
		}
		cur = next
	}
	var out []int32
	for id := range cur {
		out = append(out, id)
	}
	slices.Sort(out)
	return out, -1
}

// randomSMG is a two-player smg of n states: each state has one to three
// choices labelled a or b (or none), each with one or two transitions;
// with selfLoops most states may stay where they are, so the sets grow.
func randomSMG(r *rand.Rand, n int, selfLoops bool) *translate.Game {
	g := &translate.Game{Type: prism.TypeSMG, NumStates: n, Players: []string{"p1", "p2"}, Actions: []string{"", "a", "b"}}
	for s := 0; s < n; s++ {
		g.Owner = append(g.Owner, int32(r.Intn(2)))
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		for c := 1 + r.Intn(3); c > 0; c-- {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.ChoiceAction = append(g.ChoiceAction, int32(r.Intn(3)))
			nt := 1 + r.Intn(2)
			for t := 0; t < nt; t++ {
				to := r.Intn(n)
				if selfLoops && t == 0 && r.Intn(4) > 0 {
					to = s
				}
				g.Target = append(g.Target, int32(to))
				g.Prob = append(g.Prob, 1/float64(nt))
			}
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	return g
}

// TestSweepRandom compares the sweep, which expands only the new states
// of growing sets and stops once they repeat, with the literal sweep on
// random games, plans, coalitions and outcomes with deadlines inside the
// horizon (Due positions) and without.
func TestSweepRandom(t *testing.T) {
	r := rand.New(rand.NewSource(17))
	games := 300
	if testing.Short() {
		games = 60
	}
	grownSteps := 0
	for i := 0; i < games; i++ {
		n := 2 + r.Intn(12)
		g := randomSMG(r, n, i%3 != 0)
		beta := make([]float64, len(g.TransStart)-1)
		for s := 0; s < n; s++ {
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				beta[ch] = 1 / float64(hi-lo)
			}
		}
		m := hist.NewModel(g, hist.Config{Beta: beta, MaxProduct: 1 << 20})
		atoms := []ltlf.StateSet{translate.NewBitset(n), translate.NewBitset(n)}
		for s := 0; s < n; s++ {
			if r.Intn(4) == 0 {
				atoms[0].(translate.Bitset).Set(s)
			}
			if r.Intn(3) == 0 {
				atoms[1].(translate.Bitset).Set(s)
			}
		}
		T := 1 + r.Intn(30)
		f := ltlf.NewFactory()
		b := int32(r.Intn(T + 3))
		var psi int32
		switch r.Intn(4) {
		case 0:
			psi = f.Temporal(ltlf.F, b, 0, f.Atom(0))
		case 1:
			psi = f.Temporal(ltlf.G, b, 0, f.Not(f.Atom(0)))
		case 2:
			psi = f.Or(f.Temporal(ltlf.F, b, 0, f.Atom(0)), f.Temporal(ltlf.G, int32(r.Intn(T+1)), 0, f.Atom(1)))
		default:
			psi = f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(1))
		}
		if r.Intn(2) == 0 {
			psi = f.Anchor(psi) // deadlines: Due positions inside the horizon
		}
		p := hist.NewProduct(m, ltlf.NewAutomaton(f, psi, atoms, n))
		var steps []*hist.Step
		free := r.Intn(T + 1)
		for k := 0; k < T-free; k++ {
			switch r.Intn(4) {
			case 0:
				steps = append(steps, nil)
			case 1:
				steps = append(steps, &hist.Step{Text: "[b]", Opts: []hist.Opt{{Label: 2, Index: -1}}})
			default:
				if k > 0 && r.Intn(2) == 0 {
					steps = append(steps, steps[k-1]) // runs of one step
				} else {
					steps = append(steps, &hist.Step{Text: "[a]", Opts: []hist.Opt{{Label: 1, Index: -1}}})
				}
			}
		}
		q := &Query{Kind: CAR, Players: 2, T: T, Steps: steps, Product: p, Start: p.Root(r.Intn(n))}
		for mask := uint64(0); mask < 4; mask++ {
			want, wantAt := sweepEveryStep(q, mask)
			got, gotAt := q.reachable(mask)
			got = slices.Sorted(slices.Values(got))
			if gotAt != wantAt || !slices.Equal(got, want) {
				t.Fatalf("game %d, T=%d, mask %d: R_T %v (empty after %d), step by step %v (%d)", i, T, mask, got, gotAt, want, wantAt)
			}
			if gotAt < 0 {
				grownSteps++
			}
		}
	}
	if grownSteps < games {
		t.Errorf("only %d non-empty sweeps", grownSteps)
	}
}
