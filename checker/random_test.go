package checker_test

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The random comparison: the engine against the literal enumerator of
// checker/internal/naive on small random games. -long (or
// ONUS_RANDOM_CASES=N) runs more cases; ONUS_RANDOM_SEED=S runs the one
// case with that seed (as printed on a mismatch).
var longRandom = flag.Bool("long", false, "run many more random engine/enumerator comparisons")

const maxHistories = 3000 // the horizon is lowered until |Hist_T| fits

const caseTimeout = 20 * time.Second // one case takes milliseconds

// rcase is one random case: a game, its behaviours, a plan, an outcome
// (and a bounded one for P=?), an agent, the horizon and the options.
type rcase struct {
	seed       uint64
	g          *translate.Game
	behaviours []*prism.BehaviourDecl
	plan       *prism.Plan
	byName     bool // pass the plan through Config.Plans as "pi"
	psi        prism.Expr
	bounded    prism.Expr // for P=?; nil if none was found
	agent      int
	T, from    int
	exact      bool
	degBound   *prism.Resp // a bounded degree query
	degSingle  *prism.Resp // one degree, =?
	multiInit  bool        // the game has two initial states: responsibility queries must fail
	free       bool        // --unavailable free: Compat^free_J(π) (SPEC §13)
}

func (c *rcase) String() string {
	var b strings.Builder
	unavail := "drop"
	if c.free {
		unavail = "free"
	}
	fmt.Fprintf(&b, "seed %d (ONUS_RANDOM_SEED=%d), horizon %d, outcome-from %d, exact %v, agent %s, two initial states %v, unavailable %s\n",
		c.seed, c.seed, c.T, c.from, c.exact, c.g.Players[c.agent], c.multiInit, unavail)
	b.WriteString(naive.FormatGame(c.g))
	b.WriteString(naive.FormatBehaviours(c.behaviours))
	fmt.Fprintf(&b, "plan pi = %s; (by name: %v)\n", naive.FormatPlan(c.plan), c.byName)
	fmt.Fprintf(&b, "psi = %s\n", naive.FormatExpr(c.psi))
	if c.bounded != nil {
		fmt.Fprintf(&b, "bounded psi (P=?) = %s\n", naive.FormatExpr(c.bounded))
	}
	return b.String()
}

// ---------------------------------------------------------------- games

var dists = [][][2]int64{
	{{1, 2}, {1, 2}},
	{{1, 3}, {2, 3}},
	{{1, 4}, {3, 4}},
	{{1, 3}, {1, 3}, {1, 3}},
	{{1, 4}, {1, 4}, {1, 2}},
}

// genGame builds a random csg, smg or mdp with every state reachable
// from 0.
func genGame(r *rand.Rand, typ prism.ModelType, exact bool) *translate.Game {
	for {
		g := tryGame(r, typ, exact)
		if allReachable(g) {
			return g
		}
	}
}

func tryGame(r *rand.Rand, typ prism.ModelType, exact bool) *translate.Game {
	np := 2 + r.IntN(2)
	if typ == prism.TypeMDP {
		np = 1
	}
	return tryGameN(r, typ, exact, np)
}

