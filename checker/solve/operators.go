package solve

import (
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/translate"
)

// Query is what a coalition operator asks.
type Query struct {
	Coal []bool // per player: in the coalition
	Max  bool   // the coalition maximises the probability
	Sure bool   // <<A>> [ψ]: the coalition makes ψ certain
	// Meter receives the iterations of the solvers of the query (nil:
	// nobody): bounded iterations "step t of k", value iteration "step t".
	Meter *progress.Meter
}

// Flip returns the query of the opponents' side: the same coalition
// optimising the other way.
func (q Query) Flip() Query { q.Max = !q.Max; return q }

// Bounds of a temporal operator as the solvers take them: a bound k ≥ 0
// counts steps; Unbounded has none; EmptyRange admits no position (<0).
const (
	Unbounded  = -1
	EmptyRange = -2
)

// Op is a temporal operator over state sets.
type Op uint8

// Temporal operators solved by Path (X is the caller's: its one-step
// operator is Next or CPre).
const (
	OpF Op = iota // F right
	OpU           // left U right
	OpG           // G right
	OpW           // left W right
	OpR           // left R right
)

// Path solves op over the state sets left and right (left unused by F and
// G) with bound k on arena ar, for every arena state: the probability the
// query's side optimises, or 0/1 when q.Sure asks for certainty.
func Path(ar *Arena, q Query, op Op, left, right []bool, k int64) ([]float64, error) {
	weak, a, b := opSets(op, left, right)
	if weak {
		return Weak(ar, q, a, b, k)
	}
	return Until(ar, q, a, b, k)
}

// opSets writes op over left and right as a U b (weak false) or a W b
// (weak true): F b = true U b, G a = a W false, a R b = b W (a ∧ b).
func opSets(op Op, left, right []bool) (weak bool, a, b []bool) {
	n := len(right)
	switch op {
	case OpF:
		all := make([]bool, n)
		for i := range all {
			all[i] = true
		}
		return false, all, right
	case OpU:
		return false, left, right
	case OpG:
		return true, right, make([]bool, n)
	case OpW:
		return true, left, right
	}
	ab := make([]bool, n)
	for i := range ab {
		ab[i] = left[i] && right[i]
	}
	return true, right, ab
}

// Until solves a U≤k b.
func Until(ar *Arena, q Query, a, b []bool, k int64) ([]float64, error) {
	if k == EmptyRange {
		return make([]float64, len(a)), nil
	}
	sv := NewSolver(ar, NewView(ar.g, q.Coal), q.Max).watch(q.Meter)
	if q.Sure {
		return BoolValues(sv.SureReach(a, b, k)), nil
	}
	return sv.Reach(a, b, k)
}

// Weak solves a W≤k b, by duality for probabilities:
// P_A,max[a W b] = 1 − P_A,min[¬b U (¬a ∧ ¬b)].
func Weak(ar *Arena, q Query, a, b []bool, k int64) ([]float64, error) {
	n := len(a)
	if k == EmptyRange {
		out := make([]float64, n)
		for i := range out {
			out[i] = 1
		}
		return out, nil
	}
	if q.Sure {
		sv := NewSolver(ar, NewView(ar.g, q.Coal), q.Max).watch(q.Meter)
		return BoolValues(sv.SureWeak(a, b, k)), nil
	}
	nb := make([]bool, n)
	bad := make([]bool, n)
	for i := range nb {
		nb[i] = !b[i]
		bad[i] = !a[i] && !b[i]
	}
	f := q.Flip()
	sv := NewSolver(ar, NewView(ar.g, f.Coal), f.Max).watch(f.Meter)
	v, err := sv.Reach(nb, bad, k)
	if err != nil {
		return nil, err
	}
	for i := range v {
		v[i] = 1 - v[i]
	}
	return v, nil
}

// BoolValues maps true to 1 and false to 0.
func BoolValues(b []bool) []float64 {
	out := make([]float64, len(b))
	for i, x := range b {
		if x {
			out[i] = 1
		}
	}
	return out
}

// Game returns the game the arena's states stand for.
func (a *Arena) Game() *translate.Game { return a.g }
