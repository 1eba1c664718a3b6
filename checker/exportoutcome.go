package checker

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file builds, for `onus export-outcome` (SPEC §7), each language a
// measure depends on as a Markov chain that PRISM can load, with one
// property P=? [ … ] whose value on the chain is P(L).
//
// The chain of language L (coalition J, plan π, horizon T):
//
//   - states (s, k): game state s reached at step k ≤ T with positive
//     probability from (s_init, 0), numbered by step, then by game state;
//     state 0 is (s_init, 0);
//   - two absorbing states last: onus_sink (N-2) and onus_end (N-1);
//   - from (s, k), k < T: to (s', k+1) with Σ β(s)(α)·δ(s,α)(s') over the
//     joint actions α of Compat_J(π) at step k, and to onus_sink with the
//     probability of the other joint actions (a state without choices
//     goes to onus_sink with 1); from (s, T): to onus_end with 1;
//   - variables: the game's, then the step k (named k_ if the game has a
//     k); onus_sink and onus_end keep the initial state's valuation of the
//     game's variables and have k = T+2 and k = T+1 (no real state has k >
//     T, so the valuations never clash);
//   - labels: "init" (state 0), "deadlock" (none: every state has a
//     successor), the model's labels where they hold of s, onus_sink,
//     onus_end, and onus_atom_1, … (see exportoutcome_formula.go).
//
// The property is P=? [ (G !"onus_sink") & tr(ψ) ], or !tr(ψ) for a
// negated language (L_¬ψ sides of CPR and CCR): a path that never reaches
// onus_sink took allowed joint actions at every step, and tr(ψ) holds on it
// iff its history s_0 … s_T satisfies ψ.

// OutcomeExport is one language as a chain and a property.
type OutcomeExport struct {
	Lang      *Language
	Chain     *translate.Game // Type dtmc
	Prop      prism.Expr      // P=? [ … ]
	Sink, End int             // the absorbing states
	StepVar   string          // the name of the step variable
}

// ExportOutcome returns the chain and property of every language that the
// value of property e depends on (Languages' order; a P=? [ψ] query has
// the one language L_psi).
func (c *Checker) ExportOutcome(e prism.Expr) (out []*OutcomeExport, err error) {
	defer settle(&err)
	e = unparen(e)
	var langs []*Language
	var outcome prism.Expr
	fromOne := c.cfg.OutcomeFrom == 1
	switch x := e.(type) {
	case *prism.ProbOp:
		if err := c.unsupported(x); err != nil {
			return nil, err
		}
		if x.Kind != 'P' || !(x.Rel == prism.RelQuery || !x.Rel.IsQuery()) {
			return nil, c.errAt(x.OpPos, "only P=? and P~p have a language to export")
		}
		if len(c.g.Initial) != 1 {
			return nil, c.errAt(e.Position(), "the model has %d initial states; exactly one is needed", len(c.g.Initial))
		}
		a, start, T, err := c.languageQuery(x.Path, x.OpPos, int(c.g.Initial[0]), false)
		if err != nil {
			return nil, err
		}
		r := a.Pass(start, nil, T, 0, true)
		langs = []*Language{c.language("L_psi", "L_psi", nil, 0, false, T, r)}
		outcome, fromOne = x.Path, false
	case *prism.Resp:
		outcome = x.Outcome
	case *prism.Metric:
		outcome = x.Outcome
	}
	if langs == nil {
		if langs, err = c.Languages(e); err != nil {
			return nil, err
		}
	}
	if len(langs) == 0 {
		return nil, nil
	}
	T := langs[0].Horizon
	tr := newOutcomeTr(c, fromOne, T)
	for _, l := range c.g.Labels {
		if l.Name == SinkLabel || l.Name == EndLabel || len(l.Name) > len(AtomPrefix) && l.Name[:len(AtomPrefix)] == AtomPrefix {
			return nil, c.errAt(e.Position(), "the model's label %q clashes with the labels export-outcome adds", l.Name)
		}
	}
	body, err := tr.formula(outcome, 0, true)
	if err != nil {
		return nil, err
	}
	if n := printedSize(body, map[prism.Expr]int{}); n > MaxPropertyNodes {
		return nil, &LimitError{What: "operators in the exported property (bounds unrolled into X-chains)", Limit: MaxPropertyNodes}
	}
	for _, l := range langs {
		b := body
		if l.Negated {
			b = eoNot(body)
		}
		prop := &prism.ProbOp{Kind: 'P', Rel: prism.RelQuery,
			Path: eoAnd(eoTmp(prism.TempG, nil, eoNot(eoLref(SinkLabel))), b)}
		ch := c.outcomeChain(l, tr)
		out = append(out, &OutcomeExport{Lang: l, Chain: ch, Prop: prop,
			Sink: ch.NumStates - 2, End: ch.NumStates - 1, StepVar: tr.kvar})
	}
	return out, nil
}

