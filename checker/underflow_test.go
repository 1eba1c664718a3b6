package checker

import (
	"math"
	"math/big"
	"strconv"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// Probabilities of long horizons fall below float64's range (2^-1074), but
// the probability degrees are ratios of two such values and must stay
// right for any horizon. These tests use the CPD (SPEC §8), where the
// languages have closed forms, and compare the float path with --exact.

// behaviourDC weights d and c of every player with pd and pc.
func behaviourDC(pd, pc string, players ...string) []*prism.BehaviourDecl {
	lit := func(text string) *prism.DoubleLit {
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			panic(err)
		}
		return &prism.DoubleLit{Value: v, Text: text}
	}
	out := xBehaviourQ(players...)
	for _, b := range out {
		b.Weights[0].Weight = lit(pd)
		b.Weights[1].Weight = lit(pc)
	}
	return out
}

func TestProbDegreeLongHorizon(t *testing.T) {
	fine := xLab("fine")
	fineOrP2 := xOr(xLab("fine"), xLab("payoff2"))
	tt := func() prism.Expr { return xName("t") }
	// CPR(p1,[c1,d2]^t) P [!(G<=t φ)]: L⁻ (p2 plays d2 throughout, φ
	// throughout) over L_¬ψ (φ throughout).
	cpr := func(phi prism.Expr) *prism.Resp {
		return xResp(prism.CPR, "p1", xPlan(xRep(xStep("c1", "d2"), tt())), prism.DegProb, xNot(xGle(tt(), phi)))
	}
	cases := []struct {
		name string
		q    *prism.Resp
		beh  []*prism.BehaviourDecl
		T    int
		want float64 // closed form
	}{
		// φ = fine: L⁻ = L_¬ψ = {(d1,d2)^t}, both 4^-t: the degree is 1.
		{"fine 540", cpr(fine), nil, 540, 1},
		{"fine 2000", cpr(fine), nil, 2000, 1},
		{"fine 10000", cpr(fine), nil, 10000, 1},
		{"fine 2000 biased", cpr(fine), behaviourDC("0.3", "0.7", "p1", "p2"), 2000, 1},
		// φ = fine|payoff2 (p1 defects throughout): L_¬ψ has probability
		// pd^t, L⁻ has pd^2t, so the degree is pd^t (2^-t uniform).
		{"p1 defects 540", cpr(fineOrP2), nil, 540, math.Ldexp(1, -540)},
		{"p1 defects 1000", cpr(fineOrP2), nil, 1000, math.Ldexp(1, -1000)},
		{"p1 defects 2000", cpr(fineOrP2), nil, 2000, 0}, // 2^-2000: truly below range
		{"p1 defects 540 biased", cpr(fineOrP2), behaviourDC("0.3", "0.7", "p1", "p2"), 540, math.Pow(0.3, 540)},
		{"p1 defects 1000 biased", cpr(fineOrP2), behaviourDC("0.75", "0.25", "p1", "p2"), 1000, math.Pow(0.75, 1000)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := cpdChecker(t, Config{Behaviours: tc.beh}, int64(tc.T))
			r, err := c.Check(tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if !relNear(r.Number, tc.want, 1e-9) {
				t.Errorf("D^P = %v, want %v", r.Number, tc.want)
			}
			if tc.T > 1000 {
				return
			}
			ce := cpdChecker(t, Config{Behaviours: tc.beh, Exact: true}, int64(tc.T))
			re, err := ce.Check(tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if f, _ := re.Exact.Float64(); !relNear(r.Number, f, 1e-9) {
				t.Errorf("D^P = %v, exact %v", r.Number, f)
			}
		})
	}
}

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
		c := cpdChecker(t, Config{Behaviours: tc.beh}, int64(tc.T))
		r, err := c.Check(pG)
		if err != nil {
			t.Fatal(err)
		}
		if !relNear(r.Number, tc.want, 1e-9) {
			t.Errorf("T=%d: P = %v, want %v", tc.T, r.Number, tc.want)
		}
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

// relNear compares with a relative tolerance; 0 only equals 0.
func relNear(a, b, tol float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tol*math.Max(math.Abs(a), math.Abs(b))
}
