package solve_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/checker/solve/internal/chaintest"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

var inf = math.Inf(1)

// TestTotalRewards checks R[C] and R[Fc] on small games against values
// worked out by hand (in the comments).
func TestTotalRewards(t *testing.T) {
	// 0: a (reward 1) to the sink 1, or b (reward 0) back to 0.
	// Taking a once is the most that can be gathered; looping on b
	// gathers nothing.
	loop := game(prism.TypeMDP, [][]choice{{to1(1), to1(0)}, {to1(1)}}, nil)
	loopR := &translate.Rewards{Trans: []float64{1, 0, 0}}

	// PRISM's total-reward-min test: 0: safe (100) to the free sink 1,
	// risky (1) to 2 (reward 5 forever) or 3 (free), each 1/2, goto4 (0)
	// to 4, whose two choices both lead to 5 (reward 3 forever).
	minT := game(prism.TypeMDP, [][]choice{
		{to1(1), {To: []int32{2, 3}, P: []float64{0.5, 0.5}}, to1(4)},
		{to1(1)}, {to1(2)}, {to1(3)}, {to1(5), to1(5)}, {to1(5)},
	}, nil)
	minR := &translate.Rewards{State: []float64{0, 0, 5, 0, 0, 3}, Trans: []float64{100, 1, 0, 0, 0, 0, 0, 0, 0}}

	// PRISM's total-reward-2 test: 0: a moves to 0, 1, 2 (1/3 each), b
	// stays; 1 and 2 are sinks. a at 0 earns 2: always a gives 2·3/2 = 3.
	third := 1.0 / 3
	tr2 := game(prism.TypeMDP, [][]choice{
		{{To: []int32{0, 1, 2}, P: []float64{third, third, third}}, to1(0)}, {to1(1)}, {to1(2)},
	}, nil)
	tr2A := &translate.Rewards{Trans: []float64{2, 0, 0, 0}}
	tr2S1 := &translate.Rewards{State: []float64{0, 1, 0}}

	// A dtmc: 0 (reward 1) to 1 or 2 (1/2 each), 1 (reward 2) to 2, 2 a
	// free sink: 1 + 2/2 = 2.
	chain := game(prism.TypeDTMC, [][]choice{{{To: []int32{1, 2}, P: []float64{0.5, 0.5}}}, {to1(2)}, {to1(2)}}, nil)
	chainR := &translate.Rewards{State: []float64{1, 2, 0}}

	// An smg: p1 at 0 passes to p2 at 1 (a) or takes b (reward 1) to the
	// free sink 2; p2 at 1 sends the play to 3 (reward 1 forever, c) or
	// to 2 (d).
	smg := game(prism.TypeSMG, [][]choice{{to1(1), to1(2)}, {to1(3), to1(2)}, {to1(2)}, {to1(3)}}, []int32{0, 1, 0, 0})
	smgR := &translate.Rewards{State: []float64{0, 0, 0, 1}, Trans: []float64{0, 1, 0, 0, 0, 0}}

	mdp := solve.Query{Coal: []bool{true}}
	max := func(q solve.Query) solve.Query { q.Max = true; return q }
	p1 := solve.Query{Coal: []bool{true, false}}
	for _, tc := range []struct {
		name   string
		g      *translate.Game
		q      solve.Query
		r      *translate.Rewards
		target []bool // Fc when not nil
		want   []float64
	}{
		{"loop max", loop, max(mdp), loopR, nil, []float64{1, 0}},
		{"loop min", loop, mdp, loopR, nil, []float64{0, 0}},
		{"PRISM total-reward-min, min", minT, mdp, minR, nil, []float64{100, 0, inf, 0, inf, inf}},
		{"PRISM total-reward-min, max", minT, max(mdp), minR, nil, []float64{inf, 0, inf, 0, inf, inf}},
		{"PRISM total-reward-2, a at 0", tr2, max(mdp), tr2A, nil, []float64{3, 0, 0}},
		{"PRISM total-reward-2, state 1", tr2, max(mdp), tr2S1, nil, []float64{inf, inf, 0}},
		{"PRISM total-reward-2, state 1, min", tr2, mdp, tr2S1, nil, []float64{0, inf, 0}},
		{"dtmc", chain, max(solve.Query{}), chainR, nil, []float64{2, 2, 0}},
		{"smg p1 max", smg, max(p1), smgR, nil, []float64{1, 0, 0, inf}},
		{"smg p1 min", smg, p1, smgR, nil, []float64{1, inf, 0, inf}},
		// Fc: reaching 3 stops the count, so p2 sending the play there
		// costs nothing; p1 max still takes b.
		{"smg Fc p1 max", smg, max(p1), smgR, []bool{false, false, false, true}, []float64{1, 0, 0, 0}},
		{"smg Fc p1 min", smg, p1, smgR, []bool{false, false, false, true}, []float64{0, 0, 0, 0}},
		// Fc on loop with the sink as target: a earns 1 on the way.
		{"loop Fc min", loop, mdp, loopR, []bool{false, true}, []float64{0, 0}},
		{"loop Fc max", loop, max(mdp), loopR, []bool{false, true}, []float64{1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []float64
			var err error
			if tc.target != nil {
				got, err = solve.CumulativeRewards(tc.g, tc.q, tc.r, tc.target)
			} else {
				got, err = solve.TotalRewards(tc.g, tc.q, tc.r)
			}
			checkValues(t, got, err, tc.want)
		})
	}
}

