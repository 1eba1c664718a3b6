package ltlf

import "math"

// This file ties the bounds of operators that start at a known position to
// the step counter of a layered pass instead of to automaton states.
//
// A relative bound counts down as the history grows: F≤k φ at position t
// progresses to F≤k-1 φ, so its automaton has k+1 states and a product with
// a game of |S| states about k·|S|. An operator outside every other
// temporal operator (under X only) starts at a position known in advance,
// so its window can be written as a deadline, the last position D of the
// window: F≤D φ read at position t means φ at some position in [t, D]. The
// deadline does not change as the history grows, so progression leaves the
// node as it is until the pass's step reaches D, when the window closes.
//
// A formula's Due position is the smallest deadline among its nodes outside
// every X and temporal operator. Every state a pass reaches at step t has
// Due ≥ t; Prog is the progression at a step before Due and ProgDue the
// one at step Due, where the windows ending there close.

// NoDue is the Due position of a formula without a deadline.
const NoDue = math.MaxInt32

// Anchor returns formula id, read from position 0 of a history, with the
// bounds of the operators that start at a known position (outside every
// temporal operator, under k X's: position k) made deadlines. Operands of
// temporal operators keep relative bounds: they start at every position.
func (f *Factory) Anchor(id int32) int32 { return f.anchor(id, 0, 0) }

// AnchorWithin is Anchor for histories of horizon T ≥ 1 (positions 0 to
// T): an operator whose deadline is at or past T closes no window within
// them, and is the unbounded operator there (ψ1 U≤k ψ2 at position t asks
// for ψ2 at a position in [t, min(t+k, T)]), so it gets no deadline, and
// a product has no successors at a Due position no step reaches.
func (f *Factory) AnchorWithin(id, T int32) int32 { return f.anchor(id, 0, T) }

// anchor anchors id read at position pos; T > 0 is the horizon.
func (f *Factory) anchor(id, pos, T int32) int32 {
	if id == True || id == False {
		return id
	}
	n := f.nodes[id]
	switch n.kind {
	case fAnd, fOr:
		xs := make([]int32, len(n.list))
		for i, x := range n.list {
			xs[i] = f.anchor(x, pos, T)
		}
		if n.kind == fAnd {
			return f.And(xs...)
		}
		return f.Or(xs...)
	case fX, fWX:
		return f.Next(f.anchor(n.a, pos+1, T), n.kind == fWX)
	case F, G, U, W, R:
		if n.abs || n.k == Unbounded {
			return id
		}
		if T > 0 && int64(pos)+int64(n.k) >= int64(T) {
			// The window reaches the history's end: the unbounded operator.
			if n.kind == F || n.kind == G {
				return f.temporal(n.kind, Unbounded, false, 0, n.a)
			}
			return f.temporal(n.kind, Unbounded, false, n.a, n.b)
		}
		if n.k > math.MaxInt32-pos {
			return id
		}
		if n.kind == F || n.kind == G {
			return f.temporal(n.kind, pos+n.k, true, 0, n.a)
		}
		return f.temporal(n.kind, pos+n.k, true, n.a, n.b)
	}
	return id
}

// Due returns the smallest deadline of id outside every X and temporal
// operator, or NoDue.
func (a *Automaton) Due(id int32) int32 {
	if id == True || id == False {
		return NoDue
	}
	if d, ok := a.dueMemo[id]; ok {
		return d
	}
	n := a.fac.nodes[id]
	d := int32(NoDue)
	switch n.kind {
	case fAnd, fOr:
		for _, x := range n.list {
			d = min(d, a.Due(x))
		}
	case F, G, U, W, R:
		if n.abs {
			d = n.k
		}
	}
	a.dueMemo[id] = d
	return d
}

// ProgDue returns the residual of id after reading letter at position
// Due(id): the windows ending there close.
func (a *Automaton) ProgDue(id, letter int32) int32 {
	if a.Due(id) == NoDue {
		return a.Prog(id, letter)
	}
	return a.prog(id, letter, true)
}
