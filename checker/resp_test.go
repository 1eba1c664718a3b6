package checker

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// Passes for probabilities and emptiness skip the history counts, whose
// width grows with T (which made P=? [F<=k] quadratic in k). These tests
// check that the count-free route gives the same answers as the counted
// one, and that it is linear in k.

func TestCountFreeMatchesCounted(t *testing.T) {
	tt := func() prism.Expr { return xName("t") }
	fine, reward := xLab("fine"), xLab("reward")
	outcomes := []prism.Expr{
		xFle(tt(), reward),
		xGle(tt(), xOr(fine, reward)),
		xNot(xGle(tt(), fine)),
		xFle(tt(), xAnd(xLab("payoff1"), xX(fine))),
	}
	plans := []*prism.Plan{
		xPlan(xRep(xStep("c1", "c2"), tt())),
		xPlan(xStep("d1", "c2"), xRep(xStep("*"), xNum(2)), xStep("c1", "d2")),
		alternating(4),
	}
	const T = 4
	nonzero := 0
	for _, beh := range [][]*prism.BehaviourDecl{nil, behaviourDC("0.3", "0.7", "p1", "p2")} {
		for _, kind := range []prism.RespKind{prism.CAR, prism.CPR, prism.CCR} {
			for pi, pl := range plans {
				for oi, out := range outcomes {
					c := cpdChecker(t, Config{Behaviours: beh}, T)
					all, err := c.Check(xResp(kind, "p1", pl, prism.DegAll, out))
					if err != nil {
						t.Fatal(err)
					}
					c = cpdChecker(t, Config{Behaviours: beh}, T)
					one, err := c.Check(xResp(kind, "p1", pl, prism.DegProb, out))
					if err != nil {
						t.Fatal(err)
					}
					if all.Degrees.Prob != 0 {
						nonzero++
					}
					if one.Number != all.Degrees.Prob {
						t.Errorf("%v plan %d outcome %d: P degree %v alone, %v with the others", kind, pi, oi, one.Number, all.Degrees.Prob)
					}
					// A bound just above and at the value.
					for _, b := range []float64{all.Degrees.Prob, math.Nextafter(all.Degrees.Prob, 2)} {
						x := xResp(kind, "p1", pl, prism.DegProb, out)
						x.Rel = prism.RelGe
						x.Bound = &prism.DoubleLit{Value: b, Text: "b"}
						r, err := c.Check(x)
						if err != nil {
							t.Fatal(err)
						}
						if want := all.Degrees.Prob >= b; r.Bool != want {
							t.Errorf("%v plan %d outcome %d: P>=%v is %v, want %v", kind, pi, oi, b, r.Bool, want)
						}
					}
					// The qualitative operator needs only emptiness: its passes
					// carry no counts.
					q, err := c.prepareResp(xResp(kind, "p1", pl, prism.DegNone, out), int(c.g.Initial[0]), false, false)
					if err != nil {
						t.Fatal(err)
					}
					q.Qualitative()
					for j, r := range q.Measured() {
						if r.Counted || r.CAcc != nil {
							t.Errorf("%v plan %d outcome %d: the pass for coalition %b counted histories", kind, pi, oi, j)
						}
					}
				}
			}
		}
	}
	if nonzero < 20 {
		t.Errorf("only %d of the P degrees are non-zero", nonzero)
	}
}

