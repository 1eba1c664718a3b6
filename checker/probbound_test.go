package checker

import (
	"testing"
)

const boundCSG = `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1
  x : [0..1] init 0;
  [a1] true -> (x'=1);
  [b1] true -> (x'=0);
endmodule
module m2
  [a2] true -> true;
  [b2] true -> true;
endmodule
label "goal" = x=1;
`

// TestProbabilityBoundRange: a probability bound outside [0,1] is an error
// at the bound, as PRISM's "Invalid probability bound"; 0 and 1 are fine,
// and bounds on counts and rewards are not probabilities.
func TestProbabilityBoundRange(t *testing.T) {
	cases := []struct {
		prop string
		want string // "true"/"false" or the error
	}{
		{`P>=2 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound 2: it must lie in [0,1]`},
		{`P>=1/0 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound +Inf: it must lie in [0,1]`},
		{`P>=0/0 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound NaN: it must lie in [0,1]`},
		{`P< -0.5 [ X "goal" ]`, `p.props:1:4: error: invalid probability bound -0.5: it must lie in [0,1]`},
		{"const double p = 1.25;\nP<=p [ X \"goal\" ]", `p.props:2:4: error: invalid probability bound 1.25: it must lie in [0,1]`},
		{`P>=2 [ F "goal" ]`, `p.props:1:4: error: invalid probability bound 2: it must lie in [0,1]`},
		{`<<p1>> P>=1.5 [ X "goal" ]`, `p.props:1:11: error: invalid probability bound 1.5: it must lie in [0,1]`},
		{`<<p1>> P>=-1 [ F "goal" ]`, `p.props:1:11: error: invalid probability bound -1: it must lie in [0,1]`},
		{`CAR(p1,[a1])P>=2 [ X "goal" ]`, `p.props:1:16: error: invalid probability bound 2: it must lie in [0,1]`},
		{`CCR(p1,[a1,a2])P<1.01 [ X "goal" ]`, `p.props:1:18: error: invalid probability bound 1.01: it must lie in [0,1]`},
		{`#=? [ F<=1 P>=2 [ X "goal" ] ]`, `p.props:1:15: error: invalid probability bound 2: it must lie in [0,1]`},
		// In range: P(X goal) = 1/2 under uniform behaviours.
		{`P>=1 [ X "goal" ]`, "false"},
		{`P>=0 [ X "goal" ]`, "true"},
		{`P>=1/2 [ X "goal" ]`, "true"},
		{`<<p1>> P>=1 [ X "goal" ]`, "true"},
		{`CAR(p1,[a1])P>=1 [ X "goal" ]`, "true"}, // D^P = (1/2)/(1/2)
		{`CAR(p1,[a1])P<1 [ X "goal" ]`, "false"},
		// Not probability bounds.
		{`CAR(p1,[a1])#<2 [ X "goal" ]`, "true"},
		{`CAR(p1,[a1])H<2 [ X "goal" ]`, "true"},
	}
	for _, tc := range cases {
		r, err := checkPATL(t, boundCSG, tc.prop)
		got := ""
		switch {
		case err != nil:
			got = err.Error()
		case r.Kind != KindBool:
			got = "not a boolean: " + r.Kind.String()
		case r.Bool:
			got = "true"
		default:
			got = "false"
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.prop, got, tc.want)
		}
	}
}
