package checker

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/solve"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Hand-computed pATL values (SPEC §4) on small models written in PRISM's
// language, parsed and built by the other packages.

// turnSMG: s=0 (p1) chooses a (½ goal, ½ s=1) or b (to s=2); s=1 (p2)
// chooses c (goal) or d (sink); s=2 goes to goal with 0.9, sink with 0.1.
const turnSMG = `smg
player p1 M, [a], [b] endplayer
player p2 [c], [d] endplayer
module M
  s : [0..4] init 0; // 3 goal, 4 sink
  [a] s=0 -> 0.5:(s'=3) + 0.5:(s'=1);
  [b] s=0 -> (s'=2);
  [c] s=1 -> (s'=3);
  [d] s=1 -> (s'=4);
  [] s=2 -> 0.9:(s'=3) + 0.1:(s'=4);
  [] s>=3 -> true;
endmodule
label "goal" = s=3;
label "sink" = s=4;
rewards "steps" true : 1; endrewards
rewards "act" [a] true : 2; [b] true : 1; endrewards
rewards "atgoal" s=3 : 1; endrewards
`

// rps: rock-paper-scissors repeated on a draw; s=1: alice won, s=2: bob won.
const rpsCSG = `csg
player alice m1 endplayer
player bob m2 endplayer
module m1
  [r1] s=0 -> true;
  [p1] s=0 -> true;
  [s1] s=0 -> true;
endmodule
module m2 = m1[r1=r2,p1=p2,s1=s2] endmodule
module game
  s : [0..2] init 0;
  [r1,r2] s=0 -> (s'=0);
  [r1,p2] s=0 -> (s'=2);
  [r1,s2] s=0 -> (s'=1);
  [p1,r2] s=0 -> (s'=1);
  [p1,p2] s=0 -> (s'=0);
  [p1,s2] s=0 -> (s'=2);
  [s1,r2] s=0 -> (s'=2);
  [s1,p2] s=0 -> (s'=1);
  [s1,s2] s=0 -> (s'=0);
endmodule
rewards "u"
  [r1,s2] true : 1; [p1,r2] true : 1; [s1,p2] true : 1;
  [r1,p2] true : -1; [p1,s2] true : -1; [s1,r2] true : -1;
endrewards
rewards "won" s=1 : 1; endrewards
rewards "steps" true : 1; endrewards
`

// biased: a 2×2 game whose joint actions win with probabilities
// (.8 .2; .3 .6): mixed value (ad−bc)/(a+d−b−c) = 7/15.
const biasedCSG = `csg
player alice m1 endplayer
player bob m2 endplayer
module m1
  [u] s=0 -> true;
  [d] s=0 -> true;
endmodule
module m2
  [l] s=0 -> true;
  [r] s=0 -> true;
endmodule
module game
  s : [0..2] init 0;
  [u,l] s=0 -> 0.8:(s'=1) + 0.2:(s'=2);
  [u,r] s=0 -> 0.2:(s'=1) + 0.8:(s'=2);
  [d,l] s=0 -> 0.3:(s'=1) + 0.7:(s'=2);
  [d,r] s=0 -> 0.6:(s'=1) + 0.4:(s'=2);
endmodule
`

// pennies: matching pennies; alice wins (s=1) on a match.
const penniesCSG = `csg
player alice m1 endplayer
player bob m2 endplayer
module m1
  [h1] s=0 -> true;
  [t1] s=0 -> true;
endmodule
module m2 = m1[h1=h2,t1=t2] endmodule
module game
  s : [0..2] init 0;
  [h1,h2] s=0 -> (s'=1);
  [t1,t2] s=0 -> (s'=1);
  [h1,t2] s=0 -> (s'=2);
  [t1,h2] s=0 -> (s'=2);
endmodule
`

// loopMDP: from 0, loop (no reward) or go to 1 (reward 1).
const loopMDP = `mdp
module M
  s : [0..1] init 0;
  [loop] s=0 -> true;
  [go] s=0 -> (s'=1);
  [] s=1 -> true;
endmodule
rewards "go" [go] true : 1; endrewards
`

