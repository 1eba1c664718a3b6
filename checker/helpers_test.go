package checker

import (
	"math"
	"strconv"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// buildForTest parses, checks and builds a model with a props file for the
// tests that check parsed properties. Model errors end the test; errors of
// the props file, and of building the model with it, are returned, for
// tests that expect them.
func buildForTest(t *testing.T, model, props string, exact bool) (*prism.FileSet, *translate.Model, *prism.PropsFile, error) {
	t.Helper()
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "m.prism", model)
	if err != nil {
		t.Fatalf("model: %v", err)
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		t.Fatalf("model: %v", err)
	}
	pf, err := prism.ParseProps(fset, "p.props", props)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := prism.CheckProps(fset, mf, pf); err != nil {
		return nil, nil, nil, err
	}
	m, err := translate.Build(fset, mf, pf, translate.Config{Exact: exact})
	if err != nil {
		return nil, nil, nil, err
	}
	return fset, m, pf, nil
}

// behaviourDC weights d and c of every player with pd and pc.
func behaviourDC(pd, pc string, players ...string) []*prism.BehaviourDecl {
	lit := func(text string) *prism.DoubleLit {
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			panic(err)
		}
		return &prism.DoubleLit{Value: v, Text: text}
	}
	out := xBehaviourQ(players...)
	for _, b := range out {
		b.Weights[0].Weight = lit(pd)
		b.Weights[1].Weight = lit(pc)
	}
	return out
}

// relNear compares with a relative tolerance; 0 only equals 0.
func relNear(a, b, tol float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tol*math.Max(math.Abs(a), math.Abs(b))
}
