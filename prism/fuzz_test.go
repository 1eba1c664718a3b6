package prism

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// addCorpusSeeds adds the corpus files with the given suffix as seeds, when
// the shared corpus is present. Files over 3000 characters are left out:
// they slow every mutation and minimisation down without adding syntax.
func addCorpusSeeds(f *testing.F, suffix string) {
	for _, dir := range []string{"models", "verify", "export"} {
		filepath.WalkDir(filepath.Join(corpusDir, dir), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, suffix) {
				if b, err := os.ReadFile(p); err == nil && len(b) <= 3000 {
					f.Add(string(b))
				}
			}
			return nil
		})
	}
	ex, _ := filepath.Glob(filepath.Join("..", "examples", "*"+suffix))
	for _, p := range ex {
		if b, err := os.ReadFile(p); err == nil && len(b) <= 3000 {
			f.Add(string(b))
		}
	}
}

// withDeadline runs parse and fails if it takes more than 10 seconds (the
// parser must be fast on every input, not only terminate).
func withDeadline(t *testing.T, src string, parse func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		parse()
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("parsing %d characters took more than 10s", len(src))
	}
}

// checkParsed checks the invariants every parse must keep: an error is a
// non-empty sorted ErrorList with positions inside the file, and a tree
// prints to expressions that parse again to the same text.
func checkParsed(t *testing.T, src string, err error, exprs func(func(Expr))) {
	if err != nil {
		el, ok := err.(ErrorList)
		if !ok || len(el) == 0 {
			t.Fatalf("error %v (%T) is not a non-empty ErrorList", err, err)
		}
		lines := strings.Count(src, "\n") + 1
		for _, e := range el {
			if e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Column < 1 {
				t.Fatalf("error position out of the file: %v", e)
			}
			if strings.Contains(e.Msg, "internal parser error") {
				t.Fatalf("parser panicked: %v", e)
			}
		}
		return
	}
	exprs(func(e Expr) {
		if e == nil {
			return
		}
		s := ExprString(e)
		e2, err := ParseExpr(NewFileSet(), "print", s)
		if err != nil {
			// Model expressions may hold nothing a property cannot.
			t.Fatalf("printed %q does not parse: %v", s, err)
		}
		if s2 := ExprString(e2); s2 != s {
			t.Fatalf("round trip changed %q to %q", s, s2)
		}
	})
}

func FuzzParseModel(f *testing.F) {
	addCorpusSeeds(f, ".prism")
	for _, s := range []string{
		"smg\nplayer p1 m, [a] endplayer\nmodule m x:[0..2] init 1; [a] x<2 -> 0.5:(x'=x+1) + 0.5:true; endmodule\n",
		"module m = n [x=y, min=max] endmodule rewards \"r\" [a] x>0 : 1; endrewards init x=0 endinit",
		"const int N = 007; formula f = -2^2 > N ? 1 : 2; label \"l\" = !f=1;",
		"system m || n endsystem observables x endobservables",
		"module m x : bool; [] x -> (x '=1); endmodule",
		"module m x:[0..1]; []x=0->[0.1,0.2]:(x'=1)+0.8:true; endmodule",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var m *ModelFile
		var err error
		withDeadline(t, src, func() { m, err = ParseModel(NewFileSet(), "fuzz.prism", src) })
		checkParsed(t, src, err, func(visit func(Expr)) {
			for _, mod := range m.Modules {
				for _, c := range mod.Commands {
					visit(c.Guard)
					for _, u := range c.Updates {
						visit(u.Prob)
						for _, a := range u.Assigns {
							visit(a.Expr)
						}
					}
				}
			}
			for _, fd := range m.Formulas {
				visit(fd.Expr)
			}
			for _, c := range m.Consts {
				visit(c.Value)
			}
		})
	})
}

func FuzzParseProps(f *testing.F) {
	addCorpusSeeds(f, ".props")
	for _, s := range []string{
		"<<p1:p2>>{nash} max=? (P[F a] + R{\"r\"}[C<=3])\n[[1,2]] Pmin=? [ a U<=k b ]",
		"plan pi = ([c1,c2] [d1,d2])^(t/2) [*]^3 [#1];\nbehaviour p1 { d1 : 1/4, #2 : 3/4 };\nCAR(p1, pi)P>=0.5 [ G<=t \"a\" ]",
		"CPR(1, [d1,c2]^t)=? [ F<=t \"reward\" ] CCR(p2, pi)H=? [ X a ] #=? [ G a ] Hinf=? [ G F<100 b ]",
		"\"n\": filter(max, R{2, disc=0.9}min=? [ Fc x ], x=0); S>0.5 [ y {z}{min} ]; <<1>> [ F a W b ]",
		"P>0.5 [ X P>0.5 [ F a ]]",
		"E [ F a ] & A [ G b ] | R(mod){\"x\"}=? [ I=3 ] <=> x<-1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var pf *PropsFile
		var err error
		withDeadline(t, src, func() { pf, err = ParseProps(NewFileSet(), "fuzz.props", src) })
		checkParsed(t, src, err, func(visit func(Expr)) {
			for _, p := range pf.Properties {
				visit(p.Expr)
				if p.Text == "" {
					t.Fatalf("property without text")
				}
			}
			for _, c := range pf.Consts {
				visit(c.Value)
			}
			for _, pl := range pf.Plans {
				s := pl.Name.Name + "=" + PlanString(pl.Plan)
				d, err := ParsePlan(NewFileSet(), "plan", s)
				if err != nil {
					t.Fatalf("printed plan %q does not parse: %v", s, err)
				}
				if s2 := d.Name.Name + "=" + PlanString(d.Plan); s2 != s {
					t.Fatalf("plan round trip changed %q to %q", s, s2)
				}
			}
		})
	})
}

// TestRandomTokens feeds random sequences of the languages' tokens (which
// reach deeper into the grammar than byte mutations) to every entry point:
// no input may panic, errors must be well-formed and parses must round-trip.
func TestRandomTokens(t *testing.T) {
	toks := strings.Fields(`A C E F G I P R S U W X Fc F0 disc Pmin Pmax Pminmax Rmin Rmax min max minmin maxmax
		true false func filter forall const int double bool label formula module endmodule global init endinit
		rewards endrewards player endplayer system endsystem smg csg dtmc CAR CPR CCR SHAPLEY BANZHAF plan behaviour Hinf H
		! & | => <=> -> : ; , .. ( ) [ ] [[ ]] { } = != < > << >> <= >= + - * / ^ ? # <- ' " . x y' "a" 0 1 2.5 007 1e3 *`)
	seed := uint64(12345)
	next := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	for i := 0; i < 3000; i++ {
		n := 1 + next(40)
		parts := make([]string, n)
		for j := range parts {
			parts[j] = toks[next(len(toks))]
		}
		src := strings.Join(parts, " ")
		if m, err := ParseModel(NewFileSet(), "r", src); err == nil {
			checkParsed(t, src, nil, func(visit func(Expr)) {
				for _, c := range m.Consts {
					visit(c.Value)
				}
			})
		} else {
			checkParsed(t, src, err, nil)
		}
		pf, err := ParseProps(NewFileSet(), "r", src)
		checkParsed(t, src, err, func(visit func(Expr)) {
			for _, p := range pf.Properties {
				visit(p.Expr)
			}
		})
		e, err := ParseExpr(NewFileSet(), "r", src)
		checkParsed(t, src, err, func(visit func(Expr)) { visit(e) })
		_, err = ParsePlan(NewFileSet(), "r", src)
		checkParsed(t, src, err, func(func(Expr)) {})
	}
}
