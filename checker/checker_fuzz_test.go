package checker_test

import (
	"regexp"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// fuzzModels are the small games the fuzzed properties run on: the CPD (a
// csg, SPEC §8) and a turn-based smg with probabilities and rewards.
var fuzzModels = []string{`csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1
  [c1] true -> true;
  [d1] true -> true;
endmodule
module m2 = m1 [c1=c2, d1=d2] endmodule
module outcome
  s : [0..3] init 0;
  [c1,c2] true -> (s'=1);
  [c1,d2] true -> (s'=2);
  [d1,c2] true -> (s'=3);
  [d1,d2] true -> (s'=0);
endmodule
label "fine" = s=0;
label "reward" = s=1;
label "payoff1" = s=2;
label "payoff2" = s=3;
rewards "r" [c1,c2] true : 2; s=1 : 1; endrewards
`, `smg
player a M, [dn1], [up1] endplayer
player b [dn2], [up2] endplayer
module M
  x : [0..3] init 1;
  [dn1] x=1 -> (x'=0);
  [up1] x=1 -> 0.5:(x'=2) + 0.5:(x'=1);
  [dn2] x=2 -> 0.25:(x'=1) + 0.75:(x'=2);
  [up2] x=2 -> (x'=3);
  [] x=0 | x=3 -> true;
endmodule
label "fine" = x=0;
label "reward" = x=3;
label "payoff1" = x=1;
label "payoff2" = x=2;
rewards "r" x=1 : 1; [up2] true : 3; endrewards
`}

// bigNumber finds numbers that would make a fuzzed property run long (a
// bound of thousands of steps), which are not what the target looks for.
var bigNumber = regexp.MustCompile(`[0-9]{3,}`)

// FuzzCheck parses a property, checks it against each small game, and runs
// it (Check, Languages and ExportOutcome): any outcome is fine but a panic.
//
//	go test ./checker -run '^$' -fuzz FuzzCheck -fuzztime 1m
func FuzzCheck(f *testing.F) {
	for _, p := range []string{
		`CAR(p1, [d1,d2]) [ X ("fine"|"payoff2") ]`,
		`CPR(p1, [c1,c2])=? [ F<=3 "reward" ]`,
		`CCR(p1, [c1,d2] [d1,d2])#=? [ F<=2 "fine" ]`,
		`CAR(a, [up1])P>=0.5 [ F<=4 "reward" ]`,
		`plan q = [*]^2 [c1]; CPR(p2, q)H=? [ G<=3 !"payoff1" ]`,
		`#=? [ "fine" U<=3 "reward" ]`,
		`H=? [ F<=2 "payoff2" ]`,
		`Hinf=? [ G ("fine"|"reward") ]`,
		`P=? [ F "reward" ]`,
		`P>0.3 [ X P>=0.5 [ F<=2 "reward" ] ]`,
		`<<p1>> Pmax=? [ F "reward" ]`,
		`<<a>> Pmin=? [ G !"fine" ]`,
		`<<p1,p2>> [ F<=2 "payoff1" ]`,
		`<<a>> R{"r"}max=? [ F "reward" ]`,
		`<<b>> R{"r"}min=? [ C<=4 ]`,
		`<<a>> R{"r"}max=? [ F0 "reward" ]`,
		`filter(max, P=? [ F "reward" ], "fine")`,
		`S=? [ "fine" ]`,
		`CAR(p3, [d1]) [ X "fine" ]`,
		`P=? [ F<=(min(2,3)) "reward" & X !"fine" ]`,
	} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, props string) {
		if len(props) > 300 || bigNumber.MatchString(props) {
			t.Skip("too long to run quickly")
		}
		for _, model := range fuzzModels {
			fuzzOne(t, model, props)
		}
	})
}

// fuzzOne runs props on model; errors are expected, panics are not.
func fuzzOne(t *testing.T, model, props string) {
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "m.prism", model)
	if err != nil {
		t.Fatalf("model: %v", err)
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		t.Fatalf("model: %v", err)
	}
	pf, err := prism.ParseProps(fset, "p.props", props)
	if err != nil {
		return
	}
	if prism.CheckProps(fset, mf, pf) != nil {
		return
	}
	m, err := translate.Build(fset, mf, pf, translate.Config{})
	if err != nil {
		return
	}
	plans := map[string]*prism.Plan{}
	for _, d := range pf.Plans {
		plans[d.Name.Name] = d.Plan
	}
	c, err := checker.New(fset, m.Game, m, checker.Config{Plans: plans, Behaviours: pf.Behaviours, MaxProduct: 20_000})
	if err != nil {
		return
	}
	for _, p := range pf.Properties {
		c.Check(p.Expr)
		c.Languages(p.Expr)
		c.ExportOutcome(p.Expr)
	}
}
