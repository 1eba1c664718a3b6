package ltlf

import (
	"encoding/binary"
	"slices"
)

// This file holds the outcome formulas as hash-consed, simplified nodes and
// their progression: prog(φ, σ) is what must hold from the next position
// when the current position reads letter σ, and final(φ, σ) is the truth of
// φ at the last position of a history (SPEC §3: pending X, F and U are
// false there, G, W and R true). The residuals reached from ψ by prog are
// the states of ψ's deterministic Automaton.

// Kind is the operator of a formula node. The temporal operators a caller
// builds with Temporal are exported; the rest are made by Atom, Not, And,
// Or and Next.
type Kind uint8

// Formula node kinds.
const (
	fTrue Kind = iota
	fFalse
	fAtom
	fNot
	fAnd
	fOr
	fX  // strong next: false at the last position
	fWX // weak next: true at the last position (from --outcome-from 1)
	F
	G
	U
	W
	R
)

// Formula ids with a fixed meaning, and the bound of an unbounded operator.
const (
	True  int32 = 0
	False int32 = 1
	// Unbounded marks a temporal operator without a bound.
	Unbounded int32 = -1
)

type fnode struct {
	kind Kind
	k    int32 // bound of F/G/U/W/R; Unbounded if none
	abs  bool  // k is a deadline: the last position of the window (deadline.go)
	a, b int32 // operands (atom index for fAtom)
	list []int32
}

// Factory interns formula nodes so that equal formulas share one id.
type Factory struct {
	nodes []fnode
	index map[string]int32
	key   []byte
}

// NewFactory returns a factory holding only True and False.
func NewFactory() *Factory {
	f := &Factory{index: map[string]int32{}}
	f.intern(fnode{kind: fTrue})
	f.intern(fnode{kind: fFalse})
	return f
}

func (f *Factory) intern(n fnode) int32 {
	k := f.key[:0]
	k = append(k, byte(n.kind))
	if n.abs {
		k = append(k, 1)
	}
	k = binary.LittleEndian.AppendUint32(k, uint32(n.k))
	k = binary.LittleEndian.AppendUint32(k, uint32(n.a))
	k = binary.LittleEndian.AppendUint32(k, uint32(n.b))
	for _, x := range n.list {
		k = binary.LittleEndian.AppendUint32(k, uint32(x))
	}
	f.key = k
	if id, ok := f.index[string(k)]; ok {
		return id
	}
	id := int32(len(f.nodes))
	f.nodes = append(f.nodes, n)
	f.index[string(k)] = id
	return id
}

// Atom returns the formula of atom i.
func (f *Factory) Atom(i int) int32 { return f.intern(fnode{kind: fAtom, a: int32(i)}) }

// Not negates a formula, keeping negation normal form: only atoms are
// negated; the temporal operators swap with their duals (finite-trace
// semantics: ¬X φ = WX ¬φ, ¬F φ = G ¬φ, ¬(a U b) = ¬a R ¬b,
// ¬(a W b) = ¬b U (¬a ∧ ¬b)).
func (f *Factory) Not(a int32) int32 {
	switch a {
	case True:
		return False
	case False:
		return True
	}
	n := f.nodes[a]
	switch n.kind {
	case fAtom:
		return f.intern(fnode{kind: fNot, a: a})
	case fNot:
		return n.a
	case fAnd, fOr:
		xs := make([]int32, len(n.list))
		for i, x := range n.list {
			xs[i] = f.Not(x)
		}
		if n.kind == fAnd {
			return f.Or(xs...)
		}
		return f.And(xs...)
	case fX:
		return f.Next(f.Not(n.a), true)
	case fWX:
		return f.Next(f.Not(n.a), false)
	case F:
		return f.temporal(G, n.k, n.abs, 0, f.Not(n.a))
	case G:
		return f.temporal(F, n.k, n.abs, 0, f.Not(n.a))
	case U:
		return f.temporal(R, n.k, n.abs, f.Not(n.a), f.Not(n.b))
	case R:
		return f.temporal(U, n.k, n.abs, f.Not(n.a), f.Not(n.b))
	case W:
		nb := f.Not(n.b)
		return f.temporal(U, n.k, n.abs, nb, f.And(f.Not(n.a), nb))
	}
	panic("ltlf: negation of an unknown formula")
}

