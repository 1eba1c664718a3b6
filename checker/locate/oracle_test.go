package locate

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file is the literal oracle: every coalition of every group (null
// players included) is played out by building the two-player game the
// definitions describe and solving it with naive fixpoints written here,
// independently of package solve and of the certificates; the indices are
// the textbook sums. 5000 random games (800 under -short) are compared
// with Run, about 60% of them with a responsible group.

// naiveGame is a turn-based game: per state, its owner and choices (each a
// list of (target, probability)).
type naiveGame struct {
	owner   []Owner
	choices [][][]naiveTr
}

type naiveTr struct {
	to int
	p  float64
}

// naiveForward builds the forward game of coalition c (a set of groups).
func naiveForward(gm *Game, c []bool) *naiveGame {
	g := gm.G
	ng := &naiveGame{owner: make([]Owner, g.NumStates), choices: make([][][]naiveTr, g.NumStates)}
	grouped := make([]bool, g.NumStates)
	held := make([]bool, g.NumStates)
	for i, gr := range gm.Groups {
		for _, s := range gr.States {
			grouped[s] = true
			held[s] = held[s] || c[i]
		}
	}
	for s := 0; s < g.NumStates; s++ {
		switch {
		case held[s]:
			ng.owner[s] = P1
		case grouped[s]:
			ng.owner[s] = P2
		case gm.Ungrouped != nil:
			ng.owner[s] = gm.Ungrouped[s]
		}
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			var trs []naiveTr
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				trs = append(trs, naiveTr{int(g.Target[t]), g.Prob[t]})
			}
			ng.choices[s] = append(ng.choices[s], trs)
		}
	}
	return ng
}

// naiveBackward builds G_ρ(C) of SPEC §12.3 literally: a state of C
// chooses any edge (P1); a state on ρ outside C follows ρ's edges from it
// (P2 picks); other states belong to P2 (pessimistic) or P1 (optimistic)
// with all their edges.
func naiveBackward(gm *Game, c []bool) *naiveGame {
	g := gm.G
	n := g.NumStates
	ng := &naiveGame{owner: make([]Owner, n), choices: make([][][]naiveTr, n)}
	held := make([]bool, n)
	for i, gr := range gm.Groups {
		for _, s := range gr.States {
			held[s] = held[s] || c[i]
		}
	}
	onPath := make([]bool, n)
	follow := make([][]int, n)
	for k, s := range gm.Path {
		onPath[s] = true
		if k+1 < len(gm.Path) && !slices.Contains(follow[s], int(gm.Path[k+1])) {
			follow[s] = append(follow[s], int(gm.Path[k+1]))
		}
	}
	for s := 0; s < n; s++ {
		var all []int
		lo, hi := g.Choices(s)
		for ch := lo; ch < hi; ch++ {
			tlo, thi := g.Transitions(ch)
			for t := tlo; t < thi; t++ {
				all = append(all, int(g.Target[t]))
			}
		}
		edges := all
		switch {
		case held[s]:
			ng.owner[s] = P1
		case onPath[s]:
			ng.owner[s] = P2
			if len(follow[s]) > 0 {
				edges = follow[s]
			}
		case gm.Mode == Pessimistic:
			ng.owner[s] = P2
		default:
			ng.owner[s] = P1
		}
		for _, t := range edges {
			ng.choices[s] = append(ng.choices[s], []naiveTr{{t, 1}})
		}
	}
	return ng
}

// pre: can the owner of s make sure that (all successors in y) and (some
// successor in x), per choice: some choice of P1, every choice of P2.
func (ng *naiveGame) pre(s int, good func(ch []naiveTr) bool) bool {
	if ng.owner[s] == P1 {
		for _, ch := range ng.choices[s] {
			if good(ch) {
				return true
			}
		}
		return false
	}
	for _, ch := range ng.choices[s] {
		if !good(ch) {
			return false
		}
	}
	return true
}

