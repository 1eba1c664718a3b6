package trace

import (
	"encoding/binary"
	"slices"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file checks that a path is a history of the model (SPEC §10.4) and
// finds, for each row, the choice taken and the plan step it stands for.

// History is a path checked against a model. States has one entry per row;
// Choices[k] is the choice taken from States[k] (the first one in PRISM's
// order that matches row k+1's action and reaches States[k+1]) and Steps[k]
// the plan step of row k+1's action.
type History struct {
	States  []int
	Choices []int
	Steps   []*prism.PlanStep
}

// Check checks path p against model m: the first row must be an initial
// state with action `-`, and each later row a successor of the previous
// state under an available choice matching its action. The first row that
// is not is an error at the offending cell.
func Check(fset *prism.FileSet, m *translate.Model, p *Path) (*History, error) {
	g := m.Game
	e := &errs{fset}
	switch g.Type {
	case prism.TypeCSG, prism.TypeSMG, prism.TypeSTPG, prism.TypeMDP:
	default:
		return nil, e.at(p.Columns[0].Pos, "a trace is a plan, and plans need a model with players (this is a %v)", g.Type)
	}
	l, err := newLayout(e, g, p)
	if err != nil {
		return nil, err
	}
	index := stateIndex(g)
	h := &History{}
	prev := -1
	for k, r := range p.Rows {
		step := r.Fields[1]
		if n, err := strconv.Atoi(step.Text); err != nil || n != k {
			return nil, e.at(step.Pos, "step %q: expected %d (row %d of the path)", step.Text, k, k+1)
		}
		vals, err := l.valuation(e, g, r)
		if err != nil {
			return nil, err
		}
		act := r.Fields[0]
		var cands []int32 // the states this row may hold
		var match []int   // choices of prev matching the action (k > 0)
		var ps *prism.PlanStep
		if k == 0 {
			if act.Text != "-" {
				return nil, e.at(act.Pos, "the first row's action must be -, not %q", act.Text)
			}
			cands = g.Initial
		} else {
			if match, ps, err = matchAction(e, m, prev, act); err != nil {
				return nil, err
			}
			for _, ch := range match {
				lo, hi := g.Transitions(ch)
				for t := lo; t < hi; t++ {
					if g.Prob[t] > 0 {
						cands = append(cands, g.Target[t])
					}
				}
			}
		}
		s, ok := index[key(vals)]
		if !ok || !slices.Contains(cands, int32(s)) {
			what := "no initial state of the model"
			if k > 0 {
				what = "no successor of " + m.StateString(prev) + " under " + act.Text
			}
			return nil, e.at(offending(g, l, r, vals, cands), "this state is %s", what)
		}
		if k > 0 {
			ch := reaching(g, match, s)
			if a := ps.Actions; len(a) == 1 && a[0].Name == "" {
				lo, _ := g.Choices(prev)
				a[0].Index = ch - lo
			}
			h.Choices = append(h.Choices, ch)
			h.Steps = append(h.Steps, ps)
		}
		h.States = append(h.States, s)
		prev = s
	}
	return h, nil
}

// stateIndex maps each state's valuation to the state.
func stateIndex(g *translate.Game) map[string]int {
	idx := make(map[string]int, g.NumStates)
	for s := 0; s < g.NumStates; s++ {
		idx[key(g.State(s))] = s
	}
	return idx
}

func key(vals []int32) string {
	b := make([]byte, 0, 4*len(vals))
	for _, v := range vals {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return string(b)
}

// offending returns the cell to blame when a row's valuation is none of
// cands: going through the variables in column order, the first whose value
// no candidate agreeing on the columns before it has.
func offending(g *translate.Game, l *layout, r Row, vals []int32, cands []int32) prism.Pos {
	left := cands
	for _, vi := range l.order {
		var next []int32
		for _, s := range left {
			if g.State(int(s))[vi] == vals[vi] {
				next = append(next, s)
			}
		}
		if len(next) == 0 {
			return r.Fields[l.varCol[vi]].Pos
		}
		left = next
	}
	if len(l.order) == 0 {
		return r.Fields[0].Pos
	}
	return r.Fields[l.varCol[l.order[0]]].Pos
}

// reaching returns the first of the choices that reaches s.
func reaching(g *translate.Game, choices []int, s int) int {
	for _, ch := range choices {
		lo, hi := g.Transitions(ch)
		for t := lo; t < hi; t++ {
			if int(g.Target[t]) == s && g.Prob[t] > 0 {
				return ch
			}
		}
	}
	return -1
}

// actionIndex returns the index of an action label, or -1.
func actionIndex(g *translate.Game, name string) int32 {
	for i, a := range g.Actions {
		if i > 0 && a == name {
			return int32(i)
		}
	}
	return -1
}

// bracketed returns the inside of `[...]`.
func bracketed(s string) (string, bool) {
	if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' {
		return s[1 : len(s)-1], true
	}
	return "", false
}

// splitJoint splits the inside of a joint action at its commas, keeping
// each entry's character offset from the cell's start.
func splitJoint(in string) (names []string, offs []int) {
	off := 1
	for _, part := range strings.Split(in, ",") {
		lead := len([]rune(part)) - len([]rune(strings.TrimLeft(part, " ")))
		names = append(names, strings.TrimSpace(part))
		offs = append(offs, off+lead)
		off += len([]rune(part)) + 1
	}
	return names, offs
}