// repeatedPennies: matching pennies until alice matches (s=1).
const repeatedPenniesCSG = `csg
player alice m1 endplayer
player bob m2 endplayer
module m1
  [h1] s=0 -> true;
  [t1] s=0 -> true;
endmodule
module m2 = m1[h1=h2,t1=t2] endmodule
module game
  s : [0..1] init 0;
  [h1,h2] s=0 -> (s'=1);
  [t1,t2] s=0 -> (s'=1);
  [h1,t2] s=0 -> (s'=0);
  [t1,h2] s=0 -> (s'=0);
endmodule
rewards "rounds" s=0 : 1; endrewards
`

// gambleMDP: a fair coin gives reward 3 or 5, then safe (reach the goal
// s=4) or risky (reward 4, goal with ½, else the sink s=5). Under F0 the
// best choice depends on the reward so far: risky after 3 (3.5 > 3), safe
// after 5 (5 > 4.5).
const gambleMDP = `mdp
module M
  s : [0..5] init 0;
  [] s=0 -> 0.5:(s'=1) + 0.5:(s'=2);
  [] s=1 | s=2 -> (s'=3);
  [safe] s=3 -> (s'=4);
  [risky] s=3 -> 0.5:(s'=4) + 0.5:(s'=5);
  [] s>=4 -> true;
endmodule
rewards "r" s=1 : 3; s=2 : 5; [risky] true : 4; endrewards
rewards "half" s=1 : 0.5; endrewards
`

// ruin: gambler's ruin on 0..4 from 2 (dtmc).
const ruinDTMC = `dtmc
module M
  x : [0..4] init 2;
  [] x>0 & x<4 -> 0.5:(x'=x-1) + 0.5:(x'=x+1);
  [] x=0 | x=4 -> true;
endmodule
`

// mdpChoice: from 0, a: ½ goal ½ back; b: 0.3 goal 0.7 sink.
const choiceMDP = `mdp
module M
  s : [0..2] init 0;
  [a] s=0 -> 0.5:(s'=1) + 0.5:(s'=0);
  [b] s=0 -> 0.3:(s'=1) + 0.7:(s'=2);
  [] s>0 -> true;
endmodule
`

type patlWant struct {
	prop   string
	num    float64 // when !isBool and err == ""
	isBool bool
	b      bool
	err    string // a substring of the expected error
	exact  bool   // the number must be exactly num
}

func num(p string, v float64) patlWant   { return patlWant{prop: p, num: v} }
func exact(p string, v float64) patlWant { return patlWant{prop: p, num: v, exact: true} }
func boolW(p string, b bool) patlWant    { return patlWant{prop: p, isBool: true, b: b} }
func errW(p string, msg string) patlWant { return patlWant{prop: p, err: msg} }

