package checker_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// TestFloatDegreesRandom compares the degrees by counting, the entropy
// degrees, the Shapley count index and H=? computed from floating-point
// counts (the default) with the same computed from exact counts (Exact),
// on 200 random games (the random comparison's generator) at horizons of
// 20 to 60, where the counts outgrow 2^53 and the float path is the one
// taken: the degrees and H within 1e-12 relative (their stated bound is
// far smaller). The Shapley index sums differences of v_C, which cancel
// in floats however exact v_C is: it is compared within 1e-15 absolute
// (v_C is in [0, 1]).
func TestFloatDegreesRandom(t *testing.T) {
	worst := 0.0
	compared, large := 0, 0
	for seed := uint64(1); seed <= 200; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x636f756e74))
		g := genGame(r, []prism.ModelType{prism.TypeCSG, prism.TypeSMG, prism.TypeMDP}[r.IntN(3)], true)
		T := 20 + r.IntN(41)
		beh := genBehaviours(r, g)
		plan := genPlan(r, g, T)
		psi := genPsi(r, 1+r.IntN(3), false, false, false)
		agent := prism.PlayerRef{Name: g.Players[r.IntN(len(g.Players))]}
		var qs []prism.Expr
		for _, k := range []prism.RespKind{prism.CAR, prism.CPR, prism.CCR, prism.SHAPLEY} {
			qs = append(qs, &prism.Resp{Kind: k, Agent: agent, Plan: prism.PlanRef{Plan: plan}, Degree: prism.DegAll, Rel: prism.RelQuery, Outcome: psi})
		}
		qs = append(qs, &prism.Metric{Kind: prism.MetricEntropy, Outcome: psi})
		free := r.IntN(2) == 0
		run := func(exact bool) []*checker.Result {
			cfg := checker.Config{Horizon: T, Exact: exact, Behaviours: beh, MaxProduct: 200_000}
			if free {
				cfg.Unavailable = checker.UnavailableFree
			}
			ck, err := checker.New(prism.NewFileSet(), g, fakeEnv{g, true}, cfg)
			if err != nil {
				return nil // a behaviour with all weights 0 somewhere
			}
			var out []*checker.Result
			for _, q := range qs {
				res, err := ck.Check(q)
				if err != nil {
					res = nil // a plan that cannot be carried out: both fail alike
				}
				out = append(out, res)
			}
			return out
		}
		fl, ex := run(false), run(true)
		if fl == nil || ex == nil {
			continue
		}
		check := func(q prism.Expr, what string, got float64, want *big.Rat, wantF float64, abs bool) {
			w := wantF
			if want != nil {
				w, _ = want.Float64()
			}
			compared++
			if got == w {
				return
			}
			if abs {
				if math.Abs(got-w) > 1e-15 {
					t.Errorf("seed %d, T=%d: %s: %s %.17g from floats, %.17g exactly (%v)", seed, T, naiveFormat(q), what, got, w, want)
				}
				return
			}
			e := math.Abs(got-w) / math.Max(math.Abs(got), math.Abs(w))
			worst = max(worst, e)
			if e > 1e-12 {
				t.Errorf("seed %d, T=%d: %s: %s %.17g from floats, %.17g exactly (%v)", seed, T, naiveFormat(q), what, got, w, want)
			}
		}
		for i, q := range qs {
			f, x := fl[i], ex[i]
			if (f == nil) != (x == nil) {
				t.Fatalf("seed %d: %s: float result %v, exact %v", seed, naiveFormat(q), f, x)
			}
			switch {
			case f == nil:
			case f.Degrees != nil:
				check(q, "count degree", f.Degrees.Count, x.Degrees.CountExact, 0, false)
				check(q, "entropy degree", f.Degrees.Entropy, nil, x.Degrees.Entropy, false)
				if f.Degrees.CountExact == nil && f.Degrees.Count != 0 {
					large++
				}
			case f.Power != nil:
				check(q, "Shapley count index", f.Power.Count, x.Power.CountExact, 0, true)
			default:
				check(q, "H=?", f.Number, nil, x.Number, false)
			}
		}
	}
	if large < 20 {
		t.Errorf("only %d nonzero count degrees came from counts beyond 2^53: the float path is hardly exercised", large)
	}
	t.Logf("%d values compared (%d nonzero count degrees from large counts); largest relative difference %g", compared, large, worst)
}

// naiveFormat writes a query for a failure message.
func naiveFormat(q prism.Expr) string { return prism.ExprString(q) }
