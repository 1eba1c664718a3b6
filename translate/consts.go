package translate

import (
	"fmt"
	"math/big"
	"sort"

	"github.com/onus-mc/onus/prism"
)

// collectConsts registers the constants of the model and props files and
// the values of Config.Consts, reporting unknown and ill-typed ones.
func (b *builder) collectConsts() {
	b.constDecls = map[string]*prism.ConstDecl{}
	b.constVals = map[string]Value{}
	b.constBusy = map[string]bool{}
	add := func(list []*prism.ConstDecl) {
		for _, c := range list {
			if prev, ok := b.constDecls[c.Name.Name]; ok {
				b.errs.Addf(b.fset, c.Name.NamePos, "constant %s is already declared at %s", c.Name.Name, b.fset.Position(prev.Name.NamePos))
				continue
			}
			b.constDecls[c.Name.Name] = c
			b.constOrder = append(b.constOrder, c.Name.Name)
		}
	}
	add(b.mf.Consts)
	if b.pf != nil {
		add(b.pf.Consts)
	}
	b.given = map[string]Value{}
	for _, a := range b.cfg.Consts {
		d, ok := b.constDecls[a.Name]
		if !ok {
			b.errs.AddHint(prism.Position{Filename: b.fileName()}, &prism.Hint{Kind: prism.HintConstUnknown, Name: a.Name},
				"a value is given for constant "+a.Name+", but the model and properties declare no constant "+a.Name)
			continue
		}
		if d.Value != nil {
			b.errs.AddHint(b.fset.Position(d.Name.NamePos), &prism.Hint{Kind: prism.HintConstDefined, Name: a.Name},
				"a value is given for constant "+a.Name+", but it is already defined here; only undefined constants take values")
			continue
		}
		v, ok := convertConst(d.Type, a.Value)
		if !ok {
			val := formatValue(a.Value)
			b.errs.AddHint(b.fset.Position(d.Name.NamePos), &prism.Hint{Kind: prism.HintConstType, Name: a.Name, Value: val, Type: d.Type.String()},
				fmt.Sprintf("constant %s is declared %s: the value %s given for it does not fit", a.Name, d.Type, val))
			continue
		}
		b.given[a.Name] = v
	}
}

func (b *builder) fileName() string {
	if b.mf != nil && b.mf.File != nil {
		return b.mf.File.Name()
	}
	return ""
}

// convertConst checks that v may be stored in a constant of type t and
// converts int to double.
func convertConst(t prism.ConstType, v Value) (Value, bool) {
	switch t {
	case prism.TBool:
		return v, v.Type == prism.TBool
	case prism.TInt:
		return v, v.Type == prism.TInt
	}
	if v.Type == prism.TBool {
		return v, false
	}
	if v.Type == prism.TInt {
		r := v.Rat
		if r == nil {
			r = new(big.Rat).SetInt64(v.I)
		}
		return Value{Type: prism.TDouble, F: float64(v.I), Rat: r}, true
	}
	return v, true
}

// resolveConsts evaluates every constant, reporting each failure once. As
// in PRISM, every model constant needs a value, used or not; a props-file
// constant left undefined needs one only where a property uses it, and is
// reported there.
func (b *builder) resolveConsts() {
	names := append([]string(nil), b.constOrder...)
	sort.SliceStable(names, func(i, j int) bool {
		return b.constDecls[names[i]].Pos < b.constDecls[names[j]].Pos
	})
	for _, n := range names {
		if b.constFailed[n] {
			continue // reported with the constant that caused it
		}
		if b.lazyConst(n) {
			continue
		}
		if err := b.catch(func() { b.constValue(n, prism.NoPos) }); err != nil {
			b.addEvalErr(err)
		}
	}
}

// constValue returns the value of constant n, evaluating it (and the
// constants it refers to) on first use. Errors are raised with fail.
func (b *builder) constValue(n string, use prism.Pos) Value {
	if v, ok := b.constVals[n]; ok {
		return v
	}
	d := b.constDecls[n]
	if b.constFailed[n] {
		// Already reported at the declaration; report the use too.
		fail(use, "constant %s has no value", n)
	}
	if b.constBusy[n] {
		fail(d.Name.NamePos, "constant %s is defined in terms of itself", n)
	}
	b.constBusy[n] = true
	defer delete(b.constBusy, n)
	var v Value
	if d.Value == nil {
		g, ok := b.given[n]
		if !ok {
			at := d.Name.NamePos
			if use != prism.NoPos && b.lazyConst(n) {
				// Not marked failed: another property may not use it.
				at = use
			} else {
				b.markFailed(n)
			}
			panic(&evalError{pos: at, msg: "constant " + n + " is undefined: it needs a value",
				hint: &prism.Hint{Kind: prism.HintConstMissing, Name: n}})
		}
		v = g
	} else {
		func() {
			defer func() {
				if r := recover(); r != nil {
					b.markFailed(n)
					panic(r)
				}
			}()
			in := &interp{b: b, exact: true}
			v = in.eval(d.Value)
		}()
		cv, ok := convertConst(d.Type, v)
		if !ok {
			b.markFailed(n)
			fail(d.Value.Position(), "constant %s is declared %s but its value is %s", n, d.Type, v.Type)
		}
		v = cv
	}
	if v.Type != prism.TBool && v.Rat == nil && v.Type == prism.TInt {
		v.Rat = new(big.Rat).SetInt64(v.I)
	}
	b.constVals[n] = v
	return v
}

func (b *builder) markFailed(n string) {
	if b.constFailed == nil {
		b.constFailed = map[string]bool{}
	}
	b.constFailed[n] = true
}

// lazyConst reports whether n is an undefined props-file constant without a
// --const value: it is evaluated, and fails, only where it is used.
func (b *builder) lazyConst(n string) bool {
	d := b.constDecls[n]
	if d.Value != nil || b.pf == nil {
		return false
	}
	if _, ok := b.given[n]; ok {
		return false
	}
	for _, c := range b.pf.Consts {
		if c == d {
			return true
		}
	}
	return false
}
