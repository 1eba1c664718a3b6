package hist

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestDenseSame checks, on 200 random games, plans and outcomes, that
// dense layers change no Result to the bit: the passes run with them off,
// as usual and always (whatever the width of the successors' range) give
// the same Results.
func TestDenseSame(t *testing.T) {
	defer func(m int) { denseMode = m }(denseMode)
	r := rand.New(rand.NewPCG(37, 11))
	dense := map[int]int64{}
	for i := 0; i < 200; i++ {
		g := randomGame(r)
		beta := randomWeights(r, g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 1 + r.IntN(100)
		psi := f.Temporal(ltlf.F, int32(r.IntN(T+1)), 0, f.Atom(0))
		plan := make([]*Step, T)
		for k := range plan {
			if r.IntN(2) == 0 {
				plan[k] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
			}
		}
		js, counts, spread := randomPasses(r)
		run := func(mode int) []*Result {
			denseMode = mode
			m := NewModel(g, Config{Beta: beta, MaxProduct: 10000, MinParallel: spread})
			p := NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
			return p.Passes(p.Root(0), plan, T, js, counts)
		}
		want := run(denseOff)
		for _, mode := range []int{0, denseAlways} {
			before := denseParts.Load()
			got := run(mode)
			dense[mode] += denseParts.Load() - before
			name := fmt.Sprintf("game %d (T=%d, js=%x, counts %v, spread %v, mode %d)", i, T, js, counts, spread == 1, mode)
			for n := range want {
				if !reflect.DeepEqual(got[n], want[n]) {
					t.Fatalf("%s: J=%x with dense layers %+v, without %+v", name, js[n], got[n], want[n])
				}
			}
		}
	}
	if dense[0] == 0 || dense[denseAlways] == 0 {
		t.Errorf("no dense layer: %v", dense)
	}
	t.Logf("dense parts: %v", dense)
}