func all(ch []naiveTr, y []bool) bool {
	for _, t := range ch {
		if !y[t.to] {
			return false
		}
	}
	return true
}

func some(ch []naiveTr, x []bool) bool {
	for _, t := range ch {
		if x[t.to] {
			return true
		}
	}
	return false
}

// almostReach is νY.μX. T ∪ {s : pre(all in Y and some in X)}.
func (ng *naiveGame) almostReach(target func(y []bool) []bool) []bool {
	n := len(ng.owner)
	y := make([]bool, n)
	for i := range y {
		y[i] = true
	}
	for {
		t := target(y)
		x := slices.Clone(t)
		for changed := true; changed; {
			changed = false
			for s := 0; s < n; s++ {
				if !x[s] && y[s] && ng.pre(s, func(ch []naiveTr) bool { return all(ch, y) && some(ch, x) }) {
					x[s], changed = true, true
				}
			}
		}
		if slices.Equal(x, y) {
			return y
		}
		y = x
	}
}

// region is P1's winning region of the qualitative objective.
func (ng *naiveGame) region(obj Objective) []bool {
	n := len(ng.owner)
	switch obj.Kind {
	case Reach:
		return ng.almostReach(func([]bool) []bool { return obj.Target })
	case Safe:
		// P2 reaches ¬φ with positive probability: μX. ¬φ ∪ {s : P2 has
		// a choice (P1: every choice) with a successor in X}.
		x := make([]bool, n)
		for s := range x {
			x[s] = !obj.Target[s]
		}
		for changed := true; changed; {
			changed = false
			for s := 0; s < n; s++ {
				if x[s] {
					continue
				}
				var hit bool
				if ng.owner[s] == P2 {
					hit = slices.ContainsFunc(ng.choices[s], func(ch []naiveTr) bool { return some(ch, x) })
				} else {
					hit = !slices.ContainsFunc(ng.choices[s], func(ch []naiveTr) bool { return !some(ch, x) })
				}
				if hit {
					x[s], changed = true, true
				}
			}
		}
		for s := range x {
			x[s] = !x[s]
		}
		return x
	}
	return ng.almostReach(func(y []bool) []bool {
		t := make([]bool, n)
		for s := range t {
			t[s] = obj.Target[s] && y[s] && ng.pre(s, func(ch []naiveTr) bool { return all(ch, y) })
		}
		return t
	})
}

// value is the game's value by plain value iteration (G by duality).
func (ng *naiveGame) value(obj Objective, init int) float64 {
	n := len(ng.owner)
	bad := obj.Kind == Safe
	x := make([]float64, n)
	goal := func(s int) bool { return obj.Target[s] != bad }
	for s := range x {
		if goal(s) {
			x[s] = 1
		}
	}
	for it := 0; it < 100000; it++ {
		y := make([]float64, n)
		diff := 0.0
		for s := 0; s < n; s++ {
			if goal(s) {
				y[s] = 1
				continue
			}
			maxer := (ng.owner[s] == P1) != bad
			best := math.NaN()
			for _, ch := range ng.choices[s] {
				v := 0.0
				for _, t := range ch {
					v += t.p * x[t.to]
				}
				if math.IsNaN(best) || (maxer && v > best) || (!maxer && v < best) {
					best = v
				}
			}
			y[s] = best
			diff = max(diff, math.Abs(y[s]-x[s]))
		}
		x = y
		if diff < 1e-12 {
			break
		}
	}
	v := x[init]
	if bad {
		v = 1 - v
	}
	// 0 and 1 exactly, by graph analysis (as value iteration cannot).
	if ng.region(Objective{Kind: obj.Kind, Target: obj.Target})[init] {
		return 1
	}
	sw := &naiveGame{owner: make([]Owner, n), choices: ng.choices}
	for s, o := range ng.owner {
		sw.owner[s] = 1 - o
	}
	other := make([]bool, n)
	for s := range other {
		other[s] = !obj.Target[s]
	}
	// The adversary makes the objective fail surely-or-almost: for F φ it
	// keeps ¬φ with probability 1; for G φ it reaches ¬φ almost surely.
	opp := Objective{Kind: Safe, Target: other}
	if bad {
		opp.Kind = Reach
	}
	if sw.region(opp)[init] {
		return 0
	}
	return v
}

