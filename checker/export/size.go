package export

import "github.com/onus-mc/onus/prism"

// MaxPropertyNodes bounds the size of an exported property: a bound that is
// unrolled into an X-chain repeats its operands once per step.
const MaxPropertyNodes = 1_000_000

// printedSize is the number of nodes of e printed as a tree (the
// translation shares sub-trees).
func printedSize(e prism.Expr, memo map[prism.Expr]int) int {
	if e == nil {
		return 0
	}
	if n, ok := memo[e]; ok {
		return n
	}
	n := 1
	switch x := e.(type) {
	case *prism.Unary:
		n += printedSize(x.X, memo)
	case *prism.Binary:
		n += printedSize(x.X, memo) + printedSize(x.Y, memo)
	case *prism.Paren:
		n += printedSize(x.X, memo)
	case *prism.Temporal:
		n += printedSize(x.Left, memo) + printedSize(x.Right, memo)
	case *prism.Cond:
		n += printedSize(x.Cond, memo) + printedSize(x.Then, memo) + printedSize(x.Else, memo)
	}
	n = min(n, MaxPropertyNodes+1)
	memo[e] = n
	return n
}
