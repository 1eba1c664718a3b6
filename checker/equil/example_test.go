package equil_test

import (
	"fmt"
	"os"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/checker/solve/nfg"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// A coordination game: both players pick a or b at once; matching on a
// takes the game to state 1 (p1's goal), matching on b to state 2 (p2's
// goal), a mismatch leaves it in state 0.
const coordination = `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1 [a1] true -> true; [b1] true -> true; endmodule
module m2 [a2] true -> true; [b2] true -> true; endmodule
module game
  s : [0..2] init 0;
  [a1,a2] s=0 -> (s'=1);
  [b1,b2] s=0 -> (s'=2);
endmodule
`

// Example answers <<p1:p2>>max=? (P[F<=1 s=1] + P[F<=1 s=2]): of the
// equilibria (a,a) with values (1,0), (b,b) with (0,1) and mixed ones,
// social welfare picks a sum of 1, ties going to the larger value of the
// first coalition.
func Example() {
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "coord.prism", coordination)
	if err != nil {
		panic(err)
	}
	m, err := translate.Build(fset, mf, nil, translate.Config{})
	if err != nil {
		panic(err)
	}
	g := m.Game
	goal := func(v int32) translate.Bitset {
		b := translate.NewBitset(g.NumStates)
		for s := 0; s < g.NumStates; s++ {
			if g.Values[s] == v {
				b.Set(s)
			}
		}
		return b
	}
	q := &equil.Query{
		Coalitions: [2][]int{{0}, {1}},
		Objectives: [2]equil.Objective{
			{Kind: equil.Until, Bounded: true, Bound: 1, Target: goal(1)},
			{Kind: equil.Until, Bounded: true, Bound: 1, Target: goal(2)},
		},
		Criterion: nfg.Social,
	}
	r, err := equil.Solve(g, q, equil.Config{})
	if err != nil {
		panic(err)
	}
	s0 := int(g.Initial[0])
	fmt.Printf("p1 %g + p2 %g = %g\n", r.Values[0][s0], r.Values[1][s0], r.Sum(s0))
	// Output:
	// p1 1 + p2 0 = 1
}

// ExampleWriteStrategy writes the profile behind the coordination game's
// answer, with unbounded objectives, in PRISM-games' strategy format: p1
// and p2 both play a, which reaches state 1 and meets p1's objective;
// from there both play for p2 (a joint choice, "MDP"), who can no longer
// reach state 2.
func ExampleWriteStrategy() {
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "coord.prism", coordination)
	if err != nil {
		panic(err)
	}
	m, err := translate.Build(fset, mf, nil, translate.Config{})
	if err != nil {
		panic(err)
	}
	g := m.Game
	goal := func(v int32) translate.Bitset {
		b := translate.NewBitset(g.NumStates)
		for s := 0; s < g.NumStates; s++ {
			if g.Values[s] == v {
				b.Set(s)
			}
		}
		return b
	}
	q := &equil.Query{
		Coalitions: [2][]int{{0}, {1}},
		Objectives: [2]equil.Objective{
			{Kind: equil.Until, Target: goal(1)},
			{Kind: equil.Until, Target: goal(2)},
		},
	}
	r, err := equil.Solve(g, q, equil.Config{Profile: true})
	if err != nil {
		panic(err)
	}
	if err := equil.WriteStrategy(os.Stdout, r.Profile); err != nil {
		panic(err)
	}
	// Output:
	// digraph MDP {
	// size="8,5"
	// node [shape=box];
	// 0 []
	// 0 -> n0_0 [ arrowhead=none,label="0:CSG: 1.0: [a1] -- 1.0: [a2]" ];
	// n0_0 [ shape=point,width=0.1,height=0.1,label="" ];
	// n0_0 -> 1 [ label="1.0" ];
	// 1 []
	// 1 -> n1_0 [ arrowhead=none,label="0:MDP: 1.0: [a1][a2]" ];
	// n1_0 [ shape=point,width=0.1,height=0.1,label="" ];
	// n1_0 -> 1 [ label="1.0" ];
	// 0 [label="0\n(0)"]
	// 1 [label="1\n(1)"]
	// }
	//
	// /*
	//  -- Transitions --
	// 2 2 2
	// 0 0 1 1.0 CSG: 1.0: [a1] -- 1.0: [a2]
	// 1 0 1 1.0 MDP: 1.0: [a1][a2]
	//
	//  -- States --
	// (s)
	// 0:(0)
	// 1:(1)
	// */
}
