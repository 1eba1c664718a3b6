package prism

import "strings"

// This file finds cycles among formula definitions and among constant
// definitions (reference §2.2, §2.3) and names each cycle.

// checkCycles reports each cycle of formulas and each cycle of constants
// once, at the declaration that comes first in the file.
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
	var visit func(id *ident)
	visit = func(id *ident) {
		color[id] = 1
		stack = append(stack, id)
		for _, t := range succ(id) {
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
