package checker

import (
	"math"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Speed targets (task brief): on the CPD, all three degrees of CAR, CPR
// and CCR at T = 1,000 in < 1 s and at T = 10,000 in < 60 s; on the
// 8-player CPD, CCR degrees at T = 20 in < 10 s.

// cpdQueries are the SPEC §8 degree rows at horizon t.
func cpdQueries(t int) []*prism.Resp {
	tm1 := &prism.Binary{X: xName("t"), Op: prism.OpSub, Y: xNum(1)}
	return []*prism.Resp{
		xResp(prism.CAR, "p1", xPlan(xRep(xStep("*"), tm1), xStep("d1", "c2")), prism.DegAll,
			xFle(xName("t"), xOr(xLab("reward"), xLab("payoff2")))),
		xResp(prism.CPR, "p1", xPlan(xRep(xStep("*"), tm1), xStep("c1", "c2")), prism.DegAll,
			xFle(xName("t"), xLab("reward"))),
		xResp(prism.CCR, "p1", alternating(t), prism.DegAll,
			xGle(xName("t"), xOr(xLab("fine"), xLab("reward")))),
	}
}

func runCPD(b *testing.B, t int) {
	for b.Loop() {
		c := cpdChecker(b, Config{Behaviours: xBehaviourQ("p1", "p2")}, int64(t))
		for i, q := range cpdQueries(t) {
			r, err := c.Check(q)
			if err != nil {
				b.Fatal(err)
			}
			// CAR b: # 1/2; CPR: P with behaviour q is not 1/3, so check #;
			// CCR: # 2^-t (0 in float64 beyond t ≈ 1074).
			want := []float64{0.5, 1.0 / 3, math.Ldexp(1, -t)}[i]
			if !near(r.Degrees.Count, want) {
				b.Fatalf("query %d: count degree %v, want %v", i, r.Degrees.Count, want)
			}
		}
	}
}

func BenchmarkCPD1000(b *testing.B)  { runCPD(b, 1000) }
func BenchmarkCPD10000(b *testing.B) { runCPD(b, 10000) }

// npdCCR is CCR(p1, alternating all-c / all-d)=? [G<=t (allc | alld)] on
// the n-player CPD. Every J ∋ p1 has one satisfying compatible history
// (the plan's), p1 can always deviate, and L_ψ has 2^t histories, so the
// degrees are 2^-t, 2^-t (uniform) and 1/log2(1+2^t) for every n.
func npdCCR(n, t int) *prism.Resp {
	var items []prism.PlanItem
	for k := 0; k < t; k++ {
		var names []string
		for i := 1; i <= n; i++ {
			if k%2 == 0 {
				names = append(names, "c"+itoa(i))
			} else {
				names = append(names, "d"+itoa(i))
			}
		}
		items = append(items, xStep(names...))
	}
	return xResp(prism.CCR, "p1", xPlan(items...), prism.DegAll, xGle(xNum(int64(t)), xOr(xLab("allc"), xLab("alld"))))
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func checkNPD(tb testing.TB, n, t int) {
	g := npdGame(n)
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g, consts: map[string]translate.Value{}}, Config{})
	if err != nil {
		tb.Fatal(err)
	}
	r, err := c.Check(npdCCR(n, t))
	if err != nil {
		tb.Fatal(err)
	}
	d := r.Degrees
	want := math.Ldexp(1, -t)
	if !near(d.Count, want) || !near(d.Prob, want) || !near(d.Entropy, 1/math.Log2(1+math.Ldexp(1, t))) {
		tb.Fatalf("n=%d t=%d: got (%v, %v, %v)", n, t, d.Count, d.Prob, d.Entropy)
	}
}

func TestNPDCCR(t *testing.T) {
	for _, tc := range []struct{ n, t int }{{2, 4}, {3, 3}, {4, 5}, {5, 2}} {
		checkNPD(t, tc.n, tc.t)
	}
}

func BenchmarkNPD8CCR20(b *testing.B) {
	for b.Loop() {
		checkNPD(b, 8, 20)
	}
}
