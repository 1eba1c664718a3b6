package solve_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// withExact fills rw's exact rewards from its floats (the random games'
// rewards are small integers, so exactly).
func withExact(rw *translate.Rewards) *translate.Rewards {
	rw.StateExact = ratProbs(&translate.Game{Prob: rw.State})
	rw.TransExact = ratProbs(&translate.Game{Prob: rw.Trans})
	return rw
}

// viRewards is the oracle: value iteration of the expected reward
// gathered until stop on chain g from 0 in 200-bit floats on the states
// of finite value (fin), until no value changes by 2^-150 relative (or
// 400,000 rounds).
func viRewards(g *translate.Game, rw *translate.Rewards, stop, fin []bool) []*big.Float {
	const prec = 200
	n := g.NumStates
	x := make([]*big.Float, n)
	for s := range x {
		x[s] = new(big.Float).SetPrec(prec)
	}
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -150)
	tmp := new(big.Float).SetPrec(prec)
	for range 400_000 {
		y := make([]*big.Float, n)
		done := true
		for s := range y {
			y[s] = new(big.Float).SetPrec(prec)
			if stop[s] || !fin[s] {
				continue
			}
			y[s].SetFloat64(rw.State[s])
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				y[s].Add(y[s], big.NewFloat(rw.Trans[ch]))
				tlo, thi := g.Transitions(ch)
				for t := tlo; t < thi; t++ {
					y[s].Add(y[s], tmp.Mul(big.NewFloat(g.Prob[t]), x[g.Target[t]]))
				}
			}
			d := new(big.Float).Sub(y[s], x[s])
			if d.Abs(d).Cmp(tmp.Mul(eps, y[s])) > 0 {
				done = false
			}
		}
		x = y
		if done {
			break
		}
	}
	return x
}

// The exact reward solves agree with high-precision value iteration on
// random small chains, and with the float solvers on which states are
// infinite (the float values, from value iteration with its own
// stopping rule, are only near): R[F target], R[C] and R[Fc target].
func TestExactRewardsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 31))
	var finite, infinite [3]int // by operator: F, C, Fc
	for it := 0; it < 240; it++ {
		n := 2 + r.IntN(7)
		g, rw := randomGame(r, prism.TypeDTMC, n, 1)
		withExact(rw)
		target := make([]bool, n)
		for s := range target {
			target[s] = r.IntN(3) == 0
		}
		total := it%3 != 0 // R[C] (it%3 == 1) or R[Fc target] (2)
		var ex []*big.Rat
		var fl, direct []float64
		var err error
		stop := target
		switch {
		case it%3 == 1:
			stop = make([]bool, n)
			ex, err = solve.ExactTotalRewards(g, ratProbs(g), rw)
			if err == nil {
				fl, err = solve.TotalRewards(g, solve.Query{Max: true}, rw)
			}
			if err == nil {
				direct, err = solve.ChainTotalRewards(g, rw, nil)
			}
		case it%3 == 2:
			ex, err = solve.ExactCumulativeRewards(g, ratProbs(g), rw, target)
			if err == nil {
				fl, err = solve.CumulativeRewards(g, solve.Query{Max: true}, rw, target)
			}
			if err == nil {
				direct, err = solve.ChainTotalRewards(g, rw, target)
			}
		default:
			ex, err = solve.ExactReachRewards(g, ratProbs(g), rw, target)
			if err == nil {
				fl, err = solve.ReachRewards(g, solve.Query{Max: true}, rw, target, false)
			}
			if err == nil {
				direct, err = solve.ChainReachRewards(g, rw, target)
			}
		}
		// the direct float solve is within rounding of the exact value
		for s := range direct {
			if ex[s] == nil {
				if !math.IsInf(direct[s], 1) {
					t.Errorf("chain %d (total %v) state %d: exact +∞, direct float %v", it, total, s, direct[s])
				}
				continue
			}
			if e, _ := ex[s].Float64(); math.Abs(direct[s]-e) > 1e-12*math.Max(1, e) {
				t.Errorf("chain %d (total %v) state %d: exact %v (%v), direct float %v", it, total, s, ex[s], e, direct[s])
			}
		}
		if err != nil {
			t.Fatalf("chain %d: %v", it, err)
		}
		fin := make([]bool, n)
		for s := range fin {
			fin[s] = ex[s] != nil
		}
		vi := viRewards(g, rw, stop, fin)
		k := it % 3
		for s := 0; s < n; s++ {
			if ex[s] == nil {
				infinite[k]++
				if !math.IsInf(fl[s], 1) {
					t.Errorf("chain %d (total %v) state %d: exact +∞, float %v", it, total, s, fl[s])
				}
				continue
			}
			if ex[s].Sign() > 0 {
				finite[k]++
			}
			e, _ := ex[s].Float64()
			v, _ := vi[s].Float64()
			if ex[s].Sign() < 0 || math.Abs(e-v) > 1e-12*math.Max(1, v) || math.Abs(fl[s]-e) > 1e-4*math.Max(1, e) {
				t.Errorf("chain %d (total %v) state %d: exact %v (%v), float %v, value iteration %v", it, total, s, ex[s], e, fl[s], v)
			}
		}
	}
	// Both operators meet positive finite values and infinite ones.
	for k := range 3 {
		if finite[k] < 20 || infinite[k] < 20 {
			t.Errorf("operator %d: %d positive finite values, %d infinite: the chains do not exercise both", k, finite[k], infinite[k])
		}
	}
}

// The exact reward solves need a chain and exact rewards.
func TestExactRewardsRefused(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	g, rw := randomGame(r, prism.TypeDTMC, 4, 1)
	if _, err := solve.ExactReachRewards(g, ratProbs(g), rw, make([]bool, 4)); err == nil {
		t.Fatal("rewards without exact values: no error")
	}
	for {
		g, rw = randomGame(r, prism.TypeMDP, 4, 3)
		if !solve.IsChain(g) {
			break
		}
	}
	if _, err := solve.ExactTotalRewards(g, ratProbs(g), withExact(rw)); err == nil {
		t.Fatal("an mdp: no error")
	}
}

// ExactSteadyRewards agrees with the float steady-state rewards (dense
// solves) on random small chains.
func TestExactSteadyRewardsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 41))
	for it := 0; it < 150; it++ {
		n := 2 + r.IntN(7)
		g, rw := randomGame(r, prism.TypeDTMC, n, 1)
		ex, err := solve.ExactSteadyRewards(g, ratProbs(g), withExact(rw))
		if err != nil {
			t.Fatalf("chain %d: %v", it, err)
		}
		fl, err := solve.SteadyRewards(g, rw)
		if err != nil {
			t.Fatalf("chain %d: %v", it, err)
		}
		for s := 0; s < n; s++ {
			e, _ := ex[s].Float64()
			if ex[s].Sign() < 0 || math.Abs(e-fl[s]) > 1e-9*math.Max(1, e) {
				t.Errorf("chain %d state %d: exact %v (%v), float %v", it, s, ex[s], e, fl[s])
			}
		}
	}
}
