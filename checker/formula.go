package checker

import (
	"encoding/binary"
	"slices"
)

// This file holds the outcome formulas as hash-consed, simplified nodes and
// their progression: prog(φ, σ) is what must hold from the next position
// when the current position reads letter σ, and final(φ, σ) is the truth of
// φ at the last position of a history (SPEC §3: pending X, F and U are
// false there, G, W and R true). The residuals reached from ψ by prog are
// the states of ψ's deterministic automaton.

type fkind uint8

const (
	fTrue fkind = iota
	fFalse
	fAtom
	fNot
	fAnd
	fOr
	fX  // strong next: false at the last position
	fWX // weak next: true at the last position (from --outcome-from 1)
	fF
	fG
	fU
	fW
	fR
)

const (
	idTrue  int32 = 0
	idFalse int32 = 1
	// unbounded marks a temporal operator without a bound.
	unbounded int32 = -1
)

type fnode struct {
	kind fkind
	k    int32 // bound of F/G/U/W/R; unbounded if none
	a, b int32 // operands (atom index for fAtom)
	list []int32
}

// factory interns formula nodes so that equal formulas share one id.
type factory struct {
	nodes []fnode
	index map[string]int32
	key   []byte
}

func newFactory() *factory {
	f := &factory{index: map[string]int32{}}
	f.intern(fnode{kind: fTrue})
	f.intern(fnode{kind: fFalse})
	return f
}

func (f *factory) intern(n fnode) int32 {
	k := f.key[:0]
	k = append(k, byte(n.kind))
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

func (f *factory) atom(i int) int32 { return f.intern(fnode{kind: fAtom, a: int32(i)}) }

// not negates a formula, keeping negation normal form: only atoms are
// negated; the temporal operators swap with their duals (finite-trace
// semantics: ¬X φ = WX ¬φ, ¬F φ = G ¬φ, ¬(a U b) = ¬a R ¬b,
// ¬(a W b) = ¬b U (¬a ∧ ¬b)).
func (f *factory) not(a int32) int32 {
	switch a {
	case idTrue:
		return idFalse
	case idFalse:
		return idTrue
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
			xs[i] = f.not(x)
		}
		if n.kind == fAnd {
			return f.or(xs...)
		}
		return f.and(xs...)
	case fX:
		return f.next(f.not(n.a), true)
	case fWX:
		return f.next(f.not(n.a), false)
	case fF:
		return f.temporal(fG, n.k, 0, f.not(n.a))
	case fG:
		return f.temporal(fF, n.k, 0, f.not(n.a))
	case fU:
		return f.temporal(fR, n.k, f.not(n.a), f.not(n.b))
	case fR:
		return f.temporal(fU, n.k, f.not(n.a), f.not(n.b))
	case fW:
		nb := f.not(n.b)
		return f.temporal(fU, n.k, nb, f.and(f.not(n.a), nb))
	}
	panic("checker: negation of an unknown formula")
}

// Formulas built by and/or are kept in disjunctive normal form: an fOr of
// clauses, a clause being an fAnd of literals (atoms, negated atoms and
// temporal nodes) or a single literal; clauses are sorted and absorbed
// (a clause that contains another is dropped). The normal form makes the
// residuals of progression finitely many.

func (f *factory) and(xs ...int32) int32 {
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
			return idFalse
		}
	}
	return f.fromClauses(acc)
}

func (f *factory) or(xs ...int32) int32 {
	var acc [][]int32
	for _, x := range xs {
		if x == idTrue {
			return idTrue
		}
		acc = append(acc, f.clauses(x)...)
	}
	return f.fromClauses(f.mergeSingletons(absorb(acc)))
}

