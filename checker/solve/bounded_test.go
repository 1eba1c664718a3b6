package solve_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// cycleGame is the dtmc 0 → 1 → … → n−1 → 0, with a state reward of 1 in
// state 0: R[I=k] from state s is 1 exactly when s+k is a multiple of n
// (a period of n), R[C<=k] grows forever.
func cycleGame(n int) (*translate.Game, *translate.Rewards) {
	cs := make([][]choice, n)
	for s := range cs {
		cs[s] = []choice{to1(int32((s + 1) % n))}
	}
	g := game(prism.TypeDTMC, cs, nil)
	rw := &translate.Rewards{State: make([]float64, n)}
	rw.State[0] = 1
	return g, rw
}

// TestBoundedHugeBounds: bounds of 10^9 and beyond end at a fixpoint or
// a period and give the answer of the k steps (known in closed form).
func TestBoundedHugeBounds(t *testing.T) {
	const big = int64(1_000_000_000)
	cases := []struct {
		name  string
		n     int   // states of the cycle
		k     int64 // the bound
		start int
		want  float64
	}{
		{"period 2, even", 2, big, 0, 1},
		{"period 2, odd", 2, big + 1, 0, 0},
		{"period 3, k mod 3 = 1", 3, big, 2, 1},
		{"period 3, k mod 3 = 1, other state", 3, big, 0, 0},
		{"period 8", 8, 8*big + 5, 3, 1},
		{"period 7", 7, big + 3, 0, 0},
		{"period 1 (a self-loop)", 1, big, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, rw := cycleGame(c.n)
			v := solve.StepRewards(g, solve.Query{}, rw, false, c.k)
			if v[c.start] != c.want {
				t.Errorf("R[I=%d] from %d on a %d-cycle = %v, want %v", c.k, c.start, c.n, v[c.start], c.want)
			}
		})
	}
	// R[C<=k] on the cycle: the visits to state 0 in steps 0..k−1, a gain
	// of 1/n per step that the loop cannot reach as a fixpoint.
	for _, n := range []int{1, 2, 3, 5, 7} {
		g, rw := cycleGame(n)
		for _, k := range []int64{big, big + 1, 3*big + 2} {
			v := solve.StepRewards(g, solve.Query{}, rw, true, k)
			for s := range v {
				want := visits(s, n, k)
				if v[s] != want {
					t.Errorf("R[C<=%d] from %d on a %d-cycle = %v, want %v", k, s, n, v[s], want)
				}
			}
		}
	}
	// A lasso, m steps into a 3-cycle whose first state has the reward:
	// the repetition starts after m steps, where the loop checks sparsely.
	for _, m := range []int{10, 150, 1000} {
		g, rw := lassoGame(m, 3)
		for _, k := range []int64{int64(m) - 1, int64(m), big, big + 1, big + 2} {
			inst := solve.StepRewards(g, solve.Query{}, rw, false, k)[0]
			cum := solve.StepRewards(g, solve.Query{}, rw, true, k)[0]
			wantInst, wantCum := 0.0, 0.0
			if k >= int64(m) && (k-int64(m))%3 == 0 {
				wantInst = 1
			}
			if k > int64(m) {
				wantCum = float64((k-1-int64(m))/3 + 1)
			}
			if inst != wantInst || cum != wantCum {
				t.Errorf("lasso %d, k=%d: I=k %v (want %v), C<=k %v (want %v)", m, k, inst, wantInst, cum, wantCum)
			}
		}
	}
	// F<=10^9 on the cycle: reached within n−1 steps from everywhere.
	g, _ := cycleGame(5)
	all := []bool{true, true, true, true, true}
	target := []bool{false, false, true, false, false}
	v, err := solve.Until(solve.GameArena(g), solve.Query{}, all, target, big)
	if err != nil {
		t.Fatal(err)
	}
	for s, x := range v {
		if x != 1 {
			t.Errorf("F<=10^9 from %d = %v, want 1", s, x)
		}
	}
}

