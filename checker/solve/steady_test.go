package solve_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// TestSteady checks S and R[S] on small dtmcs against values worked out
// by hand (in the comments).
func TestSteady(t *testing.T) {
	half := []float64{0.5, 0.5}
	// 0 to 1 or 2; 1 and 2 swap for ever: a periodic bottom component
	// where each is visited half of the time.
	swap := game(prism.TypeDTMC, [][]choice{{{To: []int32{1, 2}, P: half}}, {to1(2)}, {to1(1)}}, nil)
	// 0 to the sink 1 (1/3) or to the loop 2 ↔ 3 (2/3), where 2 stays
	// with 1/2 and 3 returns at once: π(2) = 2/3, π(3) = 1/3.
	two := game(prism.TypeDTMC, [][]choice{
		{{To: []int32{1, 2}, P: []float64{1.0 / 3, 2.0 / 3}}}, {to1(1)},
		{{To: []int32{2, 3}, P: half}}, {to1(2)},
	}, nil)
	// Beyond MaxDenseBSCC both parts are iterated: m transient states in a
	// line that, with 1/2 at each step, moves on or waits, into a ring of
	// m states that moves on or waits with 1/2: time spreads evenly over
	// the ring, so a quarter of it is spent in its first quarter.
	m := solve.MaxDenseBSCC + 100
	bigCs := make([][]choice, 2*m)
	quarter := make([]bool, 2*m)
	for i := 0; i < 2*m; i++ {
		next := int32(i + 1)
		if i == 2*m-1 {
			next = int32(m)
		}
		bigCs[i] = []choice{{To: []int32{int32(i), next}, P: half}}
		quarter[i] = i >= m && i < m+m/4
	}
	big := game(prism.TypeDTMC, bigCs, nil)
	for _, tc := range []struct {
		name string
		g    *translate.Game
		set  []bool
		r    *translate.Rewards
		want []float64
	}{
		{"periodic, S", swap, []bool{false, true, false}, nil, []float64{0.5, 0.5, 0.5}},
		{"periodic, R[S] state and transition rewards", swap, nil,
			&translate.Rewards{State: []float64{7, 1, 0}, Trans: []float64{0, 0, 4}}, []float64{2.5, 2.5, 2.5}},
		{"two components, S in the loop's first state", two, []bool{false, false, true, false}, nil, []float64{4.0 / 9, 0, 2.0 / 3, 2.0 / 3}},
		{"two components, S in the sink", two, []bool{false, true, false, false}, nil, []float64{1.0 / 3, 1, 0, 0}},
		{"large ring", big, quarter, nil, []float64{float64(m/4) / float64(m), float64(m/4) / float64(m)}},
		{"two components, R[S]", two, nil, &translate.Rewards{State: []float64{0, 3, 0, 6}}, []float64{1 + 4.0/3, 3, 2, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []float64
			var err error
			if tc.r != nil {
				got, err = solve.SteadyRewards(tc.g, tc.r)
			} else {
				got, err = solve.SteadyState(tc.g, tc.set)
			}
			checkValues(t, got, err, tc.want)
		})
	}
}

// TestSteadyRandom compares S on random dtmcs with the limit of the lazy
// chain (P+I)/2 raised to the power 2^64 by repeated squaring (rows
// renormalised): its rows are the long-run averages of time, periodic
// components included.
func TestSteadyRandom(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		n := 1 + r.IntN(8)
		g, _ := randomGame(r, prism.TypeDTMC, n, 1)
		set := make([]bool, n)
		for s := range set {
			set[s] = r.IntN(2) == 0
		}
		got, err := solve.SteadyState(g, set)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		lim := mat.NewDense(n, n, nil)
		for s := 0; s < n; s++ {
			lim.Set(s, s, 0.5)
			tlo, thi := g.Transitions(s)
			for k := tlo; k < thi; k++ {
				j := int(g.Target[k])
				lim.Set(s, j, lim.At(s, j)+g.Prob[k]/2)
			}
		}
		for range 64 {
			var sq mat.Dense
			sq.Mul(lim, lim)
			lim = &sq
			// keep the rows stochastic: squaring would square their error
			for i := 0; i < n; i++ {
				sum := mat.Sum(lim.RowView(i))
				for j := 0; j < n; j++ {
					lim.Set(i, j, lim.At(i, j)/sum)
				}
			}
		}
		for s := 0; s < n; s++ {
			want := 0.0
			for j := 0; j < n; j++ {
				if set[j] {
					want += lim.At(s, j)
				}
			}
			if !near(got[s], want, 1e-5) {
				t.Fatalf("seed %d state %d: got %v, want %v", seed, s, got, want)
			}
		}
	}
}

// birthDeath is a chain 0..n-1 moving up with p and down with 1−p (staying
// at the ends): one bottom component, beyond MaxDenseBSCC for n = 3000.
func birthDeath(n int, p float64) *translate.Game {
	cs := make([][]choice, n)
	for i := range cs {
		up, down := int32(min(i+1, n-1)), int32(max(i-1, 0))
		if up == down {
			cs[i] = []choice{to1(up)}
			continue
		}
		cs[i] = []choice{merge(choice{To: []int32{up, down}, P: []float64{p, 1 - p}})}
	}
	return game(prism.TypeDTMC, cs, nil)
}

// TestSteadyBirthDeath: the stationary distribution of a birth-death
// chain is geometric, π(i) ∝ (p/(1−p))^i, so the top state holds
// (1−r)·r^(n−1)/(1−r^n) of the time, r = p/(1−p).
func TestSteadyBirthDeath(t *testing.T) {
	for _, n := range []int{10, solve.MaxDenseBSCC + 500} {
		p := 0.45
		g := birthDeath(n, p)
		top := make([]bool, n)
		top[n-1] = true
		bottom := make([]bool, n)
		bottom[0] = true
		r := p / (1 - p)
		for _, tc := range []struct {
			set  []bool
			want float64
		}{
			{top, (1 - r) * math.Pow(r, float64(n-1)) / (1 - math.Pow(r, float64(n)))},
			{bottom, (1 - r) / (1 - math.Pow(r, float64(n)))},
		} {
			got, err := solve.SteadyState(g, tc.set)
			if err != nil {
				t.Fatal(err)
			}
			if !near(got[0], tc.want, 1e-6) && math.Abs(got[0]-tc.want) > 1e-12 {
				t.Errorf("n=%d: got %v, want %v", n, got[0], tc.want)
			}
		}
	}
}

// BenchmarkSteady: S on birth-death chains below and beyond
// MaxDenseBSCC (dense solve and Gauss-Seidel).
func BenchmarkSteady(b *testing.B) {
	for _, n := range []int{1000, 3000} {
		g := birthDeath(n, 0.45)
		top := make([]bool, n)
		top[n-1] = true
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := solve.SteadyState(g, top); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