// clauses returns the DNF of a normalised formula.
func (f *factory) clauses(x int32) [][]int32 {
	switch x {
	case idTrue:
		return [][]int32{{}}
	case idFalse:
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

func (f *factory) fromClauses(cs [][]int32) int32 {
	if len(cs) == 0 {
		return idFalse
	}
	ids := make([]int32, len(cs))
	for i, c := range cs {
		switch len(c) {
		case 0:
			return idTrue
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
func (f *factory) simplifyClause(c []int32) ([]int32, bool) {
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
func (f *factory) mergeSingletons(cs [][]int32) [][]int32 {
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
func (f *factory) mergeBounds(xs []int32, conj bool) []int32 {
	type key struct {
		kind fkind
		a    int32
	}
	n := 0
	for _, x := range xs {
		if k := f.nodes[x].kind; k == fF || k == fG {
			n++
		}
	}
	if n < 2 {
		return xs
	}
	best := map[key]int32{}
	bound := func(id int32) int64 {
		if b := f.nodes[id].k; b != unbounded {
			return int64(b)
		}
		return 1 << 40
	}
	for _, x := range xs {
		nd := f.nodes[x]
		if nd.kind != fF && nd.kind != fG {
			continue
		}
		k := key{nd.kind, nd.a}
		old, ok := best[k]
		if !ok {
			best[k] = x
			continue
		}
		wantSmaller := conj == (nd.kind == fF)
		if (wantSmaller && bound(x) < bound(old)) || (!wantSmaller && bound(x) > bound(old)) {
			best[k] = x
		}
	}
	out := make([]int32, 0, len(xs))
	for _, x := range xs {
		nd := f.nodes[x]
		if (nd.kind == fF || nd.kind == fG) && best[key{nd.kind, nd.a}] != x {
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

func (f *factory) next(a int32, weak bool) int32 {
	if weak {
		if a == idTrue {
			return idTrue
		}
		return f.intern(fnode{kind: fWX, a: a})
	}
	if a == idFalse {
		return idFalse
	}
	return f.intern(fnode{kind: fX, a: a})
}

// temporal builds F and G (operand in b, a unused) and U, W, R with bound
// k ≥ 0 or unbounded, simplified. Empty ranges (negative bounds) are
// resolved by the caller.
func (f *factory) temporal(kind fkind, k int32, a, b int32) int32 {
	switch kind {
	case fF:
		if b == idTrue || b == idFalse {
			return b
		}
		if k == 0 {
			return b
		}
		return f.intern(fnode{kind: fF, k: k, a: b})
	case fG:
		if b == idTrue || b == idFalse {
			return b
		}
		if k == 0 {
			return b
		}
		return f.intern(fnode{kind: fG, k: k, a: b})
	case fU:
		if a == idTrue {
			return f.temporal(fF, k, 0, b)
		}
		if b == idTrue || b == idFalse || a == idFalse || k == 0 {
			return b
		}
	case fW:
		if b == idTrue || a == idTrue {
			return idTrue
		}
		if a == idFalse {
			return b
		}
		if k == 0 {
			return f.or(a, b)
		}
		if b == idFalse {
			return f.temporal(fG, k, 0, a)
		}
	case fR:
		// a R b = ¬(¬a U ¬b)
		if b == idFalse || b == idTrue || k == 0 {
			return b
		}
		if a == idFalse {
			return f.temporal(fG, k, 0, b)
		}
		if a == idTrue {
			return b
		}
	}
	return f.intern(fnode{kind: kind, k: k, a: a, b: b})
}

// automaton is the deterministic automaton of one outcome formula over the
// letters (truth vectors of its atoms) that occur in the game.
type automaton struct {
	fac      *factory
	init     int32   // the formula
	letterOf []int32 // per game state
	letters  [][]uint64
	progMemo map[uint64]int32
	finMemo  map[uint64]bool
	prod     *product
	// free caches the plan-free pass (Hist_T split by ψ) per (start, T).
	free map[[2]int]*passResult
}

func memoKey(id, letter int32) uint64 { return uint64(uint32(id))<<32 | uint64(uint32(letter)) }

func (a *automaton) has(letter int32, atom int32) bool {
	w := a.letters[letter]
	return w[atom>>6]&(1<<(uint(atom)&63)) != 0
}

// prog returns the residual of id after reading letter.
func (a *automaton) prog(id, letter int32) int32 {
	if id == idTrue || id == idFalse {
		return id
	}
	mk := memoKey(id, letter)
	if r, ok := a.progMemo[mk]; ok {
		return r
	}
	f := a.fac
	n := f.nodes[id]
	var r int32
	switch n.kind {
	case fAtom:
		r = idFalse
		if a.has(letter, n.a) {
			r = idTrue
		}
	case fNot:
		r = f.not(a.prog(n.a, letter))
	case fAnd, fOr:
		xs := make([]int32, len(n.list))
		for i, x := range n.list {
			xs[i] = a.prog(x, letter)
		}
		if n.kind == fAnd {
			r = f.and(xs...)
		} else {
			r = f.or(xs...)
		}
	case fX, fWX:
		r = n.a
	case fF:
		r = f.or(a.prog(n.a, letter), f.temporal(fF, dec(n.k), 0, n.a))
	case fG:
		r = f.and(a.prog(n.a, letter), f.temporal(fG, dec(n.k), 0, n.a))
	case fU:
		r = f.or(a.prog(n.b, letter), f.and(a.prog(n.a, letter), f.temporal(fU, dec(n.k), n.a, n.b)))
	case fW:
		r = f.or(a.prog(n.b, letter), f.and(a.prog(n.a, letter), f.temporal(fW, dec(n.k), n.a, n.b)))
	case fR:
		r = f.and(a.prog(n.b, letter), f.or(a.prog(n.a, letter), f.temporal(fR, dec(n.k), n.a, n.b)))
	}
	a.progMemo[mk] = r
	return r
}

// dec lowers a bound by one step (k ≥ 1 here; unbounded stays).
func dec(k int32) int32 {
	if k == unbounded {
		return k
	}
	return k - 1
}

// final reports whether id holds at the last position of a history, where
// that position reads letter.
func (a *automaton) final(id, letter int32) bool {
	switch id {
	case idTrue:
		return true
	case idFalse:
		return false
	}
	mk := memoKey(id, letter)
	if r, ok := a.finMemo[mk]; ok {
		return r
	}
	n := a.fac.nodes[id]
	var r bool
	switch n.kind {
	case fAtom:
		r = a.has(letter, n.a)
	case fNot:
		r = !a.final(n.a, letter)
	case fAnd:
		r = true
		for _, x := range n.list {
			if !a.final(x, letter) {
				r = false
				break
			}
		}
	case fOr:
		for _, x := range n.list {
			if a.final(x, letter) {
				r = true
				break
			}
		}
	case fX:
		r = false
	case fWX:
		r = true
	case fF, fG:
		r = a.final(n.a, letter)
	case fU, fR:
		r = a.final(n.b, letter)
	case fW:
		r = a.final(n.b, letter) || a.final(n.a, letter)
	}
	a.finMemo[mk] = r
	return r
}
