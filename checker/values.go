package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates a property at every state at once, as PRISM does
// for filters and for arithmetic over the results of queries
// (prism-games-equilibria.md §2, §4): a query (<<A>>Pmax=?, Rmin=?, …)
// gives a number per state, a bound or a state formula a truth value per
// state, and operators, comparisons, `? :` and built-in functions apply
// state by state with PRISM's typing (ints stay ints except under /).

// vtype is the type of a vector's entries.
type vtype int

const (
	vBool vtype = iota
	vInt
	vDouble
)

// vec is a property's value at every state. Ints are kept as whole
// float64s.
type vec struct {
	t vtype
	b []bool
	f []float64
	// single marks a filter's result: one value, repeated at every state.
	single bool
	// rng holds the result of filter(range, …): [min, max].
	rng *[2]float64
	// r holds a vector of doubles exactly under Config.Exact: r[s] is
	// the value at s, nil where it is not known exactly (vecexact.go); r
	// is nil when no state's is.
	r []*big.Rat
}

func (v *vec) value(s int) translate.Value {
	switch v.t {
	case vBool:
		return translate.Value{Type: prism.TBool, B: v.b[s]}
	case vInt:
		return translate.Value{Type: prism.TInt, I: int64(v.f[s])}
	}
	return translate.Value{Type: prism.TDouble, F: v.f[s]}
}

func (v *vec) set(s int, x translate.Value) {
	switch x.Type {
	case prism.TBool:
		v.b[s] = x.B
	default:
		v.f[s] = x.Float()
	}
}

func newVec(t vtype, n int) *vec {
	v := &vec{t: t}
	if t == vBool {
		v.b = make([]bool, n)
	} else {
		v.f = make([]float64, n)
	}
	return v
}

func vtypeOf(t prism.ConstType) vtype {
	switch t {
	case prism.TBool:
		return vBool
	case prism.TInt:
		return vInt
	}
	return vDouble
}

func boolVec(b []bool) *vec { return &vec{t: vBool, b: b} }

func bitsVec(set translate.Bitset, n int) *vec {
	b := make([]bool, n)
	for i := range b {
		b[i] = set.Has(i)
	}
	return boolVec(b)
}

// stateValuer is the optional part of Env that evaluates a plain
// expression of any type at every state (translate.Model has it).
type stateValuer interface {
	StateValues(e prism.Expr) ([]translate.Value, error)
}

// vecOf evaluates e at every state.
func (c *Checker) vecOf(e prism.Expr) (*vec, error) {
	e = prism.Unparen(e)
	if e == nil {
		return nil, c.errAt(prism.NoPos, "missing expression")
	}
	if isPlain(e) {
		return c.plainVec(e)
	}
	n := c.g.NumStates
	switch x := e.(type) {
	case *prism.FilterExpr:
		return c.filterVec(x)
	case *prism.ProbOp:
		return c.probVec(x)
	case *prism.RewardOp:
		return c.rewardVec(x)
	case *prism.Strategy:
		return c.strategyVec(x)
	case *prism.Unary:
		return c.pointwise(e, []prism.Expr{x.X})
	case *prism.Binary:
		return c.pointwise(e, []prism.Expr{x.X, x.Y})
	case *prism.Cond:
		return c.pointwise(e, []prism.Expr{x.Cond, x.Then, x.Else})
	case *prism.Call:
		if x.Func == "multi" {
			return nil, c.unsupported(x)
		}
		return c.pointwise(e, x.Args)
	}
	if err := c.unsupported(e); err != nil {
		return nil, err
	}
	set, err := c.patlSet(e)
	if err != nil {
		return nil, err
	}
	return bitsVec(set, n), nil
}

// plainVec evaluates an expression without property operators.
func (c *Checker) plainVec(e prism.Expr) (*vec, error) {
	if pos, ok := complete(e); !ok {
		return nil, c.errAt(pos, "incomplete expression")
	}
	sv, ok := c.env.(stateValuer)
	if !ok {
		set, err := c.atomSet(e)
		if err != nil {
			return nil, err
		}
		return bitsVec(set, c.g.NumStates), nil
	}
	vals, err := sv.StateValues(e)
	if err != nil {
		return nil, c.wrapErr(e.Position(), err)
	}
	t := vBool
	if len(vals) > 0 {
		t = vtypeOf(vals[0].Type)
	}
	v := newVec(t, len(vals))
	for s, x := range vals {
		v.set(s, x)
	}
	if t == vDouble {
		v = c.withRats(v, c.constRats(e, len(vals)))
	}
	return v, nil
}

// allStates lists every state, the start states of a vector evaluation.
func (c *Checker) allStates() []int {
	out := make([]int, c.g.NumStates)
	for s := range out {
		out[s] = s
	}
	return out
}

// probVec: Pmax=?/Pmin=? (every player optimising together) and P=? give
// numbers, P~p truth values.
func (c *Checker) probVec(x *prism.ProbOp) (*vec, error) {
	if x.Kind == 'S' {
		return c.steadyVec(x)
	}
	if x.Kind == 'P' && x.Filter == nil && (x.Rel == prism.RelMaxQuery || x.Rel == prism.RelMinQuery) {
		op := probOp(x)
		if err := c.opUnsupported(op); err != nil {
			return nil, err
		}
		return c.opVec(queryFor(c.allPlayers(), op), op)
	}
	if err := c.unsupported(x); err != nil {
		return nil, err
	}
	if !x.Rel.IsQuery() {
		set, err := c.stateSet(x)
		if err != nil {
			return nil, err
		}
		return bitsVec(set, c.g.NumStates), nil
	}
	v := newVec(vDouble, c.g.NumStates)
	r := make([]*big.Rat, len(v.f))
	for s := range v.f {
		p, pr, _, err := c.probAt(x, s)
		if err != nil {
			return nil, err
		}
		v.f[s], r[s] = p, pr
	}
	return c.withRats(v, r), nil
}