// tryGameN builds a random game of np players (maybe with unreachable
// states).
func tryGameN(r *rand.Rand, typ prism.ModelType, exact bool, np int) *translate.Game {
	csg := typ == prism.TypeCSG
	n := 2 + r.IntN(6)
	g := &translate.Game{
		Vars:      []translate.Var{{Name: "s", Lo: 0, Hi: int32(n - 1)}},
		NumStates: n,
		Initial:   []int32{0},
		Deadlock:  translate.NewBitset(n),
		Actions:   []string{""},
	}
	// Player j's actions are u<j>, v<j>, w<j>, ... (1 to 3 of them).
	acts := make([][]int32, np)
	for j := range np {
		if typ == prism.TypeMDP {
			g.Players = append(g.Players, "1") // as SPEC §1 names it
		} else {
			g.Players = append(g.Players, fmt.Sprintf("p%d", j+1))
		}
		for a := range 1 + r.IntN(3) {
			acts[j] = append(acts[j], int32(len(g.Actions)))
			g.Actions = append(g.Actions, fmt.Sprintf("%c%d", 'u'+a, j+1))
		}
	}
	for s := range n {
		g.Values = append(g.Values, int32(s))
	}
	addChoice := func() {
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
		type tr struct {
			to int32
			p  *big.Rat
		}
		var ts []tr
		if r.IntN(5) < 3 || n < 2 {
			ts = []tr{{int32(r.IntN(n)), big.NewRat(1, 1)}}
		} else {
			d := dists[r.IntN(len(dists))]
			if len(d) > n {
				d = dists[0]
			}
			perm := r.Perm(n)
			for k, pq := range d {
				ts = append(ts, tr{int32(perm[k]), big.NewRat(pq[0], pq[1])})
			}
			slices.SortFunc(ts, func(a, b tr) int { return int(a.to - b.to) })
		}
		for _, t := range ts {
			g.Target = append(g.Target, t.to)
			f, _ := t.p.Float64()
			g.Prob = append(g.Prob, f)
			if exact {
				g.ProbExact = append(g.ProbExact, t.p)
			}
		}
	}
	if csg {
		g.Type = prism.TypeCSG
		g.ActionOwner = make([]int32, len(g.Actions))
		g.ActionOwner[0] = -1
		for j, as := range acts {
			for _, a := range as {
				g.ActionOwner[a] = int32(j)
			}
		}
		for range n {
			g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
			var enabled [][]int32
			for {
				enabled = enabled[:0]
				size := 1
				for j := range np {
					var en []int32
					if r.IntN(8) != 0 {
						for _, a := range acts[j] {
							if r.IntN(5) < 3 {
								en = append(en, a)
							}
						}
					}
					if len(en) == 0 {
						if r.IntN(3) == 0 {
							en = []int32{0} // idle
						} else {
							en = []int32{acts[j][r.IntN(len(acts[j]))]}
						}
					}
					enabled = append(enabled, en)
					size *= len(en)
				}
				if size <= 12 {
					break
				}
			}
			// Every joint action, lexicographically.
			var rec func(j int, tuple []int32)
			rec = func(j int, tuple []int32) {
				if j == np {
					g.Joint = append(g.Joint, tuple...)
					addChoice()
					return
				}
				for _, a := range enabled[j] {
					rec(j+1, append(tuple, a))
				}
			}
			rec(0, nil)
		}
	} else {
		g.Type = prism.TypeSMG
		for range n {
			g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
			o := r.IntN(np)
			g.Owner = append(g.Owner, int32(o))
			for range 1 + r.IntN(3) {
				a := int32(0)
				if r.IntN(5) != 0 {
					a = acts[o][r.IntN(len(acts[o]))]
				}
				g.ChoiceAction = append(g.ChoiceAction, a)
				addChoice()
			}
		}
		if typ == prism.TypeMDP {
			g.Type, g.Owner = prism.TypeMDP, nil
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	for _, name := range []string{"a", "b"} {
		bs := translate.NewBitset(n)
		for s := range n {
			if r.IntN(2) == 0 {
				bs.Set(s)
			}
		}
		g.Labels = append(g.Labels, translate.Label{Name: name, States: bs})
	}
	return g
}

func allReachable(g *translate.Game) bool {
	seen := make([]bool, g.NumStates)
	stack := []int{int(g.Initial[0])}
	seen[stack[0]] = true
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				if to := int(g.Target[t]); !seen[to] {
					seen[to] = true
					stack = append(stack, to)
				}
			}
		}
	}
	return !slices.Contains(seen, false)
}

// histories is |Hist_T| from the initial state (to keep the enumeration
// small).
func histories(g *translate.Game, T int) int {
	cnt := make([]int, g.NumStates)
	for s := range cnt {
		cnt[s] = 1
	}
	for range T {
		nx := make([]int, g.NumStates)
		for s := range nx {
			lo, hi := g.Choices(s)
			for c := lo; c < hi; c++ {
				tlo, thi := g.Transitions(c)
				for t := tlo; t < thi; t++ {
					nx[s] += cnt[g.Target[t]]
				}
			}
		}
		cnt = nx
	}
	return cnt[g.Initial[0]]
}

// ---------------------------------------------------------------- behaviours

func genWeight(r *rand.Rand) prism.Expr {
	switch r.IntN(12) {
	case 0:
		return ilit(0)
	case 1, 2:
		return dlit("0.5")
	case 3:
		return dlit("0.25")
	case 4:
		return dlit("1.5")
	default:
		return ilit(1 + r.IntN(3))
	}
}

