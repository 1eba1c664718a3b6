package multi_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve/multi"
	"github.com/onus-mc/onus/translate"
)

// Example asks for the cheapest way to win with a given probability on an
// mdp where state 0 offers a sure win for 10 or a coin toss for 2 (won:
// state 1, lost: state 2). The toss alone wins half the time, for 2; to
// win 3/4 of the time the strategy takes the sure win half the time:
// 0.5·10 + 0.5·2 = 6.
func Example() {
	g := mdp([][]choice{
		{to1(1), {To: []int32{1, 2}, P: []float64{0.5, 0.5}}},
		{to1(1)}, {to1(2)},
	})
	cost := &translate.Rewards{Trans: []float64{10, 2, 0, 0}}
	f := ltlf.NewFactory()
	win := f.Temporal(ltlf.F, -1, 0, f.Atom(0))
	auto := ltlf.NewAutomaton(f, win, []ltlf.StateSet{set{1: true}}, g.NumStates)
	for _, p := range []float64{0.5, 0.75} {
		res, err := multi.Solve(g, multi.Query{Objectives: []multi.Objective{
			{Rewards: cost, Sense: multi.Min},
			{Auto: auto, Sense: multi.AtLeast, Bound: p},
		}})
		if err != nil {
			panic(err)
		}
		fmt.Printf("win with at least %v: cost %.1f\n", p, res.Value)
	}
	// Output:
	// win with at least 0.5: cost 2.0
	// win with at least 0.75: cost 6.0
}