// rewardVec: Rmax=?/Rmin=? without a coalition (every player optimising
// together), and R~b.
func (c *Checker) rewardVec(x *prism.RewardOp) (*vec, error) {
	if err := c.rewardForm(x); err != nil {
		return nil, err
	}
	op := patlOp{pos: x.OpPos, rel: x.Rel, bound: x.Bound, rew: x}
	if err := c.opUnsupported(op); err != nil {
		return nil, err
	}
	return c.opVec(queryFor(c.allPlayers(), op), op)
}

// strategyVec: a coalition operator at every state.
func (c *Checker) strategyVec(x *prism.Strategy) (*vec, error) {
	q, op, err := c.strategyQuery(x)
	if err != nil {
		return nil, err
	}
	if q.Sure || !op.rel.IsQuery() {
		set, err := c.strategySet(x)
		if err != nil {
			return nil, err
		}
		return bitsVec(set, c.g.NumStates), nil
	}
	return c.opVec(q, op)
}

// opVec returns op's values at every state, or where its bound holds.
func (c *Checker) opVec(q solve.Query, op patlOp) (*vec, error) {
	f, err := c.opValues(q, op, c.allStates())
	if err != nil {
		return nil, err
	}
	if op.rel.IsQuery() {
		return c.withRats(&vec{t: vDouble, f: f}, c.exactValues(q, op, c.allStates())), nil
	}
	ex := c.exactValues(q, op, c.allStates()) // nil entries: none (or +∞)
	b := make([]bool, len(f))
	for s, p := range f {
		var pr *big.Rat
		if ex != nil {
			pr = ex[s]
		}
		if b[s], err = c.opHolds(op, p, pr); err != nil {
			return nil, err
		}
	}
	return boolVec(b), nil
}

// pointwise applies the operator at the top of e (a unary or binary
// operator, `? :` or a built-in function) state by state to the vectors
// of its operands, with the evaluator of constant expressions: each state
// evaluates a copy of e whose operands are literals.
func (c *Checker) pointwise(e prism.Expr, operands []prism.Expr) (*vec, error) {
	args := make([]*vec, len(operands))
	single := true
	for i, o := range operands {
		if o == nil {
			return nil, c.errAt(safePos(e), "incomplete expression")
		}
		v, err := c.vecOf(o)
		if err != nil {
			return nil, err
		}
		if v.rng != nil {
			return nil, c.errAt(safePos(o), "a range of values (filter range) cannot be used inside an expression")
		}
		args[i] = v
		single = single && v.single
	}
	if c.env == nil {
		return nil, c.errAt(safePos(e), "cannot evaluate %T: no environment", e)
	}
	n := c.g.NumStates
	var out *vec
	// under --exact the operands' exact values go in as literals the
	// evaluator reads exactly, and its exact result is kept at the
	// states where every operand had one
	var rats []*big.Rat
	if c.cfg.Exact {
		rats = make([]*big.Rat, n)
	}
	lits := make([]prism.Expr, len(args))
	for s := 0; s < n; s++ {
		if single && s > 0 {
			copyFirst(out, s)
			if rats != nil {
				rats[s] = rats[0]
			}
			continue
		}
		exact := rats != nil
		for _, a := range args {
			exact = exact && a.exactIn(s)
		}
		for i, a := range args {
			if exact {
				lits[i] = exactLiteral(a.value(s), a.exactAt(s), safePos(operands[i]))
			} else {
				lits[i] = literal(a.value(s), safePos(operands[i]))
			}
		}
		x, err := c.env.EvalConst(withOperands(e, lits))
		if err != nil {
			return nil, c.wrapErr(safePos(e), err)
		}
		if out == nil {
			out = newVec(vtypeOf(x.Type), n)
			out.single = single
		}
		out.set(s, x)
		if exact && x.Type == prism.TDouble {
			rats[s] = x.Rat
		}
	}
	if out == nil {
		out = newVec(vDouble, 0)
	}
	return c.withRats(out, rats), nil
}

func copyFirst(v *vec, s int) {
	if v.t == vBool {
		v.b[s] = v.b[0]
	} else {
		v.f[s] = v.f[0]
	}
}

// literal returns x as a literal expression at pos.
func literal(x translate.Value, pos prism.Pos) prism.Expr {
	switch x.Type {
	case prism.TBool:
		return &prism.BoolLit{ValuePos: pos, Value: x.B}
	case prism.TInt:
		return &prism.IntLit{ValuePos: pos, Value: x.I}
	}
	return &prism.DoubleLit{ValuePos: pos, Value: x.F}
}

// withOperands returns a copy of the top node of e with new operands.
func withOperands(e prism.Expr, ops []prism.Expr) prism.Expr {
	switch x := e.(type) {
	case *prism.Unary:
		y := *x
		y.X = ops[0]
		return &y
	case *prism.Binary:
		y := *x
		y.X, y.Y = ops[0], ops[1]
		return &y
	case *prism.Cond:
		return &prism.Cond{Cond: ops[0], Then: ops[1], Else: ops[2]}
	case *prism.Call:
		y := *x
		y.Args = ops
		return &y
	}
	return e
}
