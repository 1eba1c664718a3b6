package solve

import (
	"math/big"

	"github.com/onus-mc/onus/translate"
)

// ExactSteady is SteadyState with exact rationals, for --exact: per state
// of dtmc g with exact transition probabilities prob, the long-run
// fraction of time spent in set. A bottom component B's value comes from
// the renewal-reward theorem rather than from π itself: for a state r of
// B, it is the expected number of steps in set over the expected number
// of steps of a cycle from r back to r, both solved by elimination over
// B \ {r} (eliminate.go); the transient states then take the values of
// the components they reach, as in steady. An error (a *ChainLimitError)
// when a system has more than MaxExactChainStates states.
func ExactSteady(g *translate.Game, prob []*big.Rat, set []bool) ([]*big.Rat, error) {
	one := big.NewRat(1, 1)
	return exactSteady(g, prob, func(s int) *big.Rat {
		if set[s] {
			return one
		}
		return nil
	})
}

// ExactSteadyRewards is SteadyRewards with exact rationals: the long-run
// average reward of r per step, by the same renewal-reward systems with
// each state's exact reward (its state reward and that of its choice)
// for the steps in set.
func ExactSteadyRewards(g *translate.Game, prob []*big.Rat, r *translate.Rewards) ([]*big.Rat, error) {
	if !ExactRewardsOK(r) {
		return nil, &OperatorError{Msg: "the reward structure has no exact values"}
	}
	return exactSteady(g, prob, func(s int) *big.Rat {
		if lo, hi := g.Choices(s); hi-lo != 1 {
			return nil // refused below
		}
		if v := rewardRat(g, r, s); v.Sign() != 0 {
			return v
		}
		return nil
	})
}

// exactSteady: the long-run average of w per state (w(s) nil: 0).
func exactSteady(g *translate.Game, prob []*big.Rat, w func(s int) *big.Rat) ([]*big.Rat, error) {
	n := g.NumStates
	for s := 0; s < n; s++ {
		if lo, hi := g.Choices(s); hi-lo != 1 {
			return nil, &OperatorError{Msg: "the steady-state operator needs a Markov chain (one choice per state)"}
		}
	}
	ar := GameArena(g)
	f := rats{}
	succ := func(i int, edge func(j int)) {
		tg, base := ar.targets(i)
		for j, t := range tg {
			if prob[base+j].Sign() != 0 {
				edge(int(t))
			}
		}
	}
	x := make([]*big.Rat, n)
	for _, c := range BottomSCCs(n, succ) {
		if len(c) > MaxExactChainStates {
			return nil, &ChainLimitError{States: len(c), Limit: MaxExactChainStates, What: "states"}
		}
		r := c[0]
		vars := c[1:]
		sys := chainSystem[*big.Rat](f, ar, prob, vars, 2, func(int32, *big.Rat, []*big.Rat) {})
		for k, s := range vars {
			if v := w(s); v != nil {
				sys.rhs[k][0] = v
			}
			sys.rhs[k][1] = f.one()
		}
		sol, err := solveExact(sys)
		if err != nil {
			return nil, err
		}
		pos := make(map[int32]int, len(vars))
		for k, s := range vars {
			pos[int32(s)] = k
		}
		// One cycle from r: its steps in set and its length.
		inSet, length := new(big.Rat), big.NewRat(1, 1)
		if v := w(r); v != nil {
			inSet.Set(v)
		}
		tg, base := ar.targets(r)
		tmp := new(big.Rat)
		for j, t := range tg {
			if k, ok := pos[t]; ok {
				inSet.Add(inSet, tmp.Mul(prob[base+j], sol[k][0]))
				length.Add(length, tmp.Mul(prob[base+j], sol[k][1]))
			}
		}
		v := inSet.Quo(inSet, length)
		for _, s := range c {
			x[s] = v
		}
	}
	var work []int
	for s := 0; s < n; s++ {
		if x[s] == nil {
			work = append(work, s)
		}
	}
	if len(work) == 0 {
		return x, nil
	}
	if len(work) > MaxExactChainStates {
		return nil, &ChainLimitError{States: len(work), Limit: MaxExactChainStates, What: "states"}
	}
	sys := chainSystem[*big.Rat](f, ar, prob, work, 1, func(t int32, p *big.Rat, rhs []*big.Rat) {
		rhs[0] = f.add(rhs[0], f.mul(p, x[t]))
	})
	sol, err := solveExact(sys)
	if err != nil {
		return nil, err
	}
	for k, s := range work {
		x[s] = sol[k][0]
	}
	return x, nil
}