func genBehaviours(r *rand.Rand, g *translate.Game) []*prism.BehaviourDecl {
	var out []*prism.BehaviourDecl
	for j, name := range g.Players {
		if r.IntN(5) >= 2 {
			continue
		}
		d := &prism.BehaviourDecl{Player: prism.PlayerRef{Name: name}}
		if r.IntN(4) == 0 {
			d.Player = prism.PlayerRef{Index: j + 1}
		}
		byIndex := g.Type != prism.TypeCSG && r.IntN(3) == 0
		if byIndex {
			// Only indices of choices the player has somewhere (#k that
			// names no choice is an error).
			most := 0
			for s := 0; s < g.NumStates; s++ {
				lo, hi := g.Choices(s)
				if (g.Owner == nil && j == 0) || (g.Owner != nil && int(g.Owner[s]) == j) {
					most = max(most, hi-lo)
				}
			}
			for k := range min(3, most) {
				if r.IntN(6) != 0 {
					d.Weights = append(d.Weights, prism.ActionWeight{Action: prism.PlanAction{Index: k}, Weight: genWeight(r)})
				}
			}
		}
		// Label weights: alone, or (half the time) beside index weights,
		// where a listed label's weight comes first.
		if !byIndex || r.IntN(2) == 0 {
			for a := 1; a < len(g.Actions); a++ {
				if strings.HasSuffix(g.Actions[a], strconv.Itoa(j+1)) && r.IntN(7) != 0 {
					d.Weights = append(d.Weights, prism.ActionWeight{Action: prism.PlanAction{Name: g.Actions[a], Index: -1}, Weight: genWeight(r)})
				}
			}
		}
		if len(d.Weights) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// ---------------------------------------------------------------- plans

// genPlan follows a random history and writes down (some of) its actions,
// so that most plans can be carried out; a few name other actions.
func genPlan(r *rand.Rand, g *translate.Game, T int) *prism.Plan {
	return genPlanOff(r, g, T, 15, false)
}

// genPlanOff is genPlan where an entry names any action of its player,
// maybe one not enabled, once in off, and, with positional, csg steps are
// sometimes written one entry per player (- for idle, * for free).
func genPlanOff(r *rand.Rand, g *translate.Game, T, off int, positional bool) *prism.Plan {
	L := 1 + r.IntN(T)
	np := len(g.Players)
	var steps []*prism.PlanStep
	s := int(g.Initial[0])
	for range L {
		lo, hi := g.Choices(s)
		c := lo + r.IntN(hi-lo)
		st := &prism.PlanStep{}
		if g.Joint != nil && positional && r.IntN(3) == 0 {
			// One entry per player: its action, - for idle, or * for free.
			for j := range np {
				a := g.Joint[c*np+j]
				switch {
				case r.IntN(off) == 0:
					st.Actions = append(st.Actions, prism.PlanAction{Name: g.Actions[anyAction(r, g, j)], Index: -1})
				case r.IntN(4) == 0:
					st.Actions = append(st.Actions, prism.PlanAction{Index: -1, Free: true})
				case a == 0:
					st.Actions = append(st.Actions, prism.PlanAction{Index: -1, Idle: true})
				default:
					st.Actions = append(st.Actions, prism.PlanAction{Name: g.Actions[a], Index: -1})
				}
			}
		} else if g.Joint != nil {
			for j := range np {
				a := g.Joint[c*np+j]
				switch {
				case r.IntN(off) == 0:
					// Any action of player j, maybe not enabled.
					var own []int
					for k := 1; k < len(g.Actions); k++ {
						if int(g.ActionOwner[k]) == j {
							own = append(own, k)
						}
					}
					st.Actions = append(st.Actions, prism.PlanAction{Name: g.Actions[own[r.IntN(len(own))]], Index: -1})
				case a != 0 && r.IntN(9) < 5:
					st.Actions = append(st.Actions, prism.PlanAction{Name: g.Actions[a], Index: -1})
				}
			}
		} else if r.IntN(10) >= 3 {
			switch {
			case r.IntN(off) == 0:
				st.Actions = []prism.PlanAction{{Index: r.IntN(3)}}
			case g.ChoiceAction[c] != 0 && r.IntN(2) == 0:
				st.Actions = []prism.PlanAction{{Name: g.Actions[g.ChoiceAction[c]], Index: -1}}
			default:
				st.Actions = []prism.PlanAction{{Index: c - lo}}
			}
		}
		steps = append(steps, st)
		tlo, thi := g.Transitions(c)
		s = int(g.Target[tlo+r.IntN(thi-tlo)])
	}
	// Fold equal neighbours into repetitions, sometimes.
	var items []prism.PlanItem
	for k := 0; k < len(steps); {
		n := 1
		for k+n < len(steps) && sameStep(steps[k], steps[k+n]) && r.IntN(3) != 0 {
			n++
		}
		st := steps[k]
		if n > 1 || r.IntN(6) == 0 {
			st.Repeat = ilit(n)
		}
		items = append(items, st)
		k += n
	}
	if r.IntN(8) == 0 {
		items = append(items, &prism.PlanStep{Actions: steps[0].Actions, Repeat: ilit(0)})
	}
	if r.IntN(6) == 0 {
		grp := &prism.PlanGroup{Items: items}
		if r.IntN(2) == 0 {
			grp.Repeat = ilit(1)
		}
		items = []prism.PlanItem{grp}
		if 2*L <= T && r.IntN(2) == 0 {
			grp.Repeat = ilit(2)
		}
	}
	return &prism.Plan{Items: items}
}

// anyAction is a random action of player j of a csg (enabled or not).
func anyAction(r *rand.Rand, g *translate.Game, j int) int {
	var own []int
	for k := 1; k < len(g.Actions); k++ {
		if int(g.ActionOwner[k]) == j {
			own = append(own, k)
		}
	}
	return own[r.IntN(len(own))]
}

func sameStep(a, b *prism.PlanStep) bool {
	return slices.Equal(a.Actions, b.Actions)
}

// ---------------------------------------------------------------- formulas

func genBound(r *rand.Rand, bounded bool) prism.TimeBound {
	k := r.IntN(10)
	switch {
	case k < 3 && !bounded:
		return prism.TimeBound{}
	case k < 7:
		return prism.TimeBound{Kind: prism.BoundLe, Lo: ilit(r.IntN(4))}
	default:
		return prism.TimeBound{Kind: prism.BoundLt, Lo: ilit(1 + r.IntN(3))}
	}
}

// genPsi builds a random outcome of the given depth. Under noAtom the
// top level holds no atom outside a temporal operator. Half of the
// outcome-from 1 cases use it: SPEC §3 says both "top-level temporal
// operators range over 1..k" (an atom outside them is read at 0, as the
// engine and the enumerator do) and "the same as X ψ'" (read at 1).
func genPsi(r *rand.Rand, depth int, bounded, noAtom, nested bool) prism.Expr {
	if depth == 0 || (!noAtom && r.IntN(4) == 0) {
		if noAtom {
			return &prism.Temporal{Op: prism.TempF, Bound: genBound(r, bounded), Right: genPsi(r, 0, bounded, false, nested)}
		}
		switch r.IntN(20) {
		case 0:
			return &prism.BoolLit{Value: r.IntN(2) == 0}
		case 1, 2:
			return &prism.Unary{Op: prism.OpNot, X: lab("a")}
		case 3, 4:
			if nested { // a nested P~b [ψ'] with a bounded ψ'
				return &prism.ProbOp{Kind: 'P',
					Rel:   []prism.RelKind{prism.RelGe, prism.RelGt, prism.RelLe, prism.RelLt}[r.IntN(4)],
					Bound: dlit([]string{"0.3", "0.45", "0.6", "0.7"}[r.IntN(4)]),
					Path:  genPsi(r, 1+r.IntN(2), true, false, false)}
			}
		}
		return lab([]string{"a", "b"}[r.IntN(2)])
	}
	sub := func() prism.Expr { return genPsi(r, depth-1, bounded, false, nested) }
	top := func() prism.Expr { return genPsi(r, depth-1, bounded, noAtom, nested) }
	switch r.IntN(13) {
	case 0:
		return &prism.Unary{Op: prism.OpNot, X: top()}
	case 1:
		return &prism.Binary{X: top(), Op: prism.OpAnd, Y: top()}
	case 2:
		return &prism.Binary{X: top(), Op: prism.OpOr, Y: top()}
	case 3:
		return &prism.Binary{X: top(), Op: prism.OpImplies, Y: top()}
	case 4:
		return &prism.Temporal{Op: prism.TempX, Right: sub()}
	case 5, 6:
		return &prism.Temporal{Op: prism.TempF, Bound: genBound(r, bounded), Right: sub()}
	case 7, 8:
		return &prism.Temporal{Op: prism.TempG, Bound: genBound(r, bounded), Right: sub()}
	case 9, 10:
		return &prism.Temporal{Op: prism.TempU, Bound: genBound(r, bounded), Left: sub(), Right: sub()}
	case 11:
		return &prism.Temporal{Op: prism.TempW, Bound: genBound(r, bounded), Left: sub(), Right: sub()}
	default:
		return &prism.Temporal{Op: prism.TempR, Bound: genBound(r, bounded), Left: sub(), Right: sub()}
	}
}

// lookahead is how far past the current position ψ looks (for bounded ψ).
func lookahead(e prism.Expr) int {
	switch x := e.(type) {
	case *prism.Unary:
		return lookahead(x.X)
	case *prism.Binary:
		return max(lookahead(x.X), lookahead(x.Y))
	case *prism.Temporal:
		k := 1
		if x.Op != prism.TempX {
			k = int(x.Bound.Lo.(*prism.IntLit).Value)
			if x.Bound.Kind == prism.BoundLt {
				k--
			}
		}
		d := lookahead(x.Right)
		if x.Left != nil {
			d = max(d, lookahead(x.Left))
		}
		return max(k, 0) + d
	}
	return 0
}

// nestedLook is the largest lookahead of the path of a nested P~b [ψ'].
// Cases keep it within the horizon: the engine evaluates a nested P over
// T steps from the state, not over infinite paths (see the report of
// this test's author; the SPEC does not say), and the two agree then.
func nestedLook(e prism.Expr) int {
	switch x := e.(type) {
	case *prism.Unary:
		return nestedLook(x.X)
	case *prism.Binary:
		return max(nestedLook(x.X), nestedLook(x.Y))
	case *prism.Temporal:
		if x.Left != nil {
			return max(nestedLook(x.Left), nestedLook(x.Right))
		}
		return nestedLook(x.Right)
	case *prism.ProbOp:
		return lookahead(x.Path)
	}
	return 0
}

// ---------------------------------------------------------------- cases

func genCase(seed uint64) *rcase {
	r := rand.New(rand.NewPCG(seed, 0x6f6e7573))
	c := &rcase{seed: seed, exact: r.IntN(4) == 0, from: r.IntN(2)}
	c.g = genGame(r, []prism.ModelType{prism.TypeCSG, prism.TypeCSG, prism.TypeSMG, prism.TypeSMG, prism.TypeMDP}[r.IntN(5)], c.exact)
	c.T = 1 + r.IntN(4)
	for c.T > 1 && histories(c.g, c.T) > maxHistories {
		c.T--
	}
	c.behaviours = genBehaviours(r, c.g)
	c.byName = r.IntN(3) == 0
	// Random plans and outcomes rarely make an agent responsible, so most
	// cases keep drawing (plan, outcome, agent) until the enumerator finds
	// a true qualitative operator (want 1) or a nonzero degree (want 2).
	want := r.IntN(5) % 3
	noTopAtoms := r.IntN(2) == 0
	nested := r.IntN(4) == 0 // outcomes with nested P~b [ψ'] atoms
	m := &naive.Model{Game: c.g, Atom: nestedAtom(c.g, &c.behaviours, new(bool)), Const: litConst, Behaviours: c.behaviours}
	en, err := naive.New(m, c.T)
	// A behaviour that gives weight 0 to every action of a player in some
	// state is an error; keep a few such cases, redraw most.
	for try := 0; err != nil && try < 5 && r.IntN(5) != 0; try++ {
		c.behaviours = genBehaviours(r, c.g)
		m.Behaviours = c.behaviours
		en, err = naive.New(m, c.T)
	}
	for try := 0; ; try++ {
		c.plan = genPlan(r, c.g, c.T)
		c.psi = genPsi(r, 1+r.IntN(3), false, c.from == 1 && noTopAtoms, nested)
		for k := 0; nestedLook(c.psi) > c.T; k++ {
			c.psi = genPsi(r, 1+r.IntN(3), false, c.from == 1 && noTopAtoms, nested && k < 20)
		}
		c.agent = r.IntN(len(c.g.Players))
		if want == 0 || err != nil || try == 25 || len(en.Hist) > 250 || c.interesting(en, want) {
			break
		}
	}
	for range 20 {
		b := genPsi(r, 1+r.IntN(2), true, false, nested)
		if lookahead(b) <= c.T && nestedLook(b) <= c.T {
			c.bounded = b
			break
		}
	}
	c.degBound = &prism.Resp{
		Kind:    prism.RespKind(r.IntN(3)),
		Degree:  []prism.Degree{prism.DegCount, prism.DegProb}[r.IntN(2)],
		Rel:     []prism.RelKind{prism.RelGe, prism.RelLt}[r.IntN(2)],
		Bound:   dlit([]string{"0.3", "0.45", "0.6", "0.7"}[r.IntN(4)]),
		Outcome: c.psi,
	}
	c.degSingle = &prism.Resp{
		Kind:    prism.RespKind(r.IntN(3)),
		Degree:  []prism.Degree{prism.DegCount, prism.DegProb, prism.DegEntropy}[r.IntN(3)],
		Rel:     prism.RelQuery,
		Outcome: c.psi,
	}
	return c
}

// interesting reports whether some responsibility operator holds (want
// 1) or has a nonzero count degree (want 2) for the current draw.
func (c *rcase) interesting(en *naive.Enum, want int) bool {
	for _, k := range []prism.RespKind{prism.CAR, prism.CPR, prism.CCR} {
		q := &prism.Resp{Kind: k, Agent: prism.PlayerRef{Name: c.g.Players[c.agent]}, Plan: prism.PlanRef{Plan: c.plan},
			Rel: prism.RelQuery, Outcome: c.psi}
		if want == 2 {
			q.Degree = prism.DegAll
		}
		a, err := en.Check(q, nil, c.from)
		if err != nil {
			return false
		}
		if (want == 1 && a.Bool) || (want == 2 && a.Degrees.Count != 0) {
			return true
		}
	}
	return false
}

// nestedAtom gives the enumerator its atoms: labels and boolean
// combinations of them, and nested P~b [ψ'] (ψ' bounded, without nesting),
// evaluated in every state s by enumerating the histories of length
// lookahead(ψ') from s (which is exact for a bounded ψ'). It sets *near
// when a probability lies within 1e-9 of its bound, where float results
// may fairly differ.
func nestedAtom(g *translate.Game, beh *[]*prism.BehaviourDecl, near *bool) func(prism.Expr) (translate.Bitset, error) {
	labels := labelAtom(g)
	cache := map[prism.Expr]translate.Bitset{}
	return func(e prism.Expr) (translate.Bitset, error) {
		p, ok := e.(*prism.ProbOp)
		if !ok {
			return labels(e)
		}
		if set, ok := cache[e]; ok {
			return set, nil
		}
		set := translate.NewBitset(g.NumStates)
		b := p.Bound.(*prism.DoubleLit).Value
		for s := range g.NumStates {
			from := *g
			from.Initial = []int32{int32(s)}
			m := &naive.Model{Game: &from, Atom: labels, Const: litConst, Behaviours: *beh}
			en, err := naive.New(m, max(1, lookahead(p.Path)))
			if err != nil {
				return nil, err
			}
			a, err := en.Check(&prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: p.Path}, nil, 0)
			if err != nil {
				return nil, err
			}
			x := a.Number
			if math.Abs(x-b) < 1e-9 {
				*near = true
			}
			holds := false
			switch p.Rel {
			case prism.RelGe:
				holds = x >= b
			case prism.RelGt:
				holds = x > b
			case prism.RelLe:
				holds = x <= b
			case prism.RelLt:
				holds = x < b
			default:
				return nil, fmt.Errorf("nested P: relation %d", p.Rel)
			}
			if holds {
				set.Set(s)
			}
		}
		cache[e] = set
		return set, nil
	}
}

// fakeEnv resolves labels to the game's label sets and evaluates literals.
type fakeEnv struct {
	g     *translate.Game
	exact bool
}

func (f fakeEnv) StateSet(e prism.Expr) (translate.Bitset, error) {
	return labelAtom(f.g)(e)
}

func (f fakeEnv) EvalConst(e prism.Expr) (translate.Value, error) {
	v, err := litConst(e)
	if !f.exact {
		v.Rat = nil
	}
	return v, err
}

// query is one query of a case with a name for the report.
type query struct {
	name string
	q    prism.Expr
}

func (c *rcase) queries() []query {
	planRef := prism.PlanRef{Plan: c.plan}
	if c.byName {
		planRef = prism.PlanRef{Name: "pi"}
	}
	agent := prism.PlayerRef{Name: c.g.Players[c.agent]}
	if c.seed%5 == 0 {
		agent = prism.PlayerRef{Index: c.agent + 1}
	}
	var qs []query
	for _, k := range []prism.RespKind{prism.CAR, prism.CPR, prism.CCR} {
		for _, d := range []prism.Degree{prism.DegNone, prism.DegAll} {
			q := &prism.Resp{Kind: k, Agent: agent, Plan: planRef, Degree: d, Rel: prism.RelQuery, Outcome: c.psi}
			qs = append(qs, query{fmt.Sprintf("%v degree %d", k, d), q})
		}
	}
	db := *c.degBound
	db.Agent, db.Plan = agent, planRef
	ds := *c.degSingle
	ds.Agent, ds.Plan = agent, planRef
	qs = append(qs,
		query{"bounded degree", &db},
		query{"single degree", &ds},
		query{"#=?", &prism.Metric{Kind: prism.MetricCount, Outcome: c.psi}},
		query{"H=?", &prism.Metric{Kind: prism.MetricEntropy, Outcome: c.psi}})
	if c.bounded != nil {
		qs = append(qs, query{"P=?", &prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: c.bounded}})
	}
	return qs
}

