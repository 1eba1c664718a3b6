// Package chaintest builds small games for the tests of package solve and
// its sub-packages, and evaluates a memoryless deterministic strategy on
// the Markov chain it leaves, independently of the solvers: bottom
// components by solve.SCCs, values by a dense linear solve.
package chaintest

import (
	"gonum.org/v1/gonum/mat"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Choice is one choice of a test game: its successors and probabilities.
type Choice struct {
	To []int32
	P  []float64
}

// To1 is a choice moving to t for sure.
func To1(t int32) Choice { return Choice{To: []int32{t}, P: []float64{1}} }

// Merge adds up the probabilities of repeated successors.
func Merge(ch Choice) Choice {
	var out Choice
	for i, t := range ch.To {
		found := false
		for j := range out.To {
			if out.To[j] == t {
				out.P[j] += ch.P[i]
				found = true
			}
		}
		if !found {
			out.To = append(out.To, t)
			out.P = append(out.P, ch.P[i])
		}
	}
	return out
}

// Game builds a game of type typ whose state s has the choices cs[s]
// (owner gives smg owners; nil otherwise), with initial state 0.
func Game(typ prism.ModelType, cs [][]Choice, owner []int32) *translate.Game {
	g := &translate.Game{Type: typ, NumStates: len(cs), Owner: owner, Initial: []int32{0}}
	switch typ {
	case prism.TypeMDP:
		g.Players = []string{"1"}
	case prism.TypeSMG:
		g.Players = []string{"p1", "p2"}
	}
	for _, c := range cs {
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		for _, ch := range c {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.Target = append(g.Target, ch.To...)
			g.Prob = append(g.Prob, ch.P...)
			g.ChoiceAction = append(g.ChoiceAction, 0)
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	return g
}

// Chain is the Markov chain of game G under the memoryless deterministic
// strategy taking choice lo+Pick[s] in each state s (lo its first).
type Chain struct {
	G    *translate.Game
	Pick []int
}

// Choice returns the choice the strategy takes in s.
func (c Chain) Choice(s int) int {
	lo, _ := c.G.Choices(s)
	return lo + c.Pick[s]
}

func (c Chain) succ(s int, edge func(int)) {
	tlo, thi := c.G.Transitions(c.Choice(s))
	for t := tlo; t < thi; t++ {
		edge(int(c.G.Target[t]))
	}
}

// Bottoms returns, per state, whether it lies in a bottom strongly
// connected component, and whether it can reach one holding a state s
// with marked(s).
func (c Chain) Bottoms(marked func(s int) bool) (bottom, reaches []bool) {
	n := c.G.NumStates
	comp := make([]int, n)
	bottom = make([]bool, n)
	reaches = make([]bool, n)
	// solve.SCCs lists a component after every component it can reach.
	for k, cc := range solve.SCCs(n, c.succ) {
		for _, s := range cc {
			comp[s] = k
		}
		isBottom, hit := true, false
		for _, s := range cc {
			c.succ(s, func(j int) {
				isBottom = isBottom && comp[j] == k
				// every state of cc reaches every successor of cc
				hit = hit || (comp[j] != k && reaches[j])
			})
		}
		if isBottom {
			for _, s := range cc {
				hit = hit || marked(s)
			}
		}
		for _, s := range cc {
			bottom[s], reaches[s] = isBottom, hit
		}
	}
	return bottom, reaches
}

// Solve returns x with x(s) = fix(s) on the bottom states and
// x = w + Px elsewhere (a dense linear solve).
func (c Chain) Solve(bottom []bool, w, fix func(s int) float64) []float64 {
	n := c.G.NumStates
	a := mat.NewDense(n, n, nil)
	b := mat.NewVecDense(n, nil)
	for s := 0; s < n; s++ {
		a.Set(s, s, 1)
		if bottom[s] {
			b.SetVec(s, fix(s))
			continue
		}
		b.SetVec(s, w(s))
		tlo, thi := c.G.Transitions(c.Choice(s))
		for t := tlo; t < thi; t++ {
			j := int(c.G.Target[t])
			a.Set(s, j, a.At(s, j)-c.G.Prob[t])
		}
	}
	var x mat.VecDense
	if err := x.SolveVec(a, b); err != nil {
		panic(err)
	}
	out := make([]float64, n)
	for s := range out {
		out[s] = x.AtVec(s)
	}
	return out
}

// Strategies calls f with every memoryless deterministic choice of the
// states in set (nil: all states) in pick, which holds an offset from the
// state's first choice per state; the other entries of pick are left as
// they are.
func Strategies(g *translate.Game, pick []int, set []int, f func()) {
	if set == nil {
		set = make([]int, g.NumStates)
		for s := range set {
			set[s] = s
		}
	}
	for _, s := range set {
		pick[s] = 0
	}
	for {
		f()
		k := 0
		for ; k < len(set); k++ {
			s := set[k]
			lo, hi := g.Choices(s)
			if pick[s]+1 < hi-lo {
				pick[s]++
				break
			}
			pick[s] = 0
		}
		if k == len(set) {
			return
		}
	}
}
