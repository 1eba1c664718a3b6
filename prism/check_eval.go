package prism

import "math"

// This file evaluates constant expressions for the few checks that depend on
// constant values (variable ranges, plan repetition counts, reward-structure
// indices). Anything it cannot evaluate (undefined constants, variables,
// overflow, division by zero, errors reported elsewhere) gives ok == false
// and the check is left to the translator.

// cval is a constant value.
type cval struct {
	t valType
	i int64
	f float64
	b bool
}

func (v cval) num() float64 {
	if v.t == tyInt {
		return float64(v.i)
	}
	return v.f
}

func intVal(i int64) (cval, bool) {
	if i < math.MinInt32 || i > math.MaxInt32 {
		return cval{}, false
	}
	return cval{t: tyInt, i: i}, true
}

// eval evaluates e using the defined constants.
func (c *checker) eval(e Expr) (cval, bool) {
	switch e := e.(type) {
	case *IntLit:
		return intVal(e.Value)
	case *DoubleLit:
		return cval{t: tyDouble, f: e.Value}, true
	case *BoolLit:
		return cval{t: tyBool, b: e.Value}, true
	case *Paren:
		return c.eval(e.X)
	case *Name:
		if e.Primed {
			return cval{}, false
		}
		id := c.idents[e.Name]
		if id == nil {
			return cval{}, false
		}
		switch id.kind {
		case idConst:
			return c.constValue(id)
		case idFormula:
			switch id.evalState {
			case 1:
				return cval{}, false
			case 2:
				return id.val, id.valOK
			}
			id.evalState = 1
			v, ok := c.eval(id.fdecl.Expr)
			id.val, id.valOK, id.evalState = v, ok, 2
			return v, ok
		}
		return cval{}, false
	case *Unary:
		x, ok := c.eval(e.X)
		if !ok {
			return x, false
		}
		switch {
		case e.Op == OpNot && x.t == tyBool:
			return cval{t: tyBool, b: !x.b}, true
		case e.Op == OpNeg && x.t == tyInt:
			return intVal(-x.i)
		case e.Op == OpNeg && x.t == tyDouble:
			return cval{t: tyDouble, f: -x.f}, true
		}
		return cval{}, false
	case *Binary:
		return c.evalBinary(e)
	case *Cond:
		k, ok := c.eval(e.Cond)
		if !ok || k.t != tyBool {
			return cval{}, false
		}
		a, ok := c.eval(e.Then)
		if !ok {
			return a, false
		}
		b, ok := c.eval(e.Else)
		if !ok {
			return b, false
		}
		t, ok := join(a.t, b.t)
		if !ok {
			return cval{}, false
		}
		r := b
		if k.b {
			r = a
		}
		if t == tyDouble && r.t == tyInt {
			r = cval{t: tyDouble, f: float64(r.i)}
		}
		return r, true
	case *Call:
		return c.evalCall(e)
	}
	return cval{}, false
}

// constValue evaluates a constant once, remembering the result.
func (c *checker) constValue(id *ident) (cval, bool) {
	switch id.evalState {
	case 1: // cycle
		return cval{}, false
	case 2:
		return id.val, id.valOK
	}
	if id.cdecl.Value == nil {
		id.evalState = 2
		return cval{}, false
	}
	id.evalState = 1
	v, ok := c.eval(id.cdecl.Value)
	want := constValType(id.cdecl.Type)
	switch {
	case !ok:
	case want == tyDouble && v.t == tyInt:
		v = cval{t: tyDouble, f: float64(v.i)}
	case want != v.t:
		ok = false
	}
	id.val, id.valOK, id.evalState = v, ok, 2
	return v, ok
}

// evalBinary evaluates a chain of binary operators (see LeftChain) with a
// loop.
func (c *checker) evalBinary(e *Binary) (cval, bool) {
	first, ops := LeftChain(e)
	x, ok := c.eval(first)
	for _, o := range ops {
		if !ok {
			return x, false
		}
		x, ok = c.evalBinaryOp(o, x)
	}
	return x, ok
}

