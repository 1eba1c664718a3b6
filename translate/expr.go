package translate

import (
	"math"

	"github.com/onus-mc/onus/prism"
)

// A compiled expression: a closure over the state buffer. The buffer holds
// the current state in s[0:n] and, while an update is computed, the new
// state in s[n:2n] (read by primed variables). Exactly one of i, f, b is
// set, by type. Evaluation errors are raised with fail.
type cexpr struct {
	t  prism.ConstType
	i  func(s []int32) int64
	f  func(s []int32) float64
	b  func(s []int32) bool
	k  bool  // constant
	kv Value // its value when k
	// slot+1 when the expression reads one int variable, unprimed or
	// primed, and nothing else (s[slot]); 0 otherwise. Operators on a
	// variable and a constant use it to read the variable directly.
	slot int
	// primes lists the variables read primed (for update ordering).
	primes []int
}

type compiler struct {
	b      *builder
	ren    map[string]string
	primed bool // primed variables may be read
	noVars bool // only constants
	// label resolves a "label" reference (StateSet); nil: not allowed.
	label func(e *prism.LabelRef) cexpr
}

func konst(v Value) cexpr {
	c := cexpr{t: v.Type, k: true, kv: v}
	switch v.Type {
	case prism.TInt:
		x := v.I
		c.i = func([]int32) int64 { return x }
	case prism.TDouble:
		x := v.F
		c.f = func([]int32) float64 { return x }
	default:
		x := v.B
		c.b = func([]int32) bool { return x }
	}
	return c
}

// value evaluates a compiled expression to a Value.
func (c cexpr) value(s []int32) Value {
	switch c.t {
	case prism.TInt:
		return Value{Type: prism.TInt, I: c.i(s)}
	case prism.TDouble:
		return Value{Type: prism.TDouble, F: c.f(s)}
	}
	return Value{Type: prism.TBool, B: c.b(s)}
}

// fl returns the expression as a double-valued closure.
func (c cexpr) fl() func([]int32) float64 {
	if c.t == prism.TInt {
		i := c.i
		return func(s []int32) float64 { return float64(i(s)) }
	}
	return c.f
}

func mergePrimes(a, b []int) []int {
	if len(b) == 0 {
		return a
	}
	out := append([]int(nil), a...)
	for _, x := range b {
		dup := false
		for _, y := range out {
			dup = dup || x == y
		}
		if !dup {
			out = append(out, x)
		}
	}
	return out
}

// fold replaces an expression whose operands are all constant by its value,
// unless evaluating it fails (the error then stays for run time, where
// short-circuiting may avoid it).
func fold(c cexpr, parts ...cexpr) cexpr {
	for _, p := range parts {
		if !p.k {
			return c
		}
	}
	var v Value
	ok := func() (ok bool) {
		defer func() {
			if recover() != nil {
				ok = false
			}
		}()
		v = c.value(nil)
		return true
	}()
	if !ok {
		return c
	}
	return konst(v)
}

func (cp *compiler) bool(e prism.Expr) cexpr {
	c := cp.compile(e)
	if c.t != prism.TBool {
		fail(e.Position(), "expected a boolean expression, found %s", c.t)
	}
	return c
}

func (cp *compiler) num(e prism.Expr) cexpr {
	c := cp.compile(e)
	if c.t == prism.TBool {
		fail(e.Position(), "expected a number, found a boolean")
	}
	return c
}

func (cp *compiler) compile(e prism.Expr) cexpr {
	switch e := e.(type) {
	case *prism.IntLit:
		return konst(Value{Type: prism.TInt, I: checkInt(e.ValuePos, e.Value)})
	case *prism.DoubleLit:
		return konst(Value{Type: prism.TDouble, F: e.Value})
	case *prism.BoolLit:
		return konst(Value{Type: prism.TBool, B: e.Value})
	case *prism.Paren:
		return cp.compile(e.X)
	case *prism.Name:
		return cp.name(e)
	case *prism.LabelRef:
		if cp.label == nil {
			fail(e.NamePos, "label \"%s\" cannot be used in a model expression", e.Name)
		}
		return cp.label(e)
	case *prism.Unary:
		return cp.unary(e)
	case *prism.Binary:
		return cp.binary(e)
	case *prism.Cond:
		return cp.cond(e)
	case *prism.Call:
		return cp.call(e)
	}
	fail(e.Position(), "this kind of expression cannot be evaluated in a state")
	return cexpr{}
}

