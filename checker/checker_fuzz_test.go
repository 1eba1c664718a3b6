package checker

import (
	"regexp"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// fuzzRewards gives the fuzzed games labels and a reward structure beside
// their own.
const (
	cpdRewards = "rewards \"r\" [c1,c2] true : 2; s=1 : 1; endrewards\n"
	ruinExtras = `label "fine" = x=0;
label "reward" = x=3;
label "payoff1" = x=1;
label "payoff2" = x=2;
rewards "r" x=1 : 1; [up2] true : 3; endrewards
`
)

// bigNumber finds numbers that would make a fuzzed property run long (a
// bound of hundreds of steps), which are not what the target looks for.
var bigNumber = regexp.MustCompile(`[0-9]{3,}`)

// FuzzCheck parses a property, checks it against two small games (the CPD,
// a csg, and ruinSMG, a turn-based smg with probabilities), and runs it —
// Check, Languages and ExportOutcome: any outcome is fine but a panic.
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
		`<<a>> R{"r"}max=? [ C ]`,
		`<<p1>> R{"r"}min=? [ Fc "reward" ]`,
		`[[p1]] Pmax=? [ F "reward" ]`,
		`multi(Pmax=? [ F "reward" ], R{"r"}<=2 [ C ])`,
		`R{"r"}=? [ S ]`,
		`CAR(p3, [d1]) [ X "fine" ]`,
		`P=? [ F<=(min(2,3)) "reward" & X !"fine" ]`,
	} {
		f.Add(p)
	}
	models := []string{cpdSrc(f) + cpdRewards, ruinSMG + ruinExtras}
	f.Fuzz(func(t *testing.T, props string) {
		if len(props) > 300 || bigNumber.MatchString(props) {
			t.Skip("too long to run quickly")
		}
		for _, model := range models {
			fuzzOne(t, model, props)
		}
	})
}

// fuzzOne runs props on model; errors are expected, panics are not.
func fuzzOne(t *testing.T, model, props string) {
	fset, m, pf, err := buildForTest(t, model, props, false)
	if err != nil {
		return
	}
	plans := map[string]*prism.Plan{}
	for _, d := range pf.Plans {
		plans[d.Name.Name] = d.Plan
	}
	c, err := New(fset, m.Game, m, Config{Plans: plans, Behaviours: pf.Behaviours, MaxProduct: 20_000})
	if err != nil {
		return
	}
	for _, p := range pf.Properties {
		c.Check(p.Expr)
		c.Languages(p.Expr)
		c.ExportOutcome(p.Expr)
	}
}