// evalBinaryOp evaluates one binary operator whose left operand has value x.
func (c *checker) evalBinaryOp(e *Binary, x cval) (cval, bool) {
	// Short-circuit as PRISM does.
	if x.t == tyBool {
		switch {
		case e.Op == OpAnd && !x.b:
			return x, true
		case e.Op == OpOr && x.b:
			return x, true
		case e.Op == OpImplies && !x.b:
			return cval{t: tyBool, b: true}, true
		}
	}
	y, ok := c.eval(e.Y)
	if !ok {
		return y, false
	}
	bothBool := x.t == tyBool && y.t == tyBool
	bothNum := x.t != tyBool && y.t != tyBool
	bothInt := x.t == tyInt && y.t == tyInt
	b := func(v bool) (cval, bool) { return cval{t: tyBool, b: v}, true }
	switch e.Op {
	case OpAnd, OpOr, OpImplies, OpIff:
		if !bothBool {
			return cval{}, false
		}
		switch e.Op {
		case OpAnd:
			return b(x.b && y.b)
		case OpOr:
			return b(x.b || y.b)
		case OpImplies:
			return b(!x.b || y.b)
		}
		return b(x.b == y.b)
	case OpEq, OpNe:
		var eq bool
		switch {
		case bothBool:
			eq = x.b == y.b
		case bothNum && bothInt:
			eq = x.i == y.i
		case bothNum:
			eq = x.num() == y.num()
		default:
			return cval{}, false
		}
		return b(eq == (e.Op == OpEq))
	case OpLt, OpLe, OpGt, OpGe:
		if !bothNum {
			return cval{}, false
		}
		p, q := x.num(), y.num()
		if bothInt {
			p, q = float64(x.i), float64(y.i)
		}
		switch e.Op {
		case OpLt:
			return b(p < q)
		case OpLe:
			return b(p <= q)
		case OpGt:
			return b(p > q)
		}
		return b(p >= q)
	case OpAdd, OpSub, OpMul:
		if !bothNum {
			return cval{}, false
		}
		if bothInt {
			switch e.Op {
			case OpAdd:
				return intVal(x.i + y.i)
			case OpSub:
				return intVal(x.i - y.i)
			}
			return intVal(x.i * y.i)
		}
		switch e.Op {
		case OpAdd:
			return cval{t: tyDouble, f: x.num() + y.num()}, true
		case OpSub:
			return cval{t: tyDouble, f: x.num() - y.num()}, true
		}
		return cval{t: tyDouble, f: x.num() * y.num()}, true
	case OpDiv:
		if !bothNum {
			return cval{}, false
		}
		return cval{t: tyDouble, f: x.num() / y.num()}, true
	case OpPow:
		if !bothNum {
			return cval{}, false
		}
		return powVal(x, y)
	}
	return cval{}, false
}

func powVal(x, y cval) (cval, bool) {
	if x.t == tyInt && y.t == tyInt {
		switch {
		case y.i < 0:
			return cval{}, false
		case y.i == 0:
			return intVal(1)
		case x.i == 0 || x.i == 1:
			return intVal(x.i)
		case x.i == -1:
			return intVal(1 - 2*(y.i%2))
		}
		r := int64(1)
		for k := int64(0); k < y.i; k++ {
			r *= x.i
			if r < math.MinInt32 || r > math.MaxInt32 {
				return cval{}, false
			}
		}
		return intVal(r)
	}
	return cval{t: tyDouble, f: math.Pow(x.num(), y.num())}, true
}

func (c *checker) evalCall(e *Call) (cval, bool) {
	args := make([]cval, len(e.Args))
	for i, a := range e.Args {
		v, ok := c.eval(a)
		if !ok || v.t == tyBool {
			return cval{}, false
		}
		args[i] = v
	}
	allInt := true
	for _, a := range args {
		allInt = allInt && a.t == tyInt
	}
	fn, ok := LookupBuiltin(e.Func)
	if !ok || !fn.ArityOK(len(args)) || fn.IntArgs && !allInt {
		return cval{}, false
	}
	switch e.Func {
	case "min", "max":
		r := args[0]
		for _, a := range args[1:] {
			less := a.num() < r.num()
			if allInt {
				less = a.i < r.i
			}
			if less == (e.Func == "min") && a.num() != r.num() {
				r = a
			}
		}
		if !allInt {
			return cval{t: tyDouble, f: r.num()}, true
		}
		return r, true
	case "floor", "ceil", "round":
		f := args[0].num()
		switch e.Func {
		case "floor":
			f = math.Floor(f)
		case "ceil":
			f = math.Ceil(f)
		default:
			f = math.Floor(f + 0.5)
		}
		if math.IsNaN(f) || f < math.MinInt32 || f > math.MaxInt32 {
			return cval{}, false
		}
		return intVal(int64(f))
	case "pow":
		return powVal(args[0], args[1])
	case "mod":
		if args[1].i <= 0 {
			return cval{}, false
		}
		r := args[0].i % args[1].i
		if r < 0 {
			r += args[1].i
		}
		return intVal(r)
	case "log":
		return cval{t: tyDouble, f: math.Log(args[0].num()) / math.Log(args[1].num())}, true
	}
	return cval{}, false
}
