package prism

// This file type-checks expressions (reference §3.2, §3.3) and resolves the
// names in them.

// ectx says where an expression occurs.
type ectx struct {
	constOnly bool   // only constants (and formulas over constants)
	what      string // for constOnly: what must be constant ("range bound")
	primes    bool   // primed variables allowed (update right-hand sides)
	props     bool   // property context: labels and property operators
	formula   *ident // checking this formula's body
}

var (
	ctxModel = ectx{}
	ctxProps = ectx{props: true}
)

func constCtx(what string, props bool) ectx {
	return ectx{constOnly: true, what: what, props: props}
}

// expr checks e and returns its type.
func (c *checker) expr(e Expr, x ectx) valType {
	switch e := e.(type) {
	case nil:
		return tyUnknown
	case *IntLit:
		return tyInt
	case *DoubleLit:
		return tyDouble
	case *BoolLit:
		return tyBool
	case *Paren:
		return c.expr(e.X, x)
	case *Name:
		return c.name(e, x)
	case *LabelRef:
		if !x.props {
			c.errorf(e.NamePos, "label %q cannot be used in a model expression", e.Name)
			return tyUnknown
		}
		if x.constOnly {
			c.errorf(e.NamePos, "%s must be constant, not label %q", x.what, e.Name)
			return tyUnknown
		}
		switch {
		case e.Name == "init" || e.Name == "deadlock" || c.labels[e.Name]:
			return tyBool
		case c.propNames[e.Name]:
			return tyUnknown
		}
		c.errorf(e.NamePos, "unknown label %q", e.Name)
		return tyUnknown
	case *Unary:
		t := c.expr(e.X, x)
		if e.Op == OpNot {
			if !t.isBool() {
				c.errorf(e.OpPos, "type error: operator \"!\" needs a bool operand, not %s", t)
			}
			return tyBool
		}
		if !t.isNum() || t == tyBool {
			c.errorf(e.OpPos, "type error: operator \"-\" needs a numeric operand, not %s", t)
			return tyUnknown
		}
		return t
	case *Binary:
		return c.binary(e, x)
	case *Cond:
		k := c.expr(e.Cond, x)
		if !k.isBool() {
			c.errorf(posOf(e.Cond), "type error: condition of \"?:\" must be bool, not %s", k)
		}
		a := c.expr(e.Then, x)
		b := c.expr(e.Else, x)
		t, ok := join(a, b)
		if !ok {
			c.errorf(posOf(e.Then), "type error: branches of \"?:\" have incompatible types %s and %s", a, b)
		}
		return t
	case *Call:
		return c.call(e, x)
	}
	if !x.props {
		c.errorf(posOf(e), "property operator in a model expression")
		return tyUnknown
	}
	if x.constOnly {
		c.errorf(posOf(e), "%s must be constant", x.what)
		return tyUnknown
	}
	return c.propExpr(e, x)
}

// name resolves an identifier.
func (c *checker) name(e *Name, x ectx) valType {
	id := c.idents[e.Name]
	if e.Primed {
		if !x.primes && x.formula == nil {
			c.errorf(e.NamePos, "primed variable \"%s'\" is only allowed in updates", e.Name)
			return tyUnknown
		}
		if id == nil {
			c.errorf(e.NamePos, "undeclared variable %q", e.Name)
			return tyUnknown
		}
		if id.kind != idVar {
			c.errorf(e.NamePos, "%q is not a variable", e.Name)
			return tyUnknown
		}
	}
	if id == nil {
		c.errorf(e.NamePos, "undeclared identifier %q", e.Name)
		return tyUnknown
	}
	switch id.kind {
	case idConst:
		return constValType(id.cdecl.Type)
	case idVar:
		if x.formula != nil {
			x.formula.refsVar = true
		}
		if x.constOnly {
			c.errorf(e.NamePos, "%s must be constant, not variable %q", x.what, e.Name)
			return tyUnknown
		}
		return varValType(id.vdecl.Kind)
	}
	// formula
	t := c.formulaType(id)
	if x.formula != nil && id.refsVar {
		x.formula.refsVar = true
	}
	if x.constOnly && id.refsVar {
		c.errorf(e.NamePos, "%s must be constant, not formula %q over variables", x.what, e.Name)
		return tyUnknown
	}
	return t
}

// formulaType checks a formula's body once and returns its type. A formula
// on a cycle has unknown type (the cycle is reported separately).
func (c *checker) formulaType(id *ident) valType {
	switch id.state {
	case 1:
		return tyUnknown
	case 2:
		return id.typ
	}
	id.state = 1
	t := c.expr(id.fdecl.Expr, ectx{formula: id, primes: true})
	id.typ, id.state = t, 2
	return t
}

// binary types a chain of binary operators (see LeftChain) with a loop.
func (c *checker) binary(e *Binary, x ectx) valType {
	first, ops := LeftChain(e)
	t := c.expr(first, x)
	for _, o := range ops {
		t = c.binaryOp(o, t, c.expr(o.Y, x))
	}
	return t
}

