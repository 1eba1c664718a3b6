package equil

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/translate"
)

// WriteStrategy writes the profile in PRISM-games' format for equilibrium
// strategies (-exportstrat, Dot): the profile is replayed from the initial
// state and every node it reaches gets one labelled choice, with the
// successors' probabilities:
//
//   - "CSG: p: [a1] + q: [b1] -- r: [a2]": each coalition's mixed action
//     in a stage game (Nash), "--" between the coalitions, a coalition's
//     action written as its players' actions in brackets;
//   - "CSG: p: [a1][a2] + …": a distribution over joint actions
//     (correlated);
//   - "MDP: 1.0: [a1][a2]": the joint choice played for the coalition whose
//     objective is still undecided once the other's is decided;
//   - "CSG: Sat(0) -- Unsat(1)" and the like, a self-loop, once both
//     objectives are decided (Sat met, Unsat failed).
//
// Nodes are the states of the profile's game (the step-counter product
// for mixed horizons), with the objectives' standing; with bounded
// objectives the rules depend on the step, and each node's label ends
// with its step ("{t=1}"), as PRISM-games writes strategies with memory.
// With unbounded objectives the last round's rule is played throughout,
// as PRISM-games exports it. After the graph, a comment holds the same
// choices in PRISM's explicit transition format and the nodes' states.
// An idle player's action is written "-".
func WriteStrategy(w io.Writer, p *Profile) error {
	r := newReplay(p)
	r.run()
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, "digraph MDP {\nsize=\"8,5\"\nnode [shape=box];\n")
	for k, nd := range r.nodes {
		fmt.Fprintf(bw, "%d []\n", k)
		nij := fmt.Sprintf("n%d_0", k)
		fmt.Fprintf(bw, "%d -> %s [ arrowhead=none,label=\"0:%s\" ];\n", k, nij, dotEscape(nd.label))
		fmt.Fprintf(bw, "%s [ shape=point,width=0.1,height=0.1,label=\"\" ];\n", nij)
		for _, e := range nd.out {
			fmt.Fprintf(bw, "%s -> %d [ label=\"%s\" ];\n", nij, e.to, javaDouble(e.p))
		}
	}
	for k, nd := range r.nodes {
		fmt.Fprintf(bw, "%d [label=\"%d\\n%s\"]\n", k, k, r.stateText(nd.s))
	}
	fmt.Fprint(bw, "}\n")
	fmt.Fprint(bw, "\n/*\n -- Transitions --\n")
	ntrans := 0
	for _, nd := range r.nodes {
		ntrans += len(nd.out)
	}
	fmt.Fprintf(bw, "%d %d %d\n", len(r.nodes), len(r.nodes), ntrans)
	for k, nd := range r.nodes {
		for _, e := range nd.out {
			fmt.Fprintf(bw, "%d 0 %d %s %s\n", k, e.to, javaDouble(e.p), nd.label)
		}
	}
	fmt.Fprint(bw, "\n -- States --\n")
	fmt.Fprintf(bw, "(%s)\n", strings.Join(r.varNames(), ","))
	for k, nd := range r.nodes {
		fmt.Fprintf(bw, "%d:%s\n", k, r.stateText(nd.s))
	}
	fmt.Fprint(bw, "*/\n")
	return bw.Flush()
}

// replay explores the nodes the profile reaches from the initial state.
type replay struct {
	p       *Profile
	g       *translate.Game
	bounded bool
	nodes   []*node
	index   map[nodeKey]int
	queue   []int
}

type nodeKey struct {
	s, t   int
	status [2]int8
}

type node struct {
	nodeKey
	label string
	out   []edge
}

type edge struct {
	to int
	p  float64
}

// Standing of an objective at a node.
const (
	undecided int8 = iota
	met
	missed
)

func newReplay(p *Profile) *replay {
	return &replay{p: p, g: p.Game, bounded: p.Objectives[0].bounded(), index: map[nodeKey]int{}}
}

