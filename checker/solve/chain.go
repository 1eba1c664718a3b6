package solve

import (
	"math/big"

	"github.com/onus-mc/onus/translate"
)

// This file solves the path operators of a Markov chain (an arena whose
// states have one choice at most: the chain a behaviour profile induces,
// a dtmc, or a product of one with an outcome automaton) directly rather
// than by value iteration: the states of probability 0 and 1 by the graph
// analyses, the others by elimination (eliminate.go). The Exact functions
// take the chain's exact transition probabilities (aligned with the
// game's transitions) and give exact rationals; the Chain functions use
// the game's float probabilities, giving values close to the float
// rounding rather than within value iteration's tolerance.

// ExactPath is Path for a chain with exact probabilities prob: op over
// left and right, unbounded.
func ExactPath(ar *Arena, prob []*big.Rat, op Op, left, right []bool) ([]*big.Rat, error) {
	return chainPath[*big.Rat](rats{}, ar, prob, op, left, right)
}

// ChainPath is Path for a chain, unbounded, by elimination in float64.
func ChainPath(ar *Arena, op Op, left, right []bool) ([]float64, error) {
	return chainPath[float64](floats{}, ar, ar.g.Prob, op, left, right)
}

// ExactUntil is Until for a chain with exact probabilities prob,
// unbounded.
func ExactUntil(ar *Arena, prob []*big.Rat, a, b []bool) ([]*big.Rat, error) {
	return chainUntil[*big.Rat](rats{}, ar, prob, a, b)
}

// ChainUntil is Until for a chain, unbounded, by elimination in float64.
func ChainUntil(ar *Arena, a, b []bool) ([]float64, error) {
	return chainUntil[float64](floats{}, ar, ar.g.Prob, a, b)
}

// ExactWeak is Weak for a chain with exact probabilities prob, unbounded.
func ExactWeak(ar *Arena, prob []*big.Rat, a, b []bool) ([]*big.Rat, error) {
	return chainWeak[*big.Rat](rats{}, ar, prob, a, b)
}

// ChainWeak is Weak for a chain, unbounded, by elimination in float64.
func ChainWeak(ar *Arena, a, b []bool) ([]float64, error) {
	return chainWeak[float64](floats{}, ar, ar.g.Prob, a, b)
}

// ExactNext returns, per arena state of a chain, the exact probability
// that the next state is in set.
func ExactNext(ar *Arena, prob []*big.Rat, set []bool) []*big.Rat {
	out := make([]*big.Rat, ar.n)
	for i := range out {
		out[i] = new(big.Rat)
		tg, base := ar.targets(i)
		for j, t := range tg {
			if set[t] {
				out[i].Add(out[i], prob[base+j])
			}
		}
	}
	return out
}

// IsChain reports whether every state of g has one choice at most.
func IsChain(g *translate.Game) bool {
	for s := 0; s < g.NumStates; s++ {
		if lo, hi := g.Choices(s); hi-lo > 1 {
			return false
		}
	}
	return true
}

func chainPath[T any](f field[T], ar *Arena, prob []T, op Op, left, right []bool) ([]T, error) {
	weak, a, b := opSets(op, left, right)
	if weak {
		return chainWeak(f, ar, prob, a, b)
	}
	return chainUntil(f, ar, prob, a, b)
}

// chainWeak: P[a W b] = 1 − P[¬b U (¬a ∧ ¬b)].
func chainWeak[T any](f field[T], ar *Arena, prob []T, a, b []bool) ([]T, error) {
	nb := make([]bool, len(a))
	bad := make([]bool, len(a))
	for i := range nb {
		nb[i] = !b[i]
		bad[i] = !a[i] && !b[i]
	}
	v, err := chainUntil(f, ar, prob, nb, bad)
	if err != nil {
		return nil, err
	}
	for i := range v {
		v[i] = f.sub(f.one(), v[i])
	}
	return v, nil
}