func (cp *compiler) name(e *prism.Name) cexpr {
	b := cp.b
	if !e.Primed {
		if f := b.formulas[e.Name]; f != nil {
			b.enterFormula(e)
			defer b.leaveFormula(e.Name)
			return cp.compile(f.Expr)
		}
	}
	n := rename(cp.ren, e.Name)
	if vi, ok := b.varIndex[n]; ok {
		if cp.noVars {
			fail(e.NamePos, "variable %s cannot be used in a constant expression", n)
		}
		idx := vi
		var primes []int
		if e.Primed {
			if !cp.primed {
				fail(e.NamePos, "primed variable %s' can only be used on the right-hand side of an update", n)
			}
			idx = vi + len(b.vars)
			primes = []int{vi}
		}
		if b.vars[vi].Bool {
			return cexpr{t: prism.TBool, b: func(s []int32) bool { return s[idx] != 0 }, primes: primes}
		}
		return cexpr{t: prism.TInt, i: func(s []int32) int64 { return int64(s[idx]) }, primes: primes, slot: idx + 1}
	}
	if e.Primed {
		fail(e.NamePos, "unknown variable %s'", n)
	}
	if _, ok := b.constDecls[n]; ok {
		v := b.constValue(n, e.NamePos)
		v.Rat = nil
		return konst(v)
	}
	fail(e.NamePos, "unknown name %s", n)
	return cexpr{}
}

func (cp *compiler) unary(e *prism.Unary) cexpr {
	if e.Op == prism.OpNot {
		x := cp.bool(e.X)
		xb := x.b
		return fold(cexpr{t: prism.TBool, b: func(s []int32) bool { return !xb(s) }, primes: x.primes}, x)
	}
	x := cp.num(e.X)
	if x.t == prism.TInt {
		xi, pos := x.i, e.OpPos
		return fold(cexpr{t: prism.TInt, i: func(s []int32) int64 { return checkInt(pos, -xi(s)) }, primes: x.primes}, x)
	}
	xf := x.f
	return fold(cexpr{t: prism.TDouble, f: func(s []int32) float64 { return -xf(s) }, primes: x.primes}, x)
}

// binary compiles a chain of binary operators (see prism.LeftChain) with a
// loop: a sum of any length takes no stack to compile.
func (cp *compiler) binary(e *prism.Binary) cexpr {
	first, ops := prism.LeftChain(e)
	x := cp.compile(first)
	for _, o := range ops {
		x = cp.binaryOp(o, x, cp.compile(o.Y))
	}
	return x
}

