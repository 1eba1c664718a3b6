package onus

import (
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// TestClampProbabilities checks that printed probabilities stay in [0,1]
// while other values pass unchanged.
func TestClampProbabilities(t *testing.T) {
	parse := func(s string) prism.Expr {
		e, err := prism.ParseExpr(prism.NewFileSet(), "property", s)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	num := func(x float64) *checker.Result { return &checker.Result{Kind: checker.KindNumber, Number: x} }
	rows := []struct {
		prop string
		in   *checker.Result
		want float64
	}{
		{"P=? [ F x=1 ]", num(1.0000000000000007), 1},
		{"P=? [ F x=1 ]", num(-1e-17), 0},
		{"<<p1>> Pmax=? [ F x=1 ]", num(1.0000000000000002), 1},
		{"(S=? [ x=1 ])", num(1.5), 1},
		{"CPR(p1, [*])P=? [ F x=1 ]", num(1.0000000000000007), 1},
		{"CPR(p1, [*])H=? [ F x=1 ]", num(1.25), 1.25},
		{"Hinf=? [ G x=1 ]", num(1.0000000000000007), 1.0000000000000007},
		{"<<p1>> Rmax=? [ F x=1 ]", num(2.5), 2.5},
		// A power index may be negative (examples/crossing.props).
		{"SHAPLEY(p1, [*])P=? [ F x=1 ]", num(-0.25), -0.25},
		{"BANZHAF(p1, [*])P=? [ F x=1 ]", num(-0.25), -0.25},
	}
	for _, row := range rows {
		got := clampProbabilities(parse(row.prop), row.in).Number
		if got != row.want {
			t.Errorf("%s: %v gives %v, want %v", row.prop, row.in.Number, got, row.want)
		}
	}
	d := &checker.Result{Kind: checker.KindDegrees, Degrees: &checker.Degrees{Count: 0.5, Prob: 1.0000000000000004, Entropy: 0.25}}
	got := clampProbabilities(parse("CPR(p1, [*])=? [ F x=1 ]"), d).Degrees
	if *got != (checker.Degrees{Count: 0.5, Prob: 1, Entropy: 0.25}) || d.Degrees.Prob != 1.0000000000000004 {
		t.Errorf("degrees clamped to %+v (input now %+v)", *got, *d.Degrees)
	}
}
