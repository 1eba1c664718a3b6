package equil_test

import (
	"math"
	"testing"

	"github.com/onus-mc/onus/checker/equil"
	"github.com/onus-mc/onus/checker/equil/certify"
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
