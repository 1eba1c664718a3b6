package locate

import (
	"fmt"
	"math/big"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// Options tune how the indices are computed.
type Options struct {
	// Samples > 0 estimates Shapley values from that many random orders of
	// the players (Seed fixes them); Banzhaf and Count are then not given.
	Samples int
	Seed    uint64
	// Refine computes on blocks of states split only where they matter
	// (refine.go): exact for the final partition.
	Refine bool
	// Meter receives how far the searches have got (coalitions, random
	// orders, candidates); nil: nowhere.
	Meter *progress.Meter
}

// Result is the responsibility of every group of a game.
type Result struct {
	Values  []Value // per group of the game (refine: per final block)
	Players int     // players with a choice (the others get 0)
	Solves  int     // coalitions solved
	Sampled bool
	// ValueGame is set when v(C) is a probability (Pmax=?), not 0/1.
	ValueGame bool
	// Win is whether P1 wins (or the value) when every group is P1's,
	// and when none is: v(N) and v(∅).
	VAll, VNone float64
}

// Run computes the indices of every group of gm.
func Run(gm *Game, opt Options) (*Result, error) {
	if err := gm.check(); err != nil {
		return nil, err
	}
	v := newView(gm)
	v.meter = opt.Meter
	if opt.Refine {
		return refine(gm, v, opt)
	}
	return runGroups(gm, v, opt)
}

// runGroups values the game whose players are the view's groups.
func runGroups(gm *Game, v *view, opt Options) (*Result, error) {
	res := &Result{Values: make([]Value, len(gm.Groups)), ValueGame: gm.Obj.Value, Sampled: opt.Samples > 0}
	var eff []int
	var players [][]int
	for g, gr := range gm.Groups {
		poll(g) // a value per group: 10^6 of them for the states of a large model
		res.Values[g] = Value{Name: gr.Name, States: gr.States, Count: new(big.Int)}
		if !gm.Obj.Value {
			res.Values[g].ShapleyExact, res.Values[g].BanzhafExact = new(big.Rat), new(big.Rat)
		}
		if v.choices[g] > 1 {
			eff = append(eff, g)
			players = append(players, []int{g})
		}
	}
	res.Players = len(eff)
	nulls := len(gm.Groups) - len(eff)
	if len(eff) == 0 {
		ws := workers(v, gm.Obj, nil)
		x, err := coalitionValue(ws[0], func(int) bool { return false })
		res.VAll, res.VNone = x, x
		res.Solves = ws[0].solves
		return res, err
	}
	ws := workers(v, gm.Obj, players)
	if opt.Samples > 0 {
		if err := sample(ws, eff, opt, res); err != nil {
			return nil, err
		}
		return res, nil
	}
	if !gm.Obj.Value && len(eff) > tableMax {
		if len(eff) > 64 {
			return nil, &limit.Error{What: "players with a choice for exact indices (use --samples or --refine)", Limit: 64}
		}
		mins, solves, err := mwcs(ws, "minimal winning coalitions")
		if err != nil {
			return nil, err
		}
		res.Solves = solves
		res.VAll, res.VNone = b2f(len(mins) > 0), b2f(len(mins) == 1 && mins[0] == 0)
		indicesFromMinimal(mins, len(eff), eff, len(gm.Groups)-len(eff), res.Values, v.meter)
		return res, nil
	}
	if len(eff) > MaxExact {
		return nil, &limit.Error{What: "players with a choice for exact indices (use --samples or --refine)", Limit: MaxExact}
	}
	var t *table
	if gm.Obj.Value && len(eff) > valuePlayers(v.tb.NumStates) {
		// Every coalition of a value game is solved by value iteration;
		// beyond this the table takes minutes (sensor.prism's 23 players).
		return nil, &limit.Error{What: fmt.Sprintf("players with a choice for exact indices of a Pmax=? objective on %d states (use --samples)", v.tb.NumStates), Limit: valuePlayers(v.tb.NumStates)}
	}
	if gm.Obj.Value {
		var err error
		if t, err = fillValues(ws); err != nil {
			return nil, err
		}
		res.VAll, res.VNone = t.val[len(t.val)-1], t.val[0]
	} else {
		t = fillSimple(ws)
		res.VAll, res.VNone = b2f(t.win[len(t.win)-1]), b2f(t.win[0])
	}
	res.Solves = t.solves
	indices(t, eff, nulls, res.Values)
	return res, nil
}

// coalitionValue solves one coalition: 0/1 for simple games.
func coalitionValue(w *worker, in func(int) bool) (float64, error) {
	w.own(in)
	if w.obj.Value {
		return w.value()
	}
	return b2f(w.region()[w.v.init]), nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// valueWork bounds the exact table of a value game: 2^players coalitions
// times the states of each solve (2^21 coalitions of 32 states take about
// 2 s on one core).
const valueWork = 1 << 26

// valuePlayers is the most players with a choice whose coalitions of a
// value game on n states are all solved.
func valuePlayers(n int) int {
	k := 0
	for (1<<uint(k+1))*max(n, 1) <= valueWork && k < MaxExact {
		k++
	}
	return k
}
