package hist

import (
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// TestAnchorWithin checks the products of outcomes anchored for a
// horizon: F<=5 judged at T = 5 has its deadline at the horizon, so it is
// the unbounded F there and no product state has closing successors (nor
// a second copy of the game's states for them), with the probability of
// the deadline's product; judged at T = 8 the deadline stays and its
// closing successors are explored.
func TestAnchorWithin(t *testing.T) {
	g := coinGame()
	goal := translate.NewBitset(2)
	goal.Set(1)
	f := ltlf.NewFactory()
	psi := f.Temporal(ltlf.F, 5, 0, f.Atom(0))
	run := func(id int32, T int) (*Product, *Result) {
		m := NewModel(g, Config{Beta: []float64{0.25, 0.75, 0.5, 0.5}, MaxProduct: 1000})
		p := NewProduct(m, ltlf.NewAutomaton(f, id, []ltlf.StateSet{goal}, 2))
		return p, p.Pass(p.Root(0), nil, T, 0, true)
	}
	closed := func(p *Product) int {
		n := 0
		for _, c := range p.closeAt {
			if c >= 0 {
				n++
			}
		}
		return n
	}
	within, rw := run(f.AnchorWithin(psi, 5), 5)
	deadline, rd := run(f.Anchor(psi), 5)
	if n := closed(within); n != 0 {
		t.Errorf("T = 5, anchored within it: %d states have closing successors, want none", n)
	}
	if closed(deadline) == 0 || within.Size() >= deadline.Size() {
		t.Errorf("T = 5, deadline kept: %d states with closing successors, %d product states against %d", closed(deadline), deadline.Size(), within.Size())
	}
	if a, b := rw.PAcc.Float(), rd.PAcc.Float(); a != b || a == 0 || rw.NAcc != rd.NAcc {
		t.Errorf("P(F<=5 goal) at T = 5: %v anchored within, %v with the deadline", a, b)
	}
	if p8, _ := run(f.AnchorWithin(psi, 8), 8); closed(p8) == 0 {
		t.Errorf("T = 8: no closing successors explored")
	}
}

// TestTablesSame checks that product ids found by table (an automaton
// state with many product states) are those the index map gives: on a
// 3000-state game whose product has two automaton states with thousands
// of product states each, the product's states and the passes' results
// are the same with tables and without.
func TestTablesSame(t *testing.T) {
	const n = 3000
	g := &translate.Game{Type: prism.TypeMDP, NumStates: n, Players: []string{"1"}, Actions: []string{"", "a", "b"},
		ChoiceStart: []int32{0}, TransStart: []int32{0}}
	for s := 0; s < n; s++ {
		for c, to := range []int{(s*7 + 1) % n, (s*13 + 5) % n} {
			g.ChoiceAction = append(g.ChoiceAction, int32(1+c))
			g.Target = append(g.Target, int32(to), int32((to+3)%n))
			g.Prob = append(g.Prob, 0.5, 0.5)
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
		}
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.ChoiceAction)))
	}
	goal := translate.NewBitset(n)
	for s := 0; s < n; s += 17 {
		goal.Set(s)
	}
	f := ltlf.NewFactory()
	psi := f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(0))
	run := func(off bool) (*Product, []*Result) {
		tablesOff = off
		defer func() { tablesOff = false }()
		p := NewProduct(NewModel(g, Config{Beta: uniformBeta(g), MaxProduct: 1 << 20}), ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, n))
		return p, p.Passes(p.Root(0), nil, 60, []uint64{0, 1}, true)
	}
	pt, rt := run(false)
	pm, rm := run(true)
	tables := 0
	for _, qi := range pt.qs {
		if qi.tab != nil {
			tables++
		}
	}
	if tables == 0 {
		t.Fatalf("no automaton state got a table (%d product states): the test does not test them", pt.Size())
	}
	if !reflect.DeepEqual(pt.S, pm.S) || !reflect.DeepEqual(pt.Q, pm.Q) || !reflect.DeepEqual(pt.Succ, pm.Succ) {
		t.Fatalf("the product's states differ with tables (%d states) and without (%d)", pt.Size(), pm.Size())
	}
	if !reflect.DeepEqual(rt, rm) {
		t.Fatalf("results with tables %+v, without %+v", rt, rm)
	}
	if pt.mapped >= pm.mapped {
		t.Fatalf("%d ids in the map with tables, %d without", pt.mapped, pm.mapped)
	}
}