// TestProbabilityBoundRange: a probability bound outside [0,1] is an error
// at the bound, as PRISM's "Invalid probability bound"; 0 and 1 are fine,
// and bounds on counts and rewards are not probabilities.
func TestProbabilityBoundRange(t *testing.T) {
	cases := []struct {
		prop string
		want string // "true"/"false" or the error
	}{
		{`P>=2 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound 2: it must lie in [0,1]`},
		{`P>=1/0 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound +Inf: it must lie in [0,1]`},
		{`P>=0/0 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound NaN: it must lie in [0,1]`},
		{`P< -0.5 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound -0.5: it must lie in [0,1]`},
		{"const double p = 1.25;\nP<=p [ X \"goal\" ]", `p.props:2:4: error: invalid probability bound 1.25: it must lie in [0,1]`},
		{`P>=2 [ F "goal" ]`, `p.props:1:4: error: invalid probability bound 2: it must lie in [0,1]`},
		{`<<p1>> P>=1.5 [ X "goal" ]`, `p.props:1:11: error: invalid probability bound 1.5: it must lie in [0,1]`},
		{`<<p1>> P>=-1 [ F "goal" ]`, `p.props:1:11: error: invalid probability bound -1: it must lie in [0,1]`},
		{`CAR(p1,[a1])P>=2 [ X "goal" ]`, `p.props:1:16: error: invalid probability bound 2: it must lie in [0,1]`},
		{`CCR(p1,[a1,a2])P<1.01 [ X "goal" ]`, `p.props:1:18: error: invalid probability bound 1.01: it must lie in [0,1]`},
		{`#=? [ F<=1 P>=2 [ X "goal" ] ]`, `p.props:1:15: error: invalid probability bound 2: it must lie in [0,1]`},
		// In range: P(X goal) = 1/2 under uniform behaviours.
		{`P>=1 [ X "goal" ]`, "false"},
		{`P>=0 [ X "goal" ]`, "true"},
		{`P>=1/2 [ X "goal" ]`, "true"},
		{`<<p1>> P>=1 [ X "goal" ]`, "true"},
		{`CAR(p1,[a1])P>=1 [ X "goal" ]`, "true"}, // D^P = (1/2)/(1/2)
		{`CAR(p1,[a1])P<1 [ X "goal" ]`, "false"},
		// Not probability bounds.
		{`CAR(p1,[a1])#<2 [ X "goal" ]`, "true"},
		{`CAR(p1,[a1])H<2 [ X "goal" ]`, "true"},
	}
	for _, tc := range cases {
		t.Run(tc.prop, func(t *testing.T) {
			r, err := checkPATL(t, boundCSG, tc.prop)
			got := ""
			switch {
			case err != nil:
				got = err.Error()
			case r.Kind != KindBool:
				got = "not a boolean: " + r.Kind.String()
			case r.Bool:
				got = "true"
			default:
				got = "false"
			}
			if got != tc.want {
				t.Errorf("%s: got %q, want %q", tc.prop, got, tc.want)
			}
		})
	}
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

func TestDTMC(t *testing.T) {
	g := chainGame(prism.TypeDTMC, nil, []int32{0}, [][]int32{{0, 1}}, [][]float64{{0.5, 0.5}})
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.Check(&prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: xFle(xNum(3), xLab("done"))})
	if err != nil || r.Exact == nil || r.Exact.Cmp(big.NewRat(7, 8)) != 0 || r.Number != 0.875 {
		t.Fatalf("P=? got %+v %v", r, err)
	}
	r, err = c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(3), xLab("done"))})
	if err != nil || r.Count.Int64() != 3 {
		t.Fatalf("#=? got %+v %v", r, err)
	}
	r, err = c.Check(&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: xG(xNot(xLab("done")))})
	if err != nil || r.Number != 0 {
		t.Fatalf("Hinf got %+v %v", r, err)
	}
	_, err = c.Check(xResp(prism.CAR, "1", xPlan(), prism.DegNone, xX(xLab("done"))))
	if err == nil || !strings.Contains(err.Error(), "needs a model with players") {
		t.Fatalf("CAR on a dtmc: %v", err)
	}
}

func TestMDP(t *testing.T) {
	g := chainGame(prism.TypeMDP, []string{"1"}, []int32{1, 2}, [][]int32{{1}, {0}}, [][]float64{{1}, {1}})
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	player1 := prism.PlayerRef{Index: 1}
	q := func(kind prism.RespKind, pl *prism.Plan, deg prism.Degree, out prism.Expr) *prism.Resp {
		r := xResp(kind, "", pl, deg, out)
		r.Agent = player1
		return r
	}
	for _, tc := range []struct {
		q    *prism.Resp
		want bool
	}{
		{q(prism.CAR, xPlan(xStep("go")), prism.DegNone, xX(xLab("done"))), true},
		{q(prism.CPR, xPlan(xStep("go")), prism.DegNone, xX(xLab("done"))), true},
		{q(prism.CAR, xPlan(xStep("stay")), prism.DegNone, xX(xLab("done"))), false},
		// F<=2 done under [stay][stay]: 0 → 0 → 0 misses it; [stay][go] reaches it.
		{q(prism.CCR, xPlan(xStep("stay"), xStep("go")), prism.DegNone, xFle(xNum(2), xLab("done"))), true},
		{q(prism.CCR, xPlan(xStep("stay"), xStep("stay")), prism.DegNone, xFle(xNum(2), xLab("done"))), false},
	} {
		r, err := c.Check(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Bool != tc.want {
			t.Errorf("%v %s: got %v, want %v", tc.q.Kind, tc.q.Plan.Plan.Items[0].(*prism.PlanStep).Actions[0].Name, r.Bool, tc.want)
		}
	}
	// Degrees of CAR for F<=2 done under [stay][go]: L_ψ = {go·stay, stay·go}
	// (from 1 only stay), Compat_1 ∩ L_ψ = {stay·go}: # 1/2; P (1/4)/(1/2+1/4)
	// = 1/3; H log2 2 / log2 3.
	r, err := c.Check(q(prism.CAR, xPlan(xStep("stay"), xStep("go")), prism.DegAll, xFle(xNum(2), xLab("done"))))
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Degrees; !near(d.Count, 0.5) || !near(d.Prob, 1.0/3) || !near(d.Entropy, 1/1.5849625007211562) {
		t.Errorf("degrees %+v", d)
	}
}

const boundCSG = `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1
  x : [0..1] init 0;
  [a1] true -> (x'=1);
  [b1] true -> (x'=0);
endmodule
module m2
  [a2] true -> true;
  [b2] true -> true;
endmodule
label "goal" = x=1;
`
