package locate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/onus-mc/onus/translate"
)

// StateName prints state s as (x=1,y=3).
func StateName(g *translate.Game, s int) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, v := range g.Vars {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(v.Name)
		b.WriteByte('=')
		b.WriteString(varValue(v, g.Values[s*len(g.Vars)+i]))
	}
	b.WriteByte(')')
	return b.String()
}

func varValue(v translate.Var, x int32) string {
	if v.Bool {
		if x != 0 {
			return "true"
		}
		return "false"
	}
	return fmt.Sprint(x)
}

// Individual makes one group per state in keep.
func Individual(g *translate.Game, keep []bool) []Group {
	var out []Group
	for s := 0; s < g.NumStates; s++ {
		poll(s) // a name per state: a good part of a second at 10^6
		if keep[s] {
			out = append(out, Group{Name: StateName(g, s), States: []int32{int32(s)}})
		}
	}
	return out
}

// NamedSet is a state set with a name (a label).
type NamedSet struct {
	Name   string
	States []bool
}

// ByLabels partitions the states in keep by the exact set of labels they
// satisfy (SPEC §12.1): one group per combination that some state of the
// model has, named "l1, l2" or "no labels", in order of first occurrence
// by state index.
func ByLabels(g *translate.Game, labels []NamedSet, keep []bool) []Group {
	return partition(g, keep, func(s int) string {
		var names []string
		for _, l := range labels {
			if l.States[s] {
				names = append(names, l.Name)
			}
		}
		if len(names) == 0 {
			return "no labels"
		}
		return strings.Join(names, ", ")
	})
}

// PerLabel makes one group per label of the states in keep that satisfy
// it (groups may overlap), and a group "unlabelled" of the others (SPEC
// §12.7, backward label groups).
func PerLabel(labels []NamedSet, keep []bool) []Group {
	var out []Group
	rest := Group{Name: "unlabelled"}
	for _, l := range labels {
		out = append(out, Group{Name: l.Name})
	}
	for s, k := range keep {
		if !k {
			continue
		}
		any := false
		for i, l := range labels {
			if l.States[s] {
				out[i].States = append(out[i].States, int32(s))
				any = true
			}
		}
		if !any {
			rest.States = append(rest.States, int32(s))
		}
	}
	return append(out, rest)
}

// ByVariables partitions the states in keep by the values of the
// variables vars (indices into g.Vars): one group per combination some
// state of the model has, named (x=1,z=true), in order of their first state.
func ByVariables(g *translate.Game, vars []int, keep []bool) []Group {
	groups := partition(g, keep, func(s int) string {
		var b strings.Builder
		b.WriteByte('(')
		for i, v := range vars {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(g.Vars[v].Name + "=" + varValue(g.Vars[v], g.Values[s*len(g.Vars)+v]))
		}
		b.WriteByte(')')
		return b.String()
	})
	return groups
}

// partition groups the states in keep by name(s), listing every name some
// state of the model has (groups of states outside keep are empty).
func partition(g *translate.Game, keep []bool, name func(s int) string) []Group {
	index := map[string]int{}
	var out []Group
	rep := []int{}
	for s := 0; s < g.NumStates; s++ {
		poll(s)
		n := name(s)
		i, ok := index[n]
		if !ok {
			i = len(out)
			index[n] = i
			out = append(out, Group{Name: n})
			rep = append(rep, s)
		}
		if keep[s] {
			out[i].States = append(out[i].States, int32(s))
		}
	}
	// States are numbered by valuation, so the first state of each group
	// orders groups by their values.
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rep[order[a]] < rep[order[b]] })
	sorted := make([]Group, len(out))
	for i, o := range order {
		sorted[i] = out[o]
	}
	return sorted
}

// Players makes one group per player of g (smg, csg; an mdp's one
// player), holding the states where it has more than one action; use it
// with Game.Players.
func Players(g *translate.Game) []Group {
	gm := &Game{G: g, Obj: Objective{Target: make([]bool, g.NumStates)}, Players: true}
	v := playersView(gm)
	out := make([]Group, len(g.Players))
	for p, name := range g.Players {
		out[p] = Group{Name: name, States: v.members[p]}
	}
	return out
}
