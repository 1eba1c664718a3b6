package checker_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Random cross-checks of recurrence and persistence formulas on infinite
// paths (recurrence.go) against a literal oracle: the bottom components
// found by the reachability closure (s is recurrent iff every state it
// reaches reaches it back; its component is what it reaches), the formula
// evaluated on each by its definition (G F φ: some state of the
// component in φ; F G φ: all of them), and the probabilities of ending in
// a component where it holds solved as a linear system over the transient
// states in exact rationals. The chains are random dtmcs and the chains
// that random behaviours induce on random csg, smg and mdp games.

// genDTMC builds a random dtmc of 2 to 8 states whose probabilities are
// the rationals w/Σw of small weights (a quarter of the states
// absorbing, a quarter moving forward only), with labels a and b.
func genDTMC(r *rand.Rand) (*translate.Game, [][]*big.Rat) {
	n := 2 + r.IntN(7)
	g := &translate.Game{
		Type:      prism.TypeDTMC,
		Vars:      []translate.Var{{Name: "s", Lo: 0, Hi: int32(n - 1)}},
		NumStates: n,
		Initial:   []int32{0},
		Deadlock:  translate.NewBitset(n),
		Actions:   []string{""},
	}
	exact := make([][]*big.Rat, n)
	for s := range n {
		g.Values = append(g.Values, int32(s))
		g.ChoiceStart = append(g.ChoiceStart, int32(s))
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
		g.ChoiceAction = append(g.ChoiceAction, 0)
		exact[s] = make([]*big.Rat, n)
		k := 1 + r.IntN(min(3, n))
		succ := r.Perm(n)[:k]
		switch r.IntN(4) {
		case 0:
			succ = []int{s} // absorbing: more bottom components
		case 1:
			// forward only (more transient states): among s..n-1
			for i := range succ {
				succ[i] = s + r.IntN(n-s)
			}
			slices.Sort(succ)
			succ = slices.Compact(succ)
		}
		w := make([]int64, n)
		sum := int64(0)
		for _, t := range succ {
			w[t] = 1 + r.Int64N(3)
			sum += w[t]
		}
		for t := range n {
			exact[s][t] = big.NewRat(w[t], sum)
			if w[t] > 0 {
				g.Target = append(g.Target, int32(t))
				f, _ := exact[s][t].Float64()
				g.Prob = append(g.Prob, f)
			}
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(n))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	for _, name := range []string{"a", "b"} {
		bs := translate.NewBitset(n)
		for s := range n {
			if r.IntN(2) == 0 {
				bs.Set(s)
			}
		}
		g.Labels = append(g.Labels, translate.Label{Name: name, States: bs})
	}
	return g, exact
}

// chainMatrix reads a chain's probabilities as exact rationals (the
// binary values of its floats).
func chainMatrix(g *translate.Game) [][]*big.Rat {
	n := g.NumStates
	m := make([][]*big.Rat, n)
	for s := range n {
		m[s] = make([]*big.Rat, n)
		for t := range m[s] {
			m[s][t] = new(big.Rat)
		}
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			for t := tlo; t < thi; t++ {
				m[s][g.Target[t]].Add(m[s][g.Target[t]], new(big.Rat).SetFloat64(g.Prob[t]))
			}
		}
	}
	return m
}

// labAtoms are the state formulas of genRecur on the random chains.
func labAtoms() []prism.Expr {
	return []prism.Expr{lab("a"), lab("b"), &prism.Unary{Op: prism.OpNot, X: lab("a")},
		&prism.Binary{X: lab("a"), Op: prism.OpAnd, Y: lab("b")}, &prism.Binary{X: lab("a"), Op: prism.OpOr, Y: lab("b")}}
}

// genRecur builds a random Boolean combination of G F φ and F G φ, each φ
// one of atoms.
func genRecur(r *rand.Rand, depth int, atoms []prism.Expr) prism.Expr {
	if depth == 0 || r.IntN(3) == 0 {
		phi := atoms[r.IntN(len(atoms))]
		outer, inner := prism.TempG, prism.TempF
		if r.IntN(2) == 0 {
			outer, inner = inner, outer
		}
		return &prism.Temporal{Op: outer, Right: &prism.Temporal{Op: inner, Right: phi}}
	}
	if r.IntN(4) == 0 {
		return &prism.Unary{Op: prism.OpNot, X: genRecur(r, depth-1, atoms)}
	}
	ops := []prism.Op{prism.OpAnd, prism.OpOr, prism.OpImplies, prism.OpIff}
	return &prism.Binary{X: genRecur(r, depth-1, atoms), Op: ops[r.IntN(len(ops))], Y: genRecur(r, depth-1, atoms)}
}