// usesProb reports whether a query needs the behaviour profile.
func usesProb(q prism.Expr) bool {
	switch x := q.(type) {
	case *prism.ProbOp:
		return true
	case *prism.Resp:
		return x.Degree == prism.DegAll || x.Degree == prism.DegProb
	}
	return false
}

func usesPlan(q prism.Expr) bool {
	_, ok := q.(*prism.Resp)
	return ok
}

// stats counts what the cases exercised, so that the log shows the
// comparison is not vacuous.
type stats struct {
	errors, trueBools, bools, nonzeroDeg, degs, horizon [5]int
	engine, enum                                        time.Duration
	badBehaviour                                        int // cases whose behaviour gives weight 0 to all actions somewhere
	losses                                              int // loss notes compared with the enumerator (SPEC §13)
	lossQueries                                         int // queries with at least one
}

// run compares the engine with the enumerator on every query of the case
// and returns the mismatches found.
func (c *rcase) run(st *stats) []string {
	var bad []string
	fail := func(q query, format string, args ...any) {
		bad = append(bad, fmt.Sprintf("%s: %s: %s", q.name, naive.FormatExpr(q.q), fmt.Sprintf(format, args...)))
	}

	// The games are tiny: a product this large is a bug, and the limit keeps it fast.
	cfg := checker.Config{Horizon: c.T, OutcomeFrom: c.from, Exact: c.exact, Behaviours: c.behaviours, MaxProduct: 200_000}
	if c.free {
		cfg.Unavailable = checker.UnavailableFree
	}
	if c.byName {
		cfg.Plans = map[string]*prism.Plan{"pi": c.plan}
	}
	ck, cerr := checker.New(prism.NewFileSet(), c.g, fakeEnv{c.g, c.exact}, cfg)
	if c.multiInit { // SPEC §1: responsibility queries are rejected
		for _, q := range c.queries() {
			if cerr != nil || !usesPlan(q.q) {
				continue
			}
			if _, err := ck.Check(q.q); err == nil {
				fail(q, "two initial states: want an error")
			}
		}
		return bad
	}
	near := false
	m := &naive.Model{Game: c.g, Atom: nestedAtom(c.g, &c.behaviours, &near), Const: litConst, Behaviours: c.behaviours}
	en, nerr := naive.New(m, c.T)
	if en != nil {
		en.Free = c.free
	}
	plans := naive.Plans{"pi": c.plan}
	if nerr != nil {
		st.badBehaviour++
	}
	if cerr != nil {
		// Acceptable only for a broken behaviour, or a named plan that
		// cannot be carried out.
		if nerr != nil {
			return nil
		}
		if c.byName {
			if _, err := en.Check(c.queries()[0].q, plans, c.from); err != nil {
				return nil
			}
		}
		return []string{fmt.Sprintf("checker.New failed but the enumerator did not: %v", cerr)}
	}
	for _, q := range c.queries() {
		t0 := time.Now()
		res, err := ck.Check(q.q)
		st.engine += time.Since(t0)
		if nerr != nil { // a behaviour with all weights 0 somewhere
			if err == nil && usesProb(q.q) {
				fail(q, "engine gave a value, want an error (%v)", nerr)
			}
			continue
		}
		t0 = time.Now()
		want, werr := en.Check(q.q, plans, c.from)
		st.enum += time.Since(t0)
		st.note(q.q, want, werr)
		if werr != nil {
			if err == nil {
				fail(q, "engine gave a value, want an error (%v)", werr)
			}
			continue
		}
		if err != nil {
			fail(q, "engine error %v; want %s", err, fmtAnswer(want))
			continue
		}
		if res.Horizon != c.T {
			fail(q, "horizon %d, want %d", res.Horizon, c.T)
		}
		c.compare(q, res, want, fail)
		if r, ok := q.q.(*prism.Resp); ok {
			c.compareLosses(en, r, res.Notes, st, func(format string, args ...any) { fail(q, format, args...) })
		}
	}
	if near {
		return nil // a nested probability equals its bound up to rounding
	}
	return bad
}

