package prism

// Inspect traverses the expression tree of e in depth-first order, parents
// first: it calls f(x) for e and, while f returns true, for every
// sub-expression of x (operands, bounds, paths, targets, terms). Nil
// expressions are skipped. It is the one walker of the AST, as go/ast's
// Inspect is for Go. It keeps its own stack, so a chain of any length
// (a+b+...+z) is walked without recursion.
func Inspect(e Expr, f func(Expr) bool) {
	stack := []Expr{e}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == nil || !f(x) {
			continue
		}
		kids := children(x)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// children returns the direct sub-expressions of e, in source order.
func children(e Expr) []Expr {
	switch e := e.(type) {
	case *Paren:
		return []Expr{e.X}
	case *Unary:
		return []Expr{e.X}
	case *Binary:
		return []Expr{e.X, e.Y}
	case *Cond:
		return []Expr{e.Cond, e.Then, e.Else}
	case *Call:
		return e.Args
	case *Temporal:
		return []Expr{e.Bound.Lo, e.Bound.Hi, e.Left, e.Right}
	case *ProbOp:
		return []Expr{e.Bound, e.Path}
	case *RewardOp:
		return []Expr{e.StructIndex, e.Discount, e.Bound, e.Target, e.TimeBound}
	case *Strategy:
		return []Expr{e.Op}
	case *FilterExpr:
		return []Expr{e.X, e.States}
	case *MultiNash:
		return append([]Expr{e.Bound}, e.Terms...)
	case *Resp:
		return []Expr{e.Bound, e.Outcome}
	case *Metric:
		return []Expr{e.Outcome}
	}
	return nil
}

// Unparen strips the parentheses around e.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*Paren)
		if !ok || p.X == nil {
			return e
		}
		e = p.X
	}
}
