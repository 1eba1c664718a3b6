package translate

import (
	"encoding/binary"
	"math/big"

	"github.com/onus-mc/onus/prism"
)

// valMemo remembers the exact value of an expression (an update's
// probability, a reward item's value) by the values of the variables it
// reads (through formulas too), so that it is evaluated with big.Rat once
// per distinct valuation of them, not once per state. The variables are
// found in the expression's tree; when it holds a node this does not
// know, nothing is remembered.
type valMemo[V any] struct {
	deps []int // variable indices read; nil with ok false: not memoised
	ok   bool
	vals map[string]V
	key  []byte // the key of the last lookup
}

// newValMemo is the memo of an expression reading deps (ok false: not
// memoised).
func newValMemo[V any](deps []int, ok bool) *valMemo[V] {
	m := &valMemo[V]{deps: deps, ok: ok}
	if ok {
		m.vals = map[string]V{}
	}
	return m
}

// lookup returns the value remembered for state s, if any; store then
// remembers one for s.
func (m *valMemo[V]) lookup(s []int32) (V, bool) {
	key := m.key[:0]
	for _, vi := range m.deps {
		key = binary.LittleEndian.AppendUint32(key, uint32(s[vi]))
	}
	m.key = key
	v, ok := m.vals[string(key)]
	return v, ok
}

// store remembers v for the state of the last lookup, up to
// maxMemoEntries values.
func (m *valMemo[V]) store(v V) {
	if len(m.vals) < maxMemoEntries {
		m.vals[string(m.key)] = v
	}
}

// noExactMemo turns the memo off, for tests that compare with it on.
var noExactMemo = false

// maxMemoEntries bounds each update's memo: past it, probabilities are
// evaluated again (an expression over many variables would otherwise
// keep one entry per state).
const maxMemoEntries = 1 << 14

// newExactMemo finds the variables the probability of u reads.
func (x *explorer) newExactMemo(u *update) *valMemo[xrat] {
	return newValMemo[xrat](x.b.exprDeps(u.probE, u.ren))
}

// exprDeps returns the indices of the variables e reads (through
// formulas too) under the renaming ren; ok false when e holds a node this
// does not know, or a cycle of formulas.
func (b *builder) exprDeps(e prism.Expr, ren map[string]string) (deps []int, ok bool) {
	ok = true
	seen := map[int]bool{}
	active := map[string]bool{}
	var walk func(e prism.Expr)
	walk = func(e prism.Expr) {
		if !ok {
			return
		}
		switch e := e.(type) {
		case *prism.IntLit, *prism.DoubleLit, *prism.BoolLit:
		case *prism.Paren:
			walk(e.X)
		case *prism.Unary:
			walk(e.X)
		case *prism.Binary:
			walk(e.X)
			walk(e.Y)
		case *prism.Cond:
			walk(e.Cond)
			walk(e.Then)
			walk(e.Else)
		case *prism.Call:
			for _, a := range e.Args {
				walk(a)
			}
		case *prism.Name:
			if f := b.formulas[e.Name]; f != nil {
				if active[e.Name] {
					ok = false // a cycle: left to the evaluation to report
					return
				}
				active[e.Name] = true
				walk(f.Expr)
				delete(active, e.Name)
				return
			}
			if vi, found := b.varIndex[rename(ren, e.Name)]; found && !seen[vi] {
				seen[vi] = true
				deps = append(deps, vi)
			}
		default:
			ok = false
		}
	}
	walk(e)
	return deps, ok
}

// exactProb is the exact probability of update u in the current state,
// whose float value is p.
func (x *explorer) exactProb(u *update, p float64) xrat {
	if u.probE == nil {
		return xratOne
	}
	m := x.memo[u]
	if m == nil {
		if x.memo == nil {
			x.memo = map[*update]*valMemo[xrat]{}
		}
		m = x.newExactMemo(u)
		x.memo[u] = m
	}
	if !m.ok || noExactMemo {
		return x.evalExact(u, p)
	}
	if r, ok := m.lookup(x.s2); ok {
		return r
	}
	r := x.evalExact(u, p)
	m.store(r)
	return r
}

// evalExact evaluates the probability of u in the current state with
// big.Rat; a value that is not rational (a function of doubles) is the
// float p.
func (x *explorer) evalExact(u *update, p float64) xrat {
	in := &interp{b: x.b, ren: u.ren, exact: true, state: x.s2[:x.n]}
	v := in.eval(u.probE)
	if v.Rat != nil {
		return xratOf(v.Rat)
	}
	return xratOf(new(big.Rat).SetFloat64(p))
}
