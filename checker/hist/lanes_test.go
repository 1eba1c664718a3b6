package hist

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestLanesAlone checks, on 200 random games, plans and outcomes, that a
// coalition's pass gives the same Result to the bit whether it runs alone
// or as a lane among others (with or without counts, whatever its
// companions, split into one or two walks, on one goroutine or spread),
// and that a pass asked again comes from the product's cache.
func TestLanesAlone(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 3))
	for i := 0; i < 200; i++ {
		g := randomGame(r)
		beta := uniformBeta(g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 1 + r.IntN(120)
		psi := f.Temporal(ltlf.F, int32(r.IntN(T+1)), 0, f.Atom(0))
		if i%2 == 1 {
			// A deadline: the successors at it are explored with their
			// state, so the product's numbering, and the sums, do not
			// depend on the walks beside a pass.
			psi = f.Anchor(psi)
		}
		plan := make([]*Step, T)
		for k := range plan {
			if r.IntN(2) == 0 {
				plan[k] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
			}
		}
		// A Diff pass asked without the player's walks with its lane all
		// the same (its feeder), unasked.
		js, counts, spread := randomPasses(r)
		product := func(min int) *Product {
			m := NewModel(g, Config{Beta: beta, MaxProduct: 10000, MinParallel: min})
			return NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
		}
		p := product(spread)
		got := p.Passes(p.Root(0), plan, T, js, counts)
		for n, j := range js {
			alone := product(1 << 40)
			want := alone.Pass(alone.Root(0), plan, T, j, counts)
			name := fmt.Sprintf("game %d (T=%d, js=%x, counts %v, spread %v): J=%x", i, T, js, counts, spread == 1, j)
			if !reflect.DeepEqual(got[n], want) {
				t.Fatalf("%s: among lanes %+v, alone %+v", name, got[n], want)
			}
			if again := p.Pass(p.Root(0), plan, T, j, counts); again != got[n] {
				t.Fatalf("%s: asked again, the pass ran again", name)
			}
		}
	}
}

// TestLaneGroups checks the split of coalitions into walks: a coalition
// and its Free reading stay together, the walks get about equal numbers.
func TestLaneGroups(t *testing.T) {
	for _, c := range []struct {
		js   []uint64
		want [][]int
	}{
		{[]uint64{0}, [][]int{{0}}},
		{[]uint64{0, 1, 1 | Free}, [][]int{{0}, {1, 2}}},
		{[]uint64{1 | Free, 0, 1}, [][]int{{1}, {0, 2}}},
		{[]uint64{0, 2, 3, 3 | Free, 2 | Free}, [][]int{{0, 1, 4}, {2, 3}}},
		{[]uint64{1, 1 | Free}, [][]int{{0, 1}}},
		{[]uint64{0, 1, 3, 1 | Free, 3 | Free, 2, 2 | Free}, [][]int{{0, 1, 3}, {5, 6, 2, 4}}},
	} {
		todo := make([]int, len(c.js))
		for i := range todo {
			todo[i] = i
		}
		if got := laneGroups(c.js, todo); !reflect.DeepEqual(got, c.want) {
			t.Errorf("laneGroups(%x) = %v, want %v", c.js, got, c.want)
		}
	}
}

// randomPasses draws the passes a random case asks for at once: some of
// the plan-free pass, the player's (coalition 1), its free reading and
// their difference, in a random order; whether they count; and the
// Config.MinParallel that spreads every step over the cores (1) or none.
func randomPasses(r *rand.Rand) (js []uint64, counts bool, spread int) {
	js = []uint64{0, 1, 1 | Free, 1 | Diff}
	r.Shuffle(len(js), func(a, b int) { js[a], js[b] = js[b], js[a] })
	js = js[:1+r.IntN(len(js))]
	counts = r.IntN(2) == 0
	spread = 1 << 40
	if r.IntN(2) == 0 {
		spread = 1
	}
	return js, counts, spread
}
