package prism

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// corpusDir is the PRISM-games conformance corpus, read in place.
const corpusDir = "../../shared/prism-corpus"

func corpusFiles(t *testing.T, suffix string) []string {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("PRISM corpus not found at %s (shared directory absent): %v", corpusDir, err)
	}
	var files []string
	for _, dir := range []string{"models", "verify", "export"} {
		filepath.WalkDir(filepath.Join(corpusDir, dir), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, suffix) {
				files = append(files, p)
			}
			return nil
		})
	}
	// The examples shipped with onus use the extensions.
	ex, _ := filepath.Glob(filepath.Join("..", "examples", "*"+suffix))
	files = append(files, ex...)
	if len(files) == 0 {
		t.Fatalf("no %s files found", suffix)
	}
	return files
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseCorpusModels(t *testing.T) {
	files := corpusFiles(t, ".prism")
	for _, p := range files {
		fset := NewFileSet()
		m, err := ParseModel(fset, p, readFile(t, p))
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if len(m.Modules) == 0 {
			t.Errorf("%s: no modules parsed", p)
		}
		// Every command guard re-prints to a string that parses back to
		// the same string.
		for _, mod := range m.Modules {
			for _, c := range mod.Commands {
				checkRoundTrip(t, p, c.Guard)
				for _, u := range c.Updates {
					for _, a := range u.Assigns {
						checkRoundTrip(t, p, a.Expr)
					}
				}
			}
		}
	}
	t.Logf("%d model files parsed", len(files))
}

// resultLine matches a `// RESULT:` comment line of a corpus props file.
var resultLine = regexp.MustCompile(`^\s*//\s*RESULT`)

// resultBlocks counts the runs of consecutive RESULT lines in src that are
// followed by a property, not by a commented-out one: one run per property
// (a property swept over constants has one RESULT line per value).
func resultBlocks(src string) int {
	lines := strings.Split(src, "\n")
	n := 0
	for i := 0; i < len(lines); i++ {
		if !resultLine.MatchString(lines[i]) {
			continue
		}
		for i+1 < len(lines) && resultLine.MatchString(lines[i+1]) {
			i++
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "//") {
			n++
		}
	}
	return n
}

func TestParseCorpusProps(t *testing.T) {
	files := corpusFiles(t, ".props")
	n := 0
	for _, p := range files {
		fset := NewFileSet()
		src := readFile(t, p)
		pf, err := ParseProps(fset, p, src)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		// Each property of the corpus has a RESULT line in its comment block.
		if strings.Contains(p, "prism-corpus") {
			if want := resultBlocks(src); want != len(pf.Properties) {
				t.Errorf("%s: %d properties, want %d", p, len(pf.Properties), want)
			}
		}
		for _, prop := range pf.Properties {
			n++
			hasResult := false
			for _, c := range prop.Comments {
				if strings.HasPrefix(c, "RESULT") {
					hasResult = true
				}
			}
			if !hasResult {
				t.Errorf("%s: property %q has no RESULT comment (comments %q)", p, prop.Text, prop.Comments)
			}
			checkRoundTrip(t, p, prop.Expr)
		}
	}
	t.Logf("%d properties parsed", n)
}

// checkRoundTrip prints e, parses the result as a property and checks that
// it prints the same.
func checkRoundTrip(t *testing.T, where string, e Expr) {
	t.Helper()
	s := ExprString(e)
	e2, err := ParseExpr(NewFileSet(), "roundtrip", s)
	if err != nil {
		t.Errorf("%s: printed %q does not parse: %v", where, s, err)
		return
	}
	if s2 := ExprString(e2); s2 != s {
		t.Errorf("%s: round trip changed %q to %q", where, s, s2)
	}
}

func TestParseSMGExample(t *testing.T) {
	p := filepath.Join(corpusDir, "export/smg/smg_example.prism")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	fset := NewFileSet()
	m, err := ParseModel(fset, p, readFile(t, p))
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != TypeSMG {
		t.Errorf("type %v, want smg", m.Type)
	}
	if len(m.Players) != 2 || m.Players[0].Name.Name != "p1" || len(m.Players[0].Actions) != 2 ||
		m.Players[0].Modules[0].Name != "host" || m.Players[1].Modules[0].Name != "client" {
		t.Errorf("players parsed wrong: %+v", m.Players)
	}
	if len(m.Modules) != 2 || len(m.Modules[1].Commands) != 4 {
		t.Fatalf("modules parsed wrong")
	}
	if len(m.Labels) != 1 || m.Labels[0].Name.Name != "two" || ExprString(m.Labels[0].Expr) != "c = 2" {
		t.Errorf("label parsed wrong")
	}
	if len(m.Rewards) != 2 || m.Rewards[0].Name != "time" || m.Rewards[1].Items[0].Labels[0].Name != "send1" || !m.Rewards[1].Items[0].Trans {
		t.Errorf("rewards parsed wrong")
	}
	cmd := m.Modules[1].Commands[0] // [send1] c=0 -> 0.85:(c'=1) + 0.15:(c'=0)
	if len(cmd.Updates) != 2 || ExprString(cmd.Updates[0].Prob) != "0.85" || cmd.Updates[1].Assigns[0].Var.Name != "c" {
		t.Errorf("command parsed wrong: %s", ExprString(cmd.Guard))
	}
}

