package solve_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Example solves <<p1>> Pmax=? [ F goal ] on a two-player turn-based game:
// in state 0 player p1 picks a fair coin (to goal 2 or trap 3) or passes
// to state 1, where p2 picks the trap or the goal with probability 0.2.
func Example() {
	g := &translate.Game{
		Type:        prism.TypeSMG,
		NumStates:   4,
		Players:     []string{"p1", "p2"},
		Owner:       []int32{0, 1, 0, 0},
		ChoiceStart: []int32{0, 2, 4, 5, 6},
		// choices: 0 coin, 1 pass, 2 trap, 3 risky, 4 and 5 self-loops
		TransStart: []int32{0, 2, 3, 4, 6, 7, 8},
		Target:     []int32{2, 3, 1, 3, 2, 3, 2, 3},
		Prob:       []float64{0.5, 0.5, 1, 1, 0.2, 0.8, 1, 1},
	}
	goal := []bool{false, false, true, false}
	ar := solve.GameArena(g)
	q := solve.Query{Coal: []bool{true, false}, Max: true}
	v, err := solve.Path(ar, q, solve.OpF, nil, goal, solve.Unbounded)
	if err != nil {
		panic(err)
	}
	fmt.Printf("from 0: %.2f, from 1: %.2f\n", v[0], v[1])
	// Output:
	// from 0: 0.50, from 1: 0.00
}

// ExamplePathProfile reads the optimal choices off the same game: p1
// takes the coin in state 0 (passing leads to p2, who takes the trap), and
// p2 takes the trap in state 1.
func ExamplePathProfile() {
	g := &translate.Game{
		Type:        prism.TypeSMG,
		NumStates:   4,
		Players:     []string{"p1", "p2"},
		Owner:       []int32{0, 1, 0, 0},
		ChoiceStart: []int32{0, 2, 4, 5, 6},
		TransStart:  []int32{0, 2, 3, 4, 6, 7, 8},
		Target:      []int32{2, 3, 1, 3, 2, 3, 2, 3},
		Prob:        []float64{0.5, 0.5, 1, 1, 0.2, 0.8, 1, 1},
	}
	goal := []bool{false, false, true, false}
	q := solve.Query{Coal: []bool{true, false}, Max: true}
	v, prof, err := solve.PathProfile(g, q, solve.OpF, nil, goal)
	if err != nil {
		panic(err)
	}
	fmt.Printf("value %.2f; state 0: coin %v, pass %v; state 1: trap %v, risky %v\n", v[0], prof[0], prof[1], prof[2], prof[3])
	// Output:
	// value 0.50; state 0: coin 1, pass 0; state 1: trap 1, risky 0
}
