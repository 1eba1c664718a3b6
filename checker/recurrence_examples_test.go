package checker_test

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Recurrence and persistence formulas on the chains that behaviours
// induce on the example csgs (examples/*.prism), under the uniform
// profile and under random ones, against the literal oracle of
// recurrence_random_test.go; and on robots, where a crash stops both
// robots for good, F G "crash" against F "crash" solved directly.
func TestProbRecurrenceExamples(t *testing.T) {
	cases := []struct {
		file   string
		consts []translate.ConstAssign
		labels []string
	}{
		{"robots.prism", []translate.ConstAssign{{Name: "N", Value: translate.Value{Type: prism.TInt, I: 4}}, {Name: "cross", Value: translate.Value{Type: prism.TInt, I: 1}}}, []string{"crash", "done"}},
		{"robots.prism", []translate.ConstAssign{{Name: "N", Value: translate.Value{Type: prism.TInt, I: 5}}, {Name: "cross", Value: translate.Value{Type: prism.TInt, I: 2}}}, []string{"crash", "done"}},
		{"cpd.prism", nil, []string{"fine", "reward", "payoff1", "payoff2"}},
		{"backoff.prism", nil, []string{"collision", "done"}},
		{"jammer.prism", nil, []string{"delivered", "lost"}},
		{"crossing.prism", nil, []string{"crash"}},
		{"pennies.prism", nil, []string{"win", "lose"}},
	}
	r := rand.New(rand.NewPCG(7, 0x72656375))
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			fset := prism.NewFileSet()
			src, err := os.ReadFile(filepath.Join("..", "examples", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			mf, err := prism.ParseModel(fset, tc.file, string(src))
			if err != nil {
				t.Fatal(err)
			}
			if err := prism.CheckModel(fset, mf); err != nil {
				t.Fatal(err)
			}
			m, err := translate.Build(fset, mf, nil, translate.Config{Consts: tc.consts})
			if err != nil {
				t.Fatal(err)
			}
			g := m.Game
			if g.Type != prism.TypeCSG {
				t.Fatalf("%s is a %s, not a csg", tc.file, g.Type)
			}
			var atoms []prism.Expr
			for _, l := range tc.labels {
				atoms = append(atoms, lab(l), &prism.Unary{Op: prism.OpNot, X: lab(l)})
			}
			all := make([]int, g.NumStates)
			for s := range all {
				all[s] = s
			}
			checked, fractional := 0, 0
			for k := range 6 {
				var beh []*prism.BehaviourDecl
				if k > 0 {
					beh = genBehaviours(r, g)
				}
				ck, err := checker.New(fset, g, m, checker.Config{Behaviours: beh})
				if err != nil {
					continue // a behaviour with weight 0 on every action somewhere
				}
				mat := chainMatrix(checker.InducedChain(ck))
				for range 8 {
					psi := genRecur(r, 1+r.IntN(3), atoms)
					want, err := recurOracle(m.StateSet, mat, psi)
					if err != nil {
						t.Fatalf("oracle: %v", err)
					}
					got, err := checker.InfProb(ck, psi, all)
					if err != nil {
						t.Fatalf("%s: %v", naive.FormatExpr(psi), err)
					}
					for s := range all {
						w, _ := want[s].Float64()
						if w > 0 && w < 1 {
							fractional++
						}
						if (w == 0 || w == 1) && got[s] != w || math.Abs(got[s]-w) > 1e-5 {
							t.Errorf("%s %s from %d: got %.17g, want %.17g\n%s", naive.FormatExpr(psi), naive.FormatBehaviours(beh), s, got[s], w, naive.FormatGame(g))
						}
					}
					checked++
				}
				if tc.file != "robots.prism" {
					continue
				}
				fg := &prism.Temporal{Op: prism.TempF, Right: &prism.Temporal{Op: prism.TempG, Right: lab("crash")}}
				f := &prism.Temporal{Op: prism.TempF, Right: lab("crash")}
				v1, err1 := checker.InfProb(ck, fg, all)
				v2, err2 := checker.InfProb(ck, f, all)
				if err1 != nil || err2 != nil {
					t.Fatalf("%v %v", err1, err2)
				}
				for s := range all {
					if math.Abs(v1[s]-v2[s]) > 1e-5 {
						t.Errorf("from %d: F G crash %v, F crash %v", s, v1[s], v2[s])
					}
				}
			}
			if checked < 16 {
				t.Errorf("only %d formulas checked", checked)
			}
			if tc.file == "robots.prism" && fractional == 0 {
				t.Errorf("no value strictly between 0 and 1")
			}
			t.Logf("%d formulas, %d values strictly between 0 and 1", checked, fractional)
		})
	}
}