// binaryOp compiles one binary operator from its compiled operands.
func (cp *compiler) binaryOp(e *prism.Binary, x, y cexpr) cexpr {
	switch e.Op {
	case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
		if x.t != prism.TBool {
			fail(e.X.Position(), "expected a boolean expression, found %s", x.t)
		}
		if y.t != prism.TBool {
			fail(e.Y.Position(), "expected a boolean expression, found %s", y.t)
		}
		xb, yb := x.b, y.b
		var f func([]int32) bool
		switch e.Op {
		case prism.OpAnd:
			f = func(s []int32) bool { return xb(s) && yb(s) }
		case prism.OpOr:
			f = func(s []int32) bool { return xb(s) || yb(s) }
		case prism.OpImplies:
			f = func(s []int32) bool { return !xb(s) || yb(s) }
		default:
			f = func(s []int32) bool { a := xb(s); return a == yb(s) }
		}
		return fold(cexpr{t: prism.TBool, b: f, primes: mergePrimes(x.primes, y.primes)}, x, y)
	}
	primes := mergePrimes(x.primes, y.primes)
	pos := e.OpPos
	switch e.Op {
	case prism.OpEq, prism.OpNe:
		ne := e.Op == prism.OpNe
		var f func([]int32) bool
		switch {
		case x.t == prism.TBool && y.t == prism.TBool:
			xb, yb := x.b, y.b
			f = func(s []int32) bool { return (xb(s) == yb(s)) != ne }
		case x.t == prism.TBool || y.t == prism.TBool:
			fail(pos, "cannot compare %s with %s", x.t, y.t)
		case x.t == prism.TInt && y.t == prism.TInt:
			if f = varConstCmp(e.Op, x, y); f != nil {
				break
			}
			xi, yi := x.i, y.i
			f = func(s []int32) bool { return (xi(s) == yi(s)) != ne }
		default:
			xf, yf := x.fl(), y.fl()
			f = func(s []int32) bool { return (xf(s) == yf(s)) != ne }
		}
		return fold(cexpr{t: prism.TBool, b: f, primes: primes}, x, y)
	case prism.OpLt, prism.OpLe, prism.OpGt, prism.OpGe:
		if x.t == prism.TBool || y.t == prism.TBool {
			fail(pos, "relation %s needs numbers", e.Op)
		}
		var f func([]int32) bool
		if f = varConstCmp(e.Op, x, y); f != nil {
			return fold(cexpr{t: prism.TBool, b: f, primes: primes}, x, y)
		}
		if x.t == prism.TInt && y.t == prism.TInt {
			xi, yi := x.i, y.i
			switch e.Op {
			case prism.OpLt:
				f = func(s []int32) bool { return xi(s) < yi(s) }
			case prism.OpLe:
				f = func(s []int32) bool { return xi(s) <= yi(s) }
			case prism.OpGt:
				f = func(s []int32) bool { return xi(s) > yi(s) }
			default:
				f = func(s []int32) bool { return xi(s) >= yi(s) }
			}
		} else {
			xf, yf := x.fl(), y.fl()
			switch e.Op {
			case prism.OpLt:
				f = func(s []int32) bool { return xf(s) < yf(s) }
			case prism.OpLe:
				f = func(s []int32) bool { return xf(s) <= yf(s) }
			case prism.OpGt:
				f = func(s []int32) bool { return xf(s) > yf(s) }
			default:
				f = func(s []int32) bool { return xf(s) >= yf(s) }
			}
		}
		return fold(cexpr{t: prism.TBool, b: f, primes: primes}, x, y)
	}
	if x.t == prism.TBool || y.t == prism.TBool {
		fail(pos, "operator %s needs numbers", e.Op)
	}
	if x.t == prism.TInt && y.t == prism.TInt && e.Op != prism.OpDiv {
		if f := varConstAdd(e.Op, pos, x, y); f != nil {
			return fold(cexpr{t: prism.TInt, i: f, primes: primes}, x, y)
		}
		xi, yi := x.i, y.i
		var f func([]int32) int64
		switch e.Op {
		case prism.OpAdd:
			f = func(s []int32) int64 { return checkInt(pos, xi(s)+yi(s)) }
		case prism.OpSub:
			f = func(s []int32) int64 { return checkInt(pos, xi(s)-yi(s)) }
		case prism.OpMul:
			f = func(s []int32) int64 { return checkInt(pos, xi(s)*yi(s)) }
		default:
			f = func(s []int32) int64 { a := xi(s); return powInt(pos, a, yi(s)) }
		}
		return fold(cexpr{t: prism.TInt, i: f, primes: primes}, x, y)
	}
	xf, yf := x.fl(), y.fl()
	var f func([]int32) float64
	switch e.Op {
	case prism.OpAdd:
		f = func(s []int32) float64 { return xf(s) + yf(s) }
	case prism.OpSub:
		f = func(s []int32) float64 { return xf(s) - yf(s) }
	case prism.OpMul:
		f = func(s []int32) float64 { return xf(s) * yf(s) }
	case prism.OpDiv:
		f = func(s []int32) float64 { return xf(s) / yf(s) }
	default:
		f = func(s []int32) float64 { a := xf(s); return math.Pow(a, yf(s)) }
	}
	return fold(cexpr{t: prism.TDouble, f: f, primes: primes}, x, y)
}