func (st *stats) add(o *stats) {
	for k := range st.errors {
		st.errors[k] += o.errors[k]
		st.trueBools[k] += o.trueBools[k]
		st.bools[k] += o.bools[k]
		st.nonzeroDeg[k] += o.nonzeroDeg[k]
		st.degs[k] += o.degs[k]
	}
	st.engine += o.engine
	st.enum += o.enum
	st.badBehaviour += o.badBehaviour
	st.losses += o.losses
	st.lossQueries += o.lossQueries
}

func (st *stats) note(q prism.Expr, a *naive.Answer, err error) {
	r, ok := q.(*prism.Resp)
	if !ok {
		return
	}
	k := int(r.Kind)
	if err != nil {
		st.errors[k]++
		return
	}
	switch r.Degree {
	case prism.DegNone:
		st.bools[k]++
		if a.Bool {
			st.trueBools[k]++
		}
	case prism.DegAll:
		st.degs[k]++
		if a.Degrees.Count != 0 {
			st.nonzeroDeg[k]++
		}
	}
}

func fmtAnswer(a *naive.Answer) string {
	switch {
	case a.Degrees != nil:
		d := a.Degrees
		return fmt.Sprintf("degrees #%.17g P%.17g H%.17g exact #%v P%v", d.Count, d.Prob, d.Entropy, d.CountExact, d.ProbExact)
	case a.Count != nil:
		return "count " + a.Count.String()
	}
	return fmt.Sprintf("bool %v number %.17g exact %v", a.Bool, a.Number, a.Exact)
}

