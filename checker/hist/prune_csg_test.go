package hist

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// randomCSG builds a random csg of np players: player j owns actions
// 1+2j and 2+2j, enables a random nonempty subset of them in each state
// (or idles), and each joint action, in lexicographic order, has one to
// three transitions.
func randomCSG(r *rand.Rand, np int) *translate.Game {
	n := 2 + r.IntN(5)
	g := &translate.Game{Type: prism.TypeCSG, NumStates: n, Actions: []string{""}, ActionOwner: []int32{-1},
		ChoiceStart: []int32{0}, TransStart: []int32{0}}
	for j := 0; j < np; j++ {
		g.Players = append(g.Players, fmt.Sprint("p", j))
		for a := 0; a < 2; a++ {
			g.Actions = append(g.Actions, fmt.Sprintf("a%d_%d", j, a))
			g.ActionOwner = append(g.ActionOwner, int32(j))
		}
	}
	for s := 0; s < n; s++ {
		var per [][]int32 // per player, its enabled actions in s
		for j := 0; j < np; j++ {
			var acts []int32
			for a := int32(1 + 2*j); a <= int32(2+2*j); a++ {
				if r.IntN(3) != 0 {
					acts = append(acts, a)
				}
			}
			if len(acts) == 0 {
				acts = []int32{0} // idle
			}
			per = append(per, acts)
		}
		idx := make([]int, np)
		for {
			for j := 0; j < np; j++ {
				g.Joint = append(g.Joint, per[j][idx[j]])
			}
			m := 1 + r.IntN(3)
			for x := 0; x < m; x++ {
				g.Target = append(g.Target, int32(r.IntN(n)))
				g.Prob = append(g.Prob, 1/float64(m))
			}
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			j := np - 1
			for j >= 0 {
				idx[j]++
				if idx[j] < len(per[j]) {
					break
				}
				idx[j] = 0
				j--
			}
			if j < 0 {
				break
			}
		}
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.Joint)/np))
	}
	return g
}

// randomPlayersGame is a random game of np players: an smg (randomGame's
// states with random owners) or a csg (randomCSG).
func randomPlayersGame(r *rand.Rand, np int, smg bool) *translate.Game {
	if !smg {
		return randomCSG(r, np)
	}
	g := randomGame(r)
	g.Type, g.Players, g.Owner = prism.TypeSMG, nil, make([]int32, g.NumStates)
	for j := 0; j < np; j++ {
		g.Players = append(g.Players, fmt.Sprint("p", j))
	}
	for s := range g.Owner {
		g.Owner[s] = int32(r.IntN(np))
	}
	return g
}

