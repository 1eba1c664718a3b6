package naive

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// chain is a one-player csg 0 → 1 → 2 → 3 → 3 with one action; "a" holds
// in 0 and 1, "b" in 2.
func chain() *translate.Game {
	g := &translate.Game{
		Type: prism.TypeCSG, Players: []string{"p"}, Actions: []string{"", "go"},
		ActionOwner: []int32{-1, 0}, NumStates: 4, Initial: []int32{0},
	}
	for s := 0; s < 4; s++ {
		g.ChoiceStart = append(g.ChoiceStart, int32(s))
		g.TransStart = append(g.TransStart, int32(s))
		g.Joint = append(g.Joint, 1)
		g.Target = append(g.Target, int32(min(s+1, 3)))
		g.Prob = append(g.Prob, 1)
	}
	g.ChoiceStart = append(g.ChoiceStart, 4)
	g.TransStart = append(g.TransStart, 4)
	a, b := translate.NewBitset(4), translate.NewBitset(4)
	a.Set(0)
	a.Set(1)
	b.Set(2)
	g.Labels = []translate.Label{{Name: "a", States: a}, {Name: "b", States: b}}
	return g
}

func testModel(g *translate.Game) *Model {
	return &Model{
		Game: g,
		Atom: func(e prism.Expr) (translate.Bitset, error) {
			if l, ok := e.(*prism.LabelRef); ok && g.Label(l.Name) != nil {
				return g.Label(l.Name), nil
			}
			return nil, fmt.Errorf("bad atom %T", e)
		},
		Const: func(e prism.Expr) (translate.Value, error) {
			if x, ok := e.(*prism.IntLit); ok {
				return translate.Value{Type: prism.TInt, I: x.Value, Rat: big.NewRat(x.Value, 1)}, nil
			}
			return translate.Value{}, fmt.Errorf("bad constant %T", e)
		},
	}
}

var (
	la   = &prism.LabelRef{Name: "a"}
	lb   = &prism.LabelRef{Name: "b"}
	ff   = &prism.BoolLit{Value: false}
	none = prism.TimeBound{}
)

func le(k int) prism.TimeBound {
	return prism.TimeBound{Kind: prism.BoundLe, Lo: &prism.IntLit{Value: int64(k)}}
}
func lt(k int) prism.TimeBound {
	return prism.TimeBound{Kind: prism.BoundLt, Lo: &prism.IntLit{Value: int64(k)}}
}
func un(op prism.TempOp, b prism.TimeBound, x prism.Expr) prism.Expr {
	return &prism.Temporal{Op: op, Bound: b, Right: x}
}
func bin(x prism.Expr, op prism.TempOp, b prism.TimeBound, y prism.Expr) prism.Expr {
	return &prism.Temporal{Op: op, Bound: b, Left: x, Right: y}
}
func not(x prism.Expr) prism.Expr    { return &prism.Unary{Op: prism.OpNot, X: x} }
func and(x, y prism.Expr) prism.Expr { return &prism.Binary{X: x, Op: prism.OpAnd, Y: y} }
func nxt(x prism.Expr) prism.Expr    { return un(prism.TempX, none, x) }

// TestHolds checks the finite-history semantics on the single history
// 0 1 2 3 (a a b -) of length 3.
func TestHolds(t *testing.T) {
	e, err := New(testModel(chain()), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Hist) != 1 {
		t.Fatalf("%d histories, want 1", len(e.Hist))
	}
	tests := []struct {
		name string
		psi  prism.Expr
		from int
		want bool
	}{
		{"a U b", bin(la, prism.TempU, none, lb), 0, true},
		{"a U<=1 b", bin(la, prism.TempU, le(1), lb), 0, false},
		{"a U<=2 b", bin(la, prism.TempU, le(2), lb), 0, true},
		{"a U<3 b", bin(la, prism.TempU, lt(3), lb), 0, true},
		{"a U<2 b", bin(la, prism.TempU, lt(2), lb), 0, false},
		{"F<=1 b", un(prism.TempF, le(1), lb), 0, false},
		{"F b", un(prism.TempF, none, lb), 0, true},
		{"G a", un(prism.TempG, none, la), 0, false},
		{"G<=1 a", un(prism.TempG, le(1), la), 0, true},
		{"G<2 a", un(prism.TempG, lt(2), la), 0, true},
		{"G<3 a", un(prism.TempG, lt(3), la), 0, false},
		{"X X b", nxt(nxt(lb)), 0, true},
		{"X X X b", nxt(nxt(nxt(lb))), 0, false},
		{"X X X X !a (past T)", nxt(nxt(nxt(nxt(not(la))))), 0, false},
		{"a W<=1 false", bin(la, prism.TempW, le(1), ff), 0, true},
		{"a W<=2 false", bin(la, prism.TempW, le(2), ff), 0, false},
		{"a W b", bin(la, prism.TempW, none, lb), 0, true},
		{"a R !b", bin(la, prism.TempR, none, not(lb)), 0, true},
		{"b R a", bin(lb, prism.TempR, none, la), 0, false},
		{"b R<=1 a", bin(lb, prism.TempR, le(1), la), 0, true},
		{"G F<=1 b (nested, unbounded)", un(prism.TempG, none, un(prism.TempF, le(1), lb)), 0, false},
		{"F G<=1 !a", un(prism.TempF, none, un(prism.TempG, le(1), not(la))), 0, true},
		// --outcome-from 1: top-level operators start at position 1.
		{"from1 F<=1 a", un(prism.TempF, le(1), la), 1, true},
		{"from1 F<=0 a", un(prism.TempF, le(0), la), 1, false},
		{"from1 G<=2 a", un(prism.TempG, le(2), la), 1, false},
		{"from1 G<=1 a", un(prism.TempG, le(1), la), 1, true},
		{"from1 G<=1 !b", un(prism.TempG, le(1), not(lb)), 1, true},
		{"from1 !F<=1 b", not(un(prism.TempF, le(1), lb)), 1, true},
		{"from1 b U a", bin(lb, prism.TempU, none, la), 1, true},
		{"from1 a U<=1 b", bin(la, prism.TempU, le(1), lb), 1, false},
		{"from1 X b (X unchanged)", nxt(lb), 1, false},
		{"from1 F<=1 F<=0 a (nested standard)", un(prism.TempF, le(1), un(prism.TempF, le(0), la)), 1, true},
		{"from1 F<=2 G<=0 !a & F<=1 a", and(un(prism.TempF, le(2), un(prism.TempG, le(0), not(la))), un(prism.TempF, le(1), la)), 1, true},
	}
	for _, tc := range tests {
		got, err := e.Holds(tc.psi, &e.Hist[0], tc.from)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got != tc.want {
			t.Errorf("%s (from %d): got %v, want %v", tc.name, tc.from, got, tc.want)
		}
	}
}
