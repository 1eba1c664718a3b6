package hist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// TestSettledSame compares, on 300 random games, plans shorter than the
// horizon and outcomes settled before it (bounded F and G anchored at the
// start, X of an atom) or not (unbounded F and U), the passes that finish
// by the shortcut after the plan
// with the same passes walked to the horizon: counts below 2^53 equal,
// larger ones within 2^-95, probabilities within 1e-13, emptiness the
// same; and that the shortcut ran in most of them.
func TestSettledSame(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 3))
	runs0 := settledRuns.Load()
	exactSeen := 0
	for i := 0; i < 300; i++ {
		g := randomGame(r)
		beta := uniformBeta(g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 2 + r.IntN(60)
		k := int32(r.IntN(T - 1))
		var psi int32
		switch r.IntN(5) {
		case 0:
			psi = f.Temporal(ltlf.F, k, 0, f.Atom(0))
		case 1:
			psi = f.Temporal(ltlf.G, k, 0, f.Not(f.Atom(0)))
		case 2: // never settled before the horizon
			psi = f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(0))
		case 3:
			psi = f.Temporal(ltlf.U, ltlf.Unbounded, f.Not(f.Atom(0)), f.Next(f.Atom(0), false))
		default:
			psi = f.Next(f.Atom(0), false)
		}
		psi = f.Anchor(psi)
		plan := make([]*Step, r.IntN(T))
		for x := range plan {
			if r.IntN(3) != 0 {
				plan[x] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
			}
		}
		js := [][]uint64{{0}, {1}, {0, 1}, {1, 1 | Diff}, {1 | Diff}}[r.IntN(5)]
		counts := r.IntN(4) != 0
		run := func(off bool) []*Result {
			settledOff = off
			defer func() { settledOff = false }()
			p := NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
			return p.Passes(p.Root(0), plan, T, js, counts)
		}
		got, want := run(false), run(true)
		name := fmt.Sprintf("game %d (T=%d, plan %d steps, js %x, counts %v)", i, T, len(plan), js, counts)
		for n := range js {
			a, b := got[n], want[n]
			if a.AnyAcc != b.AnyAcc || a.AnyRej != b.AnyRej || a.EmptyAt != b.EmptyAt || a.Counted != b.Counted {
				t.Fatalf("%s, pass %x: settled %+v, walked %+v", name, js[n], a, b)
			}
			for _, c := range []struct {
				what string
				x, y Count
			}{{"accepted", a.NAcc, b.NAcc}, {"rejected", a.NRej, b.NRej}} {
				if !counts {
					break
				}
				if d := math.Abs(c.x.Ratio(c.y) - 1); c.y.hi != 0 && d > 0x1p-95 {
					t.Fatalf("%s, pass %x: %s count %v settled, %v walked", name, js[n], c.what, c.x, c.y)
				}
			}
			if counts && (a.CAcc == nil) != (b.CAcc == nil) || (a.CRej == nil) != (b.CRej == nil) {
				t.Fatalf("%s, pass %x: exact counts %v/%v settled, %v/%v walked", name, js[n], a.CAcc, a.CRej, b.CAcc, b.CRej)
			}
			if counts && a.CAcc != nil && a.CRej != nil {
				exactSeen++
				if a.CAcc.Cmp(b.CAcc) != 0 || a.CRej.Cmp(b.CRej) != 0 {
					t.Fatalf("%s, pass %x: exact counts %v/%v settled, %v/%v walked", name, js[n], a.CAcc, a.CRej, b.CAcc, b.CRej)
				}
			}
			for _, pr := range [][2]Scaled{{a.PAcc, b.PAcc}, {a.PRej, b.PRej}} {
				x, y := pr[0].Float(), pr[1].Float()
				if math.Abs(x-y) > 1e-13*math.Max(x, y) {
					t.Fatalf("%s, pass %x: probability %v settled, %v walked", name, js[n], x, y)
				}
			}
		}
	}
	if n := settledRuns.Load() - runs0; n < 150 || exactSeen < 50 {
		t.Fatalf("the shortcut ran %d times, exact counts compared %d times: the games do not test it", n, exactSeen)
	}
	t.Logf("the shortcut ran %d times; exact counts compared %d times", settledRuns.Load()-runs0, exactSeen)
}

// TestSettledGeometric checks the early stop of the backward programme: in
// a game where every state has two choices of one transition each, every
// count doubles at every step and no probability changes, so the
// programme stops after its first step and multiplies; the results are
// those of the walk to the horizon, the counts (powers of two times the
// rows' counts) exactly. The game is padded with 0 or 300 states the rows
// never reach (the programme then indexes its states by a table or by a
// map).
func TestSettledGeometric(t *testing.T) {
	for _, pad := range []int{0, 300} {
		g := &translate.Game{Type: prism.TypeMDP, NumStates: 3 + pad, Players: []string{"1"}, Actions: []string{"", "a", "b"},
			ChoiceStart: []int32{0, 2, 4, 6}, ChoiceAction: []int32{1, 2, 1, 2, 1, 2},
			TransStart: []int32{0, 1, 2, 3, 4, 5, 6}, Target: []int32{1, 2, 0, 2, 0, 1}, Prob: []float64{1, 1, 1, 1, 1, 1}}
		for s := 3; s < 3+pad; s++ { // a self-loop each
			g.ChoiceAction = append(g.ChoiceAction, 1)
			g.Target = append(g.Target, int32(s))
			g.Prob = append(g.Prob, 1)
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.ChoiceStart = append(g.ChoiceStart, int32(len(g.ChoiceAction)))
		}
		testSettledGeometric(t, g, pad)
	}
}

func testSettledGeometric(t *testing.T, g *translate.Game, pad int) {
	goal := translate.NewBitset(g.NumStates)
	goal.Set(1)
	f := ltlf.NewFactory()
	psi := f.Anchor(f.Temporal(ltlf.F, 2, 0, f.Atom(0)))
	plan := []*Step{{Opts: []Opt{{Label: 1, Index: -1}}}}
	for _, T := range []int{3, 40, 400} {
		run := func(off bool) []*Result {
			settledOff = off
			defer func() { settledOff = false }()
			p := NewProduct(NewModel(g, Config{Beta: uniformBeta(g), MaxProduct: 1000}), ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
			return p.Passes(p.Root(0), plan, T, []uint64{0, 1}, true)
		}
		jumps := settledJumps.Load()
		got, want := run(false), run(true)
		if T > 3 && settledJumps.Load() == jumps {
			t.Errorf("pad %d, T=%d: the programme did not stop early", pad, T)
		}
		for n := range got {
			a, b := got[n], want[n]
			if a.NAcc != b.NAcc || a.NRej != b.NRej || a.PAcc.Float() != b.PAcc.Float() || a.PRej.Float() != b.PRej.Float() {
				t.Errorf("pad %d, T=%d, pass %d: settled %+v, walked %+v", pad, T, n, a, b)
			}
		}
	}
}
