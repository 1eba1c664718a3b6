package chaincheck

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/onus-mc/onus/prism"
)

// ReadProps reads DIR/NAME.props and parses its single property with
// prism.ParseExpr.
func ReadProps(dir, name string) (prism.Expr, string, error) {
	path := filepath.Join(dir, name+".props")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	e, err := prism.ParseExpr(prism.NewFileSet(), path, string(b))
	if err != nil {
		return nil, string(b), err
	}
	return e, string(b), nil
}

// MaxPaths bounds the enumeration.
const MaxPaths = 5_000_000

// Prob computes P=? [ path ] on the chain from its initial state by
// enumerating the lassos.
func (ch *Chain) Prob(prop prism.Expr) (float64, int, error) {
	p, ok := unparen(prop).(*prism.ProbOp)
	if !ok || p.Kind != 'P' || p.Rel != prism.RelQuery || p.Filter != nil {
		return 0, 0, fmt.Errorf("want one P=? [ path ], got %T", prop)
	}
	var total float64
	paths := 0
	var path []int
	onPath := make([]bool, ch.N)
	var walkErr error
	var dfs func(s int, pr float64)
	dfs = func(s int, pr float64) {
		if walkErr != nil {
			return
		}
		path = append(path, s)
		defer func() { path = path[:len(path)-1] }()
		if ch.absorbing(s) {
			paths++
			if paths > MaxPaths {
				walkErr = fmt.Errorf("more than %d paths", MaxPaths)
				return
			}
			sat, err := ch.sat(p.Path, path)
			if err != nil {
				walkErr = err
				return
			}
			if sat[0] {
				total += pr
			}
			return
		}
		if onPath[s] {
			walkErr = fmt.Errorf("state %d lies on a cycle that is not an absorbing self-loop", s)
			return
		}
		if len(ch.Out[s]) == 0 {
			walkErr = fmt.Errorf("state %d has no successor", s)
			return
		}
		onPath[s] = true
		for _, e := range ch.Out[s] {
			dfs(e.To, pr*e.Prob)
		}
		onPath[s] = false
	}
	dfs(ch.Init, 1)
	return total, paths, walkErr
}

func (ch *Chain) absorbing(s int) bool {
	o := ch.Out[s]
	return len(o) == 1 && o[0].To == s && o[0].Prob == 1
}

