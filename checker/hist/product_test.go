package hist

import (
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/translate"
)

// TestCloseLater checks that the successors of a state at its Due position
// are explored only by a pass that takes a step there: F<=5 judged at
// T = 5 pairs each game state with the formula (and, once the goal is
// seen, with true) and never with what the closing window leaves, while
// judged at T = 8 the closing successors are explored, and the
// probabilities of the two horizons agree (a history that meets the goal
// within 5 steps does so however long it runs on).
func TestCloseLater(t *testing.T) {
	g := coinGame()
	goal := translate.NewBitset(2)
	goal.Set(1)
	f := ltlf.NewFactory()
	psi := f.Anchor(f.Temporal(ltlf.F, 5, 0, f.Atom(0)))
	run := func(T int) (*Product, *Result) {
		m := NewModel(g, Config{Beta: []float64{0.25, 0.75, 0.5, 0.5}, MaxProduct: 1000})
		p := NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, 2))
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
	p5, r5 := run(5)
	p8, r8 := run(8)
	if n := closed(p5); n != 0 {
		t.Errorf("T = 5: %d states have their closing successors explored, want none", n)
	}
	if n := closed(p8); n == 0 {
		t.Errorf("T = 8: no state has its closing successors explored")
	}
	if p5.Size() >= p8.Size() {
		t.Errorf("T = 5: %d product states, T = 8: %d; want fewer at 5", p5.Size(), p8.Size())
	}
	if a, b := r5.PAcc.Float(), r8.PAcc.Float(); a != b || a == 0 {
		t.Errorf("P(F<=5 goal) is %v at T = 5 and %v at T = 8", a, b)
	}
}