// oracle computes every index of every group from all 2^n coalitions.
func oracle(gm *Game) []Value {
	n := len(gm.Groups)
	v := make([]float64, 1<<uint(n))
	for c := range v {
		in := make([]bool, n)
		for i := range in {
			in[i] = c&(1<<uint(i)) != 0
		}
		var ng *naiveGame
		if gm.Mode == Forward {
			ng = naiveForward(gm, in)
		} else {
			ng = naiveBackward(gm, in)
		}
		if gm.Obj.Value {
			v[c] = ng.value(gm.Obj, gm.Init)
		} else if ng.region(gm.Obj)[gm.Init] {
			v[c] = 1
		}
	}
	out := make([]Value, n)
	fact := factorials(n)
	for i := 0; i < n; i++ {
		sh, bz := new(big.Rat), new(big.Rat)
		shf, bzf := 0.0, 0.0
		cnt := new(big.Int)
		bit := 1 << uint(i)
		for c := range v {
			if c&bit != 0 {
				continue
			}
			k := 0
			for r := c; r != 0; r &= r - 1 {
				k++
			}
			d := v[c|bit] - v[c]
			w := new(big.Rat).SetFrac(new(big.Int).Mul(fact[k], fact[n-1-k]), fact[n])
			wf, _ := w.Float64()
			shf += wf * d
			bzf += d
			if !gm.Obj.Value {
				sh.Add(sh, new(big.Rat).Mul(w, new(big.Rat).SetFloat64(d)))
				bz.Add(bz, new(big.Rat).SetFloat64(d))
			}
			if v[c] == 0 && v[c|bit] == 1 {
				cnt.Add(cnt, big.NewInt(1))
			}
		}
		bz.Quo(bz, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(n-1))))
		out[i] = Value{Name: gm.Groups[i].Name, Shapley: shf, Banzhaf: bzf / math.Ldexp(1, n-1), ShapleyExact: sh, BanzhafExact: bz, Count: cnt}
	}
	return out
}