// TestBoundedEarlyStopRandom compares the bounded loops that stop at a
// repeated vector with the plain loop of k steps, bit for bit, on random
// dtmcs, mdps and smgs (with cycles, so that some are periodic), for every
// bound up to 40: R[I=k], R[C<=k], F<=k, G<=k and the sure <<A>> [F<=k].
// R[C<=k] may be extrapolated from a certified gain, computed with one
// rounding where the loop rounds k times: it agrees within 1e-13.
func TestBoundedEarlyStopRandom(t *testing.T) {
	defer solve.SetEarlyStop(true)
	types := []prism.ModelType{prism.TypeDTMC, prism.TypeMDP, prism.TypeSMG}
	for seed := uint64(1); seed <= 150; seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		typ := types[seed%3]
		n := 1 + r.IntN(6)
		var g *translate.Game
		var rw *translate.Rewards
		if seed%5 == 0 {
			g, rw = cycleGame(n) // periodic
		} else {
			g, rw = randomGame(r, typ, n, 3)
		}
		if g.Type != prism.TypeDTMC {
			// a periodic part: half the rewards move to a deterministic cycle
			for s := range rw.State {
				rw.State[s] = float64(r.IntN(3))
			}
		}
		q := solve.Query{Max: seed%2 == 0}
		switch g.Type {
		case prism.TypeMDP:
			q.Coal = []bool{true}
		case prism.TypeSMG:
			q.Coal = []bool{true, false}
		}
		target, allowed := make([]bool, n), make([]bool, n)
		for s := range target {
			target[s] = r.IntN(4) == 0
			allowed[s] = r.IntN(5) != 0
		}
		ar := solve.GameArena(g)
		for k := int64(0); k <= 40; k++ {
			run := func() [][]float64 {
				var out [][]float64
				out = append(out, solve.StepRewards(g, q, rw, false, k), solve.StepRewards(g, q, rw, true, k))
				for _, op := range []solve.Op{solve.OpU, solve.OpW} {
					v, err := solve.Path(ar, q, op, allowed, target, k)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, v)
				}
				sq := q
				sq.Sure = true
				v, err := solve.Path(ar, sq, solve.OpU, allowed, target, k)
				if err != nil {
					t.Fatal(err)
				}
				return append(out, v)
			}
			solve.SetEarlyStop(true)
			early := run()
			solve.SetEarlyStop(false)
			plain := run()
			for i := range early {
				for s := range early[i] {
					same := math.Float64bits(early[i][s]) == math.Float64bits(plain[i][s])
					if i == 1 {
						// R[C<=k] extrapolated: one rounding instead of k
						same = near(early[i][s], plain[i][s], 1e-13)
					}
					if !same {
						t.Fatalf("seed %d (%v, %d states) k=%d operator %d state %d: early %v, plain %v",
							seed, g.Type, n, k, i, s, early[i][s], plain[i][s])
					}
				}
			}
		}
	}
}

// visits counts the steps i in [0, k) with (s+i) mod n = 0.
func visits(s, n int, k int64) float64 {
	first := int64((n - s) % n) // the first such i
	if first >= k {
		return 0
	}
	return float64((k-1-first)/int64(n) + 1)
}

// lassoGame is the dtmc 0 → 1 → … → m, then m → m+1 → … → m+c−1 → m,
// with a state reward of 1 in state m.
func lassoGame(m, c int) (*translate.Game, *translate.Rewards) {
	n := m + c
	cs := make([][]choice, n)
	for s := range cs {
		next := s + 1
		if next == n {
			next = m
		}
		cs[s] = []choice{to1(int32(next))}
	}
	g := game(prism.TypeDTMC, cs, nil)
	rw := &translate.Rewards{State: make([]float64, n)}
	rw.State[m] = 1
	return g, rw
}
