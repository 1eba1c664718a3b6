package prism

import "strings"

// ExpandPropertyRefs replaces every reference "name" to a named property of
// p (reference §5.1: a named property is referenced like a label) by that
// property's formula, in parentheses, in every property of p. Labels keep
// their meaning (CheckProps makes sure names and labels do not clash). A
// property that refers to itself, directly or through others, is an error
// at the reference.
func ExpandPropertyRefs(fset *FileSet, p *PropsFile) error {
	named := map[string]Expr{} // the formulas as written
	for _, pr := range p.Properties {
		if pr.Name != "" {
			named[pr.Name] = pr.Expr
		}
	}
	if len(named) == 0 {
		return nil
	}
	labels := map[string]bool{}
	for _, l := range p.Labels {
		labels[l.Name.Name] = true
	}
	var errs ErrorList
	reported := map[Pos]bool{}
	done := map[string]Expr{}
	depth := map[string]int{} // of the references nested in a property's expansion, plus one
	onStack := map[string]bool{}
	tooDeep := func(at Pos) Expr {
		if !reported[NoPos] {
			reported[NoPos] = true
			errs.Addf(fset, at, "property references nest more than %d deep (each property referring to the next)", MaxRefDepth)
		}
		return nil
	}
	var expand func(e Expr, stack []string) (Expr, int)
	expand = func(e Expr, stack []string) (Expr, int) {
		d := 0
		x := substLabels(e, func(r *LabelRef) Expr {
			def, ok := named[r.Name]
			if !ok || labels[r.Name] {
				return nil
			}
			if onStack[r.Name] {
				i := len(stack) - 1
				for stack[i] != r.Name {
					i--
				}
				if !reported[r.NamePos] {
					reported[r.NamePos] = true
					errs.Addf(fset, r.NamePos, "cyclic property reference: %s", strings.Join(append(stack[i:], r.Name), " -> "))
				}
				return nil
			}
			x, ok := done[r.Name]
			if !ok {
				if len(stack) >= MaxRefDepth {
					return tooDeep(r.NamePos)
				}
				onStack[r.Name] = true
				var xd int
				x, xd = expand(def, append(stack, r.Name))
				delete(onStack, r.Name)
				done[r.Name], depth[r.Name] = x, xd+1
			}
			if depth[r.Name] > MaxRefDepth {
				return tooDeep(r.NamePos)
			}
			d = max(d, depth[r.Name])
			return &Paren{Lparen: r.NamePos, X: x}
		})
		return x, d
	}
	for _, pr := range p.Properties {
		var stack []string
		if pr.Name != "" {
			stack = []string{pr.Name}
			onStack[pr.Name] = true
		}
		pr.Expr, _ = expand(pr.Expr, stack)
		delete(onStack, pr.Name)
	}
	return errs.Err()
}

// substLabels returns e with every LabelRef for which f returns a non-nil
// expression replaced by it. Nodes on the way to a replacement are copied;
// e itself is not modified.
func substLabels(e Expr, f func(*LabelRef) Expr) Expr {
	if e == nil {
		return nil
	}
	s := func(x Expr) Expr { return substLabels(x, f) }
	switch x := e.(type) {
	case *LabelRef:
		if r := f(x); r != nil {
			return r
		}
		return x
	case *Unary:
		c := *x
		c.X = s(x.X)
		return &c
	case *Binary:
		// a chain is copied with a loop (see LeftChain)
		first, ops := LeftChain(x)
		acc := s(first)
		for _, o := range ops {
			c := *o
			c.X, c.Y = acc, s(o.Y)
			acc = &c
		}
		return acc
	case *Cond:
		c := *x
		c.Cond, c.Then, c.Else = s(x.Cond), s(x.Then), s(x.Else)
		return &c
	case *Call:
		c := *x
		c.Args = make([]Expr, len(x.Args))
		for i, a := range x.Args {
			c.Args[i] = s(a)
		}
		return &c
	case *Paren:
		c := *x
		c.X = s(x.X)
		return &c
	case *Temporal:
		c := *x
		c.Left, c.Right = s(x.Left), s(x.Right)
		return &c
	case *ProbOp:
		c := *x
		c.Path = s(x.Path)
		if x.Filter != nil {
			fl := *x.Filter
			fl.States = s(fl.States)
			c.Filter = &fl
		}
		return &c
	case *RewardOp:
		c := *x
		c.Target = s(x.Target)
		if x.Filter != nil {
			fl := *x.Filter
			fl.States = s(fl.States)
			c.Filter = &fl
		}
		return &c
	case *Strategy:
		c := *x
		c.Op = s(x.Op)
		return &c
	case *FilterExpr:
		c := *x
		c.X, c.States = s(x.X), s(x.States)
		return &c
	case *MultiNash:
		c := *x
		c.Terms = make([]Expr, len(x.Terms))
		for i, t := range x.Terms {
			c.Terms[i] = s(t)
		}
		return &c
	case *Resp:
		c := *x
		c.Outcome = s(x.Outcome)
		return &c
	case *Metric:
		c := *x
		c.Outcome = s(x.Outcome)
		return &c
	}
	return e
}
