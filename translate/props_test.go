package translate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// argsConsts returns the constants of the first run line of an .args file
// (the first value of each range), or "".
func argsConsts(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "-const" || f[i] == "--const" {
				specs, err := ParseConstSpecs(f[i+1])
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				var parts []string
				for _, s := range specs {
					parts = append(parts, s.Name+"="+formatValue(s.At(0)))
				}
				return strings.Join(parts, ",")
			}
		}
		return ""
	}
	return ""
}

// TestBuildWithProps builds each model of verify/ and examples/ together
// with each of its property files (constants from the .args files), and
// checks that every props label gives a state set.
func TestBuildWithProps(t *testing.T) {
	needCorpus(t)
	models, _ := filepath.Glob(filepath.Join(corpusDir, "verify", "*", "*.prism"))
	more, _ := filepath.Glob(filepath.Join(corpusDir, "verify", "*", "*", "*.prism"))
	nm, _ := filepath.Glob(filepath.Join(corpusDir, "verify", "*", "*", "*.nm"))
	more = append(more, nm...)
	ex, _ := filepath.Glob(filepath.Join("..", "examples", "*.prism"))
	models = append(append(models, more...), ex...)
	if len(models) < 8 {
		t.Fatalf("found only %d models", len(models))
	}
	runs := 0
	for _, mp := range models {
		props, _ := filepath.Glob(mp + "*.props")
		if strings.HasPrefix(mp, "..") {
			props = examplesProps(mp, ex)
		}
		for _, pp := range props {
			t.Run(filepath.Base(pp), func(t *testing.T) {
				fset := prism.NewFileSet()
				msrc, _ := os.ReadFile(mp)
				psrc, _ := os.ReadFile(pp)
				mf, err := prism.ParseModel(fset, filepath.Base(mp), string(msrc))
				if err != nil {
					t.Fatal(err)
				}
				pf, err := prism.ParseProps(fset, filepath.Base(pp), string(psrc))
				if err != nil {
					t.Skipf("props file does not parse (not the translator's concern): %v", err)
				}
				// A props file's .args, else the model's (PRISM's test
				// convention).
				consts := argsConsts(t, pp+".args")
				if _, err := os.Stat(pp + ".args"); err != nil {
					consts = argsConsts(t, mp+".args")
				}
				m, err := Build(fset, mf, pf, Config{Consts: constsFrom(t, consts)})
				if err != nil {
					t.Fatalf("build with %q: %v", consts, err)
				}
				if m.Game.NumStates == 0 || len(m.Game.Initial) == 0 {
					t.Fatalf("empty game")
				}
				for _, l := range pf.Labels {
					bs, err := m.StateSet(&prism.LabelRef{NamePos: l.Name.NamePos, Name: l.Name.Name})
					if err != nil || bs == nil {
						t.Errorf("label %s: %v", l.Name.Name, err)
					}
				}
				for _, c := range pf.Consts {
					if c.Value == nil && !strings.Contains(consts, c.Name.Name+"=") {
						continue // undefined and unused needs no value
					}
					if _, ok := m.Consts[c.Name.Name]; !ok {
						t.Errorf("props constant %s not resolved", c.Name.Name)
					}
				}
				runs++
			})
		}
	}
	if runs < 8 {
		t.Errorf("only %d model+props builds ran", runs)
	}
}

// examplesProps returns the props files of examples/ that belong to model
// mp: those whose name starts with its stem and with no longer model stem.
func examplesProps(mp string, models []string) []string {
	all, _ := filepath.Glob(filepath.Join(filepath.Dir(mp), "*.props"))
	stem := strings.TrimSuffix(filepath.Base(mp), ".prism")
	var out []string
	for _, p := range all {
		b := filepath.Base(p)
		if !strings.HasPrefix(b, stem) {
			continue
		}
		better := false
		for _, o := range models {
			os := strings.TrimSuffix(filepath.Base(o), ".prism")
			if len(os) > len(stem) && strings.HasPrefix(b, os) {
				better = true
			}
		}
		if !better {
			out = append(out, p)
		}
	}
	return out
}
