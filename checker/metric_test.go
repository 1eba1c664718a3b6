package checker

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// BenchmarkBoundedF times P=? [F<=k] on the CPD at k and 8k: linear work
// gives a ratio near 8 (the former counting pass was quadratic). Timings
// belong in benchmarks, not tests:
//
//	go test ./checker -run '^$' -bench BoundedF
func BenchmarkBoundedF(b *testing.B) {
	for _, k := range []int64{10000, 80000} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			for b.Loop() {
				c := cpdChecker(b, Config{}, k)
				r, err := c.Check(&prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: xFle(xName("t"), xLab("payoff1"))})
				if err != nil {
					b.Fatal(err)
				}
				// 1 - (3/4)^k: 1 up to rounding for these k.
				if math.Abs(r.Number-1) > 1e-9 {
					b.Fatalf("k=%d: P = %v, want 1", k, r.Number)
				}
			}
		})
	}
}

// Probabilities of long horizons fall below float64's range (2^-1074), but
// the probability degrees are ratios of two such values and must stay
// right for any horizon. These tests use the CPD (SPEC §8), where the
// languages have closed forms, and compare the float path with --exact.

// TestProbLongHorizon checks that P(L) itself is the true value: subnormal
// when it is, 0 only when it is below 2^-1074.
func TestProbLongHorizon(t *testing.T) {
	pG := &prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: xGle(xName("t"), xLab("fine"))}
	cases := []struct {
		T    int
		beh  []*prism.BehaviourDecl
		want float64
	}{
		{500, nil, math.Ldexp(1, -1000)},
		{530, nil, math.Ldexp(1, -1060)}, // subnormal
		{537, nil, math.Ldexp(1, -1074)}, // the smallest subnormal
		{538, nil, 0},
		{10000, nil, 0},
		{300, behaviourDC("0.3", "0.7", "p1", "p2"), math.Pow(0.09, 300)},
		{1000, behaviourDC("0.9", "0.1", "p1", "p2"), math.Pow(0.81, 1000)},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("T=%d", tc.T), func(t *testing.T) {
			c := cpdChecker(t, Config{Behaviours: tc.beh}, int64(tc.T))
			r, err := c.Check(pG)
			if err != nil {
				t.Fatal(err)
			}
			if !relNear(r.Number, tc.want, 1e-9) {
				t.Errorf("T=%d: P = %v, want %v", tc.T, r.Number, tc.want)
			}
		})
	}
	// The same value with --exact for a probability that is not a power of 2.
	c := cpdChecker(t, Config{Behaviours: behaviourDC("0.3", "0.7", "p1", "p2"), Exact: true}, 300)
	r, err := c.Check(pG)
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Rat).SetFrac64(9, 100)
	pow := big.NewRat(1, 1)
	for range 300 {
		pow.Mul(pow, want)
	}
	if r.Exact == nil || r.Exact.Cmp(pow) != 0 {
		t.Errorf("exact P = %v, want 0.09^300", r.Exact)
	}
}

func TestMetrics(t *testing.T) {
	c := cpdChecker(t, Config{}, 5)
	fr := xOr(xLab("fine"), xLab("reward"))
	// C(G<=t (fine|reward)) = 2^t; H = log2(1+2^t)/t.
	r, err := c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xGle(xName("t"), fr)})
	if err != nil {
		t.Fatal(err)
	}
	if r.Kind != KindCount || r.Count.Cmp(big.NewInt(32)) != 0 || r.Horizon != 5 {
		t.Errorf("#=? got %v %v h=%d", r.Kind, r.Count, r.Horizon)
	}
	r, err = c.Check(&prism.Metric{Kind: prism.MetricEntropy, Outcome: xGle(xName("t"), fr)})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Number, math.Log2(33)/5) {
		t.Errorf("H=? got %v", r.Number)
	}
	// F<=t reward over 4^t histories: 4^t - 3^t.
	r, err = c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xName("t"), xLab("reward"))})
	if err != nil {
		t.Fatal(err)
	}
	if r.Count.Int64() != 1024-243 {
		t.Errorf("#=? F<=5 reward = %v, want %d", r.Count, 1024-243)
	}
}

// TestBigCounts checks the multi-word counters against big.Int arithmetic
// across many limb widenings.
func TestBigCounts(t *testing.T) {
	pow := func(b, e int64) *big.Int { return new(big.Int).Exp(big.NewInt(b), big.NewInt(e), nil) }
	for _, T := range []int64{31, 32, 33, 64, 65, 200, 1000} {
		c := cpdChecker(t, Config{}, T)
		r, err := c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xName("t"), xLab("reward"))})
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).Sub(pow(4, T), pow(3, T))
		if r.Count.Cmp(want) != 0 {
			t.Errorf("T=%d: #F<=T reward = %v, want %v", T, r.Count, want)
		}
		r, err = c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xGle(xName("t"), xNot(xLab("payoff1")))})
		if err != nil {
			t.Fatal(err)
		}
		if want := pow(3, T); r.Count.Cmp(want) != 0 {
			t.Errorf("T=%d: #G<=T !payoff1 = %v, want %v", T, r.Count, want)
		}
	}
	g := npdGame(5) // 32 joint actions a step
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(40), xLab("allc"))})
	if err != nil {
		t.Fatal(err)
	}
	if want := new(big.Int).Sub(pow(32, 40), pow(31, 40)); r.Count.Cmp(want) != 0 {
		t.Errorf("5 players: %v, want %v", r.Count, want)
	}
}
