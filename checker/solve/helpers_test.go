package solve_test

import (
	"math"
	"math/rand/v2"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// choice is one choice of a test game: its successors and probabilities.
type choice struct {
	to []int32
	p  []float64
}

// to1 is a choice moving to t for sure.
func to1(t int32) choice { return choice{to: []int32{t}, p: []float64{1}} }

// game builds a test game of type typ whose state s has the choices cs[s]
// (owner gives smg owners; nil otherwise).
func game(typ prism.ModelType, cs [][]choice, owner []int32) *translate.Game {
	g := &translate.Game{Type: typ, NumStates: len(cs), Owner: owner}
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
			g.Target = append(g.Target, ch.to...)
			g.Prob = append(g.Prob, ch.p...)
			g.ChoiceAction = append(g.ChoiceAction, 0)
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	g.Initial = []int32{0}
	return g
}

// randomGame returns a random game of n states with up to maxCh choices
// per state (1 for a dtmc) of one to three successors, and a reward
// structure with some zero and some positive state and choice rewards.
func randomGame(r *rand.Rand, typ prism.ModelType, n, maxCh int) (*translate.Game, *translate.Rewards) {
	cs := make([][]choice, n)
	for s := range cs {
		k := 1
		if typ != prism.TypeDTMC {
			k = 1 + r.IntN(maxCh)
		}
		for range k {
			m := 1 + r.IntN(3)
			ch := choice{}
			left := 1.0
			for j := 0; j < m; j++ {
				t := int32(r.IntN(n))
				p := left
				if j < m-1 {
					p = left * float64(1+r.IntN(3)) / 4
				}
				left -= p
				ch.to = append(ch.to, t)
				ch.p = append(ch.p, p)
			}
			cs[s] = append(cs[s], merge(ch))
		}
	}
	var owner []int32
	if typ == prism.TypeSMG {
		owner = make([]int32, n)
		for s := range owner {
			owner[s] = int32(r.IntN(2))
		}
	}
	g := game(typ, cs, owner)
	rw := &translate.Rewards{State: make([]float64, n), Trans: make([]float64, g.NumChoices())}
	for s := range rw.State {
		if r.IntN(3) == 0 {
			rw.State[s] = float64(1 + r.IntN(3))
		}
	}
	for c := range rw.Trans {
		if r.IntN(3) == 0 {
			rw.Trans[c] = float64(1 + r.IntN(3))
		}
	}
	return g, rw
}

// merge adds up the probabilities of repeated successors.
func merge(ch choice) choice {
	out := choice{}
	for i, t := range ch.to {
		found := false
		for j := range out.to {
			if out.to[j] == t {
				out.p[j] += ch.p[i]
				found = true
			}
		}
		if !found {
			out.to = append(out.to, t)
			out.p = append(out.p, ch.p[i])
		}
	}
	return out
}

// near reports whether a and b agree within rel relative (and equal
// infinities).
func near(a, b, rel float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= rel*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
