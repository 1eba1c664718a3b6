package hist_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Example_free compares Compat_J(π) with Compat^free_J(π) (SPEC §13) on
// the mdp of Example under the plan [go] [go]: once at the goal (state 1),
// go is not enabled. The plain mask drops the histories that get there at
// the first step; with hist.Free the player acts as β says there instead.
func Example_free() {
	g := &translate.Game{
		Type:         prism.TypeMDP,
		NumStates:    2,
		Players:      []string{"1"},
		Actions:      []string{"", "go", "wait"},
		ChoiceStart:  []int32{0, 2, 3},
		ChoiceAction: []int32{1, 2, 0},
		TransStart:   []int32{0, 2, 3, 4},
		Target:       []int32{0, 1, 0, 1},
		Prob:         []float64{0.5, 0.5, 1, 1},
	}
	m := hist.NewModel(g, hist.Config{Beta: []float64{0.5, 0.5, 1}, MaxProduct: 1000})
	f := ltlf.NewFactory()
	goal := translate.NewBitset(2)
	goal.Set(1)
	p := hist.NewProduct(m, ltlf.NewAutomaton(f, f.Temporal(ltlf.F, 2, 0, f.Atom(0)), []ltlf.StateSet{goal}, 2))
	start := p.Start(0)

	goStep := &hist.Step{Text: "[go]", Opts: []hist.Opt{{Label: 1, Index: -1}}}
	plan := []*hist.Step{goStep, goStep}
	drop := p.Pass(start, plan, 2, 1, true)
	free := p.Pass(start, plan, 2, 1|hist.Free, true)
	fmt.Printf("drop: %v of %v histories reach the goal, probability %.4f\n", drop.CAcc, drop.CAcc.Int64()+drop.CRej.Int64(), drop.PAcc.Float())
	fmt.Printf("free: %v of %v histories reach the goal, probability %.4f\n", free.CAcc, free.CAcc.Int64()+free.CRej.Int64(), free.PAcc.Float())
	l := m.FirstLoss(0, plan, 2, 1)
	fmt.Printf("first stuck at step %d (0-based), state %d, player %d\n", l.Step, l.State, l.Player)
	// Output:
	// drop: 1 of 2 histories reach the goal, probability 0.0625
	// free: 2 of 3 histories reach the goal, probability 0.3125
	// first stuck at step 1 (0-based), state 1, player 0
}
