package locate_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Example computes the forward responsibility of SPEC §12.6's states: from
// state 0 a choice leads to 1 or 2, from each of those to 3 (fine) or 4
// (bad); P1 wants to stay out of 4. Any two of the three choosing states
// keep it safe, so each gets a third.
func Example() {
	succ := [][]int32{{1, 2}, {3, 4}, {3, 4}, {3}, {4}}
	g := &translate.Game{Type: prism.TypeMDP, NumStates: 5, Players: []string{"1"}, Initial: []int32{0},
		Vars: []translate.Var{{Name: "s", Lo: 0, Hi: 4}}, Values: []int32{0, 1, 2, 3, 4}}
	for _, ts := range succ {
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		for _, t := range ts {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.Target = append(g.Target, t)
			g.Prob = append(g.Prob, 1)
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))

	obj := locate.Objective{Kind: locate.Safe, Target: []bool{true, true, true, true, false}}
	gm := &locate.Game{G: g, Obj: obj, Groups: locate.Individual(g, locate.Relevant(g, 0, obj))}
	res, err := locate.Run(gm, locate.Options{})
	if err != nil {
		panic(err)
	}
	for _, v := range res.Values {
		fmt.Println(v.Name, v.ShapleyExact, v.BanzhafExact, v.Count)
	}
	// Output:
	// (s=0) 1/3 1/2 2
	// (s=1) 1/3 1/2 2
	// (s=2) 1/3 1/2 2
}