func ratEq(a, b *big.Rat) bool { return a != nil && b != nil && a.Cmp(b) == 0 }

func (c *rcase) compare(q query, res *checker.Result, want *naive.Answer, fail func(query, string, ...any)) {
	switch x := q.q.(type) {
	case *prism.Resp:
		switch {
		case x.Degree == prism.DegNone:
			if res.Bool != want.Bool {
				fail(q, "engine %v, enumerator %v", res.Bool, want.Bool)
			}
		case x.Degree == prism.DegAll:
			d, w := res.Degrees, want.Degrees
			if d == nil {
				fail(q, "no degrees; want %s", fmtAnswer(want))
				return
			}
			if !relClose(d.Count, w.Count) || !relClose(d.Prob, w.Prob) || !relClose(d.Entropy, w.Entropy) {
				fail(q, "engine #%.17g P%.17g H%.17g; want %s", d.Count, d.Prob, d.Entropy, fmtAnswer(want))
			}
			if (c.exact || d.CountExact != nil) && !ratEq(d.CountExact, w.CountExact) {
				fail(q, "engine exact count degree %v, want %v", d.CountExact, w.CountExact)
			}
			if c.exact && !ratEq(d.ProbExact, w.ProbExact) {
				fail(q, "engine exact prob degree %v, want %v", d.ProbExact, w.ProbExact)
			}
		case x.Rel == prism.RelQuery: // one degree
			if !relClose(res.Number, want.Number) {
				fail(q, "engine %.17g, want %.17g", res.Number, want.Number)
			}
			if c.exact && x.Degree != prism.DegEntropy && !ratEq(res.Exact, want.Exact) {
				fail(q, "engine exact %v, want %v", res.Exact, want.Exact)
			}
		default: // a bound on one degree
			b := x.Bound.(*prism.DoubleLit).Value
			if math.Abs(want.Number-b) < 1e-9 {
				return // too close to the bound to compare floats
			}
			if res.Bool != want.Bool {
				fail(q, "engine %v, enumerator %v (degree %.17g)", res.Bool, want.Bool, want.Number)
			}
		}
	case *prism.Metric:
		if x.Kind == prism.MetricCount {
			if res.Count == nil || res.Count.Cmp(want.Count) != 0 {
				fail(q, "engine count %v, want %v", res.Count, want.Count)
			}
			return
		}
		if !relClose(res.Number, want.Number) {
			fail(q, "engine %.17g, want %.17g", res.Number, want.Number)
		}
	case *prism.ProbOp:
		if !relClose(res.Number, want.Number) {
			fail(q, "engine %.17g, want %.17g", res.Number, want.Number)
		}
		if c.exact && !ratEq(res.Exact, want.Exact) {
			fail(q, "engine exact %v, want %v", res.Exact, want.Exact)
		}
	}
}

