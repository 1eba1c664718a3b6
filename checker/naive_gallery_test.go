package checker_test

import (
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/trace"
	"github.com/onus-mc/onus/translate"
)

// TestGalleryResults checks every `// RESULT:` of the gallery's properties
// (examples/robots.props, backoff.props, jammer.props, crossing.props and
// crossing_free.props) against the literal enumerator, which shares no code
// with the checker: the values the README's walkthrough explains are right
// by the definitions, not only consistent with onus (TestExamples in
// cmd/onus compares onus with them).
func TestGalleryResults(t *testing.T) {
	studies := []struct {
		name   string // the props file; the model is the name up to "_"
		consts string
		T      int  // the horizon of every query: the trace's length
		free   bool // --unavailable free (SPEC §13)
	}{
		{"robots", "N=4,cross=1", 2, false},
		{"backoff", "", 1, false},
		{"jammer", "", 2, false},
		{"crossing", "", 2, false},
		{"crossing_free", "", 2, true},
	}
	for _, st := range studies {
		t.Run(st.name, func(t *testing.T) {
			fset, m, props := loadGallery(t, st.name, st.consts)
			en, err := naive.New(&naive.Model{Game: m.Game, Atom: m.StateSet, Const: m.EvalConst, Behaviours: props.Behaviours}, st.T)
			if err != nil {
				t.Fatal(err)
			}
			en.Free = st.free
			plans := naive.Plans{}
			for _, d := range props.Plans {
				plans[d.Name.Name] = d.Plan
			}
			if len(props.Properties) == 0 {
				t.Fatal("no properties")
			}
			for _, p := range props.Properties {
				t.Run(p.Text, func(t *testing.T) {
					want := galleryResult(p)
					if want == "" {
						t.Fatal("no RESULT annotation")
					}
					got, err := en.Check(p.Expr, plans, 0)
					if err != nil {
						t.Fatalf("%s: %v", fset.Position(p.Pos), err)
					}
					if msg := compareResult(want, got); msg != "" {
						t.Errorf("RESULT %s: %s", want, msg)
					}
				})
			}
		})
	}
}

// loadGallery parses and builds examples/NAME.prism with NAME.props and
// reads the props file's traces.
func loadGallery(t *testing.T, name, consts string) (*prism.FileSet, *translate.Model, *prism.PropsFile) {
	t.Helper()
	dir := filepath.Join("..", "examples")
	fset := prism.NewFileSet()
	read := func(file string) string {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	model, _, _ := strings.Cut(name, "_")
	mf, err := prism.ParseModel(fset, filepath.Join(dir, model+".prism"), read(model+".prism"))
	if err != nil {
		t.Fatal(err)
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		t.Fatal(err)
	}
	props, err := prism.ParseProps(fset, filepath.Join(dir, name+".props"), read(name+".props"))
	if err != nil {
		t.Fatal(err)
	}
	if err := prism.CheckProps(fset, mf, props); err != nil {
		t.Fatal(err)
	}
	var assign []translate.ConstAssign
	specs, err := translate.ParseConstSpecs(consts)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range specs {
		assign = append(assign, translate.ConstAssign{Name: sp.Name, Value: sp.At(0)})
	}
	m, err := translate.Build(fset, mf, props, translate.Config{Consts: assign, Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.FillAll(fset, m, props); err != nil {
		t.Fatal(err)
	}
	return fset, m, props
}

var galleryResultRE = regexp.MustCompile(`RESULT:\s*(\S+)`)

// galleryResult is the RESULT token in the comments above p.
func galleryResult(p *prism.Property) string {
	for _, c := range p.Comments {
		if m := galleryResultRE.FindStringSubmatch(c); m != nil {
			return m[1]
		}
	}
	return ""
}

// compareResult compares the enumerator's answer with a RESULT token: true
// or false, a number (a decimal or p/q; p/q must be exact when the answer
// has an exact value), or a triple (x,y,z) of a degree or power `=?` form.
// It returns "" when they agree, else what the enumerator says.
func compareResult(want string, got *naive.Answer) string {
	switch {
	case got.Degrees != nil:
		d := got.Degrees
		return compareTuple(want, []float64{d.Count, d.Prob, d.Entropy}, []*big.Rat{d.CountExact, d.ProbExact, nil})
	case got.Power != nil:
		w := got.Power
		return compareTuple(want, []float64{w.Count, w.Prob, w.Avoid}, []*big.Rat{w.CountExact, w.ProbExact, w.AvoidExact})
	case want == "true" || want == "false":
		if fmt.Sprint(got.Bool) != want {
			return fmt.Sprint("enumerator: ", got.Bool)
		}
		return ""
	}
	if !numberAgrees(want, got.Number, got.Exact) {
		return fmt.Sprintf("enumerator: %.9g (%v)", got.Number, got.Exact)
	}
	return ""
}

func compareTuple(want string, got []float64, exact []*big.Rat) string {
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(want, "("), ")"), ",")
	if len(parts) == len(got) {
		ok := true
		for i, p := range parts {
			ok = ok && numberAgrees(p, got[i], exact[i])
		}
		if ok {
			return ""
		}
	}
	return fmt.Sprintf("enumerator: %.9g %v", got, exact)
}

// numberAgrees: a fraction p/q must equal the exact value (when there is
// one); a decimal must agree to a relative 1e-5 (PRISM's --test tolerance).
func numberAgrees(want string, got float64, exact *big.Rat) bool {
	r, ok := new(big.Rat).SetString(want)
	if !ok {
		return false
	}
	if strings.Contains(want, "/") && exact != nil {
		return r.Cmp(exact) == 0
	}
	f, _ := r.Float64()
	if f == 0 {
		return got == 0
	}
	return math.Abs(got-f) <= 1e-5*math.Abs(f)
}
