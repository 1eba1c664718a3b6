package prism

import (
	"testing"
)

// stripParens removes the Paren nodes of the operator tree, so that a
// re-parsed tree can be compared with one built by hand.
func stripParens(e Expr) Expr {
	switch x := e.(type) {
	case *Paren:
		return stripParens(x.X)
	case *Binary:
		return &Binary{X: stripParens(x.X), Op: x.Op, Y: stripParens(x.Y)}
	case *Unary:
		return &Unary{Op: x.Op, X: stripParens(x.X)}
	case *Cond:
		return &Cond{Cond: stripParens(x.Cond), Then: stripParens(x.Then), Else: stripParens(x.Else)}
	case *Temporal:
		t := *x
		if t.Left != nil {
			t.Left = stripParens(t.Left)
		}
		t.Right = stripParens(t.Right)
		return &t
	case *ProbOp:
		p := *x
		p.Path = stripParens(p.Path)
		return &p
	}
	return e
}

// TestPrintRandomTrees builds random operator trees without parentheses,
// prints them and checks that the parser reads back the same tree: the
// printer must add exactly the parentheses PRISM's grammar needs.
func TestPrintRandomTrees(t *testing.T) {
	seed := uint64(987654321)
	next := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	binOps := []Op{OpAnd, OpOr, OpImplies, OpIff, OpEq, OpNe, OpLt, OpLe, OpGt, OpGe, OpAdd, OpSub, OpMul, OpDiv, OpPow}
	var gen func(depth int, path bool) Expr
	gen = func(depth int, path bool) Expr {
		if depth == 0 {
			switch next(4) {
			case 0:
				return &IntLit{Value: int64(next(10))}
			case 1:
				return &DoubleLit{Value: 0.5, Text: "0.5"}
			case 2:
				return &LabelRef{Name: "l"}
			}
			return &Name{Name: []string{"a", "b", "c"}[next(3)]}
		}
		k := next(10)
		if !path && k >= 8 {
			k = next(8)
		}
		switch k {
		case 0, 1, 2, 3:
			return &Binary{X: gen(depth-1, path), Op: binOps[next(len(binOps))], Y: gen(depth-1, path)}
		case 4:
			return &Unary{Op: OpNot, X: gen(depth-1, path)}
		case 5:
			return &Unary{Op: OpNeg, X: gen(depth-1, path)}
		case 6:
			return &Cond{Cond: gen(depth-1, path), Then: gen(depth-1, path), Else: gen(depth-1, path)}
		case 7:
			if path {
				return gen(depth-1, path)
			}
			return &ProbOp{Kind: 'P', Rel: RelQuery, Path: gen(depth-1, true)}
		case 8:
			tm := &Temporal{Op: []TempOp{TempX, TempF, TempG}[next(3)], Right: gen(depth-1, path)}
			if next(2) == 0 {
				tm.Bound = TimeBound{Kind: BoundLe, Lo: &Name{Name: "k"}}
			}
			return tm
		}
		return &Temporal{Op: []TempOp{TempU, TempW, TempR}[next(3)], Left: gen(depth-1, path), Right: gen(depth-1, path)}
	}
	for i := 0; i < 3000; i++ {
		e := gen(1+next(5), false)
		s := ExprString(e)
		back, err := ParseExpr(NewFileSet(), "gen", s)
		if err != nil {
			t.Fatalf("printed %q (tree %s) does not parse: %v", s, tree(e), err)
		}
		if got, want := treeDeep(stripParens(back)), treeDeep(e); got != want {
			t.Fatalf("printed %q re-parses as %s, want %s", s, got, want)
		}
	}
}

// treeDeep is tree, also looking inside P operators.
func treeDeep(e Expr) string {
	switch e := e.(type) {
	case *ProbOp:
		return "P[" + treeDeep(e.Path) + "]"
	case *Binary:
		return "(" + treeDeep(e.X) + " " + e.Op.String() + " " + treeDeep(e.Y) + ")"
	case *Unary:
		return "(" + e.Op.String() + treeDeep(e.X) + ")"
	case *Cond:
		return "(" + treeDeep(e.Cond) + " ? " + treeDeep(e.Then) + " : " + treeDeep(e.Else) + ")"
	case *Temporal:
		s := e.Op.String()
		if e.Bound.Kind != BoundNone {
			s += "<=" + ExprString(e.Bound.Lo)
		}
		if e.Left != nil {
			return "(" + treeDeep(e.Left) + " " + s + " " + treeDeep(e.Right) + ")"
		}
		return "(" + s + " " + treeDeep(e.Right) + ")"
	}
	return tree(e)
}