func (r *replay) run() {
	if len(r.g.Initial) == 0 {
		return
	}
	r.visit(int(r.g.Initial[0]), 0, [2]int8{})
	for len(r.queue) > 0 {
		k := r.queue[0]
		r.queue = r.queue[1:]
		r.expand(r.nodes[k])
	}
}

// visit returns the node of entering s at step t with the objectives'
// standing before, creating it if new.
func (r *replay) visit(s, t int, before [2]int8) int {
	key := nodeKey{s: s, t: t}
	for i := range key.status {
		key.status[i] = before[i]
		if before[i] == undecided {
			key.status[i] = r.standing(i, s, t)
		}
	}
	if !r.bounded {
		key.t = 0
	}
	if k, ok := r.index[key]; ok {
		return k
	}
	k := len(r.nodes)
	r.nodes = append(r.nodes, &node{nodeKey: key})
	r.index[key] = k
	r.queue = append(r.queue, k)
	return k
}

// standing is objective i's standing on entering s at step t, as the
// engine decides it.
func (r *replay) standing(i, s, t int) int8 {
	o := &r.p.Objectives[i]
	switch o.Kind {
	case Until:
		switch {
		case o.target(s):
			return met
		case !o.left(s), o.Bounded && t >= o.Bound:
			return missed
		}
	case Next:
		switch {
		case t == 0:
			return undecided
		case o.target(s):
			return met
		}
		return missed
	case Inst, Cumul:
		if t >= o.Bound {
			return met
		}
	case Reach:
		if o.target(s) {
			return met
		}
	}
	return undecided
}

func (r *replay) expand(nd *node) {
	p := r.p
	s, t := nd.s, nd.t
	st := nd.status
	var dist []float64 // over the choices of s
	lo, hi := r.g.Choices(s)
	switch {
	case st[0] != undecided && st[1] != undecided:
		nd.label = fmt.Sprintf("CSG: %s(0) -- %s(1)", satText(st[0]), satText(st[1]))
		nd.out = []edge{{to: r.index[nd.nodeKey], p: 1}}
		return
	case st[0] != undecided || st[1] != undecided:
		i := 0
		if st[0] != undecided {
			i = 1
		}
		budget := 0
		if r.bounded {
			budget = p.Objectives[i].Bound - t
		}
		c := p.Coop(i, s, budget)
		if c < 0 {
			nd.label = "undefined"
			nd.out = []edge{{to: r.index[nd.nodeKey], p: 1}}
			return
		}
		dist = make([]float64, hi-lo)
		dist[c-lo] = 1
		nd.label = "MDP: 1.0: " + r.jointText(c)
	default:
		round := p.Rounds
		if r.bounded {
			round = p.Rounds - t
		}
		stage := p.Stage(s, round)
		if stage == nil {
			nd.label = "undefined"
			nd.out = []edge{{to: r.index[nd.nodeKey], p: 1}}
			return
		}
		dist = make([]float64, hi-lo)
		cols := int(p.Cols[s])
		for c := lo; c < hi; c++ {
			k := int(p.Cell[c])
			dist[c-lo] = stage.Prob(k/cols, k%cols, cols)
		}
		nd.label = r.stageText(s, stage)
	}
	if r.bounded {
		nd.label += fmt.Sprintf(" {t=%d}", t)
	}
	succ := map[int]float64{}
	var order []int
	for c := lo; c < hi; c++ {
		pc := dist[c-lo]
		if pc <= 0 {
			continue
		}
		tlo, thi := r.g.Transitions(c)
		for x := tlo; x < thi; x++ {
			if r.g.Prob[x] <= 0 {
				continue
			}
			to := r.visit(int(r.g.Target[x]), t+1, st)
			if _, ok := succ[to]; !ok {
				order = append(order, to)
			}
			succ[to] += pc * r.g.Prob[x]
		}
	}
	for _, to := range order {
		nd.out = append(nd.out, edge{to: to, p: succ[to]})
	}
}

func satText(s int8) string {
	if s == met {
		return "Sat"
	}
	return "Unsat"
}

