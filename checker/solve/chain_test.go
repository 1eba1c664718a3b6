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

// ratProbs returns g's probabilities as rationals (the random games'
// probabilities are dyadic, so exactly).
func ratProbs(g *translate.Game) []*big.Rat {
	out := make([]*big.Rat, len(g.Prob))
	for t, p := range g.Prob {
		out[t] = new(big.Rat).SetFloat64(p)
	}
	return out
}

// viUntil is the oracle: value iteration of a U b on chain g from 0 in
// 200-bit floats, until no value changes by 2^-150 (or 200,000 rounds).
func viUntil(g *translate.Game, a, b []bool) []*big.Float {
	const prec = 200
	n := g.NumStates
	x := make([]*big.Float, n)
	for s := range x {
		x[s] = new(big.Float).SetPrec(prec)
		if b[s] {
			x[s].SetInt64(1)
		}
	}
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -150)
	tmp := new(big.Float).SetPrec(prec)
	for range 200_000 {
		y := make([]*big.Float, n)
		done := true
		for s := range y {
			y[s] = new(big.Float).SetPrec(prec).Set(x[s])
			if b[s] || !a[s] {
				continue
			}
			y[s].SetInt64(0)
			lo, hi := g.Choices(s)
			for ch := lo; ch < hi; ch++ {
				tlo, thi := g.Transitions(ch)
				for t := tlo; t < thi; t++ {
					y[s].Add(y[s], tmp.Mul(big.NewFloat(g.Prob[t]), x[g.Target[t]]))
				}
			}
			if tmp.Sub(y[s], x[s]).Abs(tmp).Cmp(eps) > 0 {
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

// The exact chain solve agrees with high-precision value iteration, and
// the float solve with both, on random small chains; its values are
// rationals in [0, 1], 0 and 1 where the graph says so.
func TestExactUntilRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 29))
	for it := 0; it < 150; it++ {
		n := 2 + r.IntN(7)
		g, _ := randomGame(r, prism.TypeDTMC, n, 1)
		a := make([]bool, n)
		b := make([]bool, n)
		for s := 0; s < n; s++ {
			a[s] = r.IntN(5) != 0
			b[s] = r.IntN(4) == 0
		}
		ar := solve.GameArena(g)
		ex, err := solve.ExactUntil(ar, ratProbs(g), a, b)
		if err != nil {
			t.Fatalf("chain %d: %v", it, err)
		}
		fl, err := solve.ChainUntil(ar, a, b)
		if err != nil {
			t.Fatalf("chain %d: %v", it, err)
		}
		vi := viUntil(g, a, b)
		for s := 0; s < n; s++ {
			e, _ := ex[s].Float64()
			v, _ := vi[s].Float64()
			if ex[s].Sign() < 0 || ex[s].Cmp(big.NewRat(1, 1)) > 0 {
				t.Fatalf("chain %d state %d: %v outside [0,1]", it, s, ex[s])
			}
			if math.Abs(e-v) > 1e-12 || math.Abs(fl[s]-e) > 1e-12 {
				t.Errorf("chain %d state %d: exact %v (%v), float %v, value iteration %v", it, s, ex[s], e, fl[s], v)
			}
		}
	}
}

