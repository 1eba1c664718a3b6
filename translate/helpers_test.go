package translate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

const corpusDir = "../../shared/prism-corpus"

func needCorpus(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("conformance corpus not found at %s (run from a checkout next to ../shared): %v", corpusDir, err)
	}
}

// constsFrom parses "a=1,b=2" into assignments (single values only).
func constsFrom(t testing.TB, s string) []ConstAssign {
	t.Helper()
	specs, err := ParseConstSpecs(s)
	if err != nil {
		t.Fatalf("constants %q: %v", s, err)
	}
	var out []ConstAssign
	for _, sp := range specs {
		out = append(out, ConstAssign{Name: sp.Name, Value: sp.Values[0]})
	}
	return out
}

// buildFile parses, checks and builds a model file.
func buildFile(t testing.TB, path, consts string, exact bool) (*Model, error) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return buildSrc(t, filepath.Base(path), string(src), consts, exact)
}

func buildSrc(t testing.TB, name, src, consts string, exact bool) (*Model, error) {
	t.Helper()
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, name, src)
	if err != nil {
		return nil, err
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		return nil, err
	}
	return Build(fset, mf, nil, Config{Consts: constsFrom(t, consts), Exact: exact})
}

// buildNoCheck parses and builds without the semantic checker, so that the
// translator's own errors are exercised.
func buildNoCheck(t testing.TB, src, consts string) (*Model, error) {
	t.Helper()
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "m.prism", src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return Build(fset, mf, nil, Config{Consts: constsFrom(t, consts)})
}

func isPositioned(err error) bool {
	l, ok := err.(prism.ErrorList)
	if !ok || len(l) == 0 {
		return false
	}
	for _, e := range l {
		if !e.Pos.IsValid() || !strings.Contains(e.Error(), ": error: ") {
			return false
		}
	}
	return true
}
