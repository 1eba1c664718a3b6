package trace

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// corpus is the shared PRISM-games corpus, relative to this package.
const corpus = "../../shared/prism-corpus"

// needCorpus skips a test when the shared corpus is absent.
func needCorpus(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(corpus, "paths")); err != nil {
		t.Skip("shared corpus not present")
	}
}

// build parses, checks and builds a model (exactly) with the given props
// text (may be empty) and constants.
func build(t *testing.T, fset *prism.FileSet, model, consts, propsName, props string) (*translate.Model, *prism.PropsFile) {
	t.Helper()
	m, pf, err := buildWith(fset, model, consts, propsName, props)
	if err != nil {
		t.Fatal(err)
	}
	return m, pf
}

// buildModel builds a model without properties.
func buildModel(fset *prism.FileSet, model, consts string) (*translate.Model, error) {
	m, _, err := buildWith(fset, model, consts, "", "")
	return m, err
}

func buildWith(fset *prism.FileSet, model, consts, propsName, props string) (*translate.Model, *prism.PropsFile, error) {
	src, err := os.ReadFile(model)
	if err != nil {
		return nil, nil, err
	}
	mf, err := prism.ParseModel(fset, model, string(src))
	if err != nil {
		return nil, nil, err
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		return nil, nil, err
	}
	pf := &prism.PropsFile{}
	if props != "" {
		if pf, err = prism.ParseProps(fset, propsName, props); err != nil {
			return nil, nil, err
		}
		if err := prism.CheckProps(fset, mf, pf); err != nil {
			return nil, nil, err
		}
	}
	var assign []translate.ConstAssign
	if consts != "" {
		specs, err := translate.ParseConstSpecs(consts)
		if err != nil {
			return nil, nil, err
		}
		for _, s := range specs {
			assign = append(assign, translate.ConstAssign{Name: s.Name, Value: s.At(0)})
		}
	}
	m, err := translate.Build(fset, mf, pf, translate.Config{Consts: assign, Exact: true})
	return m, pf, err
}

// newChecker fills the trace plans of pf and returns a checker for them.
func newChecker(t *testing.T, fset *prism.FileSet, m *translate.Model, pf *prism.PropsFile) *checker.Checker {
	t.Helper()
	if err := FillAll(fset, m, pf); err != nil {
		t.Fatal(err)
	}
	plans := map[string]*prism.Plan{}
	for _, d := range pf.Plans {
		plans[d.Name.Name] = d.Plan
	}
	c, err := checker.New(fset, m.Game, m, checker.Config{Plans: plans, Behaviours: pf.Behaviours, Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// resultString prints every field of a result that holds a value.
func resultString(r *checker.Result) string {
	s := fmt.Sprintf("%v T=%d", r.Kind, r.Horizon)
	switch r.Kind {
	case checker.KindBool:
		s += fmt.Sprint(" ", r.Bool)
	case checker.KindNumber:
		s += fmt.Sprint(" ", r.Number, " ", r.Exact)
	case checker.KindCount:
		s += fmt.Sprint(" ", r.Count)
	case checker.KindDegrees:
		d := r.Degrees
		s += fmt.Sprint(" ", d.Count, " ", d.Prob, " ", d.Entropy, " ", d.CountExact, " ", d.ProbExact)
	}
	return s
}
