package main

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/translate"
)

// TestLocateModulesAgainstDirect: --group modules on random PRISM models
// (rewritten by locaterewrite.go and built by the translator) against the
// game of its meaning built here directly from the model's commands: in
// each state the scheduler picks a module with an enabled command of its
// own or a synchronising action enabled in both modules; the module then
// picks one of its commands, the action one of the products of the two
// modules' commands. Both games are valued by locate.Run (checked against
// the literal oracle in checker/locate), so this checks the rewriting.
func TestLocateModulesAgainstDirect(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 4))
	tmp := t.TempDir()
	models := 120
	if testing.Short() {
		models = 30
	}
	responsible := 0
	for trial := 0; trial < models; trial++ {
		rm := randomModules(r)
		path := filepath.Join(tmp, fmt.Sprintf("m%d.prism", trial))
		if err := os.WriteFile(path, []byte(rm.text()), 0o644); err != nil {
			t.Fatal(err)
		}
		objs := []string{`P>=1 [F "goal"]`, `P>=1 [G "goal"]`, `P>=1 [G F "goal"]`, `Pmax=? [F "goal"]`}
		obj := objs[trial%len(objs)]
		args := []string{path, "--objective", obj, "--group", "modules"}
		if !strings.HasPrefix(obj, "Pmax") {
			args = append(args, "--exact")
		}
		got := locateRunJSON(t, args...)
		want := rm.direct(t, obj)
		if len(got.Groups) != len(want) {
			t.Fatalf("%d: %d groups, want %d\n%s", trial, len(got.Groups), len(want), rm.text())
		}
		any := false
		for _, g := range got.Groups {
			w, ok := want[g.Group]
			if !ok {
				t.Fatalf("%d: unexpected group %s", trial, g.Group)
			}
			if math.Abs(g.Shapley-w.Shapley) > 1e-6 || math.Abs(g.Banzhaf-w.Banzhaf) > 1e-6 || string(g.Count) != w.Count.String() {
				t.Fatalf("%d %s: %s: got %v %v %s, want %v %v %v\n%s", trial, obj, g.Group, g.Shapley, g.Banzhaf, g.Count, w.Shapley, w.Banzhaf, w.Count, rm.text())
			}
			if w.ShapleyExact != nil && g.Exact["shapley"] != w.ShapleyExact.RatString() {
				t.Fatalf("%d: %s: exact shapley %s, want %s", trial, g.Group, g.Exact["shapley"], w.ShapleyExact.RatString())
			}
			any = any || w.Shapley != 0 || w.Count.Sign() > 0
		}
		if any {
			responsible++
		}
	}
	t.Logf("%d models, %d with a responsible group", models, responsible)
}

// modCmd is a command of a random module: guard x=from, a label ("" for
// none), and a distribution over the next values of x.
type modCmd struct {
	label string
	from  int
	to    []int // each with probability 1/len(to)
}

// randModules is a model of two modules, each with one variable of 2 or
// 3 values; "s" synchronises them, "l1"/"l2" are labels of one module.
type randModules struct {
	size [2]int
	cmds [2][]modCmd
	goal map[[2]int]bool
}

func randomModules(r *rand.Rand) *randModules {
	rm := &randModules{goal: map[[2]int]bool{}}
	for m := 0; m < 2; m++ {
		rm.size[m] = 2 + r.IntN(2)
		for v := 0; v < rm.size[m]; v++ {
			// An unlabelled command in every state: no deadlocks.
			for k := 0; k < 1+r.IntN(2); k++ {
				rm.cmds[m] = append(rm.cmds[m], modCmd{"", v, randomTo(r, rm.size[m])})
			}
			if r.IntN(2) == 0 {
				rm.cmds[m] = append(rm.cmds[m], modCmd{"s", v, randomTo(r, rm.size[m])})
			}
			if r.IntN(3) == 0 {
				rm.cmds[m] = append(rm.cmds[m], modCmd{fmt.Sprintf("l%d", m+1), v, randomTo(r, rm.size[m])})
			}
		}
	}
	for a := 0; a < rm.size[0]; a++ {
		for b := 0; b < rm.size[1]; b++ {
			rm.goal[[2]int{a, b}] = r.IntN(3) > 0
		}
	}
	return rm
}

func randomTo(r *rand.Rand, size int) []int {
	if r.IntN(3) == 0 {
		return []int{r.IntN(size), r.IntN(size)}
	}
	return []int{r.IntN(size)}
}

func (rm *randModules) text() string {
	var b strings.Builder
	b.WriteString("mdp\n")
	for m := 0; m < 2; m++ {
		fmt.Fprintf(&b, "module m%d\n  x%d : [0..%d] init 0;\n", m+1, m+1, rm.size[m]-1)
		for _, c := range rm.cmds[m] {
			var ups []string
			for _, to := range c.to {
				ups = append(ups, fmt.Sprintf("%g:(x%d'=%d)", 1/float64(len(c.to)), m+1, to))
			}
			fmt.Fprintf(&b, "  [%s] x%d=%d -> %s;\n", c.label, m+1, c.from, strings.Join(ups, " + "))
		}
		b.WriteString("endmodule\n")
	}
	terms := []string{"false"}
	for a := 0; a < rm.size[0]; a++ {
		for b := 0; b < rm.size[1]; b++ {
			if rm.goal[[2]int{a, b}] {
				terms = append(terms, fmt.Sprintf("(x1=%d & x2=%d)", a, b))
			}
		}
	}
	fmt.Fprintf(&b, "label \"goal\" = %s;\n", strings.Join(terms, " | "))
	return b.String()
}

