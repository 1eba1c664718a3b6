package hist

import (
	"errors"
	"testing"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// fanGame is an mdp whose state 0 moves to one of n states, each of which
// loops.
func fanGame(n int) *translate.Game {
	g := &translate.Game{Type: prism.TypeMDP, NumStates: n + 1, Players: []string{"1"}, Actions: []string{""},
		ChoiceStart: []int32{0}, TransStart: []int32{0}, ChoiceAction: []int32{0}}
	for to := 1; to <= n; to++ {
		g.Target = append(g.Target, int32(to))
		g.Prob = append(g.Prob, 1/float64(n))
	}
	for s := 1; s <= n; s++ {
		g.ChoiceStart = append(g.ChoiceStart, int32(s))
		g.ChoiceAction = append(g.ChoiceAction, 0)
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
		g.Target = append(g.Target, int32(s))
		g.Prob = append(g.Prob, 1)
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(n+1))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	return g
}

// TestSettledBudget: the scratch of the shortcut after the plan (the
// states within reach, their successors' indices, two steps of the
// continuations) counts against MaxMemory as the walks' layers do. From
// the fan's state 0 the walks hold one row, while the programme of the
// last step covers its n successors: a budget that the product and the
// walks fit in stops the pass inside the programme.
func TestSettledBudget(t *testing.T) {
	const n = 1 << 14
	g := fanGame(n)
	end := translate.NewBitset(n + 1)
	end.Set(n)
	f := ltlf.NewFactory()
	psi := f.Anchor(f.Temporal(ltlf.F, 1, 0, f.Atom(0)))
	run := func(budget int64) (err error) {
		defer func() {
			if r := recover(); r != nil {
				le, ok := r.(*limit.Error)
				if !ok {
					panic(r)
				}
				err = le
			}
		}()
		m := NewModel(g, Config{Beta: uniformBeta(g), MaxProduct: 1 << 20, MaxMemory: budget})
		p := NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{end}, n+1))
		res := p.Passes(p.Root(0), nil, 1, []uint64{0, 1}, true)
		if got := res[0].PAcc.Float(); got != 1.0/n {
			t.Errorf("P(F<=1 end) = %v, want %v", got, 1.0/n)
		}
		return nil
	}
	// The product and the walks' one row count 3.2 MiB; the programme
	// adds about 28 bytes per state and 128 for the two steps of its
	// continuations, to 5.6 MiB (walking the last step instead would
	// need 7.5 MiB).
	const budget = 4 << 20
	runs := settledRuns.Load()
	if err := run(4 * budget); err != nil || settledRuns.Load() == runs {
		t.Fatalf("within the budget: %v (the shortcut ran %d times); want no limit, the shortcut taken", err, settledRuns.Load()-runs)
	}
	err := run(budget)
	var le *limit.Error
	if !errors.As(err, &le) || le.Setting != "MaxMemory" {
		t.Errorf("budget of %d bytes: %v, want the MaxMemory limit inside the programme", budget, err)
	}
}
