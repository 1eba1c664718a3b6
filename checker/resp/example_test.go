package resp_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Example asks CAR(p1, [a]) [F<=1 bad] on a two-player smg: in state 0
// player p1 takes a (to the bad state 1) or b (to state 2); p2 owns the
// two end states, which loop. Under the plan [a] p1 made the outcome
// certain and could have avoided it, so p1 is actively responsible, to
// every degree 1.
func Example() {
	g := &translate.Game{
		Type:         prism.TypeSMG,
		NumStates:    3,
		Players:      []string{"p1", "p2"},
		Actions:      []string{"", "a", "b"},
		Owner:        []int32{0, 1, 1},
		ChoiceStart:  []int32{0, 2, 3, 4},
		ChoiceAction: []int32{1, 2, 0, 0},
		TransStart:   []int32{0, 1, 2, 3, 4},
		Target:       []int32{1, 2, 1, 2},
		Prob:         []float64{1, 1, 1, 1},
	}
	m := hist.NewModel(g, hist.Config{Beta: []float64{0.5, 0.5, 1, 1}, MaxProduct: 1000})
	bad := translate.NewBitset(3)
	bad.Set(1)
	f := ltlf.NewFactory()
	psi := f.Temporal(ltlf.F, 1, 0, f.Atom(0))
	p := hist.NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{bad}, 3))

	q := &resp.Query{
		Kind: resp.CAR, Agent: 0, Players: 2, T: 1,
		Steps:   []*hist.Step{{Text: "[a]", Opts: []hist.Opt{{Label: 1, Index: -1}}}},
		Product: p, Start: p.Start(0), Counts: true,
	}
	d := q.Degrees()
	fmt.Println("CAR:", q.Qualitative())
	fmt.Printf("degrees: # %v, P %v, H %v\n", d.Count, d.Prob, d.Entropy)
	// Output:
	// CAR: true
	// degrees: # 1, P 1, H 1
}
