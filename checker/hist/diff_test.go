package hist

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestDiffLanes checks, on 300 random games, plans and outcomes, that a
// Diff pass measures Compat^free_J(π) ∖ Compat_J(π): its counts are the
// free reading's minus the plain one's, exactly (horizons short enough
// for counts below 2^53), its probabilities the same within 1e-12 of the
// free reading's, and its emptiness that of the difference, whether it
// walks with its plain coalition or alone (its feeder then walks unasked).
func TestDiffLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 11))
	nonEmpty := 0
	for i := 0; i < 300; i++ {
		g := randomGame(r)
		beta := uniformBeta(g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 1 + r.IntN(14)
		psi := f.Temporal(ltlf.F, int32(r.IntN(T+1)), 0, f.Atom(0))
		plan := make([]*Step, T)
		for k := range plan {
			if r.IntN(3) != 0 {
				plan[k] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
			}
		}
		p := NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
		start := p.Root(0)
		var js []uint64
		if r.IntN(2) == 0 {
			js = []uint64{1 | Diff, 0}
		} else {
			js = []uint64{1, 1 | Diff, 1 | Free}
		}
		diff := p.Passes(start, plan, T, js, true)[slices0(js)]
		alone := NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
		free := alone.Pass(alone.Root(0), plan, T, 1|Free, true)
		plain := alone.Pass(alone.Root(0), plan, T, 1, true)
		name := fmt.Sprintf("game %d (T=%d, js=%x)", i, T, js)
		for _, side := range []struct {
			what        string
			d, fr, pl   *big.Int
			dp, frp, pp float64
			any         bool
		}{
			{"accepted", diff.CAcc, free.CAcc, plain.CAcc, diff.PAcc.Float(), free.PAcc.Float(), plain.PAcc.Float(), diff.AnyAcc},
			{"rejected", diff.CRej, free.CRej, plain.CRej, diff.PRej.Float(), free.PRej.Float(), plain.PRej.Float(), diff.AnyRej},
		} {
			if side.d == nil || side.fr == nil || side.pl == nil {
				t.Fatalf("%s: %s counts not exact", name, side.what)
			}
			want := new(big.Int).Sub(side.fr, side.pl)
			if side.d.Cmp(want) != 0 {
				t.Fatalf("%s: %s count %v, want %v − %v = %v", name, side.what, side.d, side.fr, side.pl, want)
			}
			if math.Abs(side.dp-(side.frp-side.pp)) > 1e-12*side.frp {
				t.Fatalf("%s: %s probability %v, want %v − %v", name, side.what, side.dp, side.frp, side.pp)
			}
			if side.any != (want.Sign() > 0) {
				t.Fatalf("%s: %s non-empty %v, count %v", name, side.what, side.any, want)
			}
			if want.Sign() > 0 {
				nonEmpty++
			}
		}
	}
	if nonEmpty < 50 {
		t.Fatalf("only %d non-empty differences: the games do not test the feed", nonEmpty)
	}
}

// slices0 is the index of the Diff mask in js.
func slices0(js []uint64) int {
	for i, j := range js {
		if j&Diff != 0 {
			return i
		}
	}
	return -1
}

// TestManyDiffLanes asks for 70 Diff passes at once, of coalitions that
// the one player's filters treat alike but that are distinct masks (bits
// of players the game lacks): their side walks must stay within maxLanes
// lanes, and each result must be the one its pass gives alone.
func TestManyDiffLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 2))
	for i := 0; i < 20; i++ {
		g := randomGame(r)
		beta := uniformBeta(g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 1 + r.IntN(12)
		psi := f.Temporal(ltlf.F, int32(r.IntN(T+1)), 0, f.Atom(0))
		plan := make([]*Step, T)
		for k := range plan {
			plan[k] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
		}
		product := func() *Product {
			return NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
		}
		var js []uint64
		for x := uint64(0); x < 70; x++ {
			js = append(js, 1|x<<1|Diff)
		}
		p := product()
		got := p.Passes(p.Root(0), plan, T, js, true)
		for n, j := range js {
			alone := product()
			want := alone.Pass(alone.Root(0), plan, T, j, true)
			if !reflect.DeepEqual(got[n], want) {
				t.Fatalf("game %d (T=%d), J=%x: among 70 Diff passes %+v, alone %+v", i, T, j, got[n], want)
			}
		}
	}
}
