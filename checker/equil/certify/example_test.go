package certify_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/checker/equil/certify"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The prisoners' dilemma of PRISM-games' tests, one round: cooperating
// (c) costs 1 each, defecting alone frees the defector and costs the
// other 4, both defecting costs 3 each.
const prisoners = `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1 done : bool; [c1] !done -> (done'=true); [d1] !done -> (done'=true); endmodule
module m2 [c2] true -> true; [d2] true -> true; endmodule
rewards "r1" [c1,c2] true : -1; [c1,d2] true : -4; [d1,d2] true : -3; endrewards
rewards "r2" [c1,c2] true : -1; [d1,c2] true : -4; [d1,d2] true : -3; endrewards
`

// Example certifies the equilibrium of <<p1:p2>>max=? (R{"r1"}[C<=1] +
// R{"r2"}[C<=1]): defecting dominates, both defect, and neither gains by
// deviating alone, though both would gain by deviating together.
func Example() {
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "prisoners.prism", prisoners)
	if err != nil {
		panic(err)
	}
	m, err := translate.Build(fset, mf, nil, translate.Config{})
	if err != nil {
		panic(err)
	}
	g := m.Game
	cost := func(k int) equil.Objective {
		r := g.Rewards[k]
		return equil.Objective{Kind: equil.Cumul, Bounded: true, Bound: 1, StateRew: r.State, TransRew: r.Trans}
	}
	q := &equil.Query{Coalitions: [2][]int{{0}, {1}}, Objectives: [2]equil.Objective{cost(0), cost(1)}}
	r, err := equil.Solve(g, q, equil.Config{Profile: true})
	if err != nil {
		panic(err)
	}
	init := int(g.Initial[0])
	rep, err := certify.Check(g, r, init, certify.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("values (%g, %g), certified %v, largest gains %v\n", rep.Values[0], rep.Values[1], rep.Certified, rep.MaxGain)
	// Output:
	// values (-3, -3), certified true, largest gains [0 0]
}
