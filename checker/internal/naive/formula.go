package naive

import (
	"fmt"
	"math"

	"github.com/onus-mc/onus/prism"
)

// Holds reports whether history h satisfies ψ (SPEC §3): ψ at position 0.
// With outcomeFrom 1 the temporal operators at the top level of ψ (those
// under no other temporal operator) range over positions 1..k instead of
// 0..k; X is unchanged and atoms at the top level are read at position 0.
func (e *Enum) Holds(psi prism.Expr, h *History, outcomeFrom int) (bool, error) {
	if outcomeFrom != 0 && outcomeFrom != 1 {
		return false, fmt.Errorf("naive: outcome-from %d", outcomeFrom)
	}
	return e.at(psi, h, 0, outcomeFrom)
}

// at evaluates ψ at position i; shift is 1 when ψ is at the top level under
// --outcome-from 1, and 0 otherwise.
func (e *Enum) at(psi prism.Expr, h *History, i, shift int) (bool, error) {
	switch x := psi.(type) {
	case *prism.Paren:
		return e.at(x.X, h, i, shift)
	case *prism.BoolLit:
		return x.Value, nil
	case *prism.Unary:
		if x.Op == prism.OpNot {
			v, err := e.at(x.X, h, i, shift)
			return !v, err
		}
	case *prism.Binary:
		switch x.Op {
		case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
			a, err := e.at(x.X, h, i, shift)
			if err != nil {
				return false, err
			}
			b, err := e.at(x.Y, h, i, shift)
			if err != nil {
				return false, err
			}
			switch x.Op {
			case prism.OpAnd:
				return a && b, nil
			case prism.OpOr:
				return a || b, nil
			case prism.OpImplies:
				return !a || b, nil
			default:
				return a == b, nil
			}
		}
	case *prism.Temporal:
		return e.temporal(x, h, i, shift)
	}
	set, err := e.m.Atom(psi)
	if err != nil {
		return false, err
	}
	return set.Has(h.States[i]), nil
}

// bound is the last offset k a bounded operator may look ahead (≤k, or <k
// as ≤k-1); math.MaxInt32 when unbounded.
func (e *Enum) bound(b prism.TimeBound) (int, error) {
	switch b.Kind {
	case prism.BoundNone:
		return math.MaxInt32, nil
	case prism.BoundLe, prism.BoundLt:
		v, err := e.m.Const(b.Lo)
		if err != nil {
			return 0, err
		}
		if v.Type != prism.TInt {
			return 0, fmt.Errorf("naive: time bound is not an integer")
		}
		k := int(v.I)
		if b.Kind == prism.BoundLt {
			k--
		}
		return k, nil
	}
	return 0, fmt.Errorf("naive: unsupported time bound kind %d", b.Kind)
}

// temporal evaluates a temporal operator at position i. Positions range
// over [i+shift, min(i+k, T)].
func (e *Enum) temporal(x *prism.Temporal, h *History, i, shift int) (bool, error) {
	T := e.T
	if x.Op == prism.TempX {
		if i+1 > T {
			return false, nil
		}
		return e.at(x.Right, h, i+1, 0)
	}
	k, err := e.bound(x.Bound)
	if err != nil {
		return false, err
	}
	first := i + shift
	last := T
	if k < T-i { // i+k < T, written so that an unbounded k cannot overflow
		last = i + k
	}
	// until reports whether some j in [first, last] has r at j and l at
	// every position in [first, j); nil l means true.
	until := func(l, r func(int) (bool, error)) (bool, error) {
		for j := first; j <= last; j++ {
			ok, err := r(j)
			if err != nil || ok {
				return ok, err
			}
			if l != nil {
				ok, err := l(j)
				if err != nil || !ok {
					return false, err
				}
			}
		}
		return false, nil
	}
	pos := func(f prism.Expr) func(int) (bool, error) {
		return func(j int) (bool, error) { return e.at(f, h, j, 0) }
	}
	neg := func(f prism.Expr) func(int) (bool, error) {
		return func(j int) (bool, error) {
			v, err := e.at(f, h, j, 0)
			return !v, err
		}
	}
	switch x.Op {
	case prism.TempF:
		return until(nil, pos(x.Right))
	case prism.TempG: // ¬F¬
		v, err := until(nil, neg(x.Right))
		return !v, err
	case prism.TempU:
		return until(pos(x.Left), pos(x.Right))
	case prism.TempW: // (l U r) ∨ G l
		u, err := until(pos(x.Left), pos(x.Right))
		if err != nil || u {
			return u, err
		}
		v, err := until(nil, neg(x.Left))
		return !v, err
	case prism.TempR: // ¬(¬l U ¬r)
		v, err := until(neg(x.Left), neg(x.Right))
		return !v, err
	}
	return false, fmt.Errorf("naive: unknown temporal operator %v", x.Op)
}

// Sat returns, for every history of Hist_T in order, whether it satisfies
// ψ (cached per formula node and outcome-from).
func (e *Enum) Sat(psi prism.Expr, outcomeFrom int) ([]bool, error) {
	key := satKey{psi, outcomeFrom}
	if s, ok := e.sat[key]; ok {
		return s, nil
	}
	s := make([]bool, len(e.Hist))
	for n := range e.Hist {
		v, err := e.Holds(psi, &e.Hist[n], outcomeFrom)
		if err != nil {
			return nil, err
		}
		s[n] = v
	}
	e.sat[key] = s
	return s, nil
}
