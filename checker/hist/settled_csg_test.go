package hist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestSettledSameCSG is TestSettledSame on random csgs of two and three
// players and smgs they own, under random weights, with plans of changing
// steps shorter than the horizon and the passes of several coalitions at
// once (plain, free, and Diff ones with their side walks): the settled
// shortcut against the walks to the horizon, emptiness the same, counts
// below 2^53 equal, larger ones within 2^-95 and probabilities within
// 1e-13.
func TestSettledSameCSG(t *testing.T) {
	r := rand.New(rand.NewPCG(83, 13))
	runs0 := settledRuns.Load()
	for i := 0; i < 300; i++ {
		np := 2 + r.IntN(2)
		smg := r.IntN(3) == 0
		g := randomPlayersGame(r, np, smg)
		beta := make([]float64, g.NumChoices())
		for s := 0; s < g.NumStates; s++ {
			lo, hi := g.Choices(s)
			randomSplit(r, beta[lo:hi])
		}
		for c := 0; c < g.NumChoices(); c++ {
			randomSplit(r, g.Prob[g.TransStart[c]:g.TransStart[c+1]])
		}
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 2 + r.IntN(80)
		k := int32(r.IntN(T - 1))
		var psi int32
		switch r.IntN(3) {
		case 0:
			psi = f.Temporal(ltlf.F, k, 0, f.Atom(0))
		case 1:
			psi = f.Temporal(ltlf.G, k, 0, f.Not(f.Atom(0)))
		default:
			psi = f.Next(f.Atom(0), false)
		}
		plan := make([]*Step, r.IntN(T))
		for x := range plan {
			if r.IntN(4) == 0 {
				continue
			}
			if smg {
				plan[x] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
				continue
			}
			st := &Step{Act: make([]int32, np)}
			for j := range st.Act {
				st.Act[j] = -1
				if r.IntN(2) == 0 {
					st.Act[j] = int32(1 + 2*j + r.IntN(2))
				}
			}
			plan[x] = st
		}
		all := uint64(1)<<uint(np) - 1
		var js []uint64
		for j := uint64(0); j <= all; j++ {
			for _, v := range []uint64{j, j | Free, j | Diff} {
				if r.IntN(4) == 0 && (j != 0 || v == 0) {
					js = append(js, v)
				}
			}
		}
		if len(js) == 0 {
			js = append(js, all|Diff)
		}
		counts := r.IntN(4) != 0
		run := func(off bool) []*Result {
			settledOff = off
			defer func() { settledOff = false }()
			p := NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, f.Anchor(psi), []ltlf.StateSet{goal}, g.NumStates))
			return p.Passes(p.Root(0), plan, T, js, counts)
		}
		got, want := run(false), run(true)
		name := fmt.Sprintf("game %d (%d players, smg %v, T=%d, plan %d steps, js %x, counts %v)", i, np, smg, T, len(plan), js, counts)
		for n := range js {
			a, b := got[n], want[n]
			if a.AnyAcc != b.AnyAcc || a.AnyRej != b.AnyRej || a.EmptyAt != b.EmptyAt || a.Counted != b.Counted {
				t.Fatalf("%s, pass %x: settled %+v, walked %+v", name, js[n], a, b)
			}
			if counts {
				for _, c := range [][2]Count{{a.NAcc, b.NAcc}, {a.NRej, b.NRej}} {
					if d := math.Abs(c[0].Ratio(c[1]) - 1); c[1].hi != 0 && d > 0x1p-95 || c[1].hi == 0 && c[0].hi != 0 {
						t.Fatalf("%s, pass %x: count %v settled, %v walked", name, js[n], c[0], c[1])
					}
				}
				if (a.CAcc == nil) != (b.CAcc == nil) || (a.CRej == nil) != (b.CRej == nil) ||
					a.CAcc != nil && a.CAcc.Cmp(b.CAcc) != 0 || a.CRej != nil && a.CRej.Cmp(b.CRej) != 0 {
					t.Fatalf("%s, pass %x: exact counts %v/%v settled, %v/%v walked", name, js[n], a.CAcc, a.CRej, b.CAcc, b.CRej)
				}
			}
			for _, pr := range [][2]Scaled{{a.PAcc, b.PAcc}, {a.PRej, b.PRej}} {
				if x, y := pr[0].Float(), pr[1].Float(); !closeRel(x, y, 1e-13) {
					t.Fatalf("%s, pass %x: probability %v settled, %v walked", name, js[n], x, y)
				}
			}
		}
	}
	if n := settledRuns.Load() - runs0; n < 100 {
		t.Fatalf("the shortcut ran %d times: the games do not test it", n)
	}
	t.Logf("the shortcut ran %d times", settledRuns.Load()-runs0)
}
