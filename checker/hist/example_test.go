package hist_test

import (
	"fmt"
	"math/big"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Example measures F<=2 goal on the histories of length 2 of a one-player
// mdp: in state 0 the player either tries to go (reaching the goal, state
// 1, with probability 0.5) or waits; state 1 loops. β gives both choices of
// state 0 weight 1/2. A history is a sequence of choices and transitions,
// and the probability of a language is the mass β and the game give it
// (the plan filters choices without renormalising).
func Example() {
	g := &translate.Game{
		Type:        prism.TypeMDP,
		NumStates:   2,
		Players:     []string{"1"},
		Actions:     []string{"", "go", "wait"},
		ChoiceStart: []int32{0, 2, 3},
		// choices: 0 go (coin to 0 or 1), 1 wait, 2 loop at the goal
		ChoiceAction: []int32{1, 2, 0},
		TransStart:   []int32{0, 2, 3, 4},
		Target:       []int32{0, 1, 0, 1},
		Prob:         []float64{0.5, 0.5, 1, 1},
	}
	m := hist.NewModel(g, hist.Config{Beta: []float64{0.5, 0.5, 1}, MaxProduct: 1000})

	f := ltlf.NewFactory()
	goal := translate.NewBitset(2)
	goal.Set(1)
	psi := f.Temporal(ltlf.F, 2, 0, f.Atom(0))
	p := hist.NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, 2))

	start := p.Start(0)
	all := p.Pass(start, nil, 2, 0, true)
	fmt.Println("histories reaching the goal:", all.CAcc, "of", new(big.Int).Add(all.CAcc, all.CRej))
	fmt.Printf("their probability: %.3f\n", all.PAcc.Float())

	// The plan [go] for the player (coalition {1}, mask 1) at the first step.
	plan := []*hist.Step{{Text: "[go]", Opts: []hist.Opt{{Label: 1, Index: -1}}}}
	planned := p.Pass(start, plan, 2, 1, true)
	fmt.Printf("under the plan [go]: %v histories reach it, probability %.3f\n", planned.CAcc, planned.PAcc.Float())
	// Output:
	// histories reaching the goal: 3 of 7
	// their probability: 0.438
	// under the plan [go]: 2 histories reach it, probability 0.312
}
