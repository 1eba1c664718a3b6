package checker

import (
	"fmt"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This test checks the outcome automata against a direct reading of the
// finite-history semantics of SPEC §3, on every history of the CPD up to
// length 4 (the CPD is deterministic, so a history is its state sequence).

type directSem struct {
	g     *translate.Game
	T     int
	from1 bool
}

func (d *directSem) bound(t *prism.Temporal) int {
	switch t.Bound.Kind {
	case prism.BoundLe:
		return int(t.Bound.Lo.(*prism.IntLit).Value)
	case prism.BoundLt:
		return int(t.Bound.Lo.(*prism.IntLit).Value) - 1
	}
	return d.T
}

func (d *directSem) holds(e prism.Expr, h []int, i int, top bool) bool {
	switch x := e.(type) {
	case *prism.Paren:
		return d.holds(x.X, h, i, top)
	case *prism.BoolLit:
		return x.Value
	case *prism.LabelRef:
		return d.g.Label(x.Name).Has(h[i])
	case *prism.Unary:
		return !d.holds(x.X, h, i, top)
	case *prism.Binary:
		l, r := d.holds(x.X, h, i, top), d.holds(x.Y, h, i, top)
		switch x.Op {
		case prism.OpAnd:
			return l && r
		case prism.OpOr:
			return l || r
		case prism.OpImplies:
			return !l || r
		}
		return l == r
	case *prism.Temporal:
		if x.Op == prism.TempX {
			return i+1 <= d.T && d.holds(x.Right, h, i+1, false)
		}
		lo, hi := i, min(i+d.bound(x), d.T)
		if top && d.from1 {
			lo = i + 1
		}
		// until(a, b): some j in [lo, hi] has b, a on [lo, j).
		until := func(a, b func(int) bool) bool {
			for j := lo; j <= hi; j++ {
				if b(j) {
					return true
				}
				if !a(j) {
					return false
				}
			}
			return false
		}
		always := func(a func(int) bool) bool {
			for j := lo; j <= hi; j++ {
				if !a(j) {
					return false
				}
			}
			return true
		}
		at := func(e prism.Expr) func(int) bool { return func(j int) bool { return d.holds(e, h, j, false) } }
		tt := func(int) bool { return true }
		switch x.Op {
		case prism.TempF:
			return until(tt, at(x.Right))
		case prism.TempG:
			return always(at(x.Right))
		case prism.TempU:
			return until(at(x.Left), at(x.Right))
		case prism.TempW:
			return until(at(x.Left), at(x.Right)) || always(at(x.Left))
		case prism.TempR:
			na := func(j int) bool { return !d.holds(x.Left, h, j, false) }
			nb := func(j int) bool { return !d.holds(x.Right, h, j, false) }
			return !until(na, nb)
		}
	}
	panic(fmt.Sprintf("directSem: %T", e))
}

func TestOutcomeSemantics(t *testing.T) {
	a, b, c := xLab("fine"), xLab("reward"), xOr(xLab("payoff1"), xLab("reward"))
	U := func(k int64, l, r prism.Expr) prism.Expr {
		if k < 0 {
			return xTmp(prism.TempU, prism.BoundNone, nil, l, r)
		}
		return xTmp(prism.TempU, prism.BoundLe, xNum(k), l, r)
	}
	W := func(k int64, l, r prism.Expr) prism.Expr {
		if k < 0 {
			return xTmp(prism.TempW, prism.BoundNone, nil, l, r)
		}
		return xTmp(prism.TempW, prism.BoundLe, xNum(k), l, r)
	}
	R := func(k int64, l, r prism.Expr) prism.Expr {
		if k < 0 {
			return xTmp(prism.TempR, prism.BoundNone, nil, l, r)
		}
		return xTmp(prism.TempR, prism.BoundLt, xNum(k), l, r)
	}
	formulas := []prism.Expr{
		a, xNot(a), xX(b), xNot(xX(b)), xX(xX(c)), xNot(xX(xNot(c))),
		xF(b), xG(c), xNot(xF(b)), xFle(xNum(2), b), xFlt(xNum(2), b), xFlt(xNum(0), b),
		xGle(xNum(1), xOr(a, b)), xGle(xNum(0), a), xG(xF(b)), xF(xG(c)), xG(xFle(xNum(1), c)),
		U(-1, xNot(b), c), U(2, a, b), U(0, a, b), W(-1, a, b), W(1, c, b), xNot(W(2, a, b)),
		R(-1, a, b), R(2, c, a), xNot(R(3, b, c)),
		xAnd(xF(b), xG(xNot(a))), xOr(xX(a), xGle(xNum(2), c)), &prism.Binary{X: xF(a), Op: prism.OpIff, Y: xX(c)},
		&prism.Binary{X: xG(c), Op: prism.OpImplies, Y: xF(b)}, U(-1, xNot(xF(b)), xG(xNot(b))),
		xX(xF(xAnd(a, xX(b)))), xG(xOr(xNot(a), xX(b))),
	}
	g := npdGame(2)
	for T := 1; T <= 4; T++ {
		// All histories: sequences of T joint actions; the state is the action.
		var hists [][]int
		var gen func(h []int)
		gen = func(h []int) {
			if len(h) == T+1 {
				hists = append(hists, append([]int(nil), h...))
				return
			}
			for s := 0; s < 4; s++ {
				gen(append(h, s))
			}
		}
		gen([]int{0})
		for _, from := range []int{0, 1} {
			c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{Horizon: T, OutcomeFrom: from})
			if err != nil {
				t.Fatal(err)
			}
			d := &directSem{g: g, T: T, from1: from == 1}
			for i, f := range formulas {
				want := 0
				for _, h := range hists {
					if d.holds(f, h, 0, true) {
						want++
					}
				}
				r, err := c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: f})
				if err != nil {
					t.Fatalf("formula %d: %v", i, err)
				}
				if r.Count.Int64() != int64(want) {
					t.Errorf("T=%d from=%d formula %d: count %v, want %d", T, from, i, r.Count, want)
				}
			}
		}
	}
}

// TestBoundConventions checks that boundOf's bounds mean the same to the
// automata (ltlf) and to the solvers (solve): one value for "unbounded".
func TestBoundConventions(t *testing.T) {
	if int64(ltlf.Unbounded) != solve.Unbounded {
		t.Fatalf("ltlf.Unbounded = %d, solve.Unbounded = %d", ltlf.Unbounded, solve.Unbounded)
	}
	if solve.EmptyRange >= 0 || solve.EmptyRange == solve.Unbounded {
		t.Fatalf("solve.EmptyRange = %d must be negative and differ from Unbounded", solve.EmptyRange)
	}
}
