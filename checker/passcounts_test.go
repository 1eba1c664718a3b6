package checker

import (
	"fmt"
	"math"
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