func TestPATL(t *testing.T) {
	cases := []struct {
		name, model string
		want        []patlWant
	}{
		{"smg", turnSMG, []patlWant{
			num(`<<p1>> Pmax=? [ F "goal" ]`, 0.9),
			exact(`<<p1,p2>> Pmax=? [ F "goal" ]`, 1),
			num(`<<*>> Pmax=? [ F "goal" ]`, 1),
			num(`Pmax=? [ F "goal" ]`, 1),
			num(`<<1>> Pmin=? [ F "goal" ]`, 0.9),
			num(`<<p2>> Pmin=? [ F "goal" ]`, 0.9),
			num(`<<2>> Pmax=? [ F "goal" ]`, 0.9),
			num(`Pmin=? [ F "goal" ]`, 0.5),
			num(`<<p1>> Pmax=? [ F<=0 "goal" ]`, 0),
			num(`<<p1>> Pmax=? [ F<=1 "goal" ]`, 0.5),
			num(`<<p1>> Pmax=? [ F<2 "goal" ]`, 0.5),
			num(`<<p1>> Pmax=? [ F<=2 "goal" ]`, 0.9),
			num(`<<p1,p2>> Pmax=? [ F<=2 "goal" ]`, 1),
			num(`<<p1>> Pmax=? [ X s=2 ]`, 1),
			num(`<<p1>> Pmax=? [ X "goal" ]`, 0.5),
			num(`<<p1>> Pmax=? [ s<2 U "goal" ]`, 0.5),
			num(`<<p1>> Pmax=? [ G !"goal" ]`, 0.1),
			num(`<<p1>> Pmax=? [ G<=1 !"goal" ]`, 1),
			num(`<<p1>> Pmin=? [ G<=2 !"goal" ]`, 0.1),
			num(`<<p1>> Pmax=? [ !"sink" W "goal" ]`, 0.9),
			num(`<<p1>> Pmax=? [ "goal" R !"sink" ]`, 0.9),
			// co-safe and safety formulas on the product
			num(`<<p1>> Pmax=? [ (F "goal") | (F "sink") ]`, 1),
			num(`<<p1>> Pmax=? [ F (s=1 & (X "goal")) ]`, 0),
			num(`<<p1,p2>> Pmax=? [ F (s=1 & (X "goal")) ]`, 0.5),
			num(`<<p1>> Pmax=? [ F X X "goal" ]`, 0.9),
			num(`<<p1>> Pmax=? [ (G !"goal") & (G s!=1) ]`, 0.1),
			num(`<<p1>> Pmin=? [ !(F "goal") ]`, 0.1),
			// nesting: <<p2>> P>=1 [X goal] holds at s=1 and in goal
			num(`<<p1>> Pmax=? [ F <<p2>> P>=1 [ X "goal" ] ]`, 1),
			num(`<<p1>> Pmin=? [ F <<p2>> P>=1 [ X "goal" ] ]`, 0.9),
			boolW(`<<p1>> P>=0.9 [ F "goal" ]`, true),
			boolW(`<<p1>> P>0.9 [ F "goal" ]`, false),
			boolW(`<<p1>> P<=0.5 [ F "goal" ]`, false),
			boolW(`<<p1,p2>> P<=0.5 [ F "goal" ]`, true),
			boolW(`s=0 & <<p1>> P>=0.9 [ F "goal" ]`, true),
			// sure winning
			boolW(`<<p1,p2>> [ F "goal" ]`, true),
			boolW(`<<p1>> [ F "goal" ]`, false),
			boolW(`<<p1,p2>> [ X (s=1 | "goal") ]`, true),
			boolW(`<<p1>> [ X (s=1 | "goal") ]`, true),
			boolW(`<<p1>> [ G !"goal" ]`, false),
			boolW(`<<p1>> [ F<=1 ("goal" | s=2) ]`, true),
			boolW(`<<p1,p2>> [ F (s=1 & (X "goal")) ]`, false),
			boolW(`<<p1>> [ (F s=2) & (F "goal") ]`, false),
			// rewards
			num(`<<p1>> R{"steps"}max=? [ C<=2 ]`, 2),
			num(`<<p1>> R{"act"}max=? [ C<=3 ]`, 2),
			num(`<<p1>> R{"act"}min=? [ C<=3 ]`, 1),
			num(`<<p1>> R{"act"}max=? [ C<=0 ]`, 0),
			num(`<<p1>> R{"atgoal"}max=? [ I=2 ]`, 0.9),
			num(`<<p1>> R{"atgoal"}min=? [ I=1 ]`, 0),
			num(`<<p1,p2>> R{"steps"}min=? [ F "goal" ]`, 1.5),
			num(`<<p1>> R{"steps"}min=? [ F "goal" ]`, math.Inf(1)),
			num(`<<p1,p2>> R{"steps"}max=? [ F "goal" ]`, math.Inf(1)),
			num(`Rmin=? [ F "goal" ]`, 1.5),
			num(`<<p1>> R{"act"}max=? [ Fc "goal" ]`, 2),
			num(`<<p1>> R{"act"}min=? [ Fc "goal" ]`, 1),
			num(`<<p1>> R{"steps"}min=? [ Fc "goal" ]`, math.Inf(1)),
			boolW(`<<p1>> R{"act"}>=2 [ C<=3 ]`, true),
			boolW(`<<p1>> R{"act"}<1 [ C<=3 ]`, false),
			// F0: a earns 2 but p2 sends half of it to the sink
			num(`<<p1>> R{"act"}max=? [ F0 "goal" ]`, 1),
			num(`<<p1>> R{"steps"}max=? [ F0 "goal" ]`, 1.8),
			num(`<<p1,p2>> R{"steps"}max=? [ F0 "goal" ]`, 1.8),
			num(`<<p2>> R{"steps"}max=? [ F0 "goal" ]`, 1.5),
			// errors
			errW(`<<p3>> Pmax=? [ F "goal" ]`, `unknown player "p3"`),
			errW(`<<3>> Pmax=? [ F "goal" ]`, `invalid player index 3`),
			errW(`<<p1>> P=? [ F "goal" ]`, `Pmax=? or Pmin=?`),
			errW(`<<p1>> Pmax=? [ G F "goal" ]`, `none of these`),
			errW(`<<p1>> R{"r"}max=? [ F "goal" ]`, `unknown reward structure`),
			errW(`<<p1>> Pmax=? [ F <<p2>> Pmax=? [ X "goal" ] ]`, `must be bool`),
		}},
		{"rock-paper-scissors", rpsCSG, []patlWant{
			num(`<<alice>> Pmax=? [ X s=1 ]`, 1.0/3),
			num(`<<alice>> Pmax=? [ F<=1 s=1 ]`, 1.0/3),
			num(`<<alice>> Pmax=? [ F<=2 s=1 ]`, 4.0/9),
			num(`<<alice>> Pmax=? [ F<=3 s=1 ]`, 13.0/27),
			num(`<<alice>> Pmax=? [ F s=1 ]`, 0.5),
			num(`<<bob>> Pmin=? [ F s=1 ]`, 0.5),
			num(`<<alice>> Pmin=? [ F s=1 ]`, 0.5),
			exact(`<<alice,bob>> Pmax=? [ F s=1 ]`, 1),
			num(`<<alice,bob>> Pmin=? [ F s=1 ]`, 0),
			num(`<<alice>> Pmax=? [ G s!=2 ]`, 0.5),
			num(`<<alice>> Pmax=? [ X X s=1 ]`, 4.0/9),
			// value iteration approaches 1/2 from below, as in PRISM
			boolW(`<<alice>> P>=0.4999 [ F s=1 ]`, true),
			boolW(`<<alice>> P>0.5 [ F s=1 ]`, false),
			boolW(`<<alice>> [ F s=1 ]`, false),
			boolW(`<<alice,bob>> [ X s=1 ]`, true),
			num(`<<alice>> R{"u"}max=? [ C<=3 ]`, 0),
			num(`<<alice,bob>> R{"u"}max=? [ C<=3 ]`, 1),
			num(`<<bob>> R{"u"}max=? [ C<=1 ]`, 0),
			num(`<<alice>> R{"won"}max=? [ I=1 ]`, 1.0/3),
			// negative csg rewards: bob keeps s=1 unreached with positive
			// probability, so alice's F reward is +∞ however negative
			// (PRISM-games' convention); a decision is reached almost surely
			// and the rounds are fair, so F s!=0 is worth 0 to either side
			num(`<<alice>> R{"u"}max=? [ F s=1 ]`, math.Inf(1)),
			num(`<<alice>> R{"u"}max=? [ F s!=0 ]`, 0),
			num(`<<bob>> R{"u"}min=? [ F s!=0 ]`, 0),
			num(`<<alice,bob>> R{"u"}max=? [ F s!=0 ]`, math.Inf(1)),
			num(`<<alice>> R{"u"}max=? [ C ]`, 0),
			num(`<<alice,bob>> R{"u"}max=? [ C ]`, 1),
			num(`<<alice,bob>> R{"u"}min=? [ C ]`, -1),
			num(`<<alice>> R{"won"}max=? [ C ]`, math.Inf(1)),
			num(`<<bob>> R{"won"}min=? [ C ]`, math.Inf(1)),
			// rounds until a decision: a draw has probability 1/3 at best
			// for either side, so 1 + v/3 = v
			num(`<<alice>> R{"steps"}min=? [ F s>0 ]`, 1.5),
			num(`<<alice>> R{"steps"}max=? [ F s>0 ]`, 1.5),
			num(`<<alice,bob>> R{"steps"}min=? [ F s>0 ]`, 1),
			num(`<<alice,bob>> R{"steps"}max=? [ F s>0 ]`, math.Inf(1)),
			num(`<<alice,bob>> R{"steps"}max=? [ Fc s>0 ]`, math.Inf(1)),
			num(`<<alice>> R{"steps"}max=? [ Fc s>0 ]`, 1.5),
			num(`<<alice>> R{"won"}max=? [ Fc s=2 ]`, math.Inf(1)), // s=1 earns forever
		}},
		{"matching pennies", penniesCSG, []patlWant{
			num(`<<alice>> Pmax=? [ X s=1 ]`, 0.5),
			num(`<<alice>> Pmin=? [ X s=1 ]`, 0.5),
			num(`<<bob>> Pmax=? [ F s=2 ]`, 0.5),
			num(`<<*>> Pmin=? [ F s=1 ]`, 0),
			boolW(`<<alice>> [ F s=1 ]`, false),
			boolW(`<<alice,bob>> [ F s=1 ]`, true),
		}},
		{"repeated pennies", repeatedPenniesCSG, []patlWant{
			// alice wins almost surely by mixing: exactly 1 by the
			// almost-sure analysis of concurrent games
			exact(`<<alice>> Pmax=? [ F s=1 ]`, 1),
			exact(`<<bob>> Pmin=? [ F s=1 ]`, 1),
			num(`<<alice>> Pmax=? [ F<=2 s=1 ]`, 0.75),
			num(`<<alice>> R{"rounds"}min=? [ F s=1 ]`, 2),
			num(`<<bob>> R{"rounds"}max=? [ F s=1 ]`, 2),
			boolW(`<<alice>> [ F s=1 ]`, false),
		}},
		{"biased 2x2", biasedCSG, []patlWant{
			num(`<<alice>> Pmax=? [ F s=1 ]`, 7.0/15),
			num(`<<bob>> Pmin=? [ F s=1 ]`, 7.0/15),
			num(`<<bob>> Pmax=? [ F s=2 ]`, 8.0/15),
			num(`<<alice,bob>> Pmax=? [ F s=1 ]`, 0.8),
			num(`Pmin=? [ F s=1 ]`, 0.2),
			boolW(`<<alice,bob>> [ F s=1 ]`, false),
		}},
		{"dtmc", ruinDTMC, []patlWant{
			num(`Pmax=? [ F x=4 ]`, 0.5),
			num(`Pmin=? [ F x=4 ]`, 0.5),
			num(`Pmax=? [ F<=2 x=4 ]`, 0.25),
			num(`Pmax=? [ x>0 U x=4 ]`, 0.5),
			num(`Pmax=? [ G x>0 ]`, 0.5),
		}},
		{"zero-reward loop", loopMDP, []patlWant{
			num(`<<1>> R{"go"}min=? [ F s=1 ]`, 1),
			num(`R{"go"}max=? [ F s=1 ]`, math.Inf(1)),
		}},
		{"F0, Fc and F", gambleMDP, []patlWant{
			num(`R{"r"}max=? [ F0 s=4 ]`, 4.25),
			num(`R{"r"}min=? [ F0 s=4 ]`, 3.75),
			num(`R{"r"}max=? [ Fc s=4 ]`, 8),
			num(`R{"r"}min=? [ Fc s=4 ]`, 4),
			num(`R{"r"}max=? [ F s=4 ]`, math.Inf(1)),
			num(`R{"r"}min=? [ F s=4 ]`, 4),
			errW(`R{"half"}max=? [ F0 s=4 ]`, `integers`),
		}},
		{"mdp", choiceMDP, []patlWant{
			// almost-sure states are found by graph analysis: exactly 1
			exact(`<<1>> Pmax=? [ F s=1 ]`, 1),
			exact(`<<1>> Pmax=? [ s=0 U s=1 ]`, 1),
			exact(`<<1>> Pmin=? [ G s!=1 ]`, 0),
			num(`<<1>> Pmin=? [ F s=1 ]`, 0.3),
			num(`Pmax=? [ F<=1 s=1 ]`, 0.5),
			num(`Pmin=? [ F<=2 s=1 ]`, 0.3),
			boolW(`<<1>> [ F s=1 ]`, false),
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkWants(t, tc.model, tc.want) })
	}
}

