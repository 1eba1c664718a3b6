package equil_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/checker/equil/certify"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// TestTableCertified certifies every answer of the solver's table with
// the independent best-response check.
func TestTableCertified(t *testing.T) {
	for _, tc := range equil.Table(t) {
		t.Run(tc.Name, func(t *testing.T) {
			r, err := equil.Solve(tc.Game, tc.Q, equil.Config{Profile: true})
			if err != nil {
				t.Fatal(err)
			}
			init := int(tc.Game.Initial[0])
			rep, err := certify.Check(tc.Game, r, init, certify.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Certified {
				t.Errorf("not certified: %s\n%+v", rep.Reason, rep)
			}
		})
	}
}

// TestCertifyCatchesTampering changes a profile after the fact: the check
// must then find the deviation that pays.
func TestCertifyCatchesTampering(t *testing.T) {
	var one equil.TableCase
	for _, tc := range equil.Table(t) {
		if tc.Name == "one shot nash social" {
			one = tc
		}
	}
	r, err := equil.Solve(one.Game, one.Q, equil.Config{Profile: true})
	if err != nil {
		t.Fatal(err)
	}
	init := int(one.Game.Initial[0])
	// The answer is (b1,a2), paying (6,2); (a1,a2) pays (5,5), from which
	// each player gains 1 by switching to b.
	st := r.Profile.Stage(init, r.Profile.Rounds)
	if st == nil || len(st.X) != 2 || len(st.Y) != 2 {
		t.Fatalf("stage rule %+v", st)
	}
	st.X[0], st.X[1] = 1, 0
	st.Y[0], st.Y[1] = 1, 0
	rep, err := certify.Check(one.Game, r, init, certify.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Certified {
		t.Fatalf("a tampered profile is certified: %+v", rep)
	}
	// Gains are relative to max(1, |value|): 1/5 for each.
	for i, g := range rep.MaxGain {
		if math.Abs(g-0.2) > 1e-12 {
			t.Errorf("coalition %d gains %v, want 0.2", i+1, g)
		}
	}
	if rep.Values != [2]float64{5, 5} {
		t.Errorf("the tampered profile's values are %v, want (5, 5)", rep.Values)
	}
}

// TestCertifyCatchesWrongCoop replaces a cooperative choice. In
// branch.prism, <<p1:p2>>max=? (R{"r1"}[F s>0] + R{"r2"}[F s=3]), p1's
// objective is met by its first move; then both play for p2's reward
// until s=3, which staying away from s=3 makes infinite (PRISM-games'
// convention). A cooperative rule that moves on to s=3 instead gives a
// finite value, which the check must see.
func TestCertifyCatchesWrongCoop(t *testing.T) {
	var br equil.TableCase
	for _, tc := range equil.Table(t) {
		if tc.Name == "branch infinite" {
			br = tc
		}
	}
	g := br.Game
	r, err := equil.Solve(g, br.Q, equil.Config{Profile: true})
	if err != nil {
		t.Fatal(err)
	}
	init := int(g.Initial[0])
	rep, err := certify.Check(g, r, init, certify.Config{})
	if err != nil || !rep.Certified {
		t.Fatalf("the untouched answer: %v %+v", err, rep)
	}
	for s := 0; s < g.NumStates; s++ {
		c := r.Profile.Coop(1, s, 0)
		if c < 0 {
			continue
		}
		lo, hi := g.Choices(s)
		for d := lo; d < hi; d++ {
			if tlo, _ := g.Transitions(d); g.Target[tlo] != int32(s) {
				r.Profile.SetCoop(1, s, d) // a choice that moves
			}
		}
	}
	rep, err = certify.Check(g, r, init, certify.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Certified || !math.IsInf(rep.MaxDiff, 1) {
		t.Errorf("a cooperative rule that ends the game is certified: %+v", rep)
	}
}

// TestTwoInvestorsTies settles two_investors_nash (months=5, pbar=0.1),
// where onus answers 10.198851 and PRISM-games 10.164300: both are
// certified subgame-perfect equilibria. Stage by stage the welfare rule
// meets ties, pairs of equilibria whose sums are equal but for the last
// bit of a double (9.167333333333 and 9.167333333333001 two months before
// the end); onus breaks them by the larger value of the first coalition,
// PRISM-games by the larger double, and the choices lead to different
// answers upstream.
func TestTwoInvestorsTies(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "prism-corpus", "models", "csgs", "investors", "two_investors_nash.prism"))
	if err != nil {
		t.Skipf("the PRISM-games corpus is not there: %v", err)
	}
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "two_investors_nash.prism", string(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := translate.Build(fset, mf, nil, translate.Config{Consts: []translate.ConstAssign{
		{Name: "months", Value: translate.Value{Type: prism.TInt, I: 5}},
		{Name: "pbar", Value: translate.Value{Type: prism.TDouble, F: 0.1}}}})
	if err != nil {
		t.Fatal(err)
	}
	g := m.Game
	objective := func(profit, finished string) equil.Objective {
		o := equil.Objective{Kind: equil.Reach, Target: g.Label(finished)}
		for _, r := range g.Rewards {
			if r.Name == profit {
				o.StateRew, o.TransRew = r.State, r.Trans
			}
		}
		return o
	}
	q := &equil.Query{Coalitions: [2][]int{{0}, {1}},
		Objectives: [2]equil.Objective{objective("profit1", "finished1"), objective("profit2", "finished2")}}
	init := int(g.Initial[0])
	for _, tc := range []struct {
		name  string
		exact bool
		want  float64
	}{
		{"onus", false, 10.198851170833},
		{"PRISM-games' ties", true, 10.164299641204},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := equil.Solve(g, q, equil.Config{Profile: true, ExactTies: tc.exact})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Sum(init); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("value %.12f, want %.12f", got, tc.want)
			}
			rep, err := certify.Check(g, r, init, certify.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Certified || rep.MaxGain != [2]float64{} {
				t.Errorf("not certified without gain: %+v", rep)
			}
		})
	}
}