// direct builds the modules game of the model (players scheduler, m1, m2
// and s when both modules use it) and values it with locate.Run.
func (rm *randModules) direct(t *testing.T, obj string) map[string]locate.Value {
	t.Helper()
	sync := false
	var uses [2]bool
	for m := 0; m < 2; m++ {
		for _, c := range rm.cmds[m] {
			uses[m] = uses[m] || c.label == "s"
		}
	}
	sync = uses[0] && uses[1]
	names := []string{"scheduler", "m1", "m2"}
	if sync {
		names = append(names, "s")
	}
	// A node is (x1, x2, who moves: 0 scheduler, 1/2 a module, 3 s).
	type node struct{ x1, x2, k int }
	index := map[node]int{}
	var nodes []node
	id := func(n node) int {
		if i, ok := index[n]; ok {
			return i
		}
		index[n] = len(nodes)
		nodes = append(nodes, n)
		return index[n]
	}
	own := func(_ int, c modCmd) bool { return c.label != "s" || !sync }
	enabled := func(m, v int, pick func(c modCmd) bool) []modCmd {
		var out []modCmd
		for _, c := range rm.cmds[m] {
			if c.from == v && pick(c) {
				out = append(out, c)
			}
		}
		return out
	}
	g := &translate.Game{Players: []string{"1"}}
	type tr struct {
		to int
		p  float64
	}
	var choices [][][]tr
	id(node{0, 0, 0})
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		var chs [][]tr
		x := [2]int{n.x1, n.x2}
		switch n.k {
		case 0:
			for m := 0; m < 2; m++ {
				if len(enabled(m, x[m], func(c modCmd) bool { return own(m, c) })) > 0 {
					chs = append(chs, []tr{{id(node{n.x1, n.x2, m + 1}), 1}})
				}
			}
			isS := func(c modCmd) bool { return c.label == "s" }
			if sync && len(enabled(0, n.x1, isS)) > 0 && len(enabled(1, n.x2, isS)) > 0 {
				chs = append(chs, []tr{{id(node{n.x1, n.x2, 3}), 1}})
			}
		case 1, 2:
			m := n.k - 1
			for _, c := range enabled(m, x[m], func(c modCmd) bool { return own(m, c) }) {
				var ch []tr
				for _, to := range c.to {
					y := x
					y[m] = to
					ch = append(ch, tr{id(node{y[0], y[1], 0}), 1 / float64(len(c.to))})
				}
				chs = append(chs, ch)
			}
		case 3:
			isS := func(c modCmd) bool { return c.label == "s" }
			for _, c1 := range enabled(0, n.x1, isS) {
				for _, c2 := range enabled(1, n.x2, isS) {
					var ch []tr
					for _, a := range c1.to {
						for _, b := range c2.to {
							ch = append(ch, tr{id(node{a, b, 0}), 1 / float64(len(c1.to)*len(c2.to))})
						}
					}
					chs = append(chs, ch)
				}
			}
		}
		choices = append(choices, chs)
	}
	groups := make([]locate.Group, len(names))
	target := make([]bool, len(nodes))
	for i, n := range nodes {
		groups[n.k].Name = names[n.k]
		groups[n.k].States = append(groups[n.k].States, int32(i))
		target[i] = rm.goal[[2]int{n.x1, n.x2}]
		g.Values = append(g.Values, int32(i))
	}
	for i := range groups {
		groups[i].Name = names[i]
	}
	g.Vars = []translate.Var{{Name: "node", Lo: 0, Hi: int32(len(nodes))}}
	g.NumStates = len(nodes)
	g.Initial = []int32{0}
	for _, chs := range choices {
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		for _, ch := range chs {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.ChoiceAction = append(g.ChoiceAction, 0)
			// merge transitions to one target (the translator does)
			sum := map[int]float64{}
			var order []int
			for _, x := range ch {
				if _, ok := sum[x.to]; !ok {
					order = append(order, x.to)
				}
				sum[x.to] += x.p
			}
			for _, to := range order {
				g.Target = append(g.Target, int32(to))
				g.Prob = append(g.Prob, sum[to])
			}
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	o := locate.Objective{Target: target, Value: strings.HasPrefix(obj, "Pmax")}
	switch {
	case strings.Contains(obj, "G F"):
		o.Kind = locate.Buchi
	case strings.Contains(obj, "[G"):
		o.Kind = locate.Safe
	default:
		o.Kind = locate.Reach
	}
	res, err := locate.Run(&locate.Game{G: g, Obj: o, Groups: groups}, locate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]locate.Value{}
	for _, v := range res.Values {
		if v.Count == nil {
			v.Count = new(big.Int)
		}
		out[v.Name] = v
	}
	return out
}
