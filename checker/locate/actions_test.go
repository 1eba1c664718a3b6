package locate

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// TestActionGameAgainstOracle: the actions grouping (ActionGame's chain of
// tries, helpers and adversary states) against its meaning, built
// directly: holding the actions C, P1 may take any choice of an action in
// C, or leave the state to the adversary, who picks any choice. Every
// coalition of actions is solved naively; all indices compared on 300
// random models.
func TestActionGameAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for trial := 0; trial < 300; trial++ {
		g := randomGame(r, trial%3 == 0, prism.TypeMDP)
		nAct := 1 + r.IntN(3)
		g.Actions = []string{""}
		for a := 1; a <= nAct; a++ {
			g.Actions = append(g.Actions, fmt.Sprintf("a%d", a))
		}
		for c := range g.ChoiceAction {
			g.ChoiceAction[c] = int32(1 + r.IntN(nAct))
		}
		n := g.NumStates
		phi := make([]bool, n)
		for s := range phi {
			phi[s] = r.IntN(3) > 0
		}
		obj := Objective{Kind: Kind(r.IntN(3)), Target: phi, Value: r.IntN(3) == 0}
		if obj.Kind == Buchi {
			obj.Value = false
		}
		ag := ActionGame(g)
		target := make([]bool, ag.Game.NumStates)
		for s := range target {
			target[s] = phi[stateOf(ag.Game, s)]
		}
		gm := &Game{G: ag.Game, Obj: Objective{Kind: obj.Kind, Target: target, Value: obj.Value}, Groups: ag.Groups, Ungrouped: ag.Ungrouped}
		res, err := Run(gm, Options{})
		if err != nil {
			t.Fatal(err)
		}
		// The oracle's players: the actions in the order of the groups.
		acts := make([]int32, len(ag.Groups))
		for i, gr := range ag.Groups {
			for a, name := range g.Actions {
				if name == gr.Name {
					acts[i] = int32(a)
				}
			}
		}
		m := len(acts)
		v := make([]float64, 1<<uint(m))
		for c := range v {
			held := map[int32]bool{}
			for i, a := range acts {
				if c&(1<<uint(i)) != 0 {
					held[a] = true
				}
			}
			// State s: P1 picks a held choice or defers to n+s, where the
			// adversary picks any choice.
			ng := &naiveGame{owner: make([]Owner, 2*n), choices: make([][][]naiveTr, 2*n)}
			for s := 0; s < n; s++ {
				ng.owner[s], ng.owner[n+s] = P1, P2
				lo, hi := g.Choices(s)
				for ch := lo; ch < hi; ch++ {
					var trs []naiveTr
					tlo, thi := g.Transitions(ch)
					for k := tlo; k < thi; k++ {
						trs = append(trs, naiveTr{int(g.Target[k]), g.Prob[k]})
					}
					if held[g.ChoiceAction[ch]] {
						ng.choices[s] = append(ng.choices[s], trs)
					}
					ng.choices[n+s] = append(ng.choices[n+s], trs)
				}
				ng.choices[s] = append(ng.choices[s], []naiveTr{{n + s, 1}})
			}
			o := Objective{Kind: obj.Kind, Target: append(append([]bool(nil), phi...), phi...), Value: obj.Value}
			if obj.Value {
				v[c] = ng.value(o, 0)
			} else if ng.region(o)[0] {
				v[c] = 1
			}
		}
		fact := factorials(m)
		for i := 0; i < m; i++ {
			sh, bz, cnt := 0.0, 0.0, 0
			shr := new(big.Rat)
			for c := range v {
				if c&(1<<uint(i)) != 0 {
					continue
				}
				k := 0
				for x := c; x != 0; x &= x - 1 {
					k++
				}
				d := v[c|1<<uint(i)] - v[c]
				w := new(big.Rat).SetFrac(new(big.Int).Mul(fact[k], fact[m-1-k]), fact[m])
				wf, _ := w.Float64()
				sh += wf * d
				bz += d
				if !obj.Value {
					shr.Add(shr, new(big.Rat).Mul(w, new(big.Rat).SetFloat64(d)))
				}
				if v[c] == 0 && v[c|1<<uint(i)] == 1 {
					cnt++
				}
			}
			got := res.Values[i]
			bad := math.Abs(got.Shapley-sh) > 1e-5 || math.Abs(got.Banzhaf-bz/math.Ldexp(1, m-1)) > 1e-5 || got.Count.Int64() != int64(cnt)
			if !obj.Value && got.ShapleyExact.Cmp(shr) != 0 {
				bad = true
			}
			if bad {
				t.Fatalf("trial %d (%v %v): action %s: got %v %v %v, want %v %v %d", trial, obj.Kind, obj.Value, ag.Groups[i].Name,
					got.Shapley, got.Banzhaf, got.Count, sh, bz/math.Ldexp(1, m-1), cnt)
			}
		}
	}
}

// stateOf is the model state a state of the action game stands for (its
// values are copied from it; randomGame numbers states by their values).
func stateOf(ag interface{ State(int) []int32 }, s int) int {
	vals := ag.State(s)
	return int(vals[0]) + 4*int(vals[1])
}