// Formulas built by and/or are kept in disjunctive normal form: an fOr of
// clauses, a clause being an fAnd of literals (atoms, negated atoms and
// temporal nodes) or a single literal; clauses are sorted and absorbed
// (a clause that contains another is dropped). The normal form makes the
// residuals of progression finitely many.

// And returns the conjunction of xs.
func (f *Factory) And(xs ...int32) int32 {
	acc := [][]int32{{}}
	for _, x := range xs {
		d := f.clauses(x)
		var out [][]int32
		for _, c1 := range acc {
			for _, c2 := range d {
				c := make([]int32, 0, len(c1)+len(c2))
				c = append(append(c, c1...), c2...)
				if c, ok := f.simplifyClause(c); ok {
					out = append(out, c)
				}
			}
		}
		acc = absorb(out)
		if len(acc) == 0 {
			return False
		}
	}
	return f.fromClauses(acc)
}

// Or returns the disjunction of xs.
func (f *Factory) Or(xs ...int32) int32 {
	var acc [][]int32
	for _, x := range xs {
		if x == True {
			return True
		}
		acc = append(acc, f.clauses(x)...)
	}
	return f.fromClauses(f.mergeSingletons(absorb(acc)))
}

// clauses returns the DNF of a normalised formula.
func (f *Factory) clauses(x int32) [][]int32 {
	switch x {
	case True:
		return [][]int32{{}}
	case False:
		return nil
	}
	n := f.nodes[x]
	switch n.kind {
	case fAnd:
		return [][]int32{n.list}
	case fOr:
		out := make([][]int32, len(n.list))
		for i, c := range n.list {
			if f.nodes[c].kind == fAnd {
				out[i] = f.nodes[c].list
			} else {
				out[i] = []int32{c}
			}
		}
		return out
	}
	return [][]int32{{x}}
}

func (f *Factory) fromClauses(cs [][]int32) int32 {
	if len(cs) == 0 {
		return False
	}
	ids := make([]int32, len(cs))
	for i, c := range cs {
		switch len(c) {
		case 0:
			return True
		case 1:
			ids[i] = c[0]
		default:
			ids[i] = f.intern(fnode{kind: fAnd, list: c})
		}
	}
	if len(ids) == 1 {
		return ids[0]
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 1 {
		return ids[0]
	}
	return f.intern(fnode{kind: fOr, list: ids})
}

// simplifyClause sorts a conjunction of literals, removes duplicates, keeps
// the strongest of several bounded F (smallest bound) or G (largest) of
// one operand, and reports false when it holds an atom and its negation.
func (f *Factory) simplifyClause(c []int32) ([]int32, bool) {
	slices.Sort(c)
	c = slices.Compact(c)
	for _, x := range c {
		if n := f.nodes[x]; n.kind == fNot {
			if _, ok := slices.BinarySearch(c, n.a); ok {
				return nil, false
			}
		}
	}
	return f.mergeBounds(c, true), true
}

// mergeSingletons applies the disjunctive bound merge to one-literal clauses:
// F≤j φ ∨ F≤k φ = F≤max φ and G≤j φ ∨ G≤k φ = G≤min φ.
func (f *Factory) mergeSingletons(cs [][]int32) [][]int32 {
	var singles []int32
	var rest [][]int32
	for _, c := range cs {
		if len(c) == 1 {
			singles = append(singles, c[0])
		} else {
			rest = append(rest, c)
		}
	}
	if len(singles) < 2 {
		return cs
	}
	slices.Sort(singles)
	singles = f.mergeBounds(singles, false)
	for _, x := range singles {
		rest = append(rest, []int32{x})
	}
	return absorb(rest)
}

// mergeBounds keeps one F and one G per operand in a sorted list of
// literals: in a conjunction F≤min and G≤max, in a disjunction F≤max and
// G≤min. Unbounded counts as infinite.
func (f *Factory) mergeBounds(xs []int32, conj bool) []int32 {
	type key struct {
		kind Kind
		abs  bool // a deadline and a relative bound do not compare
		a    int32
	}
	n := 0
	for _, x := range xs {
		if k := f.nodes[x].kind; k == F || k == G {
			n++
		}
	}
	if n < 2 {
		return xs
	}
	best := map[key]int32{}
	bound := func(id int32) int64 {
		if b := f.nodes[id].k; b != Unbounded {
			return int64(b)
		}
		return 1 << 40
	}
	for _, x := range xs {
		nd := f.nodes[x]
		if nd.kind != F && nd.kind != G {
			continue
		}
		k := key{nd.kind, nd.abs, nd.a}
		old, ok := best[k]
		if !ok {
			best[k] = x
			continue
		}
		wantSmaller := conj == (nd.kind == F)
		if (wantSmaller && bound(x) < bound(old)) || (!wantSmaller && bound(x) > bound(old)) {
			best[k] = x
		}
	}
	out := make([]int32, 0, len(xs))
	for _, x := range xs {
		nd := f.nodes[x]
		if (nd.kind == F || nd.kind == G) && best[key{nd.kind, nd.abs, nd.a}] != x {
			continue
		}
		out = append(out, x)
	}
	return out
}

// absorb sorts clauses and drops duplicates and clauses that contain
// another clause.
func absorb(cs [][]int32) [][]int32 {
	slices.SortFunc(cs, func(a, b []int32) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return slices.Compare(a, b)
	})
	var out [][]int32
next:
	for _, c := range cs {
		for _, k := range out {
			if subset(k, c) {
				continue next
			}
		}
		out = append(out, c)
	}
	return out
}