// binaryOp types one binary operator whose operands have types a and b.
func (c *checker) binaryOp(e *Binary, a, b valType) valType {
	op := e.Op.String()
	switch e.Op {
	case OpAnd, OpOr, OpImplies, OpIff:
		if bad := firstBad(a, b, valType.isBool); bad != tyUnknown {
			c.errorf(e.OpPos, "type error: operator %q needs bool operands, not %s", op, bad)
		}
		return tyBool
	case OpEq, OpNe:
		if !comparable(a, b) {
			c.errorf(e.OpPos, "type error: operator %q cannot compare %s and %s", op, a, b)
		}
		return tyBool
	case OpLt, OpLe, OpGt, OpGe:
		if bad := firstBad(a, b, isNumeric); bad != tyUnknown {
			c.errorf(e.OpPos, "type error: operator %q needs numeric operands, not %s", op, bad)
		}
		return tyBool
	}
	if bad := firstBad(a, b, isNumeric); bad != tyUnknown {
		c.errorf(e.OpPos, "type error: operator %q needs numeric operands, not %s", op, bad)
		return tyUnknown
	}
	if e.Op == OpDiv {
		return tyDouble
	}
	return arith(a, b)
}

func isNumeric(t valType) bool { return t != tyBool }

// firstBad returns the first of a, b failing ok, or tyUnknown.
func firstBad(a, b valType, ok func(valType) bool) valType {
	if !ok(a) {
		return a
	}
	if !ok(b) {
		return b
	}
	return tyUnknown
}

func (c *checker) call(e *Call, x ectx) valType {
	if e.Func == "multi" && x.props && !x.constOnly {
		return c.multi(e, x)
	}
	types := make([]valType, len(e.Args))
	for i, a := range e.Args {
		types[i] = c.expr(a, x)
	}
	fn, known := LookupBuiltin(e.Func)
	n := fn.Arity
	if !known {
		switch e.Func {
		case "multi":
			c.errorf(e.FuncPos, "multi(...) is a property: it cannot be used in a model or a constant")
		case "comp", "and", "or", "not", "impl", "equiv":
			c.errorf(e.FuncPos, "function %q is not supported", e.Func)
		default:
			c.errorf(e.FuncPos, "unknown function %q", e.Func)
		}
		return tyUnknown
	}
	switch {
	case n < 0 && len(e.Args) == 0:
		c.errorf(e.FuncPos, "function %q needs at least 1 argument", e.Func)
		return tyUnknown
	case n >= 0 && len(e.Args) != n:
		s := "s"
		if n == 1 {
			s = ""
		}
		c.errorf(e.FuncPos, "function %q needs %d argument%s, not %d", e.Func, n, s, len(e.Args))
		return tyUnknown
	}
	res := tyInt
	for i, t := range types {
		if fn.IntArgs && t == tyDouble {
			c.errorf(posOf(e.Args[i]), "type error: function \"mod\" needs int arguments, not double")
			res = tyUnknown
			continue
		}
		if t == tyBool {
			c.errorf(posOf(e.Args[i]), "type error: function %q needs numeric arguments, not bool", e.Func)
			res = tyUnknown
			continue
		}
		if res != tyUnknown {
			res = arith(res, t)
		}
	}
	switch {
	case fn.Arith:
		return res
	case fn.Result == TDouble:
		return tyDouble
	}
	return tyInt
}

// want checks e against an expected type class and reports `what`.
func (c *checker) wantBool(e Expr, x ectx, what string) {
	if e == nil {
		return
	}
	if t := c.expr(e, x); !t.isBool() {
		c.errorf(posOf(e), "type error: %s must be bool, not %s", what, t)
	}
}

func (c *checker) wantNum(e Expr, x ectx, what string) valType {
	if e == nil {
		return tyUnknown
	}
	t := c.expr(e, x)
	if t == tyBool {
		c.errorf(posOf(e), "type error: %s must be numeric, not bool", what)
		return tyUnknown
	}
	return t
}

func (c *checker) wantInt(e Expr, x ectx, what string) {
	if e == nil {
		return
	}
	if t := c.expr(e, x); t != tyInt && t != tyUnknown {
		c.errorf(posOf(e), "type error: %s must be int, not %s", what, t)
	}
}

// posOf is e's position, tolerating incomplete trees (nil operands).
func posOf(e Expr) Pos {
	for {
		switch x := e.(type) {
		case nil:
			return NoPos
		case *Binary:
			if x.X == nil {
				return x.OpPos
			}
			e = x.X
		case *Cond:
			e = x.Cond
		case *Temporal:
			if x.Left == nil {
				return x.OpPos
			}
			e = x.Left
		default:
			return e.Position()
		}
	}
}

// multi checks a multi-objective query multi(o1, ..., on): its operands
// are P and R operators (the checker says which forms it evaluates); it
// is numeric when one of them asks for a value.
func (c *checker) multi(e *Call, x ectx) valType {
	numeric := false
	for _, a := range e.Args {
		c.expr(a, x)
		switch o := Unparen(a).(type) {
		case *ProbOp:
			numeric = numeric || o.Rel.IsQuery()
		case *RewardOp:
			numeric = numeric || o.Rel.IsQuery()
		}
	}
	if numeric {
		return tyDouble
	}
	return tyBool
}
