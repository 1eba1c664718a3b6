package checker

import (
	"math/big"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates P=? [ψ] and P~p [ψ] on the infinite paths of a
// Markov chain (the chain a behaviour induces, pinf.go) for recurrence and
// persistence formulas: ψ a Boolean combination (!, &, |, =>, <=>) of
// G F φ and F G φ, each φ a state formula. On a finite Markov chain almost
// every path ends in a bottom strongly connected component (BSCC) B and
// visits every state of B infinitely often, so G F φ holds on it iff B
// meets φ and F G φ iff B lies inside φ: ψ's truth is a function of B. So
// P(ψ) from s is the probability of reaching the union of the BSCCs where
// ψ is true, a reachability solved as F is (graph analysis for the
// probability-0 and -1 states, elimination or value iteration for the
// rest; exactly under --exact).

// recurForm is a formula of the fragment: a leaf G F φ or F G φ, or a
// Boolean connective over such formulas.
type recurForm struct {
	not  *recurForm // when set, f is !not
	bin  prism.Op   // x bin y for &, |, =>, <=> (x and y set)
	x, y *recurForm
	leaf int // otherwise a leaf: its index in recurrence.leaves
}

// recurLeaf is G F φ (persist false) or F G φ (persist true).
type recurLeaf struct {
	persist bool
	phi     prism.Expr
}

// recurrence is a parsed formula of the fragment with its leaves.
type recurrence struct {
	root   *recurForm
	leaves []recurLeaf
}

// recurrenceOf returns path as a formula of the fragment, or false when it
// is not one.
func recurrenceOf(path prism.Expr) (*recurrence, bool) {
	r := &recurrence{}
	root, ok := r.parse(path)
	if !ok {
		return nil, false
	}
	r.root = root
	return r, true
}

func (r *recurrence) parse(e prism.Expr) (*recurForm, bool) {
	switch x := prism.Unparen(e).(type) {
	case *prism.Unary:
		if x.Op != prism.OpNot {
			return nil, false
		}
		sub, ok := r.parse(x.X)
		if !ok {
			return nil, false
		}
		return &recurForm{not: sub}, true
	case *prism.Binary:
		switch x.Op {
		case prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff:
		default:
			return nil, false
		}
		l, ok := r.parse(x.X)
		if !ok {
			return nil, false
		}
		rt, ok := r.parse(x.Y)
		if !ok {
			return nil, false
		}
		return &recurForm{bin: x.Op, x: l, y: rt}, true
	case *prism.Temporal:
		in, ok := prism.Unparen(x.Right).(*prism.Temporal)
		if !ok || x.Bound.Kind != prism.BoundNone || in.Bound.Kind != prism.BoundNone {
			return nil, false
		}
		outer, inner := x.Op, in.Op
		var persist bool
		switch {
		case outer == prism.TempG && inner == prism.TempF:
		case outer == prism.TempF && inner == prism.TempG:
			persist = true
		default:
			return nil, false
		}
		if in.Right == nil || bareTemporal(in.Right) {
			return nil, false
		}
		r.leaves = append(r.leaves, recurLeaf{persist: persist, phi: in.Right})
		return &recurForm{leaf: len(r.leaves) - 1}, true
	}
	return nil, false
}

// eval is the truth of f on a path that ends in a BSCC where leaf i holds
// iff holds[i].
func (f *recurForm) eval(holds []bool) bool {
	switch {
	case f.not != nil:
		return !f.not.eval(holds)
	case f.x != nil:
		a, b := f.x.eval(holds), f.y.eval(holds)
		switch f.bin {
		case prism.OpAnd:
			return a && b
		case prism.OpOr:
			return a || b
		case prism.OpImplies:
			return !a || b
		default:
			return a == b
		}
	}
	return holds[f.leaf]
}

// recurTarget returns the states of the BSCCs of chain (one choice per
// state, or none: such a state is a BSCC of its own, where the path
// stays) in which r holds. The state formulas φ are evaluated on the game
// c checks, whose states the chain shares.
func (c *Checker) recurTarget(chain *translate.Game, r *recurrence) ([]bool, error) {
	phis := make([][]bool, len(r.leaves))
	for i, l := range r.leaves {
		v, err := c.patlBools(l.phi)
		if err != nil {
			return nil, err
		}
		phis[i] = v
	}
	n := chain.NumStates
	succ := func(i int, edge func(j int)) {
		lo, hi := chain.Choices(i)
		for k := lo; k < hi; k++ {
			tlo, thi := chain.Transitions(k)
			for t := tlo; t < thi; t++ {
				edge(int(chain.Target[t]))
			}
		}
	}
	target := make([]bool, n)
	holds := make([]bool, len(r.leaves))
	for _, cs := range solve.BottomSCCs(n, succ) {
		for i, l := range r.leaves {
			// G F φ: some state of B in φ; F G φ: all of them.
			h := l.persist
			for _, s := range cs {
				if phis[i][s] != l.persist {
					h = !l.persist
					break
				}
			}
			holds[i] = h
		}
		if r.root.eval(holds) {
			for _, s := range cs {
				target[s] = true
			}
		}
	}
	return target, nil
}

// recurValues returns P(r) on the infinite paths of the chain from each
// state in starts: the probability of reaching a BSCC where r holds,
// exactly under Config.Exact where the chain is small enough, else by
// elimination in floats where cheap, else by value iteration.
func (c *Checker) recurValues(inf *infState, path prism.Expr, r *recurrence, starts []int) ([]float64, []*big.Rat, error) {
	target, err := c.recurTarget(inf.chain, r)
	if err != nil {
		return nil, nil, err
	}
	ar := solve.GameArena(inf.chain)
	if ex := c.infExact(inf, path, func() ([]*big.Rat, error) {
		return solve.ExactPath(ar, inf.prob, solve.OpF, nil, target)
	}); ex != nil {
		return valuesAt(ratFloats(ex, nil), starts), ratsAt(ex, starts), nil
	}
	if v, err := solve.ChainPath(ar, solve.OpF, nil, target); err == nil {
		return valuesAt(v, starts), nil, nil
	}
	q := solve.Query{Max: true, Meter: c.hist.Meter()}
	all, err := solve.Path(ar, q, solve.OpF, nil, target, solve.Unbounded)
	if err != nil {
		return nil, nil, err
	}
	return valuesAt(all, starts), nil, nil
}

// neitherError refuses a path formula on infinite paths that is neither
// co-safe nor safety (its outcome automaton decides neither on a finite
// prefix) nor, for P under the behaviour profile, of the fragment above.
func (c *Checker) neitherError(path prism.Expr) error {
	return c.errAt(path.Position(), "on infinite paths onus checks co-safe path formulas (X, U, F and bounded operators) and safety formulas (X, G, W, R and bounded operators), and under P=? or P~p without a coalition also Boolean combinations of G F φ and F G φ (φ a state formula, e.g. (G F a) & !(F G b)); this one is none of these")
}