// subset reports whether sorted a ⊆ sorted b.
func subset(a, b []int32) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
		j++
	}
	return true
}

// Next returns X a (strong: false at the last position) or, when weak, the
// next that holds at the last position.
func (f *Factory) Next(a int32, weak bool) int32 {
	if weak {
		if a == True {
			return True
		}
		return f.intern(fnode{kind: fWX, a: a})
	}
	if a == False {
		return False
	}
	return f.intern(fnode{kind: fX, a: a})
}

// Temporal builds F and G (operand in b, a unused) and U, W, R with bound
// k ≥ 0 or Unbounded, simplified. Empty ranges (negative bounds) are
// resolved by the caller.
func (f *Factory) Temporal(kind Kind, k int32, a, b int32) int32 {
	return f.temporal(kind, k, false, a, b)
}

// temporal is Temporal for a relative bound (abs false) or a deadline (abs
// true: k is the last position of the window, which is never past; the
// rules for an empty window apply to relative bounds only).
func (f *Factory) temporal(kind Kind, k int32, abs bool, a, b int32) int32 {
	zero := k == 0 && !abs // a window of the current position only
	switch kind {
	case F:
		if b == True || b == False {
			return b
		}
		if zero {
			return b
		}
		return f.intern(fnode{kind: F, k: k, abs: abs, a: b})
	case G:
		if b == True || b == False {
			return b
		}
		if zero {
			return b
		}
		return f.intern(fnode{kind: G, k: k, abs: abs, a: b})
	case U:
		if a == True {
			return f.temporal(F, k, abs, 0, b)
		}
		if b == True || b == False || a == False || zero {
			return b
		}
	case W:
		if b == True || a == True {
			return True
		}
		if a == False {
			return b
		}
		if zero {
			return f.Or(a, b)
		}
		if b == False {
			return f.temporal(G, k, abs, 0, a)
		}
	case R:
		// a R b = ¬(¬a U ¬b)
		if b == False || b == True || zero {
			return b
		}
		if a == False {
			return f.temporal(G, k, abs, 0, b)
		}
		if a == True {
			return b
		}
	}
	return f.intern(fnode{kind: kind, k: k, abs: abs, a: a, b: b})
}