// ExactPath's duals (G, W, R) and ExactNext agree with value iteration.
func TestExactPathRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 7))
	ops := []solve.Op{solve.OpF, solve.OpU, solve.OpG, solve.OpW, solve.OpR}
	for it := 0; it < 100; it++ {
		n := 2 + r.IntN(7)
		g, _ := randomGame(r, prism.TypeDTMC, n, 1)
		left := make([]bool, n)
		right := make([]bool, n)
		for s := 0; s < n; s++ {
			left[s] = r.IntN(3) != 0
			right[s] = r.IntN(3) == 0
		}
		ar := solve.GameArena(g)
		prob := ratProbs(g)
		for _, op := range ops {
			ex, err := solve.ExactPath(ar, prob, op, left, right)
			if err != nil {
				t.Fatalf("chain %d op %d: %v", it, op, err)
			}
			vi, err := solve.Path(ar, solve.Query{Max: true}, op, left, right, solve.Unbounded)
			if err != nil {
				t.Fatalf("chain %d op %d: %v", it, op, err)
			}
			for s := range vi {
				if e, _ := ex[s].Float64(); math.Abs(e-vi[s]) > 1e-5 {
					t.Errorf("chain %d op %d state %d: exact %v, value iteration %v", it, op, s, ex[s], vi[s])
				}
			}
		}
		nx := solve.ExactNext(ar, prob, right)
		vx := solve.NewSolver(ar, solve.NewView(g, nil), true).Next(right)
		for s := range vx {
			if e, _ := nx[s].Float64(); e != vx[s] {
				t.Errorf("chain %d state %d: X exact %v, float %v", it, s, nx[s], vx[s])
			}
		}
	}
}

// A game with two choices in a state is not a chain.
func TestExactUntilNeedsChain(t *testing.T) {
	g := game(prism.TypeMDP, [][]choice{{to1(0), to1(1)}, {to1(1)}}, nil)
	b := []bool{false, true}
	if _, err := solve.ExactUntil(solve.GameArena(g), ratProbs(g), []bool{true, true}, b); err == nil {
		t.Error("no error for an mdp")
	}
}

// Beyond the limit the exact solve refuses with a ChainLimitError; the
// float solve, whose limit is higher, takes the chain.
func TestExactUntilLimit(t *testing.T) {
	// s moves on to s+1 or falls to the sink m+1 with 1/2 each; m is
	// the target.
	m := solve.MaxExactChainStates + 1
	cs := make([][]choice, m+2)
	for s := 0; s < m; s++ {
		cs[s] = []choice{{To: []int32{int32(s + 1), int32(m + 1)}, P: []float64{0.5, 0.5}}}
	}
	cs[m] = []choice{to1(int32(m))}
	cs[m+1] = []choice{to1(int32(m + 1))}
	g := game(prism.TypeDTMC, cs, nil)
	all := make([]bool, m+2)
	b := make([]bool, m+2)
	for s := range all {
		all[s] = true
	}
	b[m] = true
	_, err := solve.ExactUntil(solve.GameArena(g), ratProbs(g), all, b)
	if _, ok := err.(*solve.ChainLimitError); !ok {
		t.Fatalf("got %v, want a ChainLimitError", err)
	}
	v, err := solve.ChainUntil(solve.GameArena(g), all, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int{0, m - 60, m - 2, m - 1} {
		if want := math.Ldexp(1, s-m); v[s] != want {
			t.Errorf("v[%d] = %v, want %v", s, v[s], want)
		}
	}
}

// ExactSteady agrees with the float steady state (dense solves) on random
// small chains, and its values are rationals in [0, 1].
func TestExactSteadyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 17))
	for it := 0; it < 150; it++ {
		n := 2 + r.IntN(8)
		g, _ := randomGame(r, prism.TypeDTMC, n, 1)
		set := make([]bool, n)
		for s := range set {
			set[s] = r.IntN(2) == 0
		}
		ex, err := solve.ExactSteady(g, ratProbs(g), set)
		if err != nil {
			t.Fatalf("chain %d: %v", it, err)
		}
		fl, err := solve.SteadyState(g, set)
		if err != nil {
			t.Fatalf("chain %d: %v", it, err)
		}
		for s := range fl {
			e, _ := ex[s].Float64()
			if ex[s].Sign() < 0 || ex[s].Cmp(big.NewRat(1, 1)) > 0 || math.Abs(e-fl[s]) > 1e-9 {
				t.Errorf("chain %d state %d: exact %v (%v), float %v", it, s, ex[s], e, fl[s])
			}
		}
	}
}
