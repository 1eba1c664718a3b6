package checker

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file evaluates P=? [ψ] and P~p [ψ] on infinite paths (SPEC §4) when
// ψ has an unbounded temporal operator and no --horizon is given: the game
// with its behaviour profile β is a Markov chain, the probability of
// moving from s to s' being Σ_α β(s)(α)·δ(s,α)(s'). The chain is built once
// as a game with one choice per state and solved with package solve:
// graph analysis for the probability-0 and -1 states, then the linear
// equations of the rest by elimination (solve/chain.go: over the rationals
// under Config.Exact, in floats otherwise), value iteration where the
// chain is too large for that; a single temporal operator over state
// formulas directly, any other co-safe or safety formula on the product
// with its outcome automaton, Boolean combinations of G F φ and F G φ by
// the chain's bottom components (recurrence.go).

// infState holds what a checker computes for infinite paths.
type infState struct {
	chain *translate.Game           // the chain β induces
	prob  []*big.Rat                // its exact transition probabilities (Config.Exact only)
	model *hist.Model               // the chain, for products with outcome automata
	prods map[autoKey]*hist.Product // products of the chain with outcome automata
	all   map[autoKey][]float64     // P(ψ) in every state (nested P~p)
	exact map[autoKey][]*big.Rat    // the same exactly (nil values: not exact)
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

// chain returns the Markov chain that β induces on c's game: same
// states, numbering, valuations and labels; in each state one choice
// whose transitions carry Σ β(ch)·δ(ch)(t) per target t, sorted by
// target, zero probabilities dropped (so that the graph analyses see only
// the moves that can happen). A state without choices keeps none. Under
// Config.Exact the sums are also kept as rationals (infState.prob, from
// β's weights and the model's probabilities as written), and a move is
// kept when its exact probability is not 0.
func (c *Checker) chain() *infState {
	if c.inf != nil {
		return c.inf
	}
	c.needProfile()
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
	var accRat []*big.Rat // Σ β(ch)·δ(ch)(t) exactly, under Config.Exact
	var prob []*big.Rat
	if c.betaRat != nil && c.probRat != nil {
		accRat = make([]*big.Rat, n)
	}
	tmp := new(big.Rat)
	var touched []int32
	for s := 0; s < n; s++ {
		lo, hi := g.Choices(s)
		touched = touched[:0]
		for k := lo; k < hi; k++ {
			b := c.beta[k]
			if accRat != nil {
				// A transition is kept when its exact probability is not 0.
				if c.betaRat[k] == nil || c.betaRat[k].Sign() == 0 {
					continue
				}
				tlo, thi := g.Transitions(k)
				for t := tlo; t < thi; t++ {
					if tmp.Mul(c.betaRat[k], c.probRat[t]).Sign() == 0 {
						continue
					}
					tg := g.Target[t]
					if accRat[tg] == nil {
						touched = append(touched, tg)
						accRat[tg] = new(big.Rat)
					}
					accRat[tg].Add(accRat[tg], tmp)
					acc[tg] += b * g.Prob[t]
				}
				continue
			}
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
			if accRat != nil {
				prob = append(prob, accRat[tg])
				accRat[tg] = nil
			}
		}
		ch.ChoiceStart[s+1]++
		ch.TransStart = append(ch.TransStart, int32(len(ch.Target)))
		ch.ChoiceAction = append(ch.ChoiceAction, 0)
	}
	c.inf = &infState{
		chain: ch,
		prob:  prob,
		model: hist.NewModel(ch, hist.Config{MaxProduct: c.cfg.MaxProduct, MaxMemory: c.cfg.MaxMemory}),
		prods: map[autoKey]*hist.Product{},
		all:   map[autoKey][]float64{},
		exact: map[autoKey][]*big.Rat{},
	}
	return c.inf
}

// infValues returns P(ψ) on the infinite paths of the chain from each
// state in starts, and under Config.Exact the same exactly when the chain
// is small enough (else nil, and a note says why). The atoms of ψ (nested
// operators included) are evaluated on the game itself, only the paths
// run on the chain.
func (c *Checker) infValues(path prism.Expr, starts []int) ([]float64, []*big.Rat, error) {
	inf := c.chain()
	p := prism.Unparen(path)
	if p == nil {
		return nil, nil, c.errAt(prism.NoPos, "missing path formula")
	}
	if r, ok := recurrenceOf(p); ok { // G F φ, F G φ and their combinations
		return c.recurValues(inf, path, r, starts)
	}
	if t, ok := p.(*prism.Temporal); ok && !bareTemporal(t.Left) && !bareTemporal(t.Right) {
		all, ex, err := c.infSimple(inf, t)
		if err != nil {
			return nil, nil, err
		}
		return valuesAt(all, starts), ratsAt(ex, starts), nil
	}
	// The outcome automaton is compiled on the game (its letters are the
	// atoms' truth values per state, which the chain shares); its product
	// runs on the chain's transitions.
	key := keyOf(path, false, 0, false)
	prod, ok := inf.prods[key]
	if !ok {
		a, err := c.automatonFor(path, false)
		if err != nil {
			return nil, nil, err
		}
		prod = hist.NewProduct(inf.model, a.A)
		inf.prods[key] = prod
	}
	ids, notBad, good, coSafe, err := c.productSets(prod, path, starts)
	if err != nil {
		return nil, nil, err
	}
	ar := solve.ProductArena(inf.chain, prod.S, prod.Succ, prod.SuccStart)
	if ex := c.infExact(inf, path, func() ([]*big.Rat, error) {
		if coSafe {
			return solve.ExactUntil(ar, inf.prob, notBad, good)
		}
		return solve.ExactWeak(ar, inf.prob, notBad, good)
	}); ex != nil {
		return ratFloats(ex, ids), ratsAt(ex, ids), nil
	}
	var v []float64
	if coSafe {
		v, err = solve.ChainUntil(ar, notBad, good)
	} else {
		v, err = solve.ChainWeak(ar, notBad, good)
	}
	if err == nil {
		return valuesAt(v, ids), nil, nil
	}
	v, err = c.productSolve(inf.chain, prod, solve.Query{Max: true, Meter: c.hist.Meter()}, path, starts)
	return v, nil, err
}

// infExact runs solve, an exact solve on the chain, under Config.Exact;
// nil if it cannot (too large: a note says so).
func (c *Checker) infExact(inf *infState, path prism.Expr, solve func() ([]*big.Rat, error)) []*big.Rat {
	if !c.cfg.Exact || inf.prob == nil {
		return nil
	}
	ex, err := solve()
	if err != nil {
		c.exactNote(path.Position(), "P on infinite paths", err)
		return nil
	}
	return ex
}

// exactNote notes at pos that what has no exact value, for the reason err.
func (c *Checker) exactNote(pos prism.Pos, what string, err error) {
	guide := GuideExactInf
	if what == "R" {
		guide = GuideExactRew
	}
	c.addNote(Note{Pos: pos, Msg: fmt.Sprintf(
		"--exact: no exact value for %s (%v); the value printed is a float (%s)", what, err, guide)})
}

// GuideExactInf is the section of the user guide on exact probabilities
// on infinite paths.
const GuideExactInf = "docs/guide/precision.md#exact-probabilities-on-infinite-paths"

// GuideExactRew is the section of the user guide on exact rewards.
const GuideExactRew = "docs/guide/precision.md#exact-rewards-on-a-dtmc"

// infSimple solves one temporal operator over state formulas on the chain
// (the chain has one choice per state, so the optimisation is a plain
// expectation): U and F by reachability, G, W and R by their duals. The
// unbounded operators are solved directly (exactly under Config.Exact)
// where the chain is small enough, else by value iteration.
func (c *Checker) infSimple(inf *infState, t *prism.Temporal) ([]float64, []*big.Rat, error) {
	k, left, right, err := c.simpleOperands(t)
	if err != nil {
		return nil, nil, err
	}
	chain := inf.chain
	ar := solve.GameArena(chain)
	if t.Op == prism.TempX {
		var ex []*big.Rat
		if c.cfg.Exact && inf.prob != nil {
			ex = solve.ExactNext(ar, inf.prob, right)
		}
		return solve.NewSolver(ar, solve.NewView(chain, nil), true).Next(right), ex, nil
	}
	op, ok := map[prism.TempOp]solve.Op{prism.TempF: solve.OpF, prism.TempU: solve.OpU,
		prism.TempG: solve.OpG, prism.TempW: solve.OpW, prism.TempR: solve.OpR}[t.Op]
	if ok && k == int64(ltlf.Unbounded) {
		if ex := c.infExact(inf, t, func() ([]*big.Rat, error) {
			return solve.ExactPath(ar, inf.prob, op, left, right)
		}); ex != nil {
			return ratFloats(ex, nil), ex, nil
		}
		if v, err := solve.ChainPath(ar, op, left, right); err == nil {
			return v, nil, nil
		}
	}
	v, err := c.operatorValues(ar, solve.Query{Max: true, Meter: c.hist.Meter()}, t, left, right, k)
	return v, nil, err
}

// ratsAt returns ex at starts (nil for nil).
func ratsAt[T int | int32](ex []*big.Rat, starts []T) []*big.Rat {
	if ex == nil {
		return nil
	}
	out := make([]*big.Rat, len(starts))
	for i, s := range starts {
		out[i] = ex[s]
	}
	return out
}

// ratFloats returns the floats of ex at starts (every state for nil).
func ratFloats(ex []*big.Rat, starts []int32) []float64 {
	if starts == nil {
		out := make([]float64, len(ex))
		for i, r := range ex {
			out[i] = resp.RatFloat(r)
		}
		return out
	}
	out := make([]float64, len(starts))
	for i, s := range starts {
		out[i] = resp.RatFloat(ex[s])
	}
	return out
}

// infProbAt returns P(ψ) from s for a nested P~p (exactly too when
// known): the values of every state are computed once per path formula.
func (c *Checker) infProbAt(path prism.Expr, s int) (float64, *big.Rat, error) {
	c.chain()
	key := keyOf(path, false, 0, false)
	v, ok := c.inf.all[key]
	if !ok {
		starts := make([]int, c.g.NumStates)
		for i := range starts {
			starts[i] = i
		}
		ex, err := []*big.Rat(nil), error(nil)
		if v, ex, err = c.infValues(path, starts); err != nil {
			return 0, nil, err
		}
		c.inf.all[key], c.inf.exact[key] = v, ex
	}
	if ex := c.inf.exact[key]; ex != nil {
		return v[s], ex[s], nil
	}
	return v[s], nil, nil
}
