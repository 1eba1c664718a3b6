package locate

import (
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// graph builds a deterministic mdp: succ[s] lists the targets of the
// choices of s (one choice per target); one variable s = the state index.
func graph(succ [][]int32) *translate.Game {
	n := len(succ)
	g := &translate.Game{Type: prism.TypeMDP, NumStates: n, Players: []string{"1"},
		Vars: []translate.Var{{Name: "s", Lo: 0, Hi: int32(n - 1)}}, Initial: []int32{0}}
	for s := 0; s < n; s++ {
		g.Values = append(g.Values, int32(s))
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		for _, t := range succ[s] {
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
			g.ChoiceAction = append(g.ChoiceAction, 0)
			g.Target = append(g.Target, t)
			g.Prob = append(g.Prob, 1)
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	return g
}

// not returns the complement of the states listed.
func not(n int, states ...int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	for _, s := range states {
		out[s] = false
	}
	return out
}

func set(n int, states ...int) []bool {
	out := make([]bool, n)
	for _, s := range states {
		out[s] = true
	}
	return out
}
