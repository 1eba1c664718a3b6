package checker

import (
	"strings"
	"testing"
)

// TestDualCoalition checks [[A]] as the coalition of the other players on
// ruinSMG: b can keep x away from 3 (dn2 loops back to x=1), a can send it
// to 0 (dn1), and together they reach 3 surely.
func TestDualCoalition(t *testing.T) {
	for _, tc := range []struct {
		prop string
		want string
	}{
		{`[[a]] Pmax=? [ F x=3 ]`, "0"},   // <<b>>Pmax: a plays dn1
		{`[[b]] Pmin=? [ F x=3 ]`, "0"},   // <<a>>Pmin: a plays dn1
		{`[[]] Pmax=? [ F x=3 ]`, "1"},    // <<a,b>>Pmax
		{`[[*]] Pmax=? [ F x=3 ]`, "0"},   // <<>>Pmax: every player minimises
		{`[[a,b]] Pmin=? [ F x=3 ]`, "1"}, // <<>>Pmin: every player maximises
		{`[[]] P>=1 [ F x=3 ]`, "true"},
		{`[[a]] P>0 [ F x=3 ]`, "false"},
		{`[[a]] Pmax=? [ F x=0 ]`, "0"}, // <<b>>Pmax: a never plays dn1
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, ruinSMG, tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if got := resultString(res); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	for _, tc := range []struct{ model, prop, want string }{
		{rpsCSG, `[[alice]] Pmax=? [ F s=1 ]`, "not supported on csg models"},
		{ruinSMG, `[[a]] [ F x=3 ]`, "not supported with a certain path"},
	} {
		_, err := checkProps(t, tc.model, tc.prop+"\n", Config{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.prop, err, tc.want)
		}
	}
}
