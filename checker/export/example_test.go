package export_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/export"
	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// labels evaluates the atoms of the example: model labels only.
type labels struct{ g *translate.Game }

func (a labels) StateSet(e prism.Expr) (translate.Bitset, error) { return a.AtomSet(e) }
func (a labels) AtomSet(e prism.Expr) (translate.Bitset, error) {
	return a.g.Label(e.(*prism.LabelRef).Name), nil
}
func (a labels) Bound(t *prism.Temporal) (int64, error) { return export.Unbounded, nil }
func (a labels) Errorf(p prism.Pos, format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// Example exports L_psi for ψ = F "goal" on the histories of length 1 of a
// dtmc that moves from state 0 to the goal (state 1) or to state 2 with
// probability 1/2 each.
func Example() {
	goal := translate.NewBitset(3)
	goal.Set(1)
	g := &translate.Game{
		Type:        prism.TypeDTMC,
		Actions:     []string{""},
		NumStates:   3,
		Initial:     []int32{0},
		ChoiceStart: []int32{0, 1, 2, 3},
		TransStart:  []int32{0, 2, 3, 4},
		Target:      []int32{1, 2, 1, 2},
		Prob:        []float64{0.5, 0.5, 1, 1},
		Labels:      []translate.Label{{Name: "goal", States: goal}},
		Deadlock:    translate.NewBitset(3),
	}
	m := hist.NewModel(g, hist.Config{Beta: []float64{1, 1, 1}, MaxProduct: 1000})
	l := hist.NewLanguage(m, nil, 0, 1)
	l.Name = "L_psi"
	psi := &prism.Temporal{Op: prism.TempF, Right: &prism.LabelRef{Name: "goal"}}
	exps, err := export.Outcomes([]*hist.Language{l}, psi, false, labels{g}, prism.NoPos)
	if err != nil {
		panic(err)
	}
	x := exps[0]
	fmt.Println("chain states:", x.Chain.NumStates, "sink:", x.Sink, "end:", x.End)
	fmt.Println(prism.ExprString(x.Prop))
	// Output:
	// chain states: 5 sink: 3 end: 4
	// P=? [ (G !"onus_sink") & (F (!"onus_end" & "goal")) ]
}