// checkWants checks each property of wants on model.
func checkWants(t *testing.T, model string, wants []patlWant) {
	t.Helper()
	for _, w := range wants {
		res, err := checkPATL(t, model, w.prop)
		switch {
		case w.err != "":
			if err == nil || !strings.Contains(err.Error(), w.err) {
				t.Errorf("%s: got %v, %v; want an error with %q", w.prop, res, err, w.err)
			}
		case err != nil:
			t.Errorf("%s: %v", w.prop, err)
		case w.isBool:
			if res.Kind != KindBool || res.Bool != w.b {
				t.Errorf("%s: got %+v, want %v", w.prop, res, w.b)
			}
		default:
			if res.Kind != KindNumber || !(res.Number == w.num || !w.exact && patlClose(res.Number, w.num)) {
				t.Errorf("%s: got %+v, want %v", w.prop, res, w.num)
			}
		}
	}
}

// patlClose: PRISM's relative tolerance 1e-5 (absolute near 0).
func patlClose(got, want float64) bool {
	d := math.Abs(got - want)
	if want == 0 {
		return d < 1e-9
	}
	return d/math.Abs(want) < 1e-5
}

func checkPATL(t *testing.T, model, prop string) (*Result, error) {
	t.Helper()
	fset, m, pf, err := buildForTest(t, model, prop, false)
	if err != nil {
		return nil, err
	}
	c, err := New(fset, m.Game, m, Config{})
	if err != nil {
		t.Fatalf("checker: %v", err)
	}
	if len(pf.Properties) != 1 {
		t.Fatalf("%q: %d properties", prop, len(pf.Properties))
	}
	return c.Check(pf.Properties[0].Expr)
}

