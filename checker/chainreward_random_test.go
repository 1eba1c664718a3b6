package checker

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/translate"
)

// randomDTMCSrc writes a random dtmc over s in [0..n-1]: several commands
// per state (merged, some labelled), decimal probabilities, some states
// without a command (deadlocks), and reward items with decimals and
// values reading s.
func randomDTMCSrc(r *rand.Rand, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "dtmc\nmodule m\n s : [0..%d] init 0;\n", n-1)
	acts := []string{"", "a", "b"}
	b.WriteString(" [a] false -> true;\n [b] false -> true;\n")
	for s := 0; s < n; s++ {
		if r.IntN(6) == 0 {
			continue // a deadlock
		}
		for c := 0; c < 1+r.IntN(2); c++ {
			k := 1 + r.IntN(3)
			ws := make([]int, k)
			tot := 0
			for i := range ws {
				ws[i] = 1 + r.IntN(9)
				tot += ws[i]
			}
			var parts []string
			for i := range ws {
				parts = append(parts, fmt.Sprintf("%d/%d:(s'=%d)", ws[i], tot, r.IntN(n)))
			}
			fmt.Fprintf(&b, " [%s] s=%d -> %s;\n", acts[r.IntN(3)], s, strings.Join(parts, " + "))
		}
	}
	b.WriteString("endmodule\nrewards\n")
	for s := 0; s < n; s++ {
		switch r.IntN(5) {
		case 0:
			fmt.Fprintf(&b, " s=%d : 0.1;\n", s)
		case 1:
			fmt.Fprintf(&b, " s=%d : s/10+0.3;\n", s)
		case 2:
			fmt.Fprintf(&b, " [%s] s=%d : 0.7;\n", acts[r.IntN(3)], s)
		}
	}
	b.WriteString("endrewards\n")
	return b.String()
}

// TestChainRewardsRandomModels: on random dtmc models (merged commands,
// deadlocks, decimal rewards), the direct float solves of R[F], R[Fc] and
// R[C] agree with value iteration and with the exact solves, also on the
// model in PRISM's order. Value iteration is compared loosely: it stops
// at a small relative change per sweep, which on a slowly mixing chain is
// some 0.2% short of the value.
func TestChainRewardsRandomModels(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for it := 0; it < 400; it++ {
		n := 2 + r.IntN(9)
		src := randomDTMCSrc(r, n)
		_, m, _, err := buildForTest(t, src, "", true)
		if err != nil {
			t.Fatalf("model %d: %v\n%s", it, err, src)
		}
		for _, g := range []*translate.Game{m.Game, translate.PrismOrder(m.Game)} {
			rw := &g.Rewards[0]
			target := make([]bool, g.NumStates)
			for s := range target {
				target[s] = r.IntN(3) == 0
			}
			for kind := 0; kind < 3; kind++ {
				var vi, direct []float64
				var ex []*big.Rat
				var err1, err2, err3 error
				q := solve.Query{Max: true}
				switch kind {
				case 0:
					vi, err1 = solve.ReachRewards(g, q, rw, target, false)
					direct, err2 = solve.ChainReachRewards(g, rw, target)
					ex, err3 = solve.ExactReachRewards(g, g.ProbExact, rw, target)
				case 1:
					vi, err1 = solve.TotalRewards(g, q, rw)
					direct, err2 = solve.ChainTotalRewards(g, rw, nil)
					ex, err3 = solve.ExactTotalRewards(g, g.ProbExact, rw)
				default:
					vi, err1 = solve.CumulativeRewards(g, q, rw, target)
					direct, err2 = solve.ChainTotalRewards(g, rw, target)
					ex, err3 = solve.ExactCumulativeRewards(g, g.ProbExact, rw, target)
				}
				if err1 != nil || err2 != nil || err3 != nil {
					t.Fatalf("model %d kind %d: %v %v %v\n%s", it, kind, err1, err2, err3, src)
				}
				for s := range vi {
					e := math.Inf(1)
					if v := ex[s]; v != nil {
						e, _ = v.Float64()
					}
					if !(relNear(vi[s], direct[s], 1e-2) || math.Abs(vi[s]-direct[s]) < 1e-9) || !relNear(direct[s], e, 1e-9) {
						t.Errorf("model %d kind %d state %d: value iteration %v, direct %v, exact %v\n%s", it, kind, s, vi[s], direct[s], e, src)
					}
				}
			}
		}
	}
}

// TestExactVectorsRandomModels: on random dtmc models, arithmetic and
// filters over R, P and S (states with exact values next to +∞ ones and
// to floats) give under --exact the float result within rounding, and an
// exact value, where there is one, whose float is the one printed.
func TestExactVectorsRandomModels(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	props := []string{
		`R=? [ F s=%d ]`,
		`R=? [ C ]`,
		`R=? [ Fc s=%d ]`,
		`1 - R=? [ F s=%d ] / 2`,
		`filter(min, R=? [ F s=%d ])`,
		`filter(max, R=? [ C ], s<=%d)`,
		`filter(avg, R=? [ Fc s=%d ] + P=? [ F s=%d ])`,
		`filter(sum, P=? [ F<=2 s=%d ] * R=? [ C ])`,
		`filter(state, R=? [ F s=%d ] - P=? [ G s!=%d ], s=0)`,
		`filter(sum, S=? [ s=%d ] * s + R=? [ S ])`,
		`max(R=? [ F s=%d ], P=? [ F s=%d ])`,
		`filter(count, R=? [ F s=%d ] <= 2)`,
	}
	for it := 0; it < 120; it++ {
		n := 2 + r.IntN(5)
		src := randomDTMCSrc(r, n)
		for _, p := range props {
			k := r.IntN(n)
			prop := strings.ReplaceAll(p, "%d", fmt.Sprint(k))
			fl, err := checkProps(t, src, prop+"\n", Config{})
			if err != nil {
				t.Fatalf("model %d %s: %v\n%s", it, prop, err, src)
			}
			ex, err := checkProps(t, src, prop+"\n", Config{Exact: true})
			if err != nil {
				t.Fatalf("model %d %s --exact: %v\n%s", it, prop, err, src)
			}
			if fl.Kind != ex.Kind {
				t.Fatalf("model %d %s: kinds %v and %v", it, prop, fl.Kind, ex.Kind)
			}
			if fl.Kind != KindNumber {
				continue
			}
			if !(fl.Number == ex.Number || math.IsNaN(fl.Number) && math.IsNaN(ex.Number) || relNear(fl.Number, ex.Number, 1e-9) || math.Abs(fl.Number-ex.Number) < 1e-12) {
				t.Errorf("model %d %s: float %v, --exact %v (exact %v)\n%s", it, prop, fl.Number, ex.Number, ex.Exact, src)
			}
			if ex.Exact != nil {
				if x, _ := ex.Exact.Float64(); x != ex.Number {
					t.Errorf("model %d %s: exact %v is %v, printed %v", it, prop, ex.Exact, x, ex.Number)
				}
			}
		}
	}
}
