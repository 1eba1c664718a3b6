package ltlf_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/ltlf"
)

// states is a set of game states for the example.
type states map[int]bool

func (s states) Has(i int) bool { return s[i] }

// Example builds the automaton of F<=2 goal over a three-state game where
// goal holds in state 2 only, and runs it on the history 0 1 2.
func Example() {
	f := ltlf.NewFactory()
	goal := f.Atom(0)
	psi := f.Temporal(ltlf.F, 2, 0, goal)
	a := ltlf.NewAutomaton(f, psi, []ltlf.StateSet{states{2: true}}, 3)

	q := a.Init()
	for _, s := range []int{0, 1} {
		q = a.Prog(q, a.Letter(s))
	}
	fmt.Println("accepts 0 1 2:", a.Final(q, a.Letter(2)))
	fmt.Println("accepts 0 1 1:", a.Final(q, a.Letter(1)))
	coSafe, safe := f.Classify(psi)
	fmt.Println("co-safe:", coSafe, "safety:", safe)
	// Output:
	// accepts 0 1 2: true
	// accepts 0 1 1: false
	// co-safe: true safety: true
}