func TestParseMediumAccessRenaming(t *testing.T) {
	p := filepath.Join(corpusDir, "export/csg/medium_access2.prism")
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus absent: %v", err)
	}
	m, err := ParseModel(NewFileSet(), p, readFile(t, p))
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != TypeCSG {
		t.Errorf("type %v", m.Type)
	}
	var ren *Module
	for _, mod := range m.Modules {
		if mod.Rename != nil {
			ren = mod
		}
	}
	if ren == nil || ren.Name.Name != "mac2" || ren.Rename.Base.Name != "mac1" || len(ren.Rename.Pairs) != 4 ||
		ren.Rename.Pairs[0].Old.Name != "s1" || ren.Rename.Pairs[0].New.Name != "s2" {
		t.Fatalf("renamed module parsed wrong: %+v", ren)
	}
}

func TestModelItems(t *testing.T) {
	src := `// comment
const int N = 3;
const double p;
rate r = 2;
const bool b;
global g : [0..N] init 1;
formula f = g + 1;
label "done" = g = N;
module m
  x : bool init false;
  y : int;
  invariant x => y > 0 endinvariant
  [] x -> (x'=false);
  [a, b] !x -> 0.5 : (x'=true) & (y'=y+1) + 0.5 : true;
  [c] x -> [0.2, 0.3] : true + 0.7 : (y'=y');
endmodule
module m2 = m [x = x2, y = y2, a = a2, min = max] endmodule
rewards "r" [a] true : 1; x : 2.5; endrewards
rewards true : 1; endrewards
init g > 0 endinit
system m || m2 endsystem
`
	fset := NewFileSet()
	m, err := ParseModel(fset, "t.prism", src)
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != TypeNone || m.TypePos.IsValid() {
		t.Errorf("type %v, want none (not inferred)", m.Type)
	}
	checks := []struct {
		name string
		got  any
		want any
	}{
		{"consts", len(m.Consts), 4},
		{"N value", ExprString(m.Consts[0].Value), "3"},
		{"p type", m.Consts[1].Type, TDouble},
		{"p undefined", m.Consts[1].Value == nil, true},
		{"rate type", m.Consts[2].Type, TDouble},
		{"b type", m.Consts[3].Type, TBool},
		{"global", m.Globals[0].Global && m.Globals[0].Kind == VarRange, true},
		{"global range", ExprString(m.Globals[0].Hi), "N"},
		{"formula", ExprString(m.Formulas[0].Expr), "g + 1"},
		{"label", m.Labels[0].Name.Name, "done"},
		{"label pos", fset.Position(m.Labels[0].Name.NamePos).String(), "t.prism:8:7"},
		{"vars", m.Modules[0].Vars[1].Kind, VarInt},
		{"invariant", ExprString(m.Modules[0].Invariant), "x => y > 0"},
		{"labels", len(m.Modules[0].Commands[1].Labels), 2},
		{"unlabelled", len(m.Modules[0].Commands[0].Labels), 0},
		{"single update prob", m.Modules[0].Commands[0].Updates[0].Prob == nil, true},
		{"true update", len(m.Modules[0].Commands[1].Updates[1].Assigns), 0},
		{"interval", ExprString(m.Modules[0].Commands[2].Updates[0].ProbHi), "0.3"},
		{"primed rhs", ExprString(m.Modules[0].Commands[2].Updates[1].Assigns[0].Expr), "y'"},
		{"cmd pos", fset.Position(m.Modules[0].Commands[1].Pos).String(), "t.prism:14:3"},
		{"update pos", fset.Position(m.Modules[0].Commands[1].Updates[1].Pos).String(), "t.prism:14:45"},
		{"rename", m.Modules[1].Rename.Pairs[3].Old.Name + "=" + m.Modules[1].Rename.Pairs[3].New.Name, "min=max"},
		{"reward name", m.Rewards[0].Name, "r"},
		{"reward items", len(m.Rewards[0].Items), 2},
		{"state reward", m.Rewards[0].Items[1].Trans, false},
		{"unnamed rewards", m.Rewards[1].Name, ""},
		{"init", ExprString(m.Init.Expr), "g > 0"},
		{"system", m.System != nil, true},
		{"endmodule", fset.Position(m.Modules[0].EndPos).String(), "t.prism:16:1"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestModelTypes(t *testing.T) {
	for _, tc := range []struct {
		kw   string
		want ModelType
	}{
		{"dtmc", TypeDTMC}, {"probabilistic", TypeDTMC}, {"mdp", TypeMDP}, {"nondeterministic", TypeMDP},
		{"ctmc", TypeCTMC}, {"stochastic", TypeCTMC}, {"smg", TypeSMG}, {"csg", TypeCSG}, {"stpg", TypeSTPG},
		{"pomdp", TypePOMDP}, {"tptg", TypeTPTG},
	} {
		m, err := ParseModel(NewFileSet(), "t", tc.kw+"\nmodule m x:bool; endmodule")
		if err != nil {
			t.Errorf("%s: %v", tc.kw, err)
			continue
		}
		if m.Type != tc.want || !m.TypePos.IsValid() {
			t.Errorf("%s: type %v", tc.kw, m.Type)
		}
	}
	_, err := ParseModel(NewFileSet(), "t", "smg\ncsg\nmodule m x:bool; endmodule")
	if err == nil || !strings.Contains(err.Error(), "t:2:1: error: duplicate model type") {
		t.Errorf("duplicate type: got %v", err)
	}
}