// TestRandomAgainstEnumerator runs 1000 random cases (20000 with -long).
func TestRandomAgainstEnumerator(t *testing.T) {
	n := 1000
	if *longRandom {
		n = 20000
	}
	if s := os.Getenv("ONUS_RANDOM_CASES"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("ONUS_RANDOM_CASES=%q: %v", s, err)
		}
		n = v
	}
	first := 1
	if s := os.Getenv("ONUS_RANDOM_FIRST"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("ONUS_RANDOM_FIRST=%q: %v", s, err)
		}
		first = v
	}
	seeds := make([]uint64, n)
	for k := range seeds {
		seeds[k] = uint64(first + k)
	}
	if s := os.Getenv("ONUS_RANDOM_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("ONUS_RANDOM_SEED=%q: %v", s, err)
		}
		seeds = []uint64{v}
	}
	start := time.Now()
	type slow struct {
		seed uint64
		d    time.Duration
	}
	var slowest []slow
	failed, queries := 0, 0
	var st stats
	for _, seed := range seeds {
		tg := time.Now()
		c := genCase(seed)
		gen := time.Since(tg)
		if seed%40 == 7 { // (not in genCase, whose games other tests reuse)
			g := *c.g
			g.Initial = []int32{0, 1}
			c.g, c.multiInit = &g, true
		}
		queries += 2 * len(c.queries())
		st.horizon[c.T]++
		// Each case is run under both readings of plans that cannot be
		// followed (SPEC §13). A case that runs away is reported, not
		// waited for.
		var bad []string
		t0 := time.Now()
		for _, free := range []bool{false, true} {
			c.free = free
			done := make(chan []string, 1)
			var cst stats
			go func() { done <- c.run(&cst) }()
			select {
			case b := <-done:
				st.add(&cst)
				bad = append(bad, b...)
			case <-time.After(caseTimeout):
				t.Fatalf("case did not finish in %v:\n%s", caseTimeout, c)
			}
			if len(bad) > 0 {
				break
			}
		}
		slowest = append(slowest, slow{c.seed, time.Since(t0) + gen})
		slices.SortFunc(slowest, func(a, b slow) int { return int(b.d - a.d) })
		slowest = slowest[:min(len(slowest), 3)]
		if len(bad) == 0 {
			continue
		}
		failed++
		if failed <= 10 {
			t.Errorf("mismatch:\n%s%s", c, strings.Join(bad, "\n"))
		}
	}
	t.Logf("%d cases, %d queries, %d cases with mismatches, %v", len(seeds), queries, failed, time.Since(start))
	t.Logf("horizons 1..4: %v; %d cases with an all-zero behaviour (an error); time in engine Check %v, in enumerator Check %v; slowest cases %v",
		st.horizon[1:], st.badBehaviour, st.engine, st.enum, slowest)
	for k, name := range []string{"CAR", "CPR", "CCR"} {
		t.Logf("%s: %d true of %d boolean, %d nonzero of %d degree queries, %d plan errors",
			name, st.trueBools[k], st.bools[k], st.nonzeroDeg[k], st.degs[k], st.errors[k])
	}
	t.Logf("plans that cannot be followed: %d loss notes compared, in %d queries", st.losses, st.lossQueries)
}

// caseSeeds returns the seeds of a random test's cases: 1 to n, or as many
// as the environment variable cases says, or only the one seed says.
func caseSeeds(t *testing.T, n int, cases, seed string) []uint64 {
	t.Helper()
	if s := os.Getenv(cases); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s=%q: %v", cases, s, err)
		}
		n = v
	}
	seeds := make([]uint64, n)
	for k := range seeds {
		seeds[k] = uint64(k + 1)
	}
	if s := os.Getenv(seed); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q: %v", seed, s, err)
		}
		seeds = []uint64{v}
	}
	return seeds
}
