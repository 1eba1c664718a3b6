package resp

import (
	"fmt"
	"math/rand"
	"slices"
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
		q := randomGrownQuery(r, i%2 == 0)
		for mask := uint64(0); mask < 4; mask++ {
			run := func(off bool) ([][]int32, bool) {
				grownOff = off
				defer func() { grownOff = false }()
				s := &searcher{q: q(), k: mask, reuse: true}
				return s.forward("test", false, nil), q().avoidForward(mask)
			}
			got, gotAvoid := run(false)
			want, wantAvoid := run(true)
			if gotAvoid != wantAvoid || !sameAntichain(got, want) {
				t.Fatalf("game %d, mask %d: %v %v expanding the new supports, %v %v expanding all", i, mask, gotAvoid, got, wantAvoid, want)
			}
		}
	}
	if n := freshSteps.Load() - before; n < 300 {
		t.Fatalf("grown levels took %d steps: the games do not test it", n)
	}
}

// TestWitnessGrown compares the witness plans of the search that takes
// grown steps (witRun) with those of the search that expands every
// support at every step, on the random smgs of TestForwardGrown: the same
// plan, step for step, for every coalition, with and without one name
// for every owner, and grown steps taken often enough to test them.
func TestWitnessGrown(t *testing.T) {
	r := rand.New(rand.NewSource(29))
	before := freshSteps.Load()
	plans := 0
	for i := 0; i < 1500; i++ {
		q := randomGrownQuery(r, i%2 == 0)
		for mask := uint64(0); mask < 4; mask++ {
			for _, one := range []bool{false, true} {
				run := func(off bool) []FullStep {
					grownOff = off
					defer func() { grownOff = false }()
					if p := q().avoidingPlan(mask, one); p != nil {
						return p.Expand()
					}
					return nil
				}
				got, want := run(false), run(true)
				if !slices.EqualFunc(got, want, func(a, b FullStep) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
					t.Fatalf("game %d, mask %d, one name %v: plan %v taking grown steps, %v expanding all", i, mask, one, got, want)
				}
				if got != nil {
					plans++
				}
			}
		}
	}
	if n := freshSteps.Load() - before; n < 300 || plans < 300 {
		t.Fatalf("grown levels took %d steps, %d plans: the games do not test them", n, plans)
	}
}

// randomGrownQuery draws a random smg (2 to 13 states, some with self
// loops: selfLoops), an outcome F, G or F<=k of a random atom, anchored or not, a
// horizon up to 40 and a plan that ends before it or repeats a step, and
// returns a function making a fresh query of them (a fresh product).
func randomGrownQuery(r *rand.Rand, selfLoops bool) func() *Query {
	n := 2 + r.Intn(12)
	g := randomSMG(r, n, selfLoops)
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
	return func() *Query {
		m := hist.NewModel(g, hist.Config{Beta: beta, MaxProduct: 1 << 20})
		p := hist.NewProduct(m, ltlf.NewAutomaton(f, psi, atoms, n))
		return &Query{Kind: CAR, Players: 2, T: T, Steps: steps, Product: p, Start: p.Root(start)}
	}
}
