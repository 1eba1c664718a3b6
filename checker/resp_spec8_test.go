package checker

import (
	"math"
	"math/big"
	"testing"

	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The results the paper gives for the CPD model (SPEC §8, with the
// corrections of §9).

func cpdChecker(t testing.TB, cfg Config, t2 int64) *Checker {
	t.Helper()
	g := npdGame(2)
	env := &gameEnv{g: g, consts: map[string]translate.Value{"t": xInt(t2)}}
	c, err := New(prism.NewFileSet(), g, env, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b))
}

func TestSpec8Qualitative(t *testing.T) {
	fineOrP2 := xOr(xLab("fine"), xLab("payoff2"))
	cases := []struct {
		name    string
		kind    prism.RespKind
		plan    *prism.Plan
		outcome prism.Expr
		from    int
		want    bool
	}{
		{"CAR ex2", prism.CAR, xPlan(xStep("d1", "d2")), xX(fineOrP2), 0, true},
		{"CPR ex3", prism.CPR, xPlan(xStep("c1", "c2")), xX(xLab("reward")), 0, true},
		{"CCR ex4 default", prism.CCR, xPlan(xStep("c1", "d2"), xStep("d1", "d2")), xFle(xNum(2), xLab("fine")), 0, false},
		{"CCR ex4 from 1", prism.CCR, xPlan(xStep("c1", "d2"), xStep("d1", "d2")), xFle(xNum(2), xLab("fine")), 1, true},
		// Variations that must be false.
		{"CAR reward by c1 alone", prism.CAR, xPlan(xStep("c1", "c2")), xX(xLab("reward")), 0, false},
		{"CPR unreached outcome", prism.CPR, xPlan(xStep("d1", "c2")), xX(xLab("reward")), 0, false},
		{"CAR of p1 for payoff2 under d1,c2", prism.CAR, xPlan(xStep("d1", "c2")), xX(xLab("payoff2")), 0, false},
		{"CPR of p1 for payoff2 under d1,c2", prism.CPR, xPlan(xStep("d1", "c2")), xX(xLab("payoff2")), 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := cpdChecker(t, Config{OutcomeFrom: tc.from}, 1)
			r, err := c.Check(xResp(tc.kind, "p1", tc.plan, prism.DegNone, tc.outcome))
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind != KindBool || r.Bool != tc.want {
				t.Fatalf("got %v %v, want %v", r.Kind, r.Bool, tc.want)
			}
		})
	}
}

// alternating builds ([c1,c2] [d1,d2]) alternating for t steps.
func alternating(t int) *prism.Plan {
	var items []prism.PlanItem
	for k := 0; k < t; k++ {
		if k%2 == 0 {
			items = append(items, xStep("c1", "c2"))
		} else {
			items = append(items, xStep("d1", "d2"))
		}
	}
	return xPlan(items...)
}

func TestSpec8Degrees(t *testing.T) {
	type want struct{ count, prob, entropy float64 }
	l2 := math.Log2
	pw := math.Pow
	cases := []struct {
		name    string
		kind    prism.RespKind
		q       bool // behaviour q: p(d) = 1/4
		plan    func(t int) *prism.Plan
		outcome func(t int) prism.Expr
		want    func(t float64) want
		ts      []int
	}{
		{"D_CAR a", prism.CAR, true,
			func(int) *prism.Plan { return xPlan(xStep("d1", "c2")) },
			func(int) prism.Expr { return xX(xOr(xLab("fine"), xLab("payoff2"))) },
			func(float64) want { return want{1, 1, 1} }, []int{1}},
		{"D_CAR b", prism.CAR, true,
			func(int) *prism.Plan {
				return xPlan(xRep(xStep("*"), &prism.Binary{X: xName("t"), Op: prism.OpSub, Y: xNum(1)}), xStep("d1", "c2"))
			},
			func(int) prism.Expr { return xFle(xName("t"), xOr(xLab("reward"), xLab("payoff2"))) },
			func(t float64) want {
				return want{0.5, 0.25, l2(1+2*pw(4, t-1)-pw(2, t-1)) / l2(1+pw(4, t)-pw(2, t))}
			}, []int{1, 2, 3, 5, 8, 20}},
		{"D_CPR prefix", prism.CPR, false,
			func(int) *prism.Plan {
				return xPlan(xRep(xStep("*"), &prism.Binary{X: xName("t"), Op: prism.OpSub, Y: xNum(1)}), xStep("c1", "c2"))
			},
			func(int) prism.Expr { return xFle(xName("t"), xLab("reward")) },
			func(t float64) want {
				return want{1.0 / 3, 1.0 / 3, l2(1+pw(3, t-1)) / l2(1+pw(3, t))}
			}, []int{1, 2, 3, 6, 20}},
		{"D_CPR d1c2^t", prism.CPR, false,
			func(int) *prism.Plan { return xPlan(xRep(xStep("d1", "c2"), xName("t"))) },
			func(int) prism.Expr { return xFle(xName("t"), xLab("reward")) },
			func(float64) want { return want{0, 0, 0} }, []int{1, 2, 5}},
		{"D_CCR alternating", prism.CCR, false,
			alternating,
			func(int) prism.Expr { return xGle(xName("t"), xOr(xLab("fine"), xLab("reward"))) },
			func(t float64) want { return want{pw(2, -t), pw(2, -t), 1 / l2(1+pw(2, t))} },
			[]int{1, 2, 3, 4, 7, 12}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, tt := range tc.ts {
				for _, exact := range []bool{false, true} {
					cfg := Config{Exact: exact}
					if tc.q {
						cfg.Behaviours = xBehaviourQ("p1", "p2")
					}
					c := cpdChecker(t, cfg, int64(tt))
					r, err := c.Check(xResp(tc.kind, "p1", tc.plan(tt), prism.DegAll, tc.outcome(tt)))
					if err != nil {
						t.Fatalf("%s t=%d: %v", tc.name, tt, err)
					}
					w := tc.want(float64(tt))
					d := r.Degrees
					if r.Kind != KindDegrees || d == nil {
						t.Fatalf("%s t=%d: kind %v", tc.name, tt, r.Kind)
					}
					if !near(d.Count, w.count) || !near(d.Prob, w.prob) || !near(d.Entropy, w.entropy) {
						t.Errorf("%s t=%d exact=%v: got (%v, %v, %v), want (%v, %v, %v)", tc.name, tt, exact,
							d.Count, d.Prob, d.Entropy, w.count, w.prob, w.entropy)
					}
					if r.Horizon != max(tt, 1) {
						t.Errorf("%s t=%d: horizon %d", tc.name, tt, r.Horizon)
					}
					if f, _ := d.CountExact.Float64(); !near(f, w.count) {
						t.Errorf("%s t=%d: exact count %v", tc.name, tt, d.CountExact)
					}
					if exact {
						if d.ProbExact == nil {
							t.Fatalf("%s t=%d: no exact probability", tc.name, tt)
						}
						if f, _ := d.ProbExact.Float64(); !near(f, w.prob) {
							t.Errorf("%s t=%d: exact prob %v", tc.name, tt, d.ProbExact)
						}
					} else if d.ProbExact != nil {
						t.Errorf("%s: ProbExact without Config.Exact", tc.name)
					}
				}
			}
		})
	}
}

