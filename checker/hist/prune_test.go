package hist

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestPruneSame checks, on 300 random games, plans and outcomes, that
// Diff passes asked for without their plain coalitions (whose walks are
// then pruned to the rows that can still feed) give the results, bit for
// bit, of the same passes with pruning off, with and without counts; and
// that the pruning drops rows in enough of them to test it.
func TestPruneSame(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 7))
	before := prunedRows.Load()
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
		js := []uint64{1 | Diff}
		if r.IntN(2) == 0 {
			js = append(js, 3|Diff, 0)
		}
		counts := r.IntN(2) == 0
		run := func(off bool) []*Result {
			pruneOff = off
			defer func() { pruneOff = false }()
			p := NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
			return p.Passes(p.Root(0), plan, T, js, counts)
		}
		got, want := run(false), run(true)
		for n := range js {
			a, b := *got[n], *want[n]
			if js[n]&Diff != 0 && (a.AnyAcc || a.AnyRej) {
				nonEmpty++
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: pass %x pruned %+v, unpruned %+v", fmt.Sprintf("game %d (T=%d, counts %v)", i, T, counts), js[n], got[n], want[n])
			}
		}
	}
	if n := prunedRows.Load() - before; n < 100 || nonEmpty < 50 {
		t.Fatalf("%d rows pruned, %d non-empty differences: the games do not test the pruning", n, nonEmpty)
	}
	t.Logf("%d rows pruned, %d non-empty differences", prunedRows.Load()-before, nonEmpty)
}