// TestPATLBadCoalition edits a checked property so that its coalition is
// wrong in ways the props checker already rejects, to test the checker's
// own errors (other front ends may skip prism.CheckProps).
func TestPATLBadCoalition(t *testing.T) {
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "m.prism", turnSMG)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := prism.ParseProps(fset, "p.props", `<<p1>> Pmax=? [ F "goal" ]`)
	if err != nil {
		t.Fatal(err)
	}
	m, err := translate.Build(fset, mf, pf, translate.Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		edit func(*prism.Strategy)
		want string
	}{
		{func(s *prism.Strategy) { s.Coalitions[0][0] = prism.PlayerRef{Name: "zz"} }, `unknown player "zz"`},
		{func(s *prism.Strategy) { s.Coalitions[0][0] = prism.PlayerRef{Index: 7} }, `there is no player 7 (the model has 2)`},
		{func(s *prism.Strategy) { s.Dual, s.Certain, s.Op = true, true, s.Op.(*prism.ProbOp).Path }, `dual coalition operator`},
		{func(s *prism.Strategy) { s.Coalitions = append(s.Coalitions, nil) }, `several coalitions`},
		{func(s *prism.Strategy) { s.Op = nil }, `missing operator`},
		{func(s *prism.Strategy) { s.Op.(*prism.ProbOp).Kind = 'S' }, `S is not supported`},
		{func(s *prism.Strategy) { s.Op.(*prism.ProbOp).Path = nil }, `missing path formula`},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			st := *pf.Properties[0].Expr.(*prism.Strategy)
			st.Coalitions = [][]prism.PlayerRef{append([]prism.PlayerRef(nil), st.Coalitions[0]...)}
			op := *st.Op.(*prism.ProbOp)
			st.Op = &op
			tc.edit(&st)
			c, err := New(fset, m.Game, m, Config{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Check(&st)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, %v; want an error with %q", res, err, tc.want)
			}
		})
	}
}

