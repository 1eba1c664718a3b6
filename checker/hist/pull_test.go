package hist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestPullSame checks, on 200 random games, plans and outcomes, that the
// pull step changes no Result to the bit: the passes run with it off, as
// usual (once a layer stops changing), and eager (a plan recorded at every
// step whose filters are the last step's) give the same Results.
func TestPullSame(t *testing.T) {
	defer func(m int) { pullMode = m }(pullMode)
	r := rand.New(rand.NewPCG(31, 7))
	pulled := map[int]int64{}
	for i := 0; i < 200; i++ {
		g := randomGame(r)
		// Weights and probabilities far from powers of two, so that a
		// term added in another order or way would change the last bits.
		beta := randomWeights(r, g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 1 + r.IntN(150)
		psi := f.Temporal(ltlf.F, int32(r.IntN(T+1)), 0, f.Atom(0))
		if r.IntN(3) == 0 {
			psi = f.Temporal(ltlf.G, int32(r.IntN(T+1)), 0, f.Not(f.Atom(0)))
		}
		// A plan that repeats one step (as [go1,go2]^T does), with free
		// stretches and a change of step now and then.
		plan := make([]*Step, T)
		var st *Step
		for k := range plan {
			if k == 0 || r.IntN(20) == 0 {
				st = nil
				if r.IntN(3) != 0 {
					st = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
				}
			}
			plan[k] = st
		}
		js, counts, spread := randomPasses(r)
		run := func(mode int) []*Result {
			pullMode = mode
			m := NewModel(g, Config{Beta: beta, MaxProduct: 10000, MinParallel: spread})
			p := NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
			return p.Passes(p.Root(0), plan, T, js, counts)
		}
		want := run(pullOff)
		for _, mode := range []int{0, pullEager} {
			before := pullSteps.Load()
			got := run(mode)
			pulled[mode] += pullSteps.Load() - before
			name := fmt.Sprintf("game %d (T=%d, js=%x, counts %v, spread %v, mode %d)", i, T, js, counts, spread == 1, mode)
			for n := range want {
				if !reflect.DeepEqual(got[n], want[n]) {
					t.Fatalf("%s: J=%x with the pull step %+v, without %+v", name, js[n], got[n], want[n])
				}
			}
		}
	}
	if pulled[0] == 0 || pulled[pullEager] == 0 {
		t.Errorf("the pull step never ran: %v", pulled)
	}
	t.Logf("pull steps: %v", pulled)
}

// randomWeights gives g's choices a behaviour and its transitions
// probabilities far from powers of two, so that a term added in another
// order or way would change the last bits; it returns the behaviour.
func randomWeights(r *rand.Rand, g *translate.Game) []float64 {
	beta := make([]float64, len(g.ChoiceAction))
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		randomSplit(r, beta[lo:hi])
	}
	for c := range g.ChoiceAction {
		randomSplit(r, g.Prob[g.TransStart[c]:g.TransStart[c+1]])
	}
	return beta
}

// randomSplit fills w with random positive weights summing to about 1.
func randomSplit(r *rand.Rand, w []float64) {
	sum := 0.0
	for i := range w {
		w[i] = 0.1 + r.Float64()
		sum += w[i]
	}
	for i := range w {
		w[i] /= sum
	}
}

// TestNormEntry checks normEntry's probability against math.Frexp's
// reading, on normal, subnormal and extreme numbers.
func TestNormEntry(t *testing.T) {
	for _, p := range []float64{0, 1, 0.5, 0.75, 3, 1e300, 1e-300, 5e-324, 1e-310, math.MaxFloat64, math.SmallestNonzeroFloat64, 0.1} {
		e := entry{p: p, pe: 7}
		normEntry(&e, false)
		m, x := math.Frexp(p)
		want := entry{p: m, pe: 7 + int32(x)}
		if p == 0 {
			want.pe = 0
		}
		if e != want {
			t.Errorf("normEntry(%g) = %+v, want %+v", p, e, want)
		}
	}
}