func (cp *compiler) cond(e *prism.Cond) cexpr {
	c := cp.bool(e.Cond)
	x, y := cp.compile(e.Then), cp.compile(e.Else)
	primes := mergePrimes(c.primes, mergePrimes(x.primes, y.primes))
	cb := c.b
	if c.k {
		if c.kv.B {
			return withPrimes(convertTo(x, y), primes)
		}
		return withPrimes(convertTo(y, x), primes)
	}
	switch {
	case x.t == prism.TBool && y.t == prism.TBool:
		xb, yb := x.b, y.b
		return cexpr{t: prism.TBool, b: func(s []int32) bool {
			if cb(s) {
				return xb(s)
			}
			return yb(s)
		}, primes: primes}
	case x.t == prism.TBool || y.t == prism.TBool:
		fail(e.Then.Position(), "the branches of ?: have incompatible types %s and %s", x.t, y.t)
	case x.t == prism.TInt && y.t == prism.TInt:
		xi, yi := x.i, y.i
		return cexpr{t: prism.TInt, i: func(s []int32) int64 {
			if cb(s) {
				return xi(s)
			}
			return yi(s)
		}, primes: primes}
	}
	xf, yf := x.fl(), y.fl()
	return cexpr{t: prism.TDouble, f: func(s []int32) float64 {
		if cb(s) {
			return xf(s)
		}
		return yf(s)
	}, primes: primes}
}

func withPrimes(c cexpr, p []int) cexpr {
	c.primes = p
	return c
}

// convertTo returns x converted to the common type of x and other.
func convertTo(x, other cexpr) cexpr {
	if x.t == prism.TInt && other.t == prism.TDouble {
		c := cexpr{t: prism.TDouble, f: x.fl(), primes: x.primes}
		if x.k {
			return konst(Value{Type: prism.TDouble, F: float64(x.kv.I)})
		}
		return c
	}
	return x
}

func (cp *compiler) call(e *prism.Call) cexpr {
	fn := rename(cp.ren, e.Func)
	args := make([]cexpr, len(e.Args))
	var primes []int
	allInt := true
	for i, a := range e.Args {
		args[i] = cp.num(a)
		primes = mergePrimes(primes, args[i].primes)
		allInt = allInt && args[i].t == prism.TInt
	}
	pos := e.FuncPos
	checkCall(pos, fn, len(args))
	var c cexpr
	switch fn {
	case "min", "max":
		isMin := fn == "min"
		if allInt {
			fs := make([]func([]int32) int64, len(args))
			for i, a := range args {
				fs[i] = a.i
			}
			c = cexpr{t: prism.TInt, i: func(s []int32) int64 {
				r := fs[0](s)
				for _, f := range fs[1:] {
					v := f(s)
					if (isMin && v < r) || (!isMin && v > r) {
						r = v
					}
				}
				return r
			}}
		} else {
			fs := make([]func([]int32) float64, len(args))
			for i, a := range args {
				fs[i] = a.fl()
			}
			c = cexpr{t: prism.TDouble, f: func(s []int32) float64 {
				r := fs[0](s)
				for _, f := range fs[1:] {
					if isMin {
						r = math.Min(r, f(s))
					} else {
						r = math.Max(r, f(s))
					}
				}
				return r
			}}
		}
	case "floor", "ceil", "round":
		if args[0].t == prism.TInt {
			return args[0]
		}
		af := args[0].f
		var op func(float64) float64
		switch fn {
		case "floor":
			op = math.Floor
		case "ceil":
			op = math.Ceil
		default:
			op = javaRound
		}
		c = cexpr{t: prism.TInt, i: func(s []int32) int64 { return toIntChecked(pos, fn, op(af(s))) }}
	case "pow":
		if allInt {
			xi, yi := args[0].i, args[1].i
			c = cexpr{t: prism.TInt, i: func(s []int32) int64 { a := xi(s); return powInt(pos, a, yi(s)) }}
		} else {
			xf, yf := args[0].fl(), args[1].fl()
			c = cexpr{t: prism.TDouble, f: func(s []int32) float64 { a := xf(s); return math.Pow(a, yf(s)) }}
		}
	case "mod":
		if !allInt {
			fail(pos, "mod needs integer arguments")
		}
		xi, yi := args[0].i, args[1].i
		c = cexpr{t: prism.TInt, i: func(s []int32) int64 { a := xi(s); return modInt(pos, a, yi(s)) }}
	case "log":
		xf, yf := args[0].fl(), args[1].fl()
		c = cexpr{t: prism.TDouble, f: func(s []int32) float64 { a := xf(s); return prismLog(a, yf(s)) }}
	default:
		fail(pos, "unknown function %s", fn)
	}
	c.primes = primes
	return fold(c, args...)
}