// outcomeChain builds the chain of one language.
func (c *Checker) outcomeChain(l *Language, tr *outcomeTr) *translate.Game {
	g := c.g
	T := l.Horizon
	exact := c.betaRat != nil
	init := int(g.Initial[0])
	nv := len(g.Vars)

	// Layers of reachable game states, each sorted.
	layers := [][]int32{{int32(init)}}
	id := map[[2]int32]int32{{int32(init), 0}: 0}
	n := int32(1)
	type row struct {
		to []int32
		p  []float64
		r  []*big.Rat
	}
	var rows []row // by chain state
	add := func(rw *row, to int32, p float64, r *big.Rat) {
		for i, t := range rw.to {
			if t == to {
				rw.p[i] += p
				if r != nil {
					rw.r[i].Add(rw.r[i], r)
				}
				return
			}
		}
		rw.to = append(rw.to, to)
		rw.p = append(rw.p, p)
		if r != nil {
			rw.r = append(rw.r, new(big.Rat).Set(r))
		}
	}
	const sinkMark, endMark = -1, -2
	tmp := new(big.Rat)
	one := func() *big.Rat {
		if exact {
			return big.NewRat(1, 1)
		}
		return nil
	}
	for k := 0; k <= T; k++ {
		var next []int32
		for _, s := range layers[k] {
			var rw row
			if k == T {
				add(&rw, endMark, 1, one())
				rows = append(rows, rw)
				continue
			}
			lo, hi := g.Choices(int(s))
			if lo == hi {
				add(&rw, sinkMark, 1, one())
			}
			for ch := lo; ch < hi; ch++ {
				b := c.beta[ch]
				if b == 0 && (!exact || c.betaRat[ch].Sign() == 0) {
					continue
				}
				ok := l.Allowed(k, ch)
				tlo, thi := g.Transitions(ch)
				for t := tlo; t < thi; t++ {
					p := b * g.Prob[t]
					var pr *big.Rat
					if exact {
						pr = tmp.Mul(c.betaRat[ch], c.probRat[t])
						if pr.Sign() == 0 {
							continue
						}
					} else if p == 0 {
						continue
					}
					dst := int32(sinkMark)
					if ok {
						key := [2]int32{g.Target[t], int32(k + 1)}
						if _, seen := id[key]; !seen {
							id[key] = -1 // numbered when the layer is complete
							next = append(next, g.Target[t])
						}
						dst = g.Target[t] // game state for now
					}
					add(&rw, dst, p, pr)
				}
			}
			rows = append(rows, rw)
		}
		if k < T {
			slices.Sort(next)
			if int(n)+len(next) > c.cfg.MaxProduct {
				panic(&LimitError{What: "states in an exported chain", Limit: c.cfg.MaxProduct})
			}
			for _, s := range next {
				id[[2]int32{s, int32(k + 1)}] = n
				n++
			}
			layers = append(layers, next)
		}
	}
	N := int(n) + 2
	sink, end := int32(n), int32(n+1)
	ch := &translate.Game{
		Type:      prism.TypeDTMC,
		Vars:      append(append([]translate.Var(nil), g.Vars...), translate.Var{Name: tr.kvar, Lo: 0, Hi: int32(T + 2)}),
		NumStates: N,
		Initial:   []int32{0},
		Deadlock:  translate.NewBitset(N),
	}
	nvk := nv + 1
	ch.Values = make([]int32, 0, N*nvk)
	labelSets := make([]translate.Bitset, len(g.Labels))
	for i := range labelSets {
		labelSets[i] = translate.NewBitset(N)
	}
	atomSets := make([]translate.Bitset, len(tr.atoms))
	for i := range atomSets {
		atomSets[i] = translate.NewBitset(N)
	}
	st := 0
	for k, layer := range layers {
		for _, s := range layer {
			ch.Values = append(ch.Values, g.State(int(s))...)
			ch.Values = append(ch.Values, int32(k))
			for i, lb := range g.Labels {
				if lb.States.Has(int(s)) {
					labelSets[i].Set(st)
				}
			}
			for i, a := range tr.atoms {
				if a.Has(int(s)) {
					atomSets[i].Set(st)
				}
			}
			st++
		}
	}
	ch.Values = append(ch.Values, g.State(init)...)
	ch.Values = append(ch.Values, int32(T+2))
	ch.Values = append(ch.Values, g.State(init)...)
	ch.Values = append(ch.Values, int32(T+1))

	// Transitions: one choice per state, targets ascending.
	st = 0
	for k, layer := range layers {
		for range layer {
			rw := rows[st]
			for i, t := range rw.to {
				switch t {
				case sinkMark:
					rw.to[i] = sink
				case endMark:
					rw.to[i] = end
				default:
					rw.to[i] = id[[2]int32{t, int32(k + 1)}]
				}
			}
			rows[st] = rw
			st++
		}
	}
	rows = append(rows, row{to: []int32{sink}, p: []float64{1}, r: []*big.Rat{big.NewRat(1, 1)}},
		row{to: []int32{end}, p: []float64{1}, r: []*big.Rat{big.NewRat(1, 1)}})
	for s, rw := range rows {
		ch.ChoiceStart = append(ch.ChoiceStart, int32(s))
		ch.TransStart = append(ch.TransStart, int32(len(ch.Target)))
		idx := make([]int, len(rw.to))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return int(rw.to[a] - rw.to[b]) })
		for _, i := range idx {
			ch.Target = append(ch.Target, rw.to[i])
			if exact {
				f, _ := rw.r[i].Float64()
				ch.Prob = append(ch.Prob, f)
				ch.ProbExact = append(ch.ProbExact, rw.r[i])
			} else {
				ch.Prob = append(ch.Prob, rw.p[i])
			}
		}
	}
	ch.ChoiceStart = append(ch.ChoiceStart, int32(N))
	ch.TransStart = append(ch.TransStart, int32(len(ch.Target)))

	for i, lb := range g.Labels {
		ch.Labels = append(ch.Labels, translate.Label{Name: lb.Name, States: labelSets[i]})
	}
	sinkSet, endSet := translate.NewBitset(N), translate.NewBitset(N)
	sinkSet.Set(int(sink))
	endSet.Set(int(end))
	ch.Labels = append(ch.Labels, translate.Label{Name: SinkLabel, States: sinkSet}, translate.Label{Name: EndLabel, States: endSet})
	for i, a := range atomSets {
		ch.Labels = append(ch.Labels, translate.Label{Name: AtomPrefix + fmt.Sprint(i+1), States: a})
	}
	return ch
}

// MaxPropertyNodes bounds the size of an exported property: a bound that is
// unrolled into an X-chain repeats its operands once per step.
const MaxPropertyNodes = 1_000_000

// printedSize is the number of nodes of e printed as a tree (the
// translation shares sub-trees).
func printedSize(e prism.Expr, memo map[prism.Expr]int) int {
	if e == nil {
		return 0
	}
	if n, ok := memo[e]; ok {
		return n
	}
	n := 1
	switch x := e.(type) {
	case *prism.Unary:
		n += printedSize(x.X, memo)
	case *prism.Binary:
		n += printedSize(x.X, memo) + printedSize(x.Y, memo)
	case *prism.Paren:
		n += printedSize(x.X, memo)
	case *prism.Temporal:
		n += printedSize(x.Left, memo) + printedSize(x.Right, memo)
	case *prism.Cond:
		n += printedSize(x.Cond, memo) + printedSize(x.Then, memo) + printedSize(x.Else, memo)
	}
	n = min(n, MaxPropertyNodes+1)
	memo[e] = n
	return n
}