// randomGame draws a small model: 3 to 8 states, one to three choices
// each, one or two successors per choice (probabilistic when prob), and
// a random φ; init 0. typ is mdp, smg (two owners) or csg (read as whole
// joint choices).
func randomGame(r *rand.Rand, prob bool, typ prism.ModelType) *translate.Game {
	n := 3 + r.IntN(6)
	g := &translate.Game{Type: typ, NumStates: n, Players: []string{"1"}, Initial: []int32{0},
		Vars: []translate.Var{{Name: "x", Lo: 0, Hi: 3}, {Name: "y", Lo: 0, Hi: 3}}}
	if typ == prism.TypeSMG {
		g.Players = []string{"p1", "p2"}
		g.Owner = make([]int32, n)
	}
	for s := 0; s < n; s++ {
		g.Values = append(g.Values, int32(s%4), int32(s/4))
		if g.Owner != nil {
			g.Owner[s] = int32(r.IntN(2))
		}
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		nc := 1 + r.IntN(3)
		for c := 0; c < nc; c++ {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.ChoiceAction = append(g.ChoiceAction, 0)
			a := int32(r.IntN(n))
			if prob && r.IntN(2) == 0 {
				b := int32(r.IntN(n))
				if b != a {
					g.Target = append(g.Target, min(a, b), max(a, b))
					g.Prob = append(g.Prob, 0.5, 0.5)
					continue
				}
			}
			g.Target = append(g.Target, a)
			g.Prob = append(g.Prob, 1)
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	return g
}

// randomPath walks from 0 to a state outside safe within 8 steps.
func randomPath(r *rand.Rand, g *translate.Game, safe []bool) []int32 {
	for try := 0; try < 50; try++ {
		p := []int32{0}
		s := 0
		for k := 0; k < 8 && safe[s]; k++ {
			lo, hi := g.Choices(s)
			c := lo + r.IntN(hi-lo)
			tlo, thi := g.Transitions(c)
			s = int(g.Target[tlo+r.IntN(thi-tlo)])
			p = append(p, int32(s))
		}
		if !safe[s] {
			return p
		}
	}
	return nil
}

func TestRandomAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	groupings := []string{"individual", "individual-all", "labels", "variables", "players"}
	wantOf := map[int][]Value{} // the oracle's values where computed on another game
	cases, responsible := map[string]int{}, map[string]int{}
	done := 0
	games := 5000 // about 3000 of them with a responsible group
	if testing.Short() {
		games = 800
	}
	for trial := 0; done < games; trial++ {
		prob := trial%3 == 0
		typ := prism.TypeMDP
		if trial%4 == 1 {
			typ = prism.TypeSMG
		}
		g := randomGame(r, prob, typ)
		n := g.NumStates
		phi := make([]bool, n)
		for s := range phi {
			phi[s] = r.IntN(3) > 0
		}
		obj := Objective{Kind: Kind(r.IntN(3)), Target: phi, Value: r.IntN(4) == 0}
		if obj.Kind == Buchi {
			obj.Value = false
		}
		mode := Forward
		var path []int32
		if trial%3 == 2 {
			obj = Objective{Kind: Safe, Target: phi}
			if path = randomPath(r, g, phi); path == nil {
				continue
			}
			mode = Mode(1 + r.IntN(2))
		}
		grouping := groupings[trial%len(groupings)]
		gm := &Game{G: g, Obj: obj, Mode: mode, Path: path}
		var keep []bool
		switch {
		case mode == Pessimistic:
			keep = Significant(g, phi)
		case mode == Optimistic:
			keep = make([]bool, n)
			for _, s := range path {
				keep[s] = true
			}
		case grouping == "individual-all":
			keep = not(n)
		default:
			keep = Relevant(g, 0, obj)
		}
		labels := []NamedSet{{"a", set(n, r.Perm(n)[:n/2]...)}, {"b", set(n, r.Perm(n)[:n/3]...)}}
		switch grouping {
		case "labels":
			if mode == Forward {
				gm.Groups = ByLabels(g, labels, keep)
			} else {
				gm.Groups = PerLabel(labels, keep)
			}
		case "variables":
			gm.Groups = ByVariables(g, []int{r.IntN(2)}, keep)
		case "players":
			if mode != Forward {
				gm.Groups = Individual(g, keep)
				break
			}
			// The game's own players: an mdp's one player, an smg's two
			// or three, or a csg made of a three-player smg (at each state
			// its owner picks, the others idle), which the oracle reads
			// as that smg.
			turn := g
			switch trial / len(groupings) % 3 {
			case 1:
				turn = threePlayers(r, g)
				g = turn
				gm.G = g
			case 2:
				turn = threePlayers(r, g)
				g = concurrent(turn)
				gm.G = g
			}
			gm.Groups = Players(g)
			gm.Players = true
			want := oracleOf(&Game{G: turn, Obj: obj, Players: true, Groups: gm.Groups})
			wantOf[trial] = want
		default:
			gm.Groups = Individual(g, keep)
		}
		if len(gm.Groups) > 10 {
			continue
		}
		name := fmt.Sprintf("%d/%v/%v/%s/%v", trial, mode, obj.Kind, grouping, obj.Value)
		// Every other game goes through the minimal winning coalitions
		// (mwc.go) instead of the table of all coalitions.
		if trial%2 == 1 {
			tableMax = 0
		}
		res, err := Run(gm, Options{})
		tableMax = 20
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, ok := wantOf[trial]
		if !ok {
			want = oracleOf(gm)
		}
		for i, w := range want {
			got := res.Values[i]
			if obj.Value {
				if math.Abs(got.Shapley-w.Shapley) > 1e-5 || math.Abs(got.Banzhaf-w.Banzhaf) > 1e-5 || got.Count.Cmp(w.Count) != 0 {
					t.Fatalf("%s: group %s: got %g %g %v, want %g %g %v", name, w.Name, got.Shapley, got.Banzhaf, got.Count, w.Shapley, w.Banzhaf, w.Count)
				}
				continue
			}
			if got.ShapleyExact.Cmp(w.ShapleyExact) != 0 || got.BanzhafExact.Cmp(w.BanzhafExact) != 0 || got.Count.Cmp(w.Count) != 0 {
				t.Logf("game %v owners %v choices %v trans %v targets %v phi %v groups %v", g.Type, g.Owner, g.ChoiceStart, g.TransStart, g.Target, phi, gm.Groups)
				t.Fatalf("%s: group %s: got %v %v %v, want %v %v %v", name, w.Name, got.ShapleyExact, got.BanzhafExact, got.Count, w.ShapleyExact, w.BanzhafExact, w.Count)
			}
		}
		if trial%7 == 0 {
			// Sampled Shapley values (with their certificates reused across
			// orders) lie within 5 standard errors of the oracle's; a
			// player who never swings gets exactly 0.
			est, err := Run(gm, Options{Samples: 400, Seed: uint64(trial)})
			if err != nil {
				t.Fatalf("%s: samples: %v", name, err)
			}
			for i, w := range want {
				got := est.Values[i]
				if math.Abs(got.Shapley-w.Shapley) > 5*got.StdErr+1e-9 || (w.Shapley == 0 && !obj.Value && got.Shapley != 0) {
					t.Fatalf("%s: group %s: sampled %g ± %g, oracle %g", name, w.Name, got.Shapley, got.StdErr, w.Shapley)
				}
			}
		}
		resp := slices.ContainsFunc(want, func(w Value) bool { return w.Count.Sign() > 0 || w.Shapley != 0 })
		if !resp && trial%4 != 0 {
			continue // most games where nobody is responsible are not counted
		}
		if resp {
			responsible[grouping]++
		}
		cases[grouping]++
		done++
	}
	for _, gr := range groupings {
		t.Logf("%s: %d games, %d with a responsible group", gr, cases[gr], responsible[gr])
	}
}

// oracleOf is the oracle, with the players grouping read on an smg as
// the owners' states.
func oracleOf(gm *Game) []Value {
	if !gm.Players {
		return oracle(gm)
	}
	g := gm.G
	// The players grouping of an smg: player p holds the states it owns
	// (an mdp's one player every state).
	og := *gm
	og.Players = false
	og.Groups = make([]Group, len(g.Players))
	for s := 0; s < g.NumStates; s++ {
		p := int32(0)
		if g.Owner != nil {
			p = g.Owner[s]
		}
		og.Groups[p].Name = g.Players[p]
		og.Groups[p].States = append(og.Groups[p].States, int32(s))
	}
	for p := range og.Groups {
		og.Groups[p].Name = g.Players[p]
	}
	return oracle(&og)
}

// threePlayers returns a copy of g as an smg with three players owning
// random states.
func threePlayers(r *rand.Rand, g *translate.Game) *translate.Game {
	t := *g
	t.Type = prism.TypeSMG
	t.Players = []string{"p1", "p2", "p3"}
	t.Owner = make([]int32, g.NumStates)
	for s := range t.Owner {
		t.Owner[s] = int32(r.IntN(3))
	}
	return &t
}

// concurrent returns the csg in which, at each state of the smg g, the
// state's owner chooses among its choices (actions 1, 2, … of its own)
// while the other players idle (action 0).
func concurrent(g *translate.Game) *translate.Game {
	t := *g
	t.Type = prism.TypeCSG
	t.Owner = nil
	np := len(g.Players)
	t.Joint = make([]int32, g.NumChoices()*np)
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			t.Joint[c*np+int(g.Owner[s])] = int32(c - lo + 1)
		}
	}
	return &t
}
