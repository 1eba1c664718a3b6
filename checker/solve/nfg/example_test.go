package nfg_test

import (
	"fmt"

	"github.com/onus-mc/onus/checker/solve/nfg"
)

// Example solves the prisoners' dilemma as a stage game: both players
// cooperate (row/column 0) or defect (1), payoffs as years of freedom.
// Defecting dominates, so the one Nash equilibrium is (defect, defect),
// while a correlated equilibrium can do no better either.
func Example() {
	g := nfg.NewBimatrix(2, 2)
	g.Set(0, 0, 3, 3)
	g.Set(0, 1, 0, 5)
	g.Set(1, 0, 5, 0)
	g.Set(1, 1, 1, 1)
	ps, err := nfg.Nash(g)
	if err != nil {
		panic(err)
	}
	best := nfg.Select(ps, nfg.Social)
	fmt.Printf("%d Nash equilibrium: x=%v y=%v, payoffs %g and %g\n", len(ps), best.X, best.Y, best.U1, best.U2)
	c, err := nfg.Correlated(g, nfg.Social)
	if err != nil {
		panic(err)
	}
	fmt.Printf("correlated, social welfare: payoffs %.4g and %.4g\n", c.U1, c.U2)
	// Output:
	// 1 Nash equilibrium: x=[0 1] y=[0 1], payoffs 1 and 1
	// correlated, social welfare: payoffs 1 and 1
}
