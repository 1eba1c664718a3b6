package prism

// Long flat chains of left-associative operators (a sum of 300,000 terms,
// a conjunction over every state) nest as deeply as they are long in the
// syntax tree: Binary{Binary{Binary{a, b}, c}, d}. Recursing down such a
// chain would use stack in proportion to the input, so every pass over
// expressions walks a chain with a loop instead (LeftChain), and recurses
// only into right operands and other sub-expressions, whose depth the
// parser bounds (MaxNesting, MaxRuleDepth).

// LeftChain flattens the chain of binary operators down the left operands
// of e: first is the leftmost operand that is not a (non-nil) *Binary, and ops holds
// the operators from the innermost (whose X is first) to e itself (last),
// so that e equals ops[len-1] and ops[i].X == ops[i-1]. A pass over the
// chain computes first, then combines it with each ops[i].Y in order.
func LeftChain(e *Binary) (first Expr, ops []*Binary) {
	n := 0
	var x Expr = e
	for {
		b, ok := x.(*Binary)
		if !ok || b == nil {
			break
		}
		n++
		x = b.X
	}
	ops = make([]*Binary, n)
	x = e
	for i := n - 1; i >= 0; i-- {
		b := x.(*Binary)
		ops[i] = b
		x = b.X
	}
	return x, ops
}

// leftmost returns the leftmost operand of a chain of binary operators and
// infix temporal operators, without recursion.
func leftmost(e Expr) Expr {
	for {
		switch x := e.(type) {
		case *Binary:
			e = x.X
		case *Temporal:
			if x.Left == nil {
				return e
			}
			e = x.Left
		case *Cond:
			e = x.Cond
		default:
			return e
		}
	}
}
