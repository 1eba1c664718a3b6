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
	// In a csg: the biased 2×2 game of patl_test.go is worth 7/15 to the
	// side seeking s=1, whoever is named (the minimax theorem: alice
	// mixing u with 1/3 and bob mixing l with 2/3 equalise 0.5p+0.3 =
	// 0.6−0.4p); rock-paper-scissors is fair, 1/2.
	for _, tc := range []struct {
		model, prop string
		want        float64
	}{
		{biasedCSG, `[[bob]] Pmax=? [ F s=1 ]`, 7.0 / 15},   // <<alice>>Pmax
		{biasedCSG, `[[alice]] Pmin=? [ F s=1 ]`, 7.0 / 15}, // <<bob>>Pmin
		{biasedCSG, `[[alice]] Pmax=? [ F s=2 ]`, 8.0 / 15}, // <<bob>>Pmax of the other end
		{biasedCSG, `[[]] Pmax=? [ F s=1 ]`, 0.8},           // <<alice,bob>>Pmax: [u,l]
		{biasedCSG, `[[alice,bob]] Pmax=? [ F s=1 ]`, 0.2},  // <<>>Pmax: every player minimises: [u,r]
		{rpsCSG, `[[bob]] Pmax=? [ F s=1 ]`, 0.5},
		{rpsCSG, `[[alice]] R{"u"}min=? [ F s!=0 ]`, 0}, // <<bob>>Rmin
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, tc.model, tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != KindNumber || !patlClose(res.Number, tc.want) {
				t.Errorf("got %+v, want %v", res, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		model, prop string
		want        bool
	}{
		{biasedCSG, `[[alice]] P>=0.46 [ F s=1 ]`, true}, // alice cannot keep it below 7/15
		{biasedCSG, `[[alice]] P>=0.5 [ F s=1 ]`, false},
		{biasedCSG, `[[bob]] P<=0.47 [ F s=1 ]`, true}, // bob cannot push it above 7/15
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, tc.model, tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != KindBool || res.Bool != tc.want {
				t.Errorf("got %+v, want %v", res, tc.want)
			}
		})
	}
	for _, tc := range []struct{ model, prop, want string }{
		{ruinSMG, `[[a]] [ F x=3 ]`, "not supported with a certain path"},
		{rpsCSG, `[[alice]] [ F s=1 ]`, "not supported with a certain path"},
	} {
		_, err := checkProps(t, tc.model, tc.prop+"\n", Config{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.prop, err, tc.want)
		}
	}
}
