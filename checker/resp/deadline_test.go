package resp

import (
	"testing"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// fanQuery is a query on an mdp whose state 0 moves to one of n states,
// each of which loops: the second step of a sweep expands all n at once.
func fanQuery(n, T int) *Query {
	g := &translate.Game{Type: prism.TypeMDP, NumStates: n + 1, Players: []string{"p"},
		ChoiceStart: []int32{0}, TransStart: []int32{0}}
	for to := 1; to <= n; to++ {
		g.Target = append(g.Target, int32(to))
		g.Prob = append(g.Prob, 1/float64(n))
	}
	for s := 1; s <= n; s++ {
		g.ChoiceStart = append(g.ChoiceStart, int32(s))
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
		g.Target = append(g.Target, int32(s))
		g.Prob = append(g.Prob, 1)
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(n+1))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	beta := make([]float64, n+1)
	for i := range beta {
		beta[i] = 1
	}
	m := hist.NewModel(g, hist.Config{Beta: beta, MaxProduct: 1 << 24})
	at1 := translate.NewBitset(n + 1)
	at1.Set(1)
	f := ltlf.NewFactory()
	psi := f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(0))
	p := hist.NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{at1}, n+1))
	return &Query{Kind: CCR, Players: 1, T: T, Product: p, Start: p.Root(0)}
}

// TestSweepStepPolls: one step of an emptiness sweep that expands n
// states reads the deadline (--timeout, Ctrl-C) within, about every 1024
// states, not only between steps: a step over a large product would
// otherwise run to its end past the limit.
func TestSweepStepPolls(t *testing.T) {
	const n = 1 << 14
	q := fanQuery(n, 2)
	before := limit.Readings()
	set, _ := q.reachable(0)
	if len(set) != n {
		t.Fatalf("R_2 has %d states, want %d", len(set), n)
	}
	if got := limit.Readings() - before; got < n/1024 {
		t.Errorf("the sweep read the deadline %d times in 2 steps, the second of %d states: want at least %d", got, n, n/1024)
	}
}
