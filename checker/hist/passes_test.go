package hist

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// coinGame is a one-player mdp: in state 0 the player tries to go (to the
// goal, state 1, with probability 1/2) or waits; in state 1 it stays or
// returns (back to 0).
func coinGame() *translate.Game {
	return &translate.Game{
		Type:         prism.TypeMDP,
		NumStates:    2,
		Players:      []string{"1"},
		Actions:      []string{"", "go", "wait", "stay", "back"},
		ChoiceStart:  []int32{0, 2, 4},
		ChoiceAction: []int32{1, 2, 3, 4},
		TransStart:   []int32{0, 2, 3, 4, 5},
		Target:       []int32{0, 1, 0, 1, 0},
		Prob:         []float64{0.5, 0.5, 1, 1, 1},
	}
}

// TestPassesShare checks that passes run together, sharing layers while
// their filters agree, give what each gives alone on a fully explored
// product, for plain and anchored outcomes.
func TestPassesShare(t *testing.T) {
	g := coinGame()
	goal := translate.NewBitset(2)
	goal.Set(1)
	f := ltlf.NewFactory()
	outcomes := map[string]int32{
		"F<=3 goal":       f.Temporal(ltlf.F, 3, 0, f.Atom(0)),
		"G<=4 !goal":      f.Temporal(ltlf.G, 4, 0, f.Not(f.Atom(0))),
		"F goal":          f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(0)),
		"X G<=2 goal":     f.Next(f.Temporal(ltlf.G, 2, 0, f.Atom(0)), false),
		"goal U<=5 !goal": f.Temporal(ltlf.U, 5, f.Atom(0), f.Not(f.Atom(0))),
	}
	step := func(label int32) *Step { return &Step{Opts: []Opt{{Label: label, Index: -1}}} }
	plan := []*Step{nil, step(1), nil, nil, step(2), nil}
	for name, psi := range outcomes {
		for _, anchored := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s anchored=%v", name, anchored), func(t *testing.T) {
				id := psi
				if anchored {
					id = f.Anchor(psi)
				}
				newProduct := func() *Product {
					// Every step on both cores, as far as it can be spread.
					m := NewModel(g, Config{Beta: []float64{0.25, 0.75, 0.5, 0.5}, MaxProduct: 1000, MinParallel: 1})
					return NewProduct(m, ltlf.NewAutomaton(f, id, []ltlf.StateSet{goal}, 2))
				}
				relative := NewProduct(NewModel(g, Config{Beta: []float64{0.25, 0.75, 0.5, 0.5}, MaxProduct: 1000}),
					ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, 2))
				for T := 0; T <= 7; T++ {
					lazy := newProduct()
					js := []uint64{1, 0, 1, 0}
					got := lazy.Passes(lazy.Root(0), plan, T, js, true)
					for i, j := range js {
						full := newProduct()
						want := full.Pass(full.Start(0), plan, T, j, true)
						if !reflect.DeepEqual(got[i], want) {
							t.Errorf("T=%d J=%b: shared %+v, alone %+v", T, j, got[i], want)
						}
						rel := relative.Pass(relative.Start(0), plan, T, j, true)
						if got[i].CAcc.Cmp(rel.CAcc) != 0 || got[i].CRej.Cmp(rel.CRej) != 0 ||
							math.Abs(got[i].PAcc.Float()-rel.PAcc.Float()) > 1e-12 {
							t.Errorf("T=%d J=%b: %v and %v histories (P %v), relative bounds give %v and %v (P %v)",
								T, j, got[i].CAcc, got[i].CRej, got[i].PAcc.Float(), rel.CAcc, rel.CRej, rel.PAcc.Float())
						}
					}
				}
			})
		}
	}
}

// TestParallelSame checks that spreading steps over goroutines changes no
// result: long passes whose counts outgrow maxLimbs limbs (two or three
// transitions a step for 700 steps), on every coalition, with and without
// the spread.
func TestParallelSame(t *testing.T) {
	g := coinGame()
	goal := translate.NewBitset(2)
	goal.Set(1)
	f := ltlf.NewFactory()
	psi := f.Anchor(f.Temporal(ltlf.F, 60, 0, f.Atom(0)))
	plan := make([]*Step, 700)
	for k := range plan {
		if k%7 == 3 {
			plan[k] = &Step{Opts: []Opt{{Label: 1, Index: -1}}}
		}
	}
	run := func(min int, js []uint64) []*Result {
		m := NewModel(g, Config{Beta: []float64{0.25, 0.75, 0.5, 0.5}, MaxProduct: 1000, MinParallel: min, ExactCounts: true})
		p := NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, 2))
		return p.Passes(p.Root(0), plan, 700, js, true)
	}
	// Two coalitions: two runs a step after the first filter; one: its
	// count additions spread.
	for _, js := range [][]uint64{{0, 1}, {1}} {
		spread, alone := run(1, js), run(1<<40, js)
		if all := new(big.Int).Add(spread[0].CAcc, spread[0].CRej); all.BitLen() <= 64*maxLimbs {
			t.Fatalf("the counts stay within %d limbs (%v): the test does not reach big counts", maxLimbs, all)
		}
		for i := range spread {
			if !reflect.DeepEqual(spread[i], alone[i]) {
				t.Errorf("coalitions %v, %d: spread %+v, alone %+v", js, i, spread[i], alone[i])
			}
		}
	}
}
