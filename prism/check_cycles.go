package prism

import "strings"

// This file finds cycles among formula definitions and among constant
// definitions (reference §2.2, §2.3) and names each cycle.

// MaxRefDepth bounds how deeply definitions may refer to one another (a
// formula using a formula using a formula...; the same for constants,
// labels and named properties): the passes that expand them recurse once
// per level.
const MaxRefDepth = 10000

// checkCycles reports each cycle of formulas and each cycle of constants
// once, at the declaration that comes first in the file, and chains of
// definitions deeper than MaxRefDepth (after which c.tooDeep is set and
// nothing more is checked).
func (c *checker) checkCycles() {
	c.findCycles(idFormula, "formula")
	c.findCycles(idConst, "constant")
}

func (c *checker) findCycles(kind identKind, what string) {
	var nodes []*ident
	for _, d := range c.m.Consts {
		if id := c.idents[d.Name.Name]; kind == idConst && id != nil && id.cdecl == d {
			nodes = append(nodes, id)
		}
	}
	for _, d := range c.m.Formulas {
		if id := c.idents[d.Name.Name]; kind == idFormula && id != nil && id.fdecl == d {
			nodes = append(nodes, id)
		}
	}
	c.cyclesAmong(nodes, kind, what)
}

// cyclesAmong searches cycles from the given nodes; a cycle is reported only
// if it contains one of them.
func (c *checker) cyclesAmong(nodes []*ident, kind identKind, what string) {
	start := map[*ident]bool{}
	for _, n := range nodes {
		start[n] = true
	}
	succ := func(id *ident) []*ident {
		var body Expr
		if kind == idConst {
			body = id.cdecl.Value
		} else {
			body = id.fdecl.Expr
		}
		var out []*ident
		Inspect(body, func(e Expr) bool {
			if n, ok := e.(*Name); ok && !n.Primed {
				if t := c.idents[n.Name]; t != nil && t.kind == kind {
					out = append(out, t)
				}
			}
			return true
		})
		return out
	}
	color := map[*ident]int{} // 0 new, 1 on stack, 2 done
	onCycle := map[*ident]bool{}
	var stack []*ident
	depth := map[*ident]int{} // of the longest chain of definitions from a node done
	deep := func(id *ident) {
		if !c.tooDeep {
			c.tooDeep = true
			c.errorf(id.pos, "%s %s is defined through more than %d nested %ss (each using the next)", what, id.name, MaxRefDepth, what)
		}
	}
	var visit func(id *ident)
	visit = func(id *ident) {
		color[id] = 1
		stack = append(stack, id)
		if len(stack) > MaxRefDepth {
			deep(stack[0])
			stack = stack[:len(stack)-1]
			color[id] = 2
			return
		}
		next := succ(id)
		defer func() {
			d := 1
			for _, t := range next {
				if color[t] == 2 {
					d = max(d, depth[t]+1)
				}
			}
			depth[id] = d
			if d > MaxRefDepth {
				deep(id)
			}
		}()
		for _, t := range next {
			switch color[t] {
			case 0:
				visit(t)
			case 1:
				// stack from t to the top is a cycle
				i := len(stack) - 1
				for stack[i] != t {
					i--
				}
				cyc := stack[i:]
				seen, mine := false, false
				for _, n := range cyc {
					seen = seen || onCycle[n]
					mine = mine || start[n]
				}
				if seen || !mine {
					continue
				}
				first := 0
				for j, n := range cyc {
					onCycle[n] = true
					if n.pos < cyc[first].pos {
						first = j
					}
				}
				names := make([]string, 0, len(cyc)+1)
				for j := range cyc {
					names = append(names, cyc[(first+j)%len(cyc)].name)
				}
				names = append(names, cyc[first].name)
				c.errorf(cyc[first].pos, "cyclic %s definition: %s", what, strings.Join(names, " -> "))
			}
		}
		stack = stack[:len(stack)-1]
		color[id] = 2
	}
	for _, id := range nodes {
		if color[id] == 0 {
			visit(id)
		}
	}
}

// checkLabelDepth reports a label of ls defined through a chain of more
// than MaxRefDepth labels of ls (in a properties file, labels may use
// labels), setting c.tooDeep. The search keeps its own stack.
func (c *checker) checkLabelDepth(ls []*LabelDecl) {
	idx := map[string]int{}
	for i, l := range ls {
		if _, dup := idx[l.Name.Name]; !dup {
			idx[l.Name.Name] = i
		}
	}
	refs := make([][]int, len(ls))
	for i, l := range ls {
		Inspect(l.Expr, func(e Expr) bool {
			if r, ok := e.(*LabelRef); ok {
				if j, ok := idx[r.Name]; ok {
					refs[i] = append(refs[i], j)
				}
			}
			return true
		})
	}
	depth := make([]int, len(ls))
	state := make([]int8, len(ls)) // 0 new, 1 open, 2 done
	type frame struct{ n, next int }
	for root := range ls {
		if state[root] != 0 {
			continue
		}
		stack := []frame{{root, 0}}
		state[root] = 1
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next < len(refs[f.n]) {
				t := refs[f.n][f.next]
				f.next++
				if state[t] == 0 {
					state[t] = 1
					stack = append(stack, frame{t, 0})
				}
				continue
			}
			d := 1
			for _, t := range refs[f.n] {
				if state[t] == 2 {
					d = max(d, depth[t]+1)
				}
			}
			depth[f.n], state[f.n] = d, 2
			if d > MaxRefDepth {
				c.tooDeep = true
				c.errorf(ls[f.n].Name.NamePos, "label %q is defined through more than %d nested labels (each using the next)", ls[f.n].Name.Name, MaxRefDepth)
				return
			}
			stack = stack[:len(stack)-1]
		}
	}
}
