package resp

import (
	"math/rand"
	"testing"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestForwardGrown compares the plan search that expands only the new
// supports of a level that grew (grown) with the search that expands
// every support, on 1500 random smgs, plans that end before the horizon or
// repeat a step, coalitions and outcomes with and without deadlines: the
// same last level (min F_T, in canonical order) and the same answer for
// every coalition, and that step taken often enough to test it.
func TestForwardGrown(t *testing.T) {
	r := rand.New(rand.NewSource(23))
	before := freshSteps.Load()
	for i := 0; i < 1500; i++ {
		n := 2 + r.Intn(12)
		g := randomSMG(r, n, i%2 == 0)
		beta := make([]float64, len(g.TransStart)-1)
		for s := 0; s < n; s++ {
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				beta[ch] = 1 / float64(hi-lo)
			}
		}
		atoms := []ltlf.StateSet{translate.NewBitset(n)}
		for s := 0; s < n; s++ {
			if r.Intn(4) == 0 {
				atoms[0].(translate.Bitset).Set(s)
			}
		}
		T := 1 + r.Intn(40)
		f := ltlf.NewFactory()
		var psi int32
		switch r.Intn(3) {
		case 0:
			psi = f.Temporal(ltlf.F, int32(r.Intn(T+3)), 0, f.Atom(0))
		case 1:
			psi = f.Temporal(ltlf.G, int32(r.Intn(T+3)), 0, f.Not(f.Atom(0)))
		default:
			psi = f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(0))
		}
		if r.Intn(2) == 0 {
			psi = f.Anchor(psi)
		}
		var steps []*hist.Step
		a := &hist.Step{Text: "[a]", Opts: []hist.Opt{{Label: 1, Index: -1}}}
		for k := r.Intn(T + 1); k > 0; k-- {
			if r.Intn(3) == 0 {
				steps = append(steps, nil)
			} else {
				steps = append(steps, a)
			}
		}
		start := r.Intn(n)
		for mask := uint64(0); mask < 4; mask++ {
			run := func(off bool) ([][]int32, bool) {
				grownOff = off
				defer func() { grownOff = false }()
				m := hist.NewModel(g, hist.Config{Beta: beta, MaxProduct: 1 << 20})
				p := hist.NewProduct(m, ltlf.NewAutomaton(f, psi, atoms, n))
				q := &Query{Kind: CAR, Players: 2, T: T, Steps: steps, Product: p, Start: p.Root(start)}
				s := &searcher{q: q, k: mask, reuse: true}
				return s.forward("test", false, nil), q.avoidForward(mask)
			}
			got, gotAvoid := run(false)
			want, wantAvoid := run(true)
			if gotAvoid != wantAvoid || !sameAntichain(got, want) {
				t.Fatalf("game %d, T=%d, %d plan steps, mask %d: %v %v expanding the new supports, %v %v expanding all", i, T, len(steps), mask, gotAvoid, got, wantAvoid, want)
			}
		}
	}
	if n := freshSteps.Load() - before; n < 300 {
		t.Fatalf("grown levels took %d steps: the games do not test it", n)
	}
}
