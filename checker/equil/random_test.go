package equil_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/checker/equil/certify"
	"github.com/onus-mc/onus/checker/solve/nfg"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// randomGame builds a csg of 2 to 6 states and 2 or 3 players, each with
// 1 to 3 actions per state, 1 to 3 successors per joint choice with
// random probabilities, and small random rewards (two structures).
func randomGame(r *rand.Rand) (*translate.Game, [2][]float64, [2][]float64) {
	np := 2 + r.IntN(2)
	n := 2 + r.IntN(5)
	g := &translate.Game{Type: prism.TypeCSG, NumStates: n, Initial: []int32{0}, ChoiceStart: []int32{0}, TransStart: []int32{0}}
	g.Actions = []string{""}
	g.ActionOwner = []int32{-1}
	ids := make([][]int32, np) // ids[p][k]: action index of player p's k-th action
	for p := 0; p < np; p++ {
		g.Players = append(g.Players, fmt.Sprintf("p%d", p+1))
		for k := 0; k < 3; k++ {
			ids[p] = append(ids[p], int32(len(g.Actions)))
			g.Actions = append(g.Actions, fmt.Sprintf("a%d_%d", p+1, k))
			g.ActionOwner = append(g.ActionOwner, int32(p))
		}
	}
	var srew [2][]float64
	var trew [2][]float64
	for i := range srew {
		srew[i] = make([]float64, n)
		for s := range srew[i] {
			if r.IntN(2) == 0 {
				srew[i][s] = float64(r.IntN(4))
			}
		}
	}
	for s := 0; s < n; s++ {
		counts := make([]int, np)
		for p := range counts {
			counts[p] = 1 + r.IntN(3)
		}
		joint := make([]int, np)
		for {
			for p := 0; p < np; p++ {
				g.Joint = append(g.Joint, ids[p][joint[p]])
			}
			k := 1 + r.IntN(min(3, n))
			targets := r.Perm(n)[:k]
			weights := make([]int, k)
			total := 0
			for j := range weights {
				weights[j] = 1 + r.IntN(4)
				total += weights[j]
			}
			// sorted by target, one transition per target
			for t := 0; t < n; t++ {
				for j, u := range targets {
					if u == t {
						g.Target = append(g.Target, int32(u))
						g.Prob = append(g.Prob, float64(weights[j])/float64(total))
					}
				}
			}
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			for i := range trew {
				v := 0.0
				if r.IntN(3) == 0 {
					v = float64(r.IntN(3))
				}
				trew[i] = append(trew[i], v)
			}
			p := np - 1
			for p >= 0 {
				joint[p]++
				if joint[p] < counts[p] {
					break
				}
				joint[p] = 0
				p--
			}
			if p < 0 {
				break
			}
		}
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)-1))
	}
	return g, srew, trew
}

func randomSet(r *rand.Rand, n int, dense int) translate.Bitset {
	b := translate.NewBitset(n)
	for s := 0; s < n; s++ {
		if r.IntN(dense) == 0 {
			b.Set(s)
		}
	}
	return b
}

// randomQuery picks objectives of one family (P or R), each bounded or
// not, a criterion, Nash or correlated, max or min.
func randomQuery(r *rand.Rand, g *translate.Game, srew, trew [2][]float64) *equil.Query {
	n := g.NumStates
	q := &equil.Query{Coalitions: [2][]int{{0}, {1}}, Correlated: r.IntN(3) == 0, Min: r.IntN(3) == 0}
	if len(g.Players) == 3 {
		q.Coalitions[1] = append(q.Coalitions[1], 2)
	}
	if r.IntN(3) == 0 {
		q.Criterion = nfg.Fair
	}
	prob := r.IntN(2) == 0
	for i := range q.Objectives {
		o := &q.Objectives[i]
		bounded := r.IntN(2) == 0
		if prob {
			o.Kind, o.Target = equil.Until, randomSet(r, n, 3)
			if r.IntN(2) == 0 {
				o.Left = randomSet(r, n, 2)
			}
			if r.IntN(6) == 0 {
				o.Kind, o.Left, bounded = equil.Next, nil, true
			}
		} else {
			o.StateRew, o.TransRew = srew[i], trew[i]
			o.Kind, o.Target = equil.Reach, randomSet(r, n, 3)
			if bounded {
				o.Kind, o.Target = equil.Cumul, nil
				if r.IntN(2) == 0 {
					o.Kind = equil.Inst
				}
			}
		}
		if bounded {
			o.Bounded, o.Bound = true, r.IntN(5)
			if o.Kind == equil.Next {
				o.Bound = 1
			}
		}
	}
	return q
}

// TestRandomGamesCertified solves equilibrium queries of every kind on
// random games and certifies each answer with the independent check.
// Queries the solver refuses (non-convergence, infinite values in a mixed
// stage game) are skipped; most are answered.
func TestRandomGamesCertified(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	cases, refused := 600, 0
	if testing.Short() {
		cases = 100
	}
	for k := 0; k < cases; k++ {
		g, srew, trew := randomGame(r)
		q := randomQuery(r, g, srew, trew)
		res, err := equil.Solve(g, q, equil.Config{Profile: true, MaxIters: 2000})
		if err != nil {
			refused++
			continue
		}
		rep, err := certify.Check(g, res, 0, certify.Config{})
		if err != nil {
			t.Fatalf("case %d: %v", k, err)
		}
		if !rep.Certified {
			t.Errorf("case %d (%d states, %v, %v; corr %v, %v, min %v): not certified: %s\n%+v",
				k, g.NumStates, describe(q.Objectives[0]), describe(q.Objectives[1]), q.Correlated, q.Criterion, q.Min, rep.Reason, rep)
		}
	}
	if refused > cases/5 {
		t.Errorf("%d of %d random queries refused", refused, cases)
	}
	t.Logf("%d random queries, %d refused", cases, refused)
}

func describe(o equil.Objective) string {
	if o.Bounded || o.Kind == equil.Next || o.Kind == equil.Inst || o.Kind == equil.Cumul {
		return fmt.Sprintf("%v≤%d", o.Kind, o.Bound)
	}
	return o.Kind.String()
}
