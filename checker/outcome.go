package checker

import (
	"encoding/binary"
	"math"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file turns an outcome (a path formula of SPEC §3) into a formula of
// the factory over atoms, computes its temporal depth (for the horizon),
// and builds its automaton over the game's states.

// autoKey identifies a compiled outcome: by its printed text, so that
// several properties on the same outcome share one automaton and its
// plan-free pass (within one checker, equal text means equal meaning).
type autoKey struct {
	text     string
	e        prism.Expr // used when the text is unavailable
	fromOne  bool
	clip     int64
	strong   bool // X reads the next state (co-safe rewards)
	anchored bool // deadlines on the step counter (histories only)
	horizon  int  // anchored: the horizon of the histories (AnchorWithin)
}

func keyOf(e prism.Expr, fromOne bool, clip int64, strong bool) (k autoKey) {
	k = autoKey{e: e, fromOne: fromOne, clip: clip, strong: strong}
	defer func() {
		if recover() != nil {
			k = autoKey{e: e, fromOne: fromOne, clip: clip, strong: strong}
		}
	}()
	if e != nil {
		k = autoKey{text: prism.ExprString(e), fromOne: fromOne, clip: clip, strong: strong}
	}
	return k
}

// isPlain reports whether e has no temporal, probabilistic, responsibility
// or metric operator: it is then one atom, evaluated by Env.StateSet.
func isPlain(e prism.Expr) bool {
	plain := true
	prism.Inspect(e, func(x prism.Expr) bool {
		switch x.(type) {
		case *prism.Temporal, *prism.ProbOp, *prism.RewardOp, *prism.Strategy,
			*prism.FilterExpr, *prism.MultiNash, *prism.Resp, *prism.Metric:
			plain = false
		}
		return plain
	})
	return plain
}

// boundOf evaluates a temporal bound: unbounded, or the largest admitted
// position offset (<k is ≤k-1); a negative result is an empty range. A
// bound beyond maxBound is a resource limit.
func (c *Checker) boundOf(t *prism.Temporal) (int64, error) {
	return c.boundClipped(t, 0)
}

// maxBound is the largest time bound onus unrolls.
const maxBound = math.MaxInt32 / 2

// boundClipped is boundOf for histories of length clip (> 0): a larger
// bound means the same as clip there, so it is clipped before the limit
// applies.
func (c *Checker) boundClipped(t *prism.Temporal, clip int64) (int64, error) {
	b := t.Bound
	switch b.Kind {
	case prism.BoundNone:
		return int64(ltlf.Unbounded), nil
	case prism.BoundLe, prism.BoundLt:
		if t.Op == prism.TempX {
			return 0, c.errAt(b.Pos, "X takes no time bound")
		}
		k, err := c.intConst(b.Lo, "time bound")
		if err != nil {
			return 0, err
		}
		if b.Kind == prism.BoundLt {
			k--
		}
		if k < 0 {
			k = solve.EmptyRange // distinct from unbounded
		}
		if clip > 0 && k > clip {
			k = clip
		}
		if k > maxBound {
			return 0, &LimitError{What: "steps in a time bound", Limit: maxBound}
		}
		return k, nil
	}
	return 0, c.errAt(b.Pos, "only the bounds <=k and <k are supported on outcome operators")
}

// intConst evaluates an integer constant expression (an integral double is
// accepted).
func (c *Checker) intConst(e prism.Expr, what string) (int64, error) {
	if e == nil {
		return 0, c.errAt(prism.NoPos, "missing %s", what)
	}
	if c.env == nil {
		return 0, c.errAt(e.Position(), "cannot evaluate the %s: no environment", what)
	}
	v, err := c.env.EvalConst(e)
	if err != nil {
		return 0, c.wrapErr(e.Position(), err)
	}
	switch v.Type {
	case prism.TInt:
		return v.I, nil
	case prism.TDouble:
		if math.IsNaN(v.F) || math.IsInf(v.F, 0) || v.F != math.Trunc(v.F) || math.Abs(v.F) > 1<<53 {
			return 0, c.errAt(e.Position(), "the %s must be an integer, not %v", what, v.F)
		}
		return int64(v.F), nil
	}
	return 0, c.errAt(e.Position(), "the %s must be an integer, not a boolean", what)
}

// depth returns the temporal depth of an outcome (SPEC §2) and the first
// unbounded temporal operator, if any.
func (c *Checker) depth(e prism.Expr) (int64, *prism.Temporal, error) {
	e = prism.Unparen(e)
	switch x := e.(type) {
	case *prism.Temporal:
		k, err := c.boundOf(x)
		if err != nil {
			return 0, nil, err
		}
		d, unb, err := c.depth(x.Right)
		if err != nil {
			return 0, nil, err
		}
		if x.Left != nil {
			dl, unbl, err := c.depth(x.Left)
			if err != nil {
				return 0, nil, err
			}
			d = max(d, dl)
			if unb == nil {
				unb = unbl
			}
		}
		switch {
		case x.Op == prism.TempX:
			d++
		case k == int64(ltlf.Unbounded):
			if unb == nil {
				unb = x
			}
		case k > 0:
			d += k
		}
		return d, unb, nil
	case *prism.Unary:
		if x.Op == prism.OpNot {
			return c.depth(x.X)
		}
	case *prism.Binary:
		{
			switch x.Op {
			case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
				d1, u1, err := c.depth(x.X)
				if err != nil {
					return 0, nil, err
				}
				d2, u2, err := c.depth(x.Y)
				if err != nil {
					return 0, nil, err
				}
				if u1 == nil {
					u1 = u2
				}
				return max(d1, d2), u1, nil
			}
		}
	}
	return 0, nil, nil
}

// outcomeBuilder converts one outcome into a factory formula.
type outcomeBuilder struct {
	fac     *ltlf.Factory
	fromOne bool
	clip    int64 // > 0: bounds above it mean the same as it (histories of that length)
	// strong makes X χ wait for the next state: X (χ ∧ ⊤) with ⊤ an atom
	// that holds everywhere, so that the residual after one letter is the
	// atom, not true (the first position at which the prefix is good is
	// then the one PRISM finds; co-safe rewards count the steps before it).
	strong  bool
	neg     bool // below an odd number of negations (strong X)
	atoms   []translate.Bitset
	atomIdx map[string]int
}

func (b *outcomeBuilder) atom(set translate.Bitset) int32 {
	k := make([]byte, 0, 8*len(set))
	for _, w := range set {
		k = binary.LittleEndian.AppendUint64(k, w)
	}
	// Normalise trailing zero words so equal sets share one atom.
	for len(k) >= 8 && binary.LittleEndian.Uint64(k[len(k)-8:]) == 0 {
		k = k[:len(k)-8]
	}
	if i, ok := b.atomIdx[string(k)]; ok {
		return b.fac.Atom(i)
	}
	i := len(b.atoms)
	b.atoms = append(b.atoms, set)
	b.atomIdx[string(k)] = i
	return b.fac.Atom(i)
}

// buildOutcome converts e; top is true outside every temporal operator (where
// --outcome-from 1 shifts the ranges).
func (c *Checker) buildOutcome(b *outcomeBuilder, e prism.Expr, top bool) (int32, error) {
	f := c.fac
	e = prism.Unparen(e)
	if e == nil {
		return ltlf.False, c.errAt(prism.NoPos, "missing outcome formula")
	}
	switch x := e.(type) {
	case *prism.BoolLit:
		if x.Value {
			return ltlf.True, nil
		}
		return ltlf.False, nil
	case *prism.Temporal:
		return c.buildTemporal(b, x, top)
	case *prism.Resp, *prism.ProbOp, *prism.Strategy:
		set, err := c.stateSet(x)
		if err != nil {
			return 0, err
		}
		return b.atom(set), nil
	case *prism.Metric:
		return 0, c.errAt(x.OpPos, "a metric query is numeric and cannot be used inside an outcome")
	case *prism.RewardOp, *prism.FilterExpr, *prism.MultiNash:
		if err := c.unsupported(x); err != nil {
			return 0, err
		}
	case *prism.Unary:
		if x.Op == prism.OpNot {
			b.neg = !b.neg
			a, err := c.buildOutcome(b, x.X, top)
			b.neg = !b.neg
			if err != nil {
				return 0, err
			}
			return f.Not(a), nil
		}
	case *prism.Binary:
		{
			switch x.Op {
			case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
				flip := x.Op == prism.OpImplies
				b.neg = b.neg != flip
				l, err := c.buildOutcome(b, x.X, top)
				b.neg = b.neg != flip
				if err != nil {
					return 0, err
				}
				r, err := c.buildOutcome(b, x.Y, top)
				if err != nil {
					return 0, err
				}
				switch x.Op {
				case prism.OpAnd:
					return f.And(l, r), nil
				case prism.OpOr:
					return f.Or(l, r), nil
				case prism.OpImplies:
					return f.Or(f.Not(l), r), nil
				}
				if !b.strong {
					return f.Or(f.And(l, r), f.And(f.Not(l), f.Not(r))), nil
				}
				// a <=> b is (a ∧ b) ∨ (¬a ∧ ¬b): under a strong X the
				// negated sides are built again below a negation.
				b.neg = !b.neg
				defer func() { b.neg = !b.neg }()
				nl, err := c.buildOutcome(b, x.X, top)
				if err != nil {
					return 0, err
				}
				nr, err := c.buildOutcome(b, x.Y, top)
				if err != nil {
					return 0, err
				}
				return f.Or(f.And(l, r), f.And(f.Not(nl), f.Not(nr))), nil
			}
		}
	}
	set, err := c.plainAtomSet(e)
	if err != nil {
		return 0, err
	}
	return b.atom(set), nil
}

func (c *Checker) buildTemporal(b *outcomeBuilder, x *prism.Temporal, top bool) (int32, error) {
	f := c.fac
	k64, err := c.boundClipped(x, b.clip)
	if err != nil {
		return 0, err
	}
	right, err := c.buildOutcome(b, x.Right, false)
	if err != nil {
		return 0, err
	}
	var left int32
	if x.Left != nil {
		if left, err = c.buildOutcome(b, x.Left, false); err != nil {
			return 0, err
		}
	}
	var kind ltlf.Kind
	switch x.Op {
	case prism.TempX:
		if b.strong {
			all := translate.NewBitset(c.g.NumStates)
			for s := 0; s < c.g.NumStates; s++ {
				all.Set(s)
			}
			// Under a negation, X (χ ∨ ¬⊤) becomes X (¬χ ∧ ⊤) once the
			// negation is pushed inwards.
			if b.neg {
				right = f.Or(right, f.Not(b.atom(all)))
			} else {
				right = f.And(right, b.atom(all))
			}
		}
		return f.Next(right, false), nil
	case prism.TempF:
		kind = ltlf.F
	case prism.TempG:
		kind = ltlf.G
	case prism.TempU:
		kind = ltlf.U
	case prism.TempW:
		kind = ltlf.W
	case prism.TempR:
		kind = ltlf.R
	}
	if (kind == ltlf.U || kind == ltlf.W || kind == ltlf.R) && x.Left == nil {
		return 0, c.errAt(x.OpPos, "%v needs two operands", x.Op)
	}
	// weak: true on an empty range (G, W, R); strong: false (F, U).
	weak := kind == ltlf.G || kind == ltlf.W || kind == ltlf.R
	shift := top && b.fromOne
	if k64 != int64(ltlf.Unbounded) {
		if shift {
			k64--
		}
		if k64 < 0 {
			if weak {
				return ltlf.True, nil
			}
			return ltlf.False, nil
		}
	}
	k := int32(k64)
	r := f.Temporal(kind, k, left, right)
	if shift {
		r = f.Next(r, weak)
	}
	return r, nil
}

// plainAtomSet evaluates an atom of an outcome, which must be plain.
func (c *Checker) plainAtomSet(e prism.Expr) (translate.Bitset, error) {
	if !isPlain(e) {
		return nil, c.errAt(e.Position(), "a path formula cannot be used inside this expression")
	}
	return c.atomSet(e)
}

// atomSet evaluates a plain state formula through the environment.
func (c *Checker) atomSet(e prism.Expr) (translate.Bitset, error) {
	if pos, ok := complete(e); !ok {
		return nil, c.errAt(pos, "incomplete expression")
	}
	if c.env == nil {
		return nil, c.errAt(e.Position(), "cannot evaluate %T: no environment", e)
	}
	set, err := c.env.StateSet(e)
	if err != nil {
		return nil, c.wrapErr(e.Position(), err)
	}
	return set, nil
}

// automatonFor compiles an outcome once per checker, for infinite paths
// or (Hinf) unbounded histories: time bounds are kept as written, and the
// product is a static graph.
func (c *Checker) automatonFor(e prism.Expr, fromOne bool) (*hist.Product, error) {
	return c.automatonOf(e, fromOne, 0, false, false, 0)
}

// historyAutomaton compiles an outcome judged on histories of horizon T,
// the query's, for the layered passes: with an explicit --horizon T, time
// bounds beyond T are clipped to T, which changes no history's verdict;
// the bounds of operators that start at a known position become deadlines
// on the pass's step counter (ltlf.Anchor), so that a bound k does not
// make k automaton states, and those whose deadline is T or later become
// unbounded (ltlf.Factory.AnchorWithin), so that no product state has
// successors at a deadline no step reaches. One automaton per outcome and
// horizon.
func (c *Checker) historyAutomaton(e prism.Expr, fromOne bool, T int) (*hist.Product, error) {
	return c.automatonOf(e, fromOne, int64(c.cfg.Horizon), false, true, T)
}

// rewardAutomaton compiles the co-safe path formula of a reward operator,
// with X strong (outcomeBuilder.strong).
func (c *Checker) rewardAutomaton(e prism.Expr) (*hist.Product, error) {
	return c.automatonOf(e, false, 0, true, false, 0)
}

func (c *Checker) automatonOf(e prism.Expr, fromOne bool, clip int64, strong, anchored bool, horizon int) (*hist.Product, error) {
	key := keyOf(e, fromOne, clip, strong)
	key.anchored = anchored
	if anchored {
		key.horizon = horizon
	}
	if a, ok := c.autos[key]; ok {
		return a, nil
	}
	b := &outcomeBuilder{fac: c.fac, fromOne: fromOne, clip: clip, strong: strong, atomIdx: map[string]int{}}
	id, err := c.buildOutcome(b, e, true)
	if err != nil {
		return nil, err
	}
	if anchored {
		id = c.fac.AnchorWithin(id, int32(min(horizon, math.MaxInt32)))
	}
	atoms := make([]ltlf.StateSet, len(b.atoms))
	for i, set := range b.atoms {
		atoms[i] = set
	}
	c.needProfile()
	a := hist.NewProduct(c.hist, ltlf.NewAutomaton(c.fac, id, atoms, c.g.NumStates))
	c.autos[key] = a
	return a, nil
}