// recurOracle is P(ψ) from every state of the chain with matrix m, atom
// giving the states of each φ, by the definitions above.
func recurOracle(atom func(prism.Expr) (translate.Bitset, error), m [][]*big.Rat, psi prism.Expr) ([]*big.Rat, error) {
	n := len(m)
	reach := make([][]bool, n) // reflexive-transitive closure
	for s := range n {
		reach[s] = make([]bool, n)
		reach[s][s] = true
		for t := range n {
			reach[s][t] = reach[s][t] || m[s][t].Sign() > 0
		}
	}
	for k := range n {
		for i := range n {
			for j := range n {
				reach[i][j] = reach[i][j] || reach[i][k] && reach[k][j]
			}
		}
	}
	recurrent := make([]bool, n)
	for s := range n {
		recurrent[s] = true
		for t := range n {
			if reach[s][t] && !reach[t][s] {
				recurrent[s] = false
			}
		}
	}
	var holds func(e prism.Expr, comp []bool) (bool, error)
	holds = func(e prism.Expr, comp []bool) (bool, error) {
		switch x := e.(type) {
		case *prism.Unary:
			v, err := holds(x.X, comp)
			return !v, err
		case *prism.Binary:
			a, err := holds(x.X, comp)
			if err != nil {
				return false, err
			}
			b, err := holds(x.Y, comp)
			switch x.Op {
			case prism.OpAnd:
				return a && b, err
			case prism.OpOr:
				return a || b, err
			case prism.OpImplies:
				return !a || b, err
			default:
				return a == b, err
			}
		case *prism.Temporal:
			set, err := atom(x.Right.(*prism.Temporal).Right)
			if err != nil {
				return false, err
			}
			some, all := false, true
			for s, in := range comp {
				if in {
					some = some || set.Has(s)
					all = all && set.Has(s)
				}
			}
			if x.Op == prism.TempG { // G F φ
				return some, nil
			}
			return all, nil
		}
		return false, fmt.Errorf("not in the fragment: %T", e)
	}
	x := make([]*big.Rat, n)
	var trans []int
	for s := range n {
		if !recurrent[s] {
			trans = append(trans, s)
			continue
		}
		v, err := holds(psi, reach[s])
		if err != nil {
			return nil, err
		}
		x[s] = new(big.Rat)
		if v {
			x[s].SetInt64(1)
		}
	}
	// (I − P_TT) x_T = P_TR x_R by Gaussian elimination (the transient
	// states leave with probability 1, so the matrix is regular).
	k := len(trans)
	a := make([][]*big.Rat, k)
	for i, s := range trans {
		a[i] = make([]*big.Rat, k+1)
		a[i][k] = new(big.Rat)
		for j, t := range trans {
			a[i][j] = new(big.Rat).Neg(m[s][t])
			if i == j {
				a[i][j].Add(a[i][j], big.NewRat(1, 1))
			}
		}
		for t := range n {
			if recurrent[t] {
				a[i][k].Add(a[i][k], new(big.Rat).Mul(m[s][t], x[t]))
			}
		}
	}
	for col := range k {
		p := col
		for p < k && a[p][col].Sign() == 0 {
			p++
		}
		if p == k {
			return nil, fmt.Errorf("singular system")
		}
		a[col], a[p] = a[p], a[col]
		for i := range k {
			if i == col || a[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[i][col], a[col][col])
			for j := col; j <= k; j++ {
				a[i][j].Sub(a[i][j], new(big.Rat).Mul(f, a[col][j]))
			}
		}
	}
	for i, s := range trans {
		x[s] = new(big.Rat).Quo(a[i][k], a[i][i])
	}
	return x, nil
}

func TestRandomProbRecurrence(t *testing.T) {
	const cases = 1000
	var bad []string
	checked := map[string]int{}
	fractional := 0
	for seed := uint64(1); seed <= cases && len(bad) < 10; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x72656375))
		var g *translate.Game
		var m [][]*big.Rat
		var beh []*prism.BehaviourDecl
		kind := "dtmc"
		if seed%3 == 0 {
			kind = "game"
			g = genGame(r, []prism.ModelType{prism.TypeCSG, prism.TypeSMG, prism.TypeMDP}[r.IntN(3)], false)
			beh = genBehaviours(r, g)
		} else {
			g, m = genDTMC(r)
		}
		ck, err := checker.New(prism.NewFileSet(), g, fakeEnv{g: g}, checker.Config{Behaviours: beh})
		if err != nil {
			if kind == "dtmc" {
				t.Fatalf("seed %d: %v", seed, err)
			}
			continue // a behaviour with weight 0 on every action somewhere
		}
		if m == nil {
			m = chainMatrix(checker.InducedChain(ck))
		}
		all := make([]int, g.NumStates)
		for s := range all {
			all[s] = s
		}
		for range 3 {
			psi := genRecur(r, 1+r.IntN(3), labAtoms())
			fail := func(format string, args ...any) {
				bad = append(bad, fmt.Sprintf("seed %d: %s: %s\n%s%s", seed, naive.FormatExpr(psi),
					fmt.Sprintf(format, args...), naive.FormatGame(g), naive.FormatBehaviours(beh)))
			}
			want, err := recurOracle(labelAtom(g), m, psi)
			if err != nil {
				t.Fatalf("seed %d: oracle: %v", seed, err)
			}
			got, err := checker.InfProb(ck, psi, all)
			if err != nil {
				fail("%v", err)
				continue
			}
			for s := range all {
				w, _ := want[s].Float64()
				exact := w == 0 || w == 1 // graph analysis decides these
				if !exact {
					fractional++
				}
				if exact && got[s] != w || math.Abs(got[s]-w) > 1e-5 { // value iteration stops at a change below 1e-6
					fail("from %d: got %.17g, want %s = %.17g", s, got[s], want[s].RatString(), w)
				}
			}
			checked[kind]++
		}
	}
	if len(bad) > 0 {
		t.Fatalf("%d mismatches:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	t.Logf("%d seeds: %v formulas, %d values strictly between 0 and 1", cases, checked, fractional)
	if checked["dtmc"] < cases || checked["game"] < cases/4 || fractional < cases/2 {
		t.Errorf("too few cases exercised: %v", checked)
	}
}
