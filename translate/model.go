package translate

import (
	"reflect"

	"github.com/onus-mc/onus/prism"
)

// StateString formats state s as in .sta: "(v1,v2,...)".
func (m *Model) StateString(s int) string { return m.b.stateString(m.Game.State(s)) }

// EvalConst evaluates a constant expression (literals, constants of model
// and props, built-in functions). Value.Rat is set in exact mode when the
// value is rational.
func (m *Model) EvalConst(e prism.Expr) (v Value, err error) {
	b := m.b
	if ee := b.catch(func() {
		in := &interp{b: b, exact: b.cfg.Exact}
		v = in.eval(e)
	}); ee != nil {
		return Value{}, ee.list(b.fset)
	}
	return v, nil
}

// StateSet returns the states satisfying a boolean expression over
// variables, constants and formulas, which may refer to model labels,
// props labels, "init" and "deadlock".
func (m *Model) StateSet(e prism.Expr) (set Bitset, err error) {
	b := m.b
	g := m.Game
	if err := m.incomplete(e); err != nil {
		return nil, err
	}
	var f func([]int32) bool
	cp, cur := m.stateCompiler()
	if ee := b.catch(func() {
		c := cp.bool(e)
		f = c.b
		set = NewBitset(g.NumStates)
		for *cur = 0; *cur < g.NumStates; *cur++ {
			if f(g.State(*cur)) {
				set.Set(*cur)
			}
		}
	}); ee != nil {
		return nil, ee.list(b.fset)
	}
	return set, nil
}

// stateCompiler returns a compiler of expressions evaluated state by
// state: labels are sets of state indices, read at *cur, the index of the
// state under evaluation.
func (m *Model) stateCompiler() (*compiler, *int) {
	var active map[string]bool
	cp := &compiler{b: m.b}
	cur := new(int)
	cp.label = func(l *prism.LabelRef) cexpr {
		bs := m.labelSet(l, &active)
		return cexpr{t: prism.TBool, b: func([]int32) bool { return bs.Has(*cur) }}
	}
	return cp, cur
}

// labelSet resolves a label reference: built-in, model label or props
// label (props labels may refer to other labels).
func (m *Model) labelSet(l *prism.LabelRef, active *map[string]bool) Bitset {
	g := m.Game
	if bs := g.Label(l.Name); bs != nil {
		return bs
	}
	if m.Props != nil {
		for _, d := range m.Props.Labels {
			if d.Name.Name != l.Name {
				continue
			}
			if *active == nil {
				*active = map[string]bool{}
			}
			if (*active)[l.Name] {
				fail(l.NamePos, "label \"%s\" is defined in terms of itself", l.Name)
			}
			(*active)[l.Name] = true
			defer delete(*active, l.Name)
			sub := &Model{Game: g, Fset: m.Fset, File: m.File, Props: m.Props, Consts: m.Consts, b: m.b}
			cp := &compiler{b: m.b}
			cur := 0
			cp.label = func(l2 *prism.LabelRef) cexpr {
				bs := sub.labelSet(l2, active)
				return cexpr{t: prism.TBool, b: func([]int32) bool { return bs.Has(cur) }}
			}
			f := cp.bool(d.Expr).b
			bs := NewBitset(g.NumStates)
			for cur = 0; cur < g.NumStates; cur++ {
				if f(g.State(cur)) {
					bs.Set(cur)
				}
			}
			return bs
		}
	}
	fail(l.NamePos, "unknown label \"%s\"", l.Name)
	return nil
}

// incomplete returns a positioned error if e lacks an operand.
func (m *Model) incomplete(e prism.Expr) error {
	if pos, ok := missingOperand(e); !ok {
		var l prism.ErrorList
		l.Addf(m.b.fset, pos, "incomplete expression: an operand is missing")
		return l
	}
	return nil
}

// missingOperand reports whether e and its sub-expressions have all their
// operands (a tree from the parser always does; a hand-built one may not),
// and if not, the best position near the first gap: the operator's, else
// that of the enclosing expression.
func missingOperand(e prism.Expr) (prism.Pos, bool) {
	return findGap(e, prism.NoPos)
}

func findGap(e prism.Expr, at prism.Pos) (prism.Pos, bool) {
	if e == nil {
		return at, false
	}
	if v := reflect.ValueOf(e); v.Kind() == reflect.Pointer && v.IsNil() {
		return at, false // a typed nil, e.g. (*prism.Name)(nil)
	}
	var kids []prism.Expr
	switch x := e.(type) {
	case *prism.Unary:
		at, kids = x.OpPos, []prism.Expr{x.X}
	case *prism.Binary:
		// a chain is walked with a loop (see prism.LeftChain)
		first, ops := prism.LeftChain(x)
		if pos, ok := findGap(first, ops[0].OpPos); !ok {
			return pos, false
		}
		for _, o := range ops {
			if pos, ok := findGap(o.Y, o.OpPos); !ok {
				return pos, false
			}
		}
		return x.OpPos, true
	case *prism.Cond:
		kids = []prism.Expr{x.Cond, x.Then, x.Else}
	case *prism.Paren:
		at, kids = x.Lparen, []prism.Expr{x.X}
	case *prism.Call:
		at, kids = x.FuncPos, x.Args
	}
	for _, k := range kids {
		if pos, ok := findGap(k, at); !ok {
			return pos, false
		}
	}
	return at, true
}
