package translate

import (
	"math"
	"math/big"

	"github.com/onus-mc/onus/prism"
)

// interp evaluates an expression to a Value by walking the tree. It is used
// for constants, variable bounds and initial values, and (in exact mode)
// for probabilities, where it tracks big.Rat values alongside floats.
// Errors are raised with fail (panic of *evalError).
type interp struct {
	b     *builder
	ren   map[string]string
	exact bool
	state []int32 // current state; nil when only constants may be used
}

func intVal(x int64, exact bool) Value {
	v := Value{Type: prism.TInt, I: x}
	if exact {
		v.Rat = new(big.Rat).SetInt64(x)
	}
	return v
}

func dblVal(x float64, r *big.Rat) Value { return Value{Type: prism.TDouble, F: x, Rat: r} }

func boolVal(b bool) Value { return Value{Type: prism.TBool, B: b} }

func (in *interp) num(e prism.Expr) Value {
	v := in.eval(e)
	if v.Type == prism.TBool {
		fail(e.Position(), "expected a number, found a boolean")
	}
	return v
}

func (in *interp) boolean(e prism.Expr) bool {
	v := in.eval(e)
	if v.Type != prism.TBool {
		fail(e.Position(), "expected a boolean, found %s", v.Type)
	}
	return v.B
}

func (in *interp) eval(e prism.Expr) Value {
	switch e := e.(type) {
	case *prism.IntLit:
		return intVal(checkInt(e.ValuePos, e.Value), in.exact)
	case *prism.DoubleLit:
		v := dblVal(e.Value, nil)
		if in.exact {
			v.Rat = ratFromDecimal(e.Text)
			if v.Rat == nil && !math.IsInf(e.Value, 0) && !math.IsNaN(e.Value) {
				v.Rat = new(big.Rat).SetFloat64(e.Value)
			}
		}
		return v
	case *prism.BoolLit:
		return boolVal(e.Value)
	case *prism.Paren:
		return in.eval(e.X)
	case *prism.Name:
		return in.name(e)
	case *prism.Unary:
		if e.Op == prism.OpNot {
			return boolVal(!in.boolean(e.X))
		}
		x := in.num(e.X)
		if x.Type == prism.TInt {
			return intVal(checkInt(e.OpPos, -x.I), in.exact)
		}
		v := dblVal(-x.F, nil)
		if x.Rat != nil {
			v.Rat = new(big.Rat).Neg(x.Rat)
		}
		return v
	case *prism.Binary:
		return in.binary(e)
	case *prism.Cond:
		if in.boolean(e.Cond) {
			return in.condBranch(e.Then, e.Else)
		}
		return in.condBranch(e.Else, e.Then)
	case *prism.Call:
		return in.call(e)
	}
	fail(e.Position(), "this expression cannot be used here")
	return Value{}
}

// condBranch evaluates the chosen branch and converts it to double when the
// other branch is double (the type of ?: is the common type).
func (in *interp) condBranch(x, other prism.Expr) Value {
	v := in.eval(x)
	if v.Type == prism.TInt {
		if t, ok := in.b.staticType(other, in.ren); ok && t == prism.TDouble {
			return toDouble(v)
		}
	}
	return v
}

func toDouble(v Value) Value {
	if v.Type == prism.TInt {
		return dblVal(float64(v.I), v.Rat)
	}
	return v
}

func (in *interp) name(e *prism.Name) Value {
	if e.Primed {
		fail(e.NamePos, "primed variable %s' cannot be used here", e.Name)
	}
	if f := in.b.formulas[e.Name]; f != nil {
		in.b.enterFormula(e)
		defer in.b.leaveFormula(e.Name)
		return in.eval(f.Expr)
	}
	n := rename(in.ren, e.Name)
	if vi, ok := in.b.varIndex[n]; ok {
		if in.state == nil {
			fail(e.NamePos, "variable %s cannot be used in a constant expression", n)
		}
		x := int64(in.state[vi])
		if in.b.vars[vi].Bool {
			return boolVal(x != 0)
		}
		return intVal(x, in.exact)
	}
	if _, ok := in.b.constDecls[n]; ok {
		v := in.b.constValue(n, e.NamePos)
		if !in.exact {
			v.Rat = nil
		}
		return v
	}
	fail(e.NamePos, "unknown name %s", n)
	return Value{}
}