func unparen(e prism.Expr) prism.Expr {
	for {
		p, ok := e.(*prism.Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

// sat evaluates a path formula at every position of the lasso path[0] …
// path[n] path[n] …; index n stands for every position from n on (the
// suffixes there are all the same).
func (ch *Chain) sat(e prism.Expr, path []int) ([]bool, error) {
	n := len(path) - 1
	out := make([]bool, n+1)
	e = unparen(e)
	switch x := e.(type) {
	case *prism.Temporal:
		if x.Bound.Kind != prism.BoundNone {
			return nil, fmt.Errorf("a bounded %v: PRISM has no bounded operators inside LTL", x.Op)
		}
		r, err := ch.sat(x.Right, path)
		if err != nil {
			return nil, err
		}
		var l []bool
		if x.Left != nil {
			if l, err = ch.sat(x.Left, path); err != nil {
				return nil, err
			}
		} else if x.Op == prism.TempU || x.Op == prism.TempW || x.Op == prism.TempR {
			return nil, fmt.Errorf("%v without a left operand", x.Op)
		}
		switch x.Op {
		case prism.TempX:
			for i := range out {
				out[i] = r[min(i+1, n)]
			}
		case prism.TempF:
			out[n] = r[n]
			for i := n - 1; i >= 0; i-- {
				out[i] = r[i] || out[i+1]
			}
		case prism.TempG:
			out[n] = r[n]
			for i := n - 1; i >= 0; i-- {
				out[i] = r[i] && out[i+1]
			}
		case prism.TempU:
			out[n] = r[n]
			for i := n - 1; i >= 0; i-- {
				out[i] = r[i] || l[i] && out[i+1]
			}
		case prism.TempW:
			out[n] = r[n] || l[n]
			for i := n - 1; i >= 0; i-- {
				out[i] = r[i] || l[i] && out[i+1]
			}
		case prism.TempR:
			out[n] = r[n]
			for i := n - 1; i >= 0; i-- {
				out[i] = r[i] && (l[i] || out[i+1])
			}
		}
		return out, nil
	case *prism.Unary:
		if x.Op == prism.OpNot && !ch.isState(x.X) {
			a, err := ch.sat(x.X, path)
			if err != nil {
				return nil, err
			}
			for i := range out {
				out[i] = !a[i]
			}
			return out, nil
		}
	case *prism.Binary:
		switch x.Op {
		case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
			if ch.isState(x) {
				break
			}
			a, err := ch.sat(x.X, path)
			if err != nil {
				return nil, err
			}
			b, err := ch.sat(x.Y, path)
			if err != nil {
				return nil, err
			}
			for i := range out {
				switch x.Op {
				case prism.OpAnd:
					out[i] = a[i] && b[i]
				case prism.OpOr:
					out[i] = a[i] || b[i]
				case prism.OpImplies:
					out[i] = !a[i] || b[i]
				default:
					out[i] = a[i] == b[i]
				}
			}
			return out, nil
		}
	}
	for i, s := range path {
		v, err := ch.eval(e, s)
		if err != nil {
			return nil, err
		}
		if !v.isBool {
			return nil, fmt.Errorf("%s is not boolean", prism.ExprString(e))
		}
		out[i] = v.b
	}
	return out, nil
}

// isState reports whether e has no temporal operator.
func (ch *Chain) isState(e prism.Expr) bool {
	switch x := unparen(e).(type) {
	case *prism.Temporal, *prism.ProbOp:
		return false
	case *prism.Unary:
		return ch.isState(x.X)
	case *prism.Binary:
		return ch.isState(x.X) && ch.isState(x.Y)
	case *prism.Cond:
		return ch.isState(x.Cond) && ch.isState(x.Then) && ch.isState(x.Else)
	}
	return true
}

type val struct {
	isBool bool
	b      bool
	f      float64
	isInt  bool
}

// eval evaluates a state expression in state s: literals, variables,
// labels and the usual operators.
func (ch *Chain) eval(e prism.Expr, s int) (val, error) {
	switch x := unparen(e).(type) {
	case *prism.BoolLit:
		return val{isBool: true, b: x.Value}, nil
	case *prism.IntLit:
		return val{f: float64(x.Value), isInt: true}, nil
	case *prism.DoubleLit:
		return val{f: x.Value}, nil
	case *prism.LabelRef:
		l, ok := ch.Labels[x.Name]
		if !ok {
			return val{}, fmt.Errorf("unknown label %q", x.Name)
		}
		return val{isBool: true, b: l[s]}, nil
	case *prism.Name:
		for i, v := range ch.Vars {
			if v == x.Name {
				if ch.Bools[i] {
					return val{isBool: true, b: ch.Values[s][i] != 0}, nil
				}
				return val{f: float64(ch.Values[s][i]), isInt: true}, nil
			}
		}
		return val{}, fmt.Errorf("unknown variable %q", x.Name)
	case *prism.Cond:
		c, err := ch.eval(x.Cond, s)
		if err != nil {
			return c, err
		}
		if c.b {
			return ch.eval(x.Then, s)
		}
		return ch.eval(x.Else, s)
	case *prism.Unary:
		a, err := ch.eval(x.X, s)
		if err != nil {
			return a, err
		}
		if x.Op == prism.OpNot {
			return val{isBool: true, b: !a.b}, nil
		}
		a.f = -a.f
		return a, nil
	case *prism.Binary:
		a, err := ch.eval(x.X, s)
		if err != nil {
			return a, err
		}
		b, err := ch.eval(x.Y, s)
		if err != nil {
			return b, err
		}
		switch x.Op {
		case prism.OpAnd:
			return val{isBool: true, b: a.b && b.b}, nil
		case prism.OpOr:
			return val{isBool: true, b: a.b || b.b}, nil
		case prism.OpImplies:
			return val{isBool: true, b: !a.b || b.b}, nil
		case prism.OpIff:
			return val{isBool: true, b: a.b == b.b}, nil
		case prism.OpEq:
			if a.isBool {
				return val{isBool: true, b: a.b == b.b}, nil
			}
			return val{isBool: true, b: a.f == b.f}, nil
		case prism.OpNe:
			if a.isBool {
				return val{isBool: true, b: a.b != b.b}, nil
			}
			return val{isBool: true, b: a.f != b.f}, nil
		case prism.OpLt:
			return val{isBool: true, b: a.f < b.f}, nil
		case prism.OpLe:
			return val{isBool: true, b: a.f <= b.f}, nil
		case prism.OpGt:
			return val{isBool: true, b: a.f > b.f}, nil
		case prism.OpGe:
			return val{isBool: true, b: a.f >= b.f}, nil
		case prism.OpAdd:
			return val{f: a.f + b.f, isInt: a.isInt && b.isInt}, nil
		case prism.OpSub:
			return val{f: a.f - b.f, isInt: a.isInt && b.isInt}, nil
		case prism.OpMul:
			return val{f: a.f * b.f, isInt: a.isInt && b.isInt}, nil
		case prism.OpDiv:
			return val{f: a.f / b.f}, nil
		case prism.OpPow:
			return val{f: math.Pow(a.f, b.f), isInt: a.isInt && b.isInt}, nil
		}
	}
	return val{}, fmt.Errorf("cannot evaluate %s in a state", prism.ExprString(e))
}
