package onus_test

import (
	"fmt"
	"log"

	"github.com/onus-mc/onus"
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
