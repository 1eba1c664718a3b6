package export

import (
	"encoding/binary"
	"strconv"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file translates an outcome ψ (SPEC §3, finite histories) into a
// PRISM LTL path formula over the exported chain of a language (SPEC §7,
// export-outcome). The chain's paths are s_0 … s_T followed by onus_end
// forever, or reach onus_sink (those paths are cut off by the caller's
// `G !"onus_sink"`). A position is live when it is not onus_end, that is
// when it is one of 0..T. The translation tr keeps one invariant: tr(ψ) is
// only ever read at live positions, where it holds iff ψ holds on the
// history. So
//
//	X ψ        → X (live & tr ψ)          (false past the end)
//	F ψ        → F (live & tr ψ)
//	G ψ        → G (live => tr ψ)         (true past the end)
//	ψ1 U ψ2    → tr ψ1 U (live & tr ψ2)
//	ψ1 W ψ2    → (live => tr ψ1) W (live & tr ψ2)
//	ψ1 R ψ2    → (live & tr ψ1) R (live => tr ψ2)
//
// PRISM has no bounded operators inside LTL. Where the position of a
// bounded operator is known statically (p: outside every operator other
// than X), the bound becomes a window on the step variable: live is
// replaced by `live & k<=p+b` (just live when p+b ≥ T). Elsewhere the bound
// is unrolled into a chain of X:
//
//	F≤b ψ      → tr ψ | X (live & F≤b-1 ψ)          F≤0 ψ → tr ψ
//	G≤b ψ      → tr ψ & X (live => G≤b-1 ψ)         G≤0 ψ → tr ψ
//	ψ1 U≤b ψ2  → tr ψ2 | (tr ψ1 & X (live & U≤b-1)) U≤0   → tr ψ2
//	ψ1 W≤b ψ2  → tr ψ2 | (tr ψ1 & X (live => W≤b-1)) W≤0  → tr ψ2 | tr ψ1
//	ψ1 R≤b ψ2  → tr ψ2 & (tr ψ1 | X (live => R≤b-1)) R≤0  → tr ψ2
//
// Under --outcome-from 1 a top-level operator other than X lowers its
// bound by one and is read one position later, as the checker does: F and
// U behind a strong X (live & …), G, W and R behind a weak one (live => …).
//
// Atoms: a model label and a boolean expression over the game's variables
// are written as they are (the chain keeps the variables and labels);
// every other atom (nested γATL state formulas, "init", "deadlock",
// props-file labels, expressions over constants or formulas, function
// calls) becomes a label onus_atom_N of the chain, N = 1, 2, … in order of
// first appearance, one per distinct set of game states.

// Names of the labels and the step variable in exported chains.
const (
	SinkLabel   = "onus_sink"
	EndLabel    = "onus_end"
	AtomPrefix  = "onus_atom_"
	StepVarName = "k" // renamed k_, k__, … if the game has a variable k
)

// outcomeTr translates one outcome for the chains of one game.
type outcomeTr struct {
	env     Atoms
	fromOne bool
	T       int
	kvar    string
	vars    map[string]bool
	labels  map[string]bool
	atoms   []translate.Bitset
	atomIdx map[string]int
}

func newOutcomeTr(g *translate.Game, atoms Atoms, fromOne bool, T int) *outcomeTr {
	tr := &outcomeTr{env: atoms, fromOne: fromOne, T: T, vars: map[string]bool{}, labels: map[string]bool{}, atomIdx: map[string]int{}}
	for _, v := range g.Vars {
		tr.vars[v.Name] = true
	}
	for _, l := range g.Labels {
		tr.labels[l.Name] = true
	}
	tr.kvar = StepVarName
	for tr.vars[tr.kvar] {
		tr.kvar += "_"
	}
	return tr
}

func eoLref(name string) prism.Expr { return &prism.LabelRef{Name: name} }

func eoLive() prism.Expr { return &prism.Unary{Op: prism.OpNot, X: eoLref(EndLabel)} }

func eoAnd(a, b prism.Expr) prism.Expr { return &prism.Binary{X: a, Op: prism.OpAnd, Y: b} }

func eoOr(a, b prism.Expr) prism.Expr { return &prism.Binary{X: a, Op: prism.OpOr, Y: b} }

func eoImplies(a, b prism.Expr) prism.Expr { return &prism.Binary{X: a, Op: prism.OpImplies, Y: b} }

func eoNot(a prism.Expr) prism.Expr { return &prism.Unary{Op: prism.OpNot, X: a} }

// eoTmp builds a temporal operator; operands that are boolean
// combinations are parenthesised for the reader (PRISM would group them
// the same way without).
func eoTmp(op prism.TempOp, l, r prism.Expr) prism.Expr {
	paren := func(e prism.Expr) prism.Expr {
		if _, ok := e.(*prism.Binary); ok {
			return &prism.Paren{X: e}
		}
		return e
	}
	if l != nil {
		l = paren(l)
	}
	return &prism.Temporal{Op: op, Left: l, Right: paren(r)}
}

// nextStrong is X (live & e), false past the end; nextWeak is
// X (live => e), true past the end.
func eoNextStrong(e prism.Expr) prism.Expr { return eoTmp(prism.TempX, nil, eoAnd(eoLive(), e)) }
func eoNextWeak(e prism.Expr) prism.Expr   { return eoTmp(prism.TempX, nil, eoImplies(eoLive(), e)) }

// atomLabel returns the label of the chain that holds where set does.
func (tr *outcomeTr) atomLabel(set translate.Bitset) prism.Expr {
	k := make([]byte, 0, 8*len(set))
	for _, w := range set {
		k = binary.LittleEndian.AppendUint64(k, w)
	}
	for len(k) >= 8 && binary.LittleEndian.Uint64(k[len(k)-8:]) == 0 {
		k = k[:len(k)-8]
	}
	i, ok := tr.atomIdx[string(k)]
	if !ok {
		i = len(tr.atoms)
		tr.atoms = append(tr.atoms, set)
		tr.atomIdx[string(k)] = i
	}
	return eoLref(AtomPrefix + strconv.Itoa(i+1))
}

// inline reports whether a plain atom can be written into the property as
// it is: only the game's variables, model labels, literals and operators.
func (tr *outcomeTr) inline(e prism.Expr) bool {
	ok := true
	prism.Inspect(e, func(x prism.Expr) bool {
		switch y := x.(type) {
		case *prism.IntLit, *prism.DoubleLit, *prism.BoolLit, *prism.Unary, *prism.Binary, *prism.Cond, *prism.Paren:
		case *prism.Name:
			ok = ok && !y.Primed && tr.vars[y.Name]
		case *prism.LabelRef:
			ok = ok && tr.labels[y.Name]
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// formula translates ψ at position pos (-1: not known statically).
func (tr *outcomeTr) formula(e prism.Expr, pos int, top bool) (prism.Expr, error) {
	e = prism.Unparen(e)
	if e == nil {
		return nil, tr.env.Errorf(prism.NoPos, "missing outcome formula")
	}
	switch x := e.(type) {
	case *prism.BoolLit:
		return &prism.BoolLit{Value: x.Value}, nil
	case *prism.Temporal:
		return tr.temporal(x, pos, top)
	case *prism.Resp, *prism.ProbOp, *prism.Strategy:
		// Nested state formulas: whatever the checker evaluates per state.
		set, err := tr.env.StateSet(x)
		if err != nil {
			return nil, err
		}
		return tr.atomLabel(set), nil
	case *prism.Unary:
		if x.Op == prism.OpNot {
			a, err := tr.formula(x.X, pos, top)
			if err != nil {
				return nil, err
			}
			return eoNot(a), nil
		}
	case *prism.Binary:
		switch x.Op {
		case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
			l, err := tr.formula(x.X, pos, top)
			if err != nil {
				return nil, err
			}
			r, err := tr.formula(x.Y, pos, top)
			if err != nil {
				return nil, err
			}
			return &prism.Binary{X: l, Op: x.Op, Y: r}, nil
		}
	}
	if tr.inline(e) {
		return e, nil
	}
	set, err := tr.env.AtomSet(e)
	if err != nil {
		return nil, err
	}
	return tr.atomLabel(set), nil
}

func (tr *outcomeTr) temporal(x *prism.Temporal, pos int, top bool) (prism.Expr, error) {
	b, err := tr.env.Bound(x)
	if err != nil {
		return nil, err
	}
	if x.Op == prism.TempX {
		p := -1
		if pos >= 0 {
			p = pos + 1
		}
		r, err := tr.formula(x.Right, p, false)
		if err != nil {
			return nil, err
		}
		return eoNextStrong(r), nil
	}
	if (x.Op == prism.TempU || x.Op == prism.TempW || x.Op == prism.TempR) && x.Left == nil {
		return nil, tr.env.Errorf(x.OpPos, "%v needs two operands", x.Op)
	}
	weak := x.Op == prism.TempG || x.Op == prism.TempW || x.Op == prism.TempR
	shift := top && tr.fromOne
	bounded := b != Unbounded
	if bounded {
		if shift {
			b--
		}
		if b < 0 {
			return &prism.BoolLit{Value: weak}, nil
		}
	}
	p := pos
	if shift && p >= 0 {
		p++
	}
	right, err := tr.formula(x.Right, -1, false)
	if err != nil {
		return nil, err
	}
	var left prism.Expr
	if x.Left != nil {
		if left, err = tr.formula(x.Left, -1, false); err != nil {
			return nil, err
		}
	}
	var r prism.Expr
	switch {
	case !bounded:
		r = tr.window(x.Op, left, right, eoLive())
	case p >= 0:
		w := eoLive()
		if int64(p)+b < int64(tr.T) {
			w = eoAnd(w, &prism.Binary{X: &prism.Name{Name: tr.kvar}, Op: prism.OpLe, Y: &prism.IntLit{Value: int64(p) + b}})
		}
		r = tr.window(x.Op, left, right, w)
	default:
		if b > int64(tr.T) {
			b = int64(tr.T) // positions past T+… are never live
		}
		r = tr.unroll(x.Op, left, right, int(b))
	}
	if shift {
		if weak {
			return eoNextWeak(r), nil
		}
		return eoNextStrong(r), nil
	}
	return r, nil
}

// window writes an operator whose admitted positions are those where w
// holds (w implies live).
func (tr *outcomeTr) window(op prism.TempOp, l, r, w prism.Expr) prism.Expr {
	switch op {
	case prism.TempF:
		return eoTmp(prism.TempF, nil, eoAnd(w, r))
	case prism.TempG:
		return eoTmp(prism.TempG, nil, eoImplies(w, r))
	case prism.TempU:
		return eoTmp(prism.TempU, l, eoAnd(w, r))
	case prism.TempW:
		return eoTmp(prism.TempW, eoImplies(w, l), eoAnd(w, r))
	}
	return eoTmp(prism.TempR, eoAnd(w, l), eoImplies(w, r))
}

// unroll writes a bounded operator at a live position as an X-chain.
func (tr *outcomeTr) unroll(op prism.TempOp, l, r prism.Expr, b int) prism.Expr {
	var acc prism.Expr
	switch op {
	case prism.TempF, prism.TempG, prism.TempU, prism.TempR:
		acc = r
	case prism.TempW:
		acc = eoOr(r, l)
	}
	for i := 1; i <= b; i++ {
		switch op {
		case prism.TempF:
			acc = eoOr(r, eoNextStrong(acc))
		case prism.TempG:
			acc = eoAnd(r, eoNextWeak(acc))
		case prism.TempU:
			acc = eoOr(r, eoAnd(l, eoNextStrong(acc)))
		case prism.TempW:
			acc = eoOr(r, eoAnd(l, eoNextWeak(acc)))
		case prism.TempR:
			acc = eoAnd(r, eoOr(l, eoNextWeak(acc)))
		}
	}
	return acc
}
