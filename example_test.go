package onus_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/onus-mc/onus"
	"github.com/onus-mc/onus/prism"
)

// The paper's continuous prisoners' dilemma with t = 3: p1's active,
// passive and contributive responsibility degrees (count, probability,
// entropy) under the plans of examples/cpd.props.
func Example() {
	m, err := onus.Load("examples/cpd.prism", onus.Options{Props: []string{"examples/cpd.props"}, Const: map[string]any{"t": 3}})
	if err != nil {
		log.Fatal(err)
	}
	rs, err := m.Check(`CAR(p1, [*]^(t-1) [d1,c2])=? [ F<=t ("reward"|"payoff2") ]`,
		`CPR(p1, cpr_late)=? [ F<=t "reward" ]`, `CCR(p1, alternate)=? [ G<=t ("fine"|"reward") ]`)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(rs)
	// Output:
	// CAR(p1, [*]^(t-1) [d1,c2])=? [ F<=t ("reward"|"payoff2") ]: count 0.5, prob 0.5, entropy 0.8328600373623238
	// CPR(p1, cpr_late)=? [ F<=t "reward" ]: count 0.3333333333333333, prob 0.3333333333333333, entropy 0.6910095361682882
	// CCR(p1, alternate)=? [ G<=t ("fine"|"reward") ]: count 0.125, prob 0.125, entropy 0.3154648767857287
}

// One property, read through the typed fields of its result.
func ExampleModel_Check() {
	m, err := onus.Load("examples/cpd.prism", onus.Options{Props: []string{"examples/cpd.props"}, Const: map[string]any{"t": 3}, Exact: true})
	if err != nil {
		log.Fatal(err)
	}
	rs, err := m.Check(`CPR(p1, cpr_late)=? [ F "reward" ]`)
	if err != nil {
		log.Fatal(err)
	}
	r := rs[0]
	fmt.Println(r.Kind, r.Horizon, r.Degrees.Prob, r.Degrees.ProbExact)
	for _, n := range r.Notes {
		fmt.Println(n)
	}
	// Output:
	// degrees 3 0.3333333333333333 1/3
	// property:1:23: note: F is judged within the horizon T = 3 set by the plan's length; set a longer horizon to look further
}

// The properties of a props file under a sweep of its constant: each
// property once per value, as a PRISM experiment.
func ExampleModel_CheckAll() {
	m, err := onus.Load("examples/cpd.prism", onus.Options{Props: []string{"examples/cpd_q.props"}, Const: map[string]any{"t": []int{1, 2, 3}}})
	if err != nil {
		log.Fatal(err)
	}
	rs, err := m.CheckAll()
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rs[len(rs)-3:] {
		fmt.Printf("%s: %.4f\n", r.Constants, r.Number)
	}
	// Output:
	// t=1: 0.6309
	// t=2: 0.7587
	// t=3: 0.8329
}

// A model given as text, and a props file given as text.
func ExampleLoadString() {
	m, err := onus.LoadString("coin.prism", `dtmc
module coin
s : [0..2] init 0;
[] s=0 -> 0.5:(s'=1) + 0.5:(s'=2);
[] s>0 -> true;
endmodule
label "heads" = s=1;`, onus.Options{Exact: true})
	if err != nil {
		log.Fatal(err)
	}
	rs, err := m.CheckString("coin.props", `P=? [ F<=1 "heads" ]
#=? [ X "heads" ]`)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(rs)
	// Output:
	// P=? [ F<=1 "heads" ]: 0.5 (exact: 1/2)
	// #=? [ X "heads" ]: 1
}

// A build for explicit constants, and its game.
func ExampleModel_Build() {
	m, err := onus.Load("examples/robots.prism", onus.Options{})
	if err != nil {
		log.Fatal(err)
	}
	b, err := m.Build(map[string]any{"N": 4, "cross": 1})
	if err != nil {
		log.Fatal(err)
	}
	g := b.Model().Game
	fmt.Println(b.Constants(), g.Type, g.Players, g.NumStates)
	r, err := b.Check(`CCR(r1, @"examples/robots.trace.txt")=? [ F<=2 "crash" ]`)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r)
	// Output:
	// N=4,cross=1 csg [r1 r2] 16
	// count 0.19230769230769232, prob 0.20969855832241155, entropy 0.43625143477457795
}

// Errors are positioned in the files (a property given as a string is
// the file "property"); a hint names the setting an error is about, and
// IsLimit tells a resource limit from bad input.
func Example_errors() {
	m, err := onus.Load("examples/cpd.prism", onus.Options{Props: []string{"examples/cpd.props"}})
	if err != nil {
		log.Fatal(err)
	}
	_, err = m.Check(`CPR(p1, cpr_late)P=? [ F<=3 "reward" ]`, `P=? [ X "nowhere" ]`)
	var el prism.ErrorList
	if errors.As(err, &el) {
		for _, e := range el {
			fmt.Println(e)
			if e.Hint != nil && e.Hint.Kind == prism.HintConstMissing {
				fmt.Println("  give a value to", e.Hint.Name)
			}
		}
	}
	small, err := onus.Load("examples/cpd.prism", onus.Options{MaxStates: 2})
	if err != nil {
		log.Fatal(err)
	}
	_, err = small.Check(`P=? [ X "fine" ]`)
	fmt.Println(err, onus.IsLimit(err))
	// Output:
	// examples/cpd.props:22:22: error: constant t is undefined: it needs a value
	//   give a value to t
	// property 2:1:9: error: unknown label "nowhere"
	// the model has more than 2 states (the limit MaxStates) true
}