// chainUntil returns P[a U b] per arena state of a chain.
func chainUntil[T any](f field[T], ar *Arena, prob []T, a, b []bool) ([]T, error) {
	if !ar.isChain() {
		return nil, &OperatorError{Msg: "a direct solve needs a Markov chain (one choice per state)"}
	}
	n := ar.n
	can := ar.canReach(a, b)
	one := NewSolver(ar, NewView(ar.g, nil), true).Prob1(a, b)
	var vars []int
	for i := 0; i < n; i++ {
		if can[i] && !one[i] && !b[i] {
			vars = append(vars, i)
		}
	}
	out := make([]T, n)
	for i := range out {
		if one[i] || b[i] {
			out[i] = f.one()
		} else {
			out[i] = f.zero()
		}
	}
	if len(vars) == 0 {
		return out, nil
	}
	maxStates, work := elimLimits(f)
	if len(vars) > maxStates {
		return nil, &ChainLimitError{States: len(vars), Limit: maxStates, What: "states"}
	}
	sys := chainSystem(f, ar, prob, vars, 1, func(t int32, p T, rhs []T) {
		if one[t] || b[t] {
			rhs[0] = f.add(rhs[0], p)
		}
	})
	sys.work = work
	x, err := solveSys(sys)
	if err != nil {
		return nil, err
	}
	for k, i := range vars {
		out[i] = x[k][0]
	}
	return out, nil
}

func (a *Arena) isChain() bool {
	for i := 0; i < a.n; i++ {
		if lo, hi := a.g.Choices(a.state(i)); hi-lo > 1 {
			return false
		}
	}
	return true
}

// elimLimits are the most variables of a direct solve in field f and the
// coefficient updates it may take (0: no bound): exact rationals up to
// MaxExactChainStates, floats up to maxFloatChainStates and maxFloatWork,
// value iteration serving beyond.
func elimLimits[T any](f field[T]) (most, work int) {
	if _, ok := any(f).(floats); ok {
		return maxFloatChainStates, maxFloatWork
	}
	return MaxExactChainStates, 0
}

// chainSystem builds the system of the arena states vars of a chain with
// nrhs right-hand sides: a transition to another variable is a
// coefficient, one to a state outside adds its probability to the exit
// mass and is given to out, which adds its contribution to the row's
// right-hand sides.
func chainSystem[T any](f field[T], ar *Arena, prob []T, vars []int, nrhs int, out func(t int32, p T, rhs []T)) *linSys[T] {
	m := len(vars)
	idx := make(map[int32]int32, m)
	for k, i := range vars {
		idx[int32(i)] = int32(k)
	}
	sys := &linSys[T]{f: f, m: m, coef: make([]map[int32]T, m), exit: make([]T, m),
		rhs: make([][]T, m)}
	for k, i := range vars {
		row := map[int32]T{}
		exit, sum := f.zero(), f.zero()
		rhs := make([]T, nrhs)
		for r := range rhs {
			rhs[r] = f.zero()
		}
		tg, base := ar.targets(i)
		for j, t := range tg {
			p := prob[base+j]
			sum = f.add(sum, p)
			if f.isZero(p) {
				continue
			}
			if v, ok := idx[t]; ok {
				if old, ok := row[v]; ok {
					row[v] = f.add(old, p)
				} else {
					row[v] = p
				}
				continue
			}
			exit = f.add(exit, p)
			out(t, p, rhs)
		}
		// What the row lacks of 1 (nothing for a chain whose rows sum to 1)
		// leaves too, so that exit + Σ coef = 1 exactly.
		sys.exit[k] = f.add(exit, f.sub(f.one(), sum))
		sys.coef[k], sys.rhs[k] = row, rhs
	}
	return sys
}

// solveSys solves sys: a rational system by solveExact (modular first),
// any other by elimination.
func solveSys[T any](sys *linSys[T]) ([][]T, error) {
	if rs, ok := any(sys).(*linSys[*big.Rat]); ok {
		x, err := solveExact(rs)
		if err != nil {
			return nil, err
		}
		return any(x).([][]T), nil
	}
	return sys.solve()
}
