package translate

import "github.com/onus-mc/onus/prism"

// StateValues evaluates an expression over variables, constants, formulas
// and labels at every state: a number per state (Type TInt or TDouble) or,
// for a boolean expression, a truth value per state (Type TBool). Filters
// and arithmetic over property results use it for their plain operands.
func (m *Model) StateValues(e prism.Expr) (vals []Value, err error) {
	b := m.b
	g := m.Game
	if err := m.incomplete(e); err != nil {
		return nil, err
	}
	cp, cur := m.stateCompiler()
	if ee := b.catch(func() {
		c := cp.compile(e)
		vals = make([]Value, g.NumStates)
		for *cur = 0; *cur < g.NumStates; *cur++ {
			vals[*cur] = c.value(g.State(*cur))
		}
	}); ee != nil {
		return nil, ee.list(b.fset)
	}
	return vals, nil
}