// TestPATLRoutes cross-checks the two independent ways onus solves a path
// formula on random games: directly on the game (one temporal operator;
// G, W and R by duality) and on the product with the outcome automaton
// (reachability of `true` or avoidance of `false`). It also checks that a
// sure win has probability 1.
func TestPATLRoutes(t *testing.T) {
	a, b := xLab("a"), xLab("b")
	k := func(n int64) prism.Expr { return xNum(n) }
	tmp := func(op prism.TempOp, bound prism.Expr, l, r prism.Expr) *prism.Temporal {
		kind := prism.BoundNone
		if bound != nil {
			kind = prism.BoundLe
		}
		return xTmp(op, kind, bound, l, r).(*prism.Temporal)
	}
	paths := []*prism.Temporal{
		tmp(prism.TempX, nil, nil, a),
		tmp(prism.TempF, nil, nil, a),
		tmp(prism.TempF, k(2), nil, a),
		tmp(prism.TempU, nil, a, b),
		tmp(prism.TempU, k(3), a, b),
		tmp(prism.TempG, nil, nil, a),
		tmp(prism.TempG, k(2), nil, a),
		tmp(prism.TempW, nil, a, b),
		tmp(prism.TempW, k(2), a, b),
		tmp(prism.TempR, nil, a, b),
		tmp(prism.TempR, k(1), a, b),
	}
	r := rand.New(rand.NewPCG(7, 11))
	types := []prism.ModelType{prism.TypeSMG, prism.TypeCSG, prism.TypeMDP}
	checked := 0
	for n := 0; n < 150; n++ {
		g := randomPATLGame(r, types[n%len(types)])
		c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
		if err != nil {
			t.Fatal(err)
		}
		all := make([]int, g.NumStates)
		for s := range all {
			all[s] = s
		}
		for _, p := range paths {
			q := solve.Query{Coal: make([]bool, len(g.Players)), Max: r.IntN(2) == 0}
			for i := range q.Coal {
				q.Coal[i] = r.IntN(2) == 0
			}
			direct, err := c.simpleValues(q, p)
			if err != nil {
				t.Fatal(err)
			}
			viaProduct, err := c.productValues(q, p, all)
			if err != nil {
				t.Fatal(err)
			}
			sq := q
			sq.Sure = true
			sureDirect, err := c.simpleValues(sq, p)
			if err != nil {
				t.Fatal(err)
			}
			sureProduct, err := c.productValues(sq, p, all)
			if err != nil {
				t.Fatal(err)
			}
			mq := q
			mq.Max = true
			maxDirect, err := c.simpleValues(mq, p)
			if err != nil {
				t.Fatal(err)
			}
			for s := range all {
				if math.Abs(direct[s]-viaProduct[s]) > 1e-5 {
					t.Fatalf("game %d (%v), %s, coalition %v max %v, state %d: direct %v, product %v",
						n, g.Type, prism.ExprString(p), q.Coal, q.Max, s, direct[s], viaProduct[s])
				}
				if sureDirect[s] != sureProduct[s] {
					t.Fatalf("game %d (%v), <<%v>> [%s], state %d: direct %v, product %v",
						n, g.Type, q.Coal, prism.ExprString(p), s, sureDirect[s], sureProduct[s])
				}
				if sureDirect[s] == 1 && maxDirect[s] < 1-1e-12 {
					t.Fatalf("game %d (%v), %s, coalition %v, state %d: sure but Pmax = %v",
						n, g.Type, prism.ExprString(p), q.Coal, s, maxDirect[s])
				}
				checked++
			}
		}
	}
	t.Logf("%d state values agree", checked)
}

