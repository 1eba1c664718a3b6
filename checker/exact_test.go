package checker

import "testing"

// halfSMG: at x=0 player a either gambles (1/3 to the goal x=2, 1/3 to
// x=3, 1/3 back to x=0: value 1/2, which value iteration approaches from
// below) or hands over to b at x=1, who gives the goal 1/4 (u) or 0 (d).
const halfSMG = `smg
player a [l], [r] endplayer
player b [u], [d] endplayer
module M
  x : [0..3] init 0;
  [l] x=0 -> 1/3:(x'=2) + 1/3:(x'=3) + 1/3:(x'=0);
  [r] x=0 -> (x'=1);
  [u] x=1 -> 1/4:(x'=2) + 3/4:(x'=3);
  [d] x=1 -> (x'=3);
  [] x>=2 -> true;
endmodule
`

// TestExactPATL checks that --exact decides bounds at the value itself
// and reports exact values, where value iteration alone falls short.
func TestExactPATL(t *testing.T) {
	for _, tc := range []struct {
		prop  string
		exact bool
		want  string // bool, or the exact value under --exact
	}{
		{`<<a>> P>=0.5 [ F x=2 ]`, true, "true"},
		{`<<a>> P>=1/2 [ x!=1 U x=2 ]`, true, "true"},
		{`<<a>> P>0.5 [ F x=2 ]`, true, "false"},
		{`<<b>> P<=1/2 [ F x=2 ]`, true, "true"},
		{`<<a>> Pmax=? [ F x=2 ]`, true, "1/2"},
		{`<<a,b>> Pmin=? [ F x=2 ]`, true, "0"},
		{`<<b>> Pmax=? [ F x=2 ]`, true, "1/4"}, // a hands over to b
		{`filter(forall, <<a>> P>=0.5 [ F x=2 ] <=> x!=1 & x!=3)`, true, "true"},
		{`<<a>> P>=0.5 [ F x=2 ]`, false, "false"},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, halfSMG, tc.prop+"\n", Config{Exact: tc.exact})
			if err != nil {
				t.Fatal(err)
			}
			got := resultString(res)
			if res.Kind == KindNumber {
				got = "<no exact value>"
				if res.Exact != nil {
					got = res.Exact.RatString()
				}
			}
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