// TestPruneSameCSG is TestPruneSame on random csgs of two and three
// players, whose plans change from step to step (each step fixes the
// actions of some players, often ones they cannot take everywhere), and
// on random smgs whose states those players own, their plans' steps
// naming actions the owner of the state reached may lack; some
// shorter and some longer than the horizon, with the Diff passes of
// several coalitions asked for at once, sometimes beside plain or free
// passes (whose walks are then not pruned): every result the same with
// pruning on and off, bit for bit, on a product explored whole
// beforehand or not (its numbering does not depend on how far the walks
// explore it), with the settled shortcut, which decides lane by lane. A
// Diff pass's counts, below 2^53, are also those of the free reading
// minus the plain one's.
func TestPruneSameCSG(t *testing.T) {
	r := rand.New(rand.NewPCG(71, 5))
	before := prunedRows.Load()
	nonEmpty := 0
	for i := 0; i < 400; i++ {
		np := 2 + r.IntN(2)
		smg := r.IntN(3) == 0
		g := randomPlayersGame(r, np, smg)
		beta := uniformBeta(g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 1 + r.IntN(16)
		var psi int32
		switch r.IntN(3) {
		case 0:
			psi = f.Temporal(ltlf.F, int32(r.IntN(T+1)), 0, f.Atom(0))
		case 1:
			psi = f.Temporal(ltlf.G, int32(r.IntN(T+1)), 0, f.Not(f.Atom(0)))
		default:
			psi = f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(0))
		}
		plan := make([]*Step, 1+r.IntN(T+3))
		for k := range plan {
			if r.IntN(4) == 0 {
				continue // a free step
			}
			if smg {
				plan[k] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
				continue
			}
			st := &Step{Act: make([]int32, np)}
			for j := range st.Act {
				st.Act[j] = -1
				if r.IntN(2) == 0 {
					st.Act[j] = int32(1 + 2*j + r.IntN(2))
				}
			}
			plan[k] = st
		}
		all := uint64(1)<<uint(np) - 1
		var js []uint64
		for j := uint64(1); j <= all; j++ {
			if r.IntN(2) == 0 {
				js = append(js, j|Diff)
			}
		}
		if len(js) == 0 {
			js = append(js, all|Diff)
		}
		if r.IntN(3) == 0 {
			js = append(js, []uint64{0, 1, 2 | Free}[r.IntN(3)])
		}
		r.Shuffle(len(js), func(a, b int) { js[a], js[b] = js[b], js[a] })
		counts := r.IntN(2) == 0
		whole := r.IntN(2) == 0
		run := func(off bool) []*Result {
			pruneOff = off
			defer func() { pruneOff = false }()
			p := NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, f.Anchor(psi), []ltlf.StateSet{goal}, g.NumStates))
			start := p.Root(0)
			if whole {
				exploreWhole(p)
			}
			return p.Passes(start, plan, T, js, counts)
		}
		got, want := run(false), run(true)
		for n := range js {
			a, b := *got[n], *want[n]
			if js[n]&Diff != 0 && (a.AnyAcc || a.AnyRej) {
				nonEmpty++
			}
			// Bit for bit: the product's numbering does not depend on how
			// far the walks explore it.
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("game %d (%d players, smg %v, T=%d, plan %d steps, counts %v, explored whole %v, js %x): pass %x pruned %+v, unpruned %+v",
					i, np, smg, T, len(plan), counts, whole, js, js[n], got[n], want[n])
			}
			if js[n]&Diff == 0 || !counts {
				continue
			}
			// And the Diff pass is Compat^free_J(π) ∖ Compat_J(π), measured
			// apart.
			alone := NewProduct(NewModel(g, Config{Beta: beta, MaxProduct: 10000}), ltlf.NewAutomaton(f, f.Anchor(psi), []ltlf.StateSet{goal}, g.NumStates))
			free := alone.Pass(alone.Root(0), plan, T, js[n]&^Diff|Free, true)
			plain := alone.Pass(alone.Root(0), plan, T, js[n]&^Diff, true)
			for _, x := range [][3]*big.Int{{a.CAcc, free.CAcc, plain.CAcc}, {a.CRej, free.CRej, plain.CRej}} {
				if x[1] == nil || x[2] == nil {
					continue // 2^53 or more: not an exact integer
				}
				if x[0] == nil {
					t.Fatalf("game %d (smg %v, T=%d, plan %d steps, js %x): pass %x %+v, free %+v, plain %+v", i, smg, T, len(plan), js, js[n], a, free, plain)
				}
				if x[0].Cmp(new(big.Int).Sub(x[1], x[2])) != 0 {
					t.Fatalf("game %d (T=%d, js %x): pass %x counts %v, want %v − %v", i, T, js, js[n], x[0], x[1], x[2])
				}
			}
		}
	}
	if n := prunedRows.Load() - before; n < 100 || nonEmpty < 100 {
		t.Fatalf("%d rows pruned, %d non-empty differences: the games do not test the pruning", n, nonEmpty)
	}
	t.Logf("%d rows pruned, %d non-empty differences", prunedRows.Load()-before, nonEmpty)
}

// exploreWhole explores every state of p reachable from those it has,
// closing successors included, in order: the product's numbering is then
// the same whatever passes run on it.
func exploreWhole(p *Product) {
	for id := 0; id < len(p.S); id++ {
		p.expandTo(int32(id))
	}
}

// closeRel reports whether a and b are within rel of each other,
// relatively.
func closeRel(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}
