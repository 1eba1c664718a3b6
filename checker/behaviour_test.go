package checker

import (
	"strings"
	"testing"
)

// p1 owns [a] and [b] at s=0; s=1 and s=2 are deadlocks, whose fixed
// self-loops PRISM gives to the first player.
const dlSMG = `smg
player p1 m1, [a], [b] endplayer
player p2 m2 endplayer
module m1
  s : [0..2] init 0;
  [a] s=0 -> (s'=1);
  [b] s=0 -> (s'=2);
endmodule
module m2
  [c] false -> true;
endmodule
`

const dlMDP = `mdp
module m1
  s : [0..2] init 0;
  [a] s=0 -> (s'=1);
  [b] s=0 -> (s'=2);
endmodule
`

// At s=1 p1 has two unlabelled choices (#0 and #1); s=2 and s=3 are deadlocks.
const unlabelledSMG = `smg
player p1 m1, [a], [b] endplayer
player p2 m2 endplayer
module m1
  s : [0..3] init 0;
  [a] s=0 -> (s'=1);
  [b] s=0 -> (s'=2);
  [] s=1 -> 0.5:(s'=3) + 0.5:(s'=1);
  [] s=1 -> (s'=2);
endmodule
module m2
  [c] false -> true;
endmodule
`

// checkWithBehaviours checks the single property of props (which also
// declares the behaviours) with --exact.
func checkWithBehaviours(t *testing.T, model, props string) (*Result, error) {
	t.Helper()
	fset, m, pf, err := buildForTest(t, model, props, true)
	if err != nil {
		t.Fatalf("props: %v", err)
	}
	if len(pf.Properties) != 1 {
		t.Fatalf("%d properties", len(pf.Properties))
	}
	c, err := New(fset, m.Game, m, Config{Exact: true, Behaviours: pf.Behaviours})
	if err != nil {
		return nil, err
	}
	return c.Check(pf.Properties[0].Expr)
}

// TestBehaviourDeadlock: a deadlock state's fixed loop is taken with
// probability 1 whatever the owner's weights; unlabelled choices are
// weighted with #k; weight 0 on every real choice stays an error.
func TestBehaviourDeadlock(t *testing.T) {
	cases := []struct {
		name, model, props string
		want               string // exact result, or the error's text
	}{
		{"smg deadlocks", dlSMG, "behaviour p1 { a : 1, b : 3 };\nP=? [ X s=1 ]\n", "1/4"},
		{"smg deadlock reached", dlSMG, "behaviour p1 { a : 1, b : 3 };\nP=? [ X X X s=2 ]\n", "3/4"},
		{"smg deadlock count", dlSMG, "behaviour p1 { a : 1, b : 3 };\nCAR(p1, [b])=? [ F<=3 s=2 ]\n", "count 1 prob 1"},
		{"mdp deadlocks", dlMDP, "behaviour 1 { a : 1, b : 3 };\nP=? [ F<=4 s=2 ]\n", "3/4"},
		// a and b keep their label weights at s=0 (a: 1/4); #0 and #1 weigh
		// the unlabelled choices at s=1 (1/2 each): 1/4 · 1/2 · 1/2.
		{"unlabelled choices by index", unlabelledSMG,
			"behaviour p1 { a : 1, b : 3, #0 : 1, #1 : 1 };\nP=? [ F<=2 s=3 ]\n", "1/16"},
		{"unlabelled choices by index, biased", unlabelledSMG,
			"behaviour p1 { #0 : 1, #1 : 3 };\nP=? [ F<=2 s=3 ]\n", "1/32"},
		// A listed label's weight comes before an index weight: #1 is b at
		// s=0, which keeps its weight 3.
		{"label before index", unlabelledSMG,
			"behaviour p1 { a : 1, b : 3, #1 : 1 };\nP=? [ X s=1 ]\n", "1/4"},
		{"unlabelled choices without weights", unlabelledSMG,
			"behaviour p1 { a : 1, b : 3 };\nP=? [ X s=1 ]\n",
			"p.props:1:1: error: behaviour of player p1 gives weight 0 to every enabled action in state 1 (s=1) (unlabelled choices are weighted by index, #k)"},
		{"index naming no choice", unlabelledSMG, "behaviour p1 { a : 1, #99 : 2 };\nP=? [ X s=1 ]\n",
			"p.props:1:23: error: #99 names no choice of player p1: no state it owns has 100 choices"},
		{"zero weights on real choices", dlSMG, "behaviour p1 { a : 0, b : 0 };\nP=? [ X s=1 ]\n",
			"p.props:1:1: error: behaviour of player p1 gives weight 0 to every enabled action in state 0 (s=0)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := checkWithBehaviours(t, tc.model, tc.props)
			var got string
			switch {
			case err != nil:
				got = err.Error()
			case r.Kind == KindDegrees:
				got = "count " + r.Degrees.CountExact.RatString() + " prob " + r.Degrees.ProbExact.RatString()
			case r.Exact != nil:
				got = r.Exact.RatString()
			default:
				got = r.Kind.String() + " without an exact value"
			}
			if strings.TrimSpace(got) != tc.want {
				t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
			}
		})
	}
}
