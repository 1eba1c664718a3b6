package checker

import (
	"slices"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates P=? [ψ] and P~p [ψ] on infinite paths (SPEC §4) when
// ψ has an unbounded temporal operator and no --horizon is given: the game
// with its behaviour profile β is a Markov chain, the probability of
// moving from s to s' being Σ_α β(s)(α)·δ(s,α)(s'). The chain is built once
// as a game with one choice per state and solved by the pATL machinery of
// patl.go and package solve (graph analysis for the probability-0 and -1
// states, value iteration for the rest): a single temporal operator over
// state formulas directly, any other co-safe or safety formula on the
// product with its outcome automaton, Boolean combinations of G F φ and
// F G φ by the chain's bottom components (recurrence.go).

// infState holds what a checker computes for infinite paths.
type infState struct {
	chain *translate.Game           // the chain β induces
	model *hist.Model               // the chain, for products with outcome automata
	prods map[autoKey]*hist.Product // products of the chain with outcome automata
	all   map[autoKey][]float64     // P(ψ) in every state (nested P~p)
}

// infinitePaths reports whether P [path] is judged on infinite paths: no
// --horizon and an unbounded temporal operator in path (outside nested
// operators). Otherwise it is judged on histories of length T (SPEC §2),
// which gives the same value for a bounded path within the horizon.
func (c *Checker) infinitePaths(path prism.Expr) (bool, error) {
	if c.cfg.Horizon > 0 {
		return false, nil
	}
	_, unb, err := c.depth(path)
	return unb != nil, err
}

// chain returns the Markov chain that β induces on c's game: same states, numbering, valuations and labels; in
// each state one choice whose transitions carry Σ β(ch)·δ(ch)(t) per
// target t, sorted by target, zero probabilities dropped (so that the
// graph analyses see only the moves that can happen). A state without
// choices keeps none.
func (c *Checker) chain() *infState {
	if c.inf != nil {
		return c.inf
	}
	g := c.g
	n := g.NumStates
	ch := &translate.Game{
		Type:        prism.TypeDTMC,
		Vars:        g.Vars,
		Actions:     []string{""},
		NumStates:   n,
		Values:      g.Values,
		Initial:     g.Initial,
		ChoiceStart: make([]int32, n+1),
		TransStart:  []int32{0},
		Labels:      g.Labels,
		Deadlock:    g.Deadlock,
	}
	acc := make([]float64, n)
	var touched []int32
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		touched = touched[:0]
		for k := lo; k < hi; k++ {
			b := c.beta[k]
			if b == 0 {
				continue
			}
			tlo, thi := g.Transitions(k)
			for t := tlo; t < thi; t++ {
				p := b * g.Prob[t]
				if p == 0 {
					continue
				}
				tg := g.Target[t]
				if acc[tg] == 0 {
					touched = append(touched, tg)
				}
				acc[tg] += p
			}
		}
		ch.ChoiceStart[s+1] = ch.ChoiceStart[s]
		if len(touched) == 0 {
			continue
		}
		slices.Sort(touched)
		for _, tg := range touched {
			ch.Target = append(ch.Target, tg)
			ch.Prob = append(ch.Prob, acc[tg])
			acc[tg] = 0
		}
		ch.ChoiceStart[s+1]++
		ch.TransStart = append(ch.TransStart, int32(len(ch.Target)))
		ch.ChoiceAction = append(ch.ChoiceAction, 0)
	}
	c.inf = &infState{
		chain: ch,
		model: hist.NewModel(ch, hist.Config{MaxProduct: c.cfg.MaxProduct, MaxMemory: c.cfg.MaxMemory}),
		prods: map[autoKey]*hist.Product{},
		all:   map[autoKey][]float64{},
	}
	return c.inf
}

// infValues returns P(ψ) on the infinite paths of the chain from each
// state in starts. The atoms of ψ (nested operators included) are
// evaluated on the game itself, only the paths run on the chain.
func (c *Checker) infValues(path prism.Expr, starts []int) ([]float64, error) {
	inf := c.chain()
	p := prism.Unparen(path)
	if p == nil {
		return nil, c.errAt(prism.NoPos, "missing path formula")
	}
	if r, ok := recurrenceOf(p); ok { // G F φ, F G φ and their combinations
		return c.recurValues(inf.chain, r, starts)
	}
	if t, ok := p.(*prism.Temporal); ok && !bareTemporal(t.Left) && !bareTemporal(t.Right) {
		all, err := c.infSimple(inf.chain, t)
		if err != nil {
			return nil, err
		}
		return valuesAt(all, starts), nil
	}
	// The outcome automaton is compiled on the game (its letters are the
	// atoms' truth values per state, which the chain shares); its product
	// runs on the chain's transitions.
	key := keyOf(path, false, 0, false)
	prod, ok := inf.prods[key]
	if !ok {
		a, err := c.automatonFor(path, false)
		if err != nil {
			return nil, err
		}
		prod = hist.NewProduct(inf.model, a.A)
		inf.prods[key] = prod
	}
	return c.productSolve(inf.chain, prod, solve.Query{Max: true, Meter: c.hist.Meter()}, path, starts)
}

// infSimple solves one temporal operator over state formulas on the chain
// (the chain has one choice per state, so the optimisation is a plain
// expectation): U and F by reachability, G, W and R by their duals.
func (c *Checker) infSimple(chain *translate.Game, t *prism.Temporal) ([]float64, error) {
	k, left, right, err := c.simpleOperands(t)
	if err != nil {
		return nil, err
	}
	ar := solve.GameArena(chain)
	if t.Op == prism.TempX {
		return solve.NewSolver(ar, solve.NewView(chain, nil), true).Next(right), nil
	}
	return c.operatorValues(ar, solve.Query{Max: true, Meter: c.hist.Meter()}, t, left, right, k)
}

// infProbAt returns P(ψ) from s for a nested P~p: the values of every
// state are computed once per path formula.
func (c *Checker) infProbAt(path prism.Expr, s int) (float64, error) {
	c.chain()
	key := keyOf(path, false, 0, false)
	v, ok := c.inf.all[key]
	if !ok {
		starts := make([]int, c.g.NumStates)
		for i := range starts {
			starts[i] = i
		}
		var err error
		if v, err = c.infValues(path, starts); err != nil {
			return 0, err
		}
		c.inf.all[key] = v
	}
	return v[s], nil
}
