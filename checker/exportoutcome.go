package checker

import (
	"github.com/onus-mc/onus/checker/export"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file answers `onus export-outcome` (SPEC §7): it finds the languages
// a property depends on and hands them to package export, which builds
// each as a Markov chain with a PRISM property.

// ExportOutcome returns the chain and property of every language that the
// value of property e depends on (Languages' order; a P=? [ψ] query has
// the one language L_psi).
func (c *Checker) ExportOutcome(e prism.Expr) (out []*export.OutcomeExport, err error) {
	defer settle(&err)
	c.resetNotes()
	e = prism.Unparen(e)
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
		r := a.ExactPass(start, nil, T, 0) // the manifest gives exact counts
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
	return export.Outcomes(langs, outcome, fromOne, exportAtoms{c}, safePos(e))
}

// exportAtoms gives package export the meaning of an outcome's atoms and
// bounds, as the checker evaluates them.
type exportAtoms struct{ c *Checker }

func (a exportAtoms) StateSet(e prism.Expr) (translate.Bitset, error) { return a.c.stateSet(e) }

func (a exportAtoms) AtomSet(e prism.Expr) (translate.Bitset, error) { return a.c.plainAtomSet(e) }

func (a exportAtoms) Bound(t *prism.Temporal) (int64, error) { return a.c.boundOf(t) }

func (a exportAtoms) Errorf(p prism.Pos, format string, args ...any) error {
	return a.c.errAt(p, format, args...)
}