// TestTotalRewardsRandom compares R[C] on random mdps and dtmcs with the
// best and worst memoryless deterministic strategy (optimal for total
// rewards on finite mdps), each evaluated on its Markov chain by graph
// analysis and a linear solve.
func TestTotalRewardsRandom(t *testing.T) {
	for seed := uint64(1); seed <= 600; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		n := 2 + r.IntN(6)
		typ := prism.TypeMDP
		if seed%4 == 0 {
			typ = prism.TypeDTMC
		}
		g, rw := randomGame(r, typ, n, 3)
		for _, maxQ := range []bool{true, false} {
			q := solve.Query{Coal: []bool{true}, Max: maxQ}
			if typ == prism.TypeDTMC {
				q.Coal = nil
			}
			got, err := solve.TotalRewards(g, q, rw)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			want := bestMemoryless(g, rw, maxQ)
			for s := range want {
				if !near(got[s], want[s], 1e-4) {
					t.Fatalf("seed %d max %v state %d: got %v, want %v\n%v\n%v", seed, maxQ, s, got, want, g, rw)
				}
			}
		}
	}
}

// bestMemoryless returns, per state, the best (max) or worst total
// reward over the memoryless deterministic strategies of mdp g.
func bestMemoryless(g *translate.Game, rw *translate.Rewards, max bool) []float64 {
	pick := make([]int, g.NumStates)
	best := make([]float64, g.NumStates)
	for s := range best {
		best[s] = math.NaN()
	}
	chaintest.Strategies(g, pick, nil, func() {
		v := chainTotal(g, rw, pick)
		for s := range best {
			if math.IsNaN(best[s]) || (max && v[s] > best[s]) || (!max && v[s] < best[s]) {
				best[s] = v[s]
			}
		}
	})
	return best
}

// chainTotal returns the total reward of the Markov chain that picks the
// choice lo+pick[s] in each state s: +∞ where a bottom component with a
// reward can be reached, else the solution of x = w + Px with the bottom
// components at 0.
func chainTotal(g *translate.Game, rw *translate.Rewards, pick []int) []float64 {
	c := chaintest.Chain{G: g, Pick: pick}
	w := func(s int) float64 { return rw.State[s] + rw.Trans[c.Choice(s)] }
	bottom, bad := c.Bottoms(func(s int) bool { return w(s) != 0 })
	x := c.Solve(bottom, w, func(int) float64 { return 0 })
	for s := range x {
		if bad[s] {
			x[s] = inf
		}
	}
	return x
}

// TestTotalRewardsRandomSMG compares <<p1>>R[C] on random smgs with the
// best memoryless deterministic strategy of p1 against the best reply of
// p2 among its memoryless deterministic strategies (optimal for p2 against
// a fixed memoryless p1, which leaves an mdp).
func TestTotalRewardsRandomSMG(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		n := 2 + r.IntN(5)
		g, rw := randomGame(r, prism.TypeSMG, n, 2)
		for _, maxQ := range []bool{true, false} {
			got, err := solve.TotalRewards(g, solve.Query{Coal: []bool{true, false}, Max: maxQ}, rw)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			want := gameMemoryless(g, rw, maxQ)
			for s := range want {
				if !near(got[s], want[s], 1e-4) {
					t.Fatalf("seed %d max %v state %d: got %v, want %v\n%v %v %v %v %v\n%v", seed, maxQ, s, got, want, g.Owner, g.ChoiceStart, g.TransStart, g.Target, g.Prob, rw)
				}
			}
		}
	}
}

// gameMemoryless returns, per state, the value for p1 (owner 0) maximising
// (or minimising) the total reward over its memoryless deterministic
// strategies, p2 replying with its best memoryless deterministic one.
func gameMemoryless(g *translate.Game, rw *translate.Rewards, max bool) []float64 {
	n := g.NumStates
	p1, p2 := []int{}, []int{} // not nil: nil would mean every state
	for s := 0; s < n; s++ {
		if g.Owner[s] == 0 {
			p1 = append(p1, s)
		} else {
			p2 = append(p2, s)
		}
	}
	pick := make([]int, n)
	best := make([]float64, n)
	for s := range best {
		best[s] = math.NaN()
	}
	chaintest.Strategies(g, pick, p1, func() {
		reply := make([]float64, n)
		for s := range reply {
			reply[s] = math.NaN()
		}
		chaintest.Strategies(g, pick, p2, func() {
			v := chainTotal(g, rw, pick)
			for s := range reply {
				if math.IsNaN(reply[s]) || (max && v[s] < reply[s]) || (!max && v[s] > reply[s]) {
					reply[s] = v[s]
				}
			}
		})
		for s := range best {
			if math.IsNaN(best[s]) || (max && reply[s] > best[s]) || (!max && reply[s] < best[s]) {
				best[s] = reply[s]
			}
		}
	})
	return best
}

// BenchmarkTotalRewards: R[C] max and min on random mdps of 1,000 and
// 10,000 states.
func BenchmarkTotalRewards(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		r := rand.New(rand.NewPCG(uint64(n), 2))
		g, rw := randomGame(r, prism.TypeMDP, n, 3)
		for _, maxQ := range []bool{true, false} {
			b.Run(fmt.Sprintf("%d/max=%v", n, maxQ), func(b *testing.B) {
				for b.Loop() {
					if _, err := solve.TotalRewards(g, solve.Query{Coal: []bool{true}, Max: maxQ}, rw); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