func TestSpec8Exact(t *testing.T) {
	// D_CAR (b) at t=3 under q: # exactly 1/2 and P exactly 1/4.
	c := cpdChecker(t, Config{Exact: true, Behaviours: xBehaviourQ("p1", "p2")}, 3)
	pl := xPlan(xRep(xStep("*"), xNum(2)), xStep("d1", "c2"))
	out := xFle(xName("t"), xOr(xLab("reward"), xLab("payoff2")))
	for _, tc := range []struct {
		deg  prism.Degree
		want *big.Rat
	}{{prism.DegCount, big.NewRat(1, 2)}, {prism.DegProb, big.NewRat(1, 4)}} {
		r, err := c.Check(xResp(prism.CAR, "p1", pl, tc.deg, out))
		if err != nil {
			t.Fatal(err)
		}
		if r.Kind != KindNumber || r.Exact == nil || r.Exact.Cmp(tc.want) != 0 || r.Number != resp.RatFloat(tc.want) {
			t.Errorf("degree %v: got %v %v, want %v", tc.deg, r.Number, r.Exact, tc.want)
		}
	}
}

func TestSpec8Entropy(t *testing.T) {
	c := cpdChecker(t, Config{}, 1)
	fr := xOr(xLab("fine"), xLab("reward"))
	p12 := xOr(xLab("payoff1"), xLab("payoff2"))
	r, err := c.Check(&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: xG(fr)})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Number, 1) {
		t.Errorf("Hinf G(fine|reward) = %v, want 1", r.Number)
	}
	r, err = c.Check(&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: xG(xFlt(xNum(100), p12))})
	if err != nil {
		t.Fatal(err)
	}
	// Slightly below 2: the histories that miss payoff for 100 steps are excluded.
	if r.Number >= 2 || r.Number < 1.99 {
		t.Errorf("Hinf G F<100 (payoff1|payoff2) = %v, want just below 2", r.Number)
	}
	// The whole game: log2 4.
	r, err = c.Check(&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: &prism.BoolLit{Value: true}})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Number, 2) {
		t.Errorf("Hinf true = %v, want 2", r.Number)
	}
	// A finite language has entropy 0.
	r, err = c.Check(&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: xX(xLab("reward"))})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Number, 2) {
		// X reward constrains only the first step; afterwards anything goes.
		t.Errorf("Hinf X reward = %v, want 2", r.Number)
	}
}

func TestSpec8Probability(t *testing.T) {
	for _, tt := range []int{1, 2, 3, 10, 40, 2000} {
		c := cpdChecker(t, Config{Exact: tt <= 40}, int64(tt))
		r, err := c.Check(&prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: xGle(xName("t"), xOr(xLab("fine"), xLab("reward")))})
		if err != nil {
			t.Fatal(err)
		}
		if want := math.Pow(2, -float64(tt)); !near(r.Number, want) {
			t.Errorf("t=%d: P = %v, want %v", tt, r.Number, want)
		}
		if tt <= 40 && (r.Exact == nil || r.Exact.Cmp(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(tt)))) != 0) {
			t.Errorf("t=%d: exact %v", tt, r.Exact)
		}
		if r.Horizon != tt {
			t.Errorf("t=%d: horizon %d", tt, r.Horizon)
		}
	}
}