// randomPATLGame builds a random smg, csg or mdp with 2 to 7 states, 1 to 3
// choices (csg: 1 or 2 actions per player) per state, random distributions
// over up to 3 targets, and random labels a and b.
func randomPATLGame(r *rand.Rand, typ prism.ModelType) *translate.Game {
	n := 2 + r.IntN(6)
	np := 2 + r.IntN(2)
	if typ == prism.TypeMDP {
		np = 1
	}
	g := &translate.Game{Type: typ, NumStates: n, Initial: []int32{0}, Actions: []string{""},
		Vars: []translate.Var{{Name: "s", Lo: 0, Hi: int32(n - 1)}}, Deadlock: translate.NewBitset(n)}
	const perPlayer = 2
	for j := 0; j < np; j++ {
		if typ == prism.TypeMDP {
			g.Players = append(g.Players, "1")
		} else {
			g.Players = append(g.Players, fmt.Sprintf("p%d", j+1))
		}
	}
	if typ == prism.TypeCSG {
		g.ActionOwner = []int32{-1}
		for j := 0; j < np; j++ {
			for a := 0; a < perPlayer; a++ {
				g.Actions = append(g.Actions, fmt.Sprintf("x%d_%d", j+1, a))
				g.ActionOwner = append(g.ActionOwner, int32(j))
			}
		}
	}
	addChoice := func() {
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
		m := 1 + r.IntN(3)
		targets := r.Perm(n)[:min(m, n)]
		slices.Sort(targets)
		w := make([]float64, len(targets))
		sum := 0.0
		for i := range w {
			w[i] = float64(1 + r.IntN(3))
			sum += w[i]
		}
		for i, t := range targets {
			g.Target = append(g.Target, int32(t))
			g.Prob = append(g.Prob, w[i]/sum)
		}
	}
	for s := 0; s < n; s++ {
		g.Values = append(g.Values, int32(s))
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
		switch typ {
		case prism.TypeCSG:
			// Each player enables 1 or 2 of its actions; joint actions in
			// lexicographic order.
			enabled := make([][]int32, np)
			for j := range enabled {
				for a := 0; a < 1+r.IntN(perPlayer); a++ {
					enabled[j] = append(enabled[j], int32(1+j*perPlayer+a))
				}
			}
			var rec func(j int, tuple []int32)
			rec = func(j int, tuple []int32) {
				if j == np {
					g.Joint = append(g.Joint, tuple...)
					addChoice()
					return
				}
				for _, a := range enabled[j] {
					rec(j+1, append(tuple, a))
				}
			}
			rec(0, nil)
		default:
			if typ == prism.TypeSMG {
				g.Owner = append(g.Owner, int32(r.IntN(np)))
			}
			for c := 0; c < 1+r.IntN(3); c++ {
				g.ChoiceAction = append(g.ChoiceAction, 0)
				addChoice()
			}
		}
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)))
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	for _, name := range []string{"a", "b"} {
		bs := translate.NewBitset(n)
		for s := 0; s < n; s++ {
			if r.IntN(2) == 0 {
				bs.Set(s)
			}
		}
		g.Labels = append(g.Labels, translate.Label{Name: name, States: bs})
	}
	return g
}

