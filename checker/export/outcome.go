package export

import (
	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
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
//     onus_end, and onus_atom_1, … (see formula.go).
//
// The property is P=? [ (G !"onus_sink") & tr(ψ) ], or !tr(ψ) for a
// negated language (L_¬ψ sides of CPR and CCR): a path that never reaches
// onus_sink took allowed joint actions at every step, and tr(ψ) holds on it
// iff its history s_0 … s_T satisfies ψ.

// OutcomeExport is one language as a chain and a property.
type OutcomeExport struct {
	Lang      *hist.Language
	Chain     *translate.Game // Type dtmc
	Prop      prism.Expr      // P=? [ … ]
	Sink, End int             // the absorbing states
	StepVar   string          // the name of the step variable
}

// Atoms is what the translation of an outcome asks of the checker: the
// states where an atom holds and the bounds of temporal operators, with
// errors positioned in the property.
type Atoms interface {
	// StateSet evaluates a nested state formula (P, <<A>>, CAR, …).
	StateSet(e prism.Expr) (translate.Bitset, error)
	// AtomSet evaluates a plain atom (no temporal or other operator); it
	// reports a path formula used where a state formula is needed.
	AtomSet(e prism.Expr) (translate.Bitset, error)
	// Bound evaluates a temporal bound: Unbounded or the largest admitted
	// offset, negative for an empty range.
	Bound(t *prism.Temporal) (int64, error)
	// Errorf returns an error positioned at p.
	Errorf(p prism.Pos, format string, args ...any) error
}

// Unbounded is the bound Atoms.Bound gives an operator without one.
const Unbounded = -1

// Outcomes returns the chain and property of each language (all of one
// horizon, taken in one game) for the outcome ψ; fromOne is
// --outcome-from 1; errors about the model's labels are positioned at pos.
func Outcomes(langs []*hist.Language, outcome prism.Expr, fromOne bool, atoms Atoms, pos prism.Pos) ([]*OutcomeExport, error) {
	if len(langs) == 0 {
		return nil, nil
	}
	g := langs[0].Model().Game()
	T := langs[0].Horizon
	tr := newOutcomeTr(g, atoms, fromOne, T)
	for _, l := range g.Labels {
		if l.Name == SinkLabel || l.Name == EndLabel || len(l.Name) > len(AtomPrefix) && l.Name[:len(AtomPrefix)] == AtomPrefix {
			return nil, atoms.Errorf(pos, "the model's label %q clashes with the labels export-outcome adds", l.Name)
		}
	}
	body, err := tr.formula(outcome, 0, true)
	if err != nil {
		return nil, err
	}
	if n := printedSize(body, map[prism.Expr]int{}); n > MaxPropertyNodes {
		return nil, &limit.Error{What: "operators in the exported property (bounds unrolled into X-chains)", Limit: MaxPropertyNodes}
	}
	var out []*OutcomeExport
	for _, l := range langs {
		b := body
		if l.Negated {
			b = eoNot(body)
		}
		prop := &prism.ProbOp{Kind: 'P', Rel: prism.RelQuery,
			Path: eoAnd(eoTmp(prism.TempG, nil, eoNot(eoLref(SinkLabel))), b)}
		ch := outcomeChain(l, tr)
		out = append(out, &OutcomeExport{Lang: l, Chain: ch, Prop: prop,
			Sink: ch.NumStates - 2, End: ch.NumStates - 1, StepVar: tr.kvar})
	}
	return out, nil
}
