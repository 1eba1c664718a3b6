package trace

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// FuzzCheck: any text read against a model gives a history or a
// positioned error, never a panic. The seeds are the broken traces.
func FuzzCheck(f *testing.F) {
	if _, err := os.Stat(filepath.Join(corpus, "paths")); err != nil {
		f.Skip("shared corpus not present")
	}
	seeds, _ := filepath.Glob(filepath.Join("testdata", "broken", "*"))
	seeds = append(seeds, filepath.Join(corpus, "paths", "medium_access2.path.txt"), filepath.Join(corpus, "paths", "dice.path.csv"))
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	fset := prism.NewFileSet()
	var models []*translate.Model
	for _, mc := range []struct{ model, consts string }{
		{"csgs/simple/medium_access2.prism", "emax=2,q1=0.9,q2=0.75"},
		{"smgs/simple/dice.prism", "N=3"},
	} {
		m, err := buildModel(fset, filepath.Join(corpus, "models", mc.model), mc.consts)
		if err != nil {
			f.Fatal(err)
		}
		models = append(models, m)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, m := range models {
			p, err := Parse(fset, "fuzz.txt", src)
			if err != nil {
				if _, ok := err.(prism.ErrorList); !ok {
					t.Fatalf("unpositioned error %T: %v", err, err)
				}
				continue
			}
			h, err := Check(fset, m, p)
			if err != nil {
				if _, ok := err.(prism.ErrorList); !ok {
					t.Fatalf("unpositioned error %T: %v", err, err)
				}
				continue
			}
			if len(h.States) != len(p.Rows) || len(h.Steps) != len(p.Rows)-1 {
				t.Fatalf("history of %d states and %d steps for %d rows", len(h.States), len(h.Steps), len(p.Rows))
			}
		}
	})
}