// TestPATLMalformedNoPanic removes, one at a time, every sub-expression of
// a set of coalition properties (as a front end that skips
// prism.CheckProps might hand them over) and requires an error or a
// result, never a panic.
func TestPATLMalformedNoPanic(t *testing.T) {
	props := []string{
		`<<p1>> Pmax=? [ "goal" U<=3 s<2 ]`,
		`<<p1,p2>> P>=0.5 [ F (s=1 & (X "goal")) ]`,
		`<<p1>> [ !"sink" W "goal" ]`,
		`Pmin=? [ G<=2 !"goal" ]`,
		`<<p1>> Pmax=? [ F <<p2>> P>=1 [ X "goal" ] ]`,
		`<<p1>> R{"steps"}min=? [ F "goal" ]`,
		`<<p1>> R{"act"}>=2 [ C<=3 ]`,
		`<<p1>> R{"atgoal"}max=? [ I=2 ]`,
		`<<p1>> R{"act"}max=? [ F0 "goal" ]`,
		`<<p2>> R{"steps"}min=? [ Fc "goal" ]`,
	}
	exprType := reflect.TypeOf((*prism.Expr)(nil)).Elem()
	var fields func(v reflect.Value, out *[]reflect.Value)
	fields = func(v reflect.Value, out *[]reflect.Value) {
		if v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return
			}
			v = v.Elem()
		}
		if v.Kind() == reflect.Pointer {
			fields(v, out)
			return
		}
		if v.Kind() != reflect.Struct {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Field(i)
			if !f.CanSet() {
				continue
			}
			if f.Type() == exprType && !f.IsNil() {
				*out = append(*out, f)
				fields(f, out)
			}
		}
	}
	runs := 0
	for _, src := range props {
		for k := 0; ; k++ {
			fset := prism.NewFileSet()
			mf, err := prism.ParseModel(fset, "m.prism", turnSMG)
			if err != nil {
				t.Fatal(err)
			}
			pf, err := prism.ParseProps(fset, "p.props", src)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			m, err := translate.Build(fset, mf, pf, translate.Config{})
			if err != nil {
				t.Fatal(err)
			}
			e := pf.Properties[0].Expr
			var fs []reflect.Value
			fields(reflect.ValueOf(&e).Elem(), &fs)
			if k >= len(fs) {
				break
			}
			fs[k].Set(reflect.Zero(exprType))
			c, err := New(fset, m.Game, m, Config{})
			if err != nil {
				t.Fatal(err)
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s without sub-expression %d: panic %v", src, k, r)
					}
				}()
				res, err := c.Check(e)
				if err == nil && res == nil {
					t.Errorf("%s without sub-expression %d: no result and no error", src, k)
				}
			}()
			runs++
		}
	}
	if runs < 20 {
		t.Errorf("only %d malformed properties tried", runs)
	}
	t.Logf("%d malformed properties checked", runs)
}
