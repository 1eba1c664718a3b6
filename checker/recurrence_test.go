package checker

import (
	"strings"
	"testing"
)

// twoBSCC is a dtmc with two bottom components: from s=0 a run settles in
// B1 = {2,3} (which it alternates, a periodic component) with probability
// x0, where x0 = ½x1 + ¼ and x1 = ½x0 + ½, so x0 = 2/3 and x1 = 5/6; or in
// B2 = {4,5} with 1/3. "a" holds at 2, 4 and 5 (part of B1, all of B2),
// "b" at 3 only (in B1).
const twoBSCC = `dtmc
module M
  s : [0..5] init 0;
  [] s=0 -> 0.5:(s'=1) + 0.25:(s'=2) + 0.25:(s'=4);
  [] s=1 -> 0.5:(s'=0) + 0.5:(s'=2);
  [] s=2 -> (s'=3);
  [] s=3 -> (s'=2);
  [] s=4 -> 0.5:(s'=4) + 0.5:(s'=5);
  [] s=5 -> (s'=4);
endmodule
label "a" = s=2 | s=4 | s=5;
label "b" = s=3;
`

// Recurrence and persistence formulas on infinite paths (recurrence.go),
// with values computed by hand.
func TestProbRecurrence(t *testing.T) {
	type want struct {
		prop  string
		num   float64
		exact bool   // 0 or 1: graph analysis, no iteration
		b     *bool  // a P~p: its truth
		err   string // a substring of the expected error
	}
	n := func(p string, v float64) want { return want{prop: p, num: v} }
	ex := func(p string, v float64) want { return want{prop: p, num: v, exact: true} }
	bo := func(p string, b bool) want { return want{prop: p, b: &b} }
	er := func(p, msg string) want { return want{prop: p, err: msg} }
	cases := []struct {
		name, model, behaviour string
		want                   []want
	}{
		{"two bottom components", twoBSCC, "", []want{
			ex(`P=? [ G F "a" ]`, 1),      // both meet a
			n(`P=? [ F G "a" ]`, 1.0/3),   // only B2 lies in a
			n(`P=? [ G (F "b") ]`, 2.0/3), // only B1 meets b
			n(`P=? [ (G F "a") & (G F "b") ]`, 2.0/3),
			n(`P=? [ (G F "a") => (G F "b") ]`, 2.0/3),
			n(`P=? [ (G F "b") => (F G "a") ]`, 1.0/3),
			n(`P=? [ !(G F "b") ]`, 1.0/3),
			n(`P=? [ (G F "a") <=> (F G "a") ]`, 1.0/3),
			n(`P=? [ (F G !"b") | (F G "b") ]`, 1.0/3), // B1 alternates
			ex(`P=? [ (G F "b") | (F G "a") ]`, 1),
			ex(`P=? [ (G F "a") & (G F !"a") & (F G !"b") ]`, 0),
			ex(`P=? [ F G (s>=2) ]`, 1),
			ex(`P=? [ G F s=1 ]`, 0), // transient
			// nested: P(G F b) is 1 on B1, 0 on B2, 2/3 at 0 and 5/6 at 1
			n(`P=? [ F P>0.9 [ G F "b" ] ]`, 2.0/3),
			n(`P=? [ F P>0.7 [ G F "b" ] ]`, 0.75), // 1, 2 and 3, not 4
			// a nested P~p as φ: P(X a) = 1 at 3, 4 and 5
			n(`P=? [ F G P>=1 [ X "a" ] ]`, 1.0/3),
			ex(`P=? [ G F P>=1 [ X "a" ] ]`, 1),
			bo(`P>0.6 [ (G F "a") & (G F "b") ]`, true),
			bo(`P<0.5 [ (G F "a") & (G F "b") ]`, false),
			bo(`P>=1 [ G F "a" ]`, true),
			bo(`P<=0.5 [ F G "a" ]`, true),
			// outside the fragment: still refused
			er(`P=? [ (G F "a") & (F "b") ]`, "none of these"),
			er(`P=? [ (G F "a") | "b" ]`, "none of these"),
			er(`P=? [ F G F "a" ]`, "none of these"),
			er(`P=? [ G F (X "a") ]`, "none of these"),
			er(`P=? [ G ((F<=3 "a") & (F "b")) ]`, "none of these"),
		}},
		// The cpd under the uniform profile is one bottom component.
		{"cpd uniform", cpdSrc(t), "", []want{
			ex(`P=? [ G F "fine" ]`, 1),
			ex(`P=? [ F G "fine" ]`, 0),
			ex(`P=? [ (G F "payoff1") & (G F "payoff2") ]`, 1),
		}},
		// p1 always defects: fine and payoff2 only, forever.
		{"cpd, p1 defects", cpdSrc(t), "behaviour p1 { d1 : 1 };\n", []want{
			ex(`P=? [ F G ("fine" | "payoff2") ]`, 1),
			ex(`P=? [ G F "reward" ]`, 0),
			ex(`P=? [ !(G F "payoff1") & (G F "payoff2") ]`, 1),
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, w := range tc.want {
				res, err := checkProps(t, tc.model, tc.behaviour+w.prop+"\n", Config{})
				switch {
				case w.err != "":
					if err == nil || !strings.Contains(err.Error(), w.err) {
						t.Errorf("%s: got %+v, %v; want an error with %q", w.prop, res, err, w.err)
					}
				case err != nil:
					t.Errorf("%s: %v", w.prop, err)
				case w.b != nil:
					if res.Kind != KindBool || res.Bool != *w.b || res.HasHorizon {
						t.Errorf("%s: got %+v, want %v", w.prop, res, *w.b)
					}
				default:
					if res.Kind != KindNumber || res.HasHorizon || !(res.Number == w.num || !w.exact && patlClose(res.Number, w.num)) {
						t.Errorf("%s: got %v (%+v), want %v", w.prop, res.Number, res, w.num)
					}
				}
			}
		})
	}
}