// stageText writes a stage rule: each coalition's distribution over its
// actions (Nash), or the distribution over joint actions (correlated).
func (r *replay) stageText(s int, st *Stage) string {
	p := r.p
	lo, hi := r.g.Choices(s)
	rows, cols := int(p.Rows[s]), int(p.Cols[s])
	// a choice of each row and of each column, to name the actions
	rowChoice, colChoice := make([]int, rows), make([]int, cols)
	for c := lo; c < hi; c++ {
		k := int(p.Cell[c])
		rowChoice[k/cols], colChoice[k%cols] = c, c
	}
	if st.Joint != nil {
		var parts []string
		for c := lo; c < hi; c++ {
			k := int(p.Cell[c])
			if pr := st.Joint[k]; pr > 0 {
				parts = append(parts, javaDouble(pr)+": "+r.jointText(c))
			}
		}
		return "CSG: " + strings.Join(parts, " + ")
	}
	side := func(x []float64, choice []int, coal []int) string {
		var parts []string
		for a, pr := range x {
			if pr > 0 {
				parts = append(parts, javaDouble(pr)+": "+r.actionsText(choice[a], coal))
			}
		}
		return strings.Join(parts, " + ")
	}
	return "CSG: " + side(st.X, rowChoice, p.Coalitions[0]) + " -- " + side(st.Y, colChoice, p.Coalitions[1])
}

// actionsText writes the actions of the players of coal in choice c.
func (r *replay) actionsText(c int, coal []int) string {
	np := len(r.g.Players)
	var b strings.Builder
	for _, pl := range coal {
		b.WriteString("[" + r.actionName(r.g.Joint[c*np+pl]) + "]")
	}
	return b.String()
}

// jointText writes every player's action in choice c.
func (r *replay) jointText(c int) string {
	np := len(r.g.Players)
	var b strings.Builder
	for pl := 0; pl < np; pl++ {
		b.WriteString("[" + r.actionName(r.g.Joint[c*np+pl]) + "]")
	}
	return b.String()
}

func (r *replay) actionName(a int32) string {
	if a <= 0 || int(a) >= len(r.g.Actions) {
		return "-"
	}
	return r.g.Actions[a]
}

// varNames are the variables of the written states: the model's, and the
// step counter "_k" for a mixed-horizon product (PRISM's name for an
// automaton's state is _da).
func (r *replay) varNames() []string {
	base := r.base()
	var names []string
	for _, v := range base.Vars {
		names = append(names, v.Name)
	}
	if r.p.Orig != nil {
		names = append(names, "_k")
	}
	return names
}

// base is the query's game: the product's underlying game for mixed
// horizons (whose variables the states are written with).
func (r *replay) base() *translate.Game {
	if r.p.Base != nil {
		return r.p.Base
	}
	return r.g
}

// stateText writes a state of the profile's game as PRISM does: (v1,v2).
func (r *replay) stateText(s int) string {
	base := r.base()
	gs := s
	if r.p.Orig != nil {
		gs = int(r.p.Orig[s])
	}
	var parts []string
	if len(base.Vars) > 0 && base.Values != nil {
		vals := base.State(gs)
		for i, v := range base.Vars {
			if v.Bool {
				parts = append(parts, strconv.FormatBool(vals[i] != 0))
			} else {
				parts = append(parts, strconv.Itoa(int(vals[i])))
			}
		}
	} else {
		parts = append(parts, strconv.Itoa(gs))
	}
	if r.p.Orig != nil {
		parts = append(parts, strconv.Itoa(int(r.p.Step[s])))
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func dotEscape(s string) string { return strings.ReplaceAll(s, `"`, `\"`) }

// javaDouble formats x as Java's Double.toString does, which PRISM-games'
// files use: 1.0, 0.5, 1.0E-5.
func javaDouble(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		if math.Signbit(x) {
			return "-0.0"
		}
		return "0.0"
	}
	a := math.Abs(x)
	if a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(x, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}