func rename(ren map[string]string, s string) string {
	if r, ok := ren[s]; ok {
		return r
	}
	return s
}

// binary evaluates a chain of binary operators (see prism.LeftChain) with
// a loop.
func (in *interp) binary(e *prism.Binary) Value {
	first, ops := prism.LeftChain(e)
	x := in.eval(first)
	for _, o := range ops {
		x = in.binaryOp(o, x)
	}
	return x
}

// boolOperand checks that the value v of operand e is a boolean.
func boolOperand(e prism.Expr, v Value) bool {
	if v.Type != prism.TBool {
		fail(e.Position(), "expected a boolean, found %s", v.Type)
	}
	return v.B
}

// numOperand checks that the value v of operand e is a number.
func numOperand(e prism.Expr, v Value) Value {
	if v.Type == prism.TBool {
		fail(e.Position(), "expected a number, found a boolean")
	}
	return v
}

// binaryOp evaluates one binary operator whose left operand has value xv.
func (in *interp) binaryOp(e *prism.Binary, xv Value) Value {
	switch e.Op {
	case prism.OpAnd:
		return boolVal(boolOperand(e.X, xv) && in.boolean(e.Y))
	case prism.OpOr:
		return boolVal(boolOperand(e.X, xv) || in.boolean(e.Y))
	case prism.OpImplies:
		return boolVal(!boolOperand(e.X, xv) || in.boolean(e.Y))
	case prism.OpIff:
		a := boolOperand(e.X, xv)
		return boolVal(a == in.boolean(e.Y))
	case prism.OpEq, prism.OpNe:
		x, y := xv, in.eval(e.Y)
		var eq bool
		switch {
		case x.Type == prism.TBool && y.Type == prism.TBool:
			eq = x.B == y.B
		case x.Type == prism.TBool || y.Type == prism.TBool:
			fail(e.OpPos, "cannot compare a boolean with a number")
		case x.Type == prism.TInt && y.Type == prism.TInt:
			eq = x.I == y.I
		default:
			eq = x.Float() == y.Float()
		}
		return boolVal(eq == (e.Op == prism.OpEq))
	case prism.OpLt, prism.OpLe, prism.OpGt, prism.OpGe:
		x, y := numOperand(e.X, xv), in.num(e.Y)
		var c int
		if x.Type == prism.TInt && y.Type == prism.TInt {
			c = cmp64(x.I, y.I)
		} else {
			a, b := x.Float(), y.Float()
			if math.IsNaN(a) || math.IsNaN(b) {
				return boolVal(false)
			}
			c = cmpF(a, b)
		}
		switch e.Op {
		case prism.OpLt:
			return boolVal(c < 0)
		case prism.OpLe:
			return boolVal(c <= 0)
		case prism.OpGt:
			return boolVal(c > 0)
		}
		return boolVal(c >= 0)
	}
	x, y := numOperand(e.X, xv), in.num(e.Y)
	return arith(e.OpPos, e.Op, x, y, in.exact)
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func arith(pos prism.Pos, op prism.Op, x, y Value, exact bool) Value {
	if x.Type == prism.TInt && y.Type == prism.TInt && op != prism.OpDiv {
		var r int64
		switch op {
		case prism.OpAdd:
			r = x.I + y.I
		case prism.OpSub:
			r = x.I - y.I
		case prism.OpMul:
			r = x.I * y.I
		case prism.OpPow:
			r = powInt(pos, x.I, y.I)
		}
		return intVal(checkInt(pos, r), exact)
	}
	a, b := x.Float(), y.Float()
	var f float64
	switch op {
	case prism.OpAdd:
		f = a + b
	case prism.OpSub:
		f = a - b
	case prism.OpMul:
		f = a * b
	case prism.OpDiv:
		f = a / b
	case prism.OpPow:
		f = math.Pow(a, b)
	}
	v := dblVal(f, nil)
	if exact && x.Rat != nil && y.Rat != nil {
		switch op {
		case prism.OpAdd:
			v.Rat = new(big.Rat).Add(x.Rat, y.Rat)
		case prism.OpSub:
			v.Rat = new(big.Rat).Sub(x.Rat, y.Rat)
		case prism.OpMul:
			v.Rat = new(big.Rat).Mul(x.Rat, y.Rat)
		case prism.OpDiv:
			if y.Rat.Sign() != 0 {
				v.Rat = new(big.Rat).Quo(x.Rat, y.Rat)
			}
		case prism.OpPow:
			v.Rat = ratPow(x.Rat, y.Rat)
		}
	}
	return v
}

// ratPow is exact for integer exponents of moderate size; nil otherwise.
func ratPow(b, e *big.Rat) *big.Rat {
	if !e.IsInt() || e.Num().BitLen() > 16 {
		return nil
	}
	n := e.Num().Int64()
	if n < 0 {
		if b.Sign() == 0 {
			return nil
		}
		b = new(big.Rat).Inv(b)
		n = -n
	}
	num := new(big.Int).Exp(b.Num(), big.NewInt(n), nil)
	den := new(big.Int).Exp(b.Denom(), big.NewInt(n), nil)
	return new(big.Rat).SetFrac(num, den)
}

func (in *interp) call(e *prism.Call) Value {
	fn := rename(in.ren, e.Func)
	args := make([]Value, len(e.Args))
	for i, a := range e.Args {
		args[i] = in.num(a)
	}
	return callFunc(e, fn, args, in.exact)
}

// callFunc applies a built-in function to evaluated numeric arguments.
func callFunc(e *prism.Call, fn string, args []Value, exact bool) Value {
	pos := e.FuncPos
	checkCall(pos, fn, len(args))
	switch fn {
	case "min", "max":
		allInt := true
		for _, a := range args {
			allInt = allInt && a.Type == prism.TInt
		}
		if allInt {
			best := args[0]
			for _, a := range args[1:] {
				if (fn == "min" && a.I < best.I) || (fn == "max" && a.I > best.I) {
					best = a
				}
			}
			return best
		}
		best := toDouble(args[0])
		for _, a := range args[1:] {
			var f float64
			if fn == "min" {
				f = math.Min(best.F, a.Float())
			} else {
				f = math.Max(best.F, a.Float())
			}
			if f != best.F || math.IsNaN(f) {
				best = toDouble(a)
				best.F = f
			}
		}
		return best
	case "floor", "ceil", "round":
		a := args[0]
		if a.Type == prism.TInt {
			return a
		}
		var f float64
		switch fn {
		case "floor":
			f = math.Floor(a.F)
		case "ceil":
			f = math.Ceil(a.F)
		default:
			f = javaRound(a.F)
		}
		v := intVal(toIntChecked(pos, fn, f), exact)
		if exact && a.Rat != nil {
			v.Rat = new(big.Rat).SetInt64(v.I)
		}
		return v
	case "pow":
		return arith(pos, prism.OpPow, args[0], args[1], exact)
	case "mod":
		if args[0].Type != prism.TInt || args[1].Type != prism.TInt {
			fail(pos, "mod needs integer arguments")
		}
		return intVal(modInt(pos, args[0].I, args[1].I), exact)
	case "log":
		return dblVal(prismLog(args[0].Float(), args[1].Float()), nil)
	}
	fail(pos, "unknown function %s", fn)
	return Value{}
}
