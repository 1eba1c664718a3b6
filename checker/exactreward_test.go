package checker

import (
	"math"
	"strings"
	"testing"
)

// dieSrc throws a fair die with a fair coin (Knuth and Yao): the coin is
// flipped until s=7, where d is the die's face; 11/3 flips are expected.
// "flips" counts them as state rewards, "tflips" as transition rewards,
// "tenths" pays 0.1 a flip, "always" pays 1 in every state.
const dieSrc = `dtmc
module die
	s : [0..7] init 0;
	d : [0..6] init 0;
	[] s=0 -> 1/2:(s'=1) + 1/2:(s'=2);
	[] s=1 -> 1/2:(s'=3) + 1/2:(s'=4);
	[] s=2 -> 1/2:(s'=5) + 1/2:(s'=6);
	[] s=3 -> 1/2:(s'=1) + 1/2:(s'=7)&(d'=1);
	[] s=4 -> 1/2:(s'=7)&(d'=2) + 1/2:(s'=7)&(d'=3);
	[] s=5 -> 1/2:(s'=7)&(d'=4) + 1/2:(s'=7)&(d'=5);
	[] s=6 -> 1/2:(s'=2) + 1/2:(s'=7)&(d'=6);
	[] s=7 -> true;
endmodule
rewards "flips" s<7 : 1; endrewards
rewards "tflips" [] s<7 : 1; endrewards
rewards "tenths" s<7 : 0.1; endrewards
rewards "always" true : 1; endrewards
`

// mixSrc merges two commands of different actions in state 0, each taken
// with share 1/2: the step's transition reward is (1 + 3)/2 = 2, and state
// 0 is left with probability 3/4, so 8/3 is gathered before s=1. In
// mixOffSrc the first command's probabilities sum to 0.999999 (1 within
// the round-off), so the shares are its exact fraction of the sum.
const mixSrc = `dtmc
module m
	s : [0..1] init 0;
	[a] s=0 -> (s'=1);
	[b] s=0 -> 1/2:(s'=1) + 1/2:(s'=0);
	[] s=1 -> true;
endmodule
rewards "r" [a] true : 1; [b] true : 3; endrewards
`

const mixOffSrc = `dtmc
module m
	s : [0..1] init 0;
	[a] s=0 -> 0.5:(s'=1) + 0.499999:(s'=0);
	[b] s=0 -> 1/2:(s'=1) + 1/2:(s'=0);
	[] s=1 -> true;
endmodule
rewards "r" [a] true : 1; [b] true : 3; endrewards
`

// Under --exact, R[F φ], R[Fc φ], R[C] and R[S] on a dtmc are exact rationals (+∞ has
// none: the float Infinity stands), and R~b compares them exactly.
func TestExactRewards(t *testing.T) {
	cases := []struct {
		model, props string
		exact        string // "" for none
		value        float64
		note         string // a note's text, "" for none
	}{
		{dieSrc, `R{"flips"}=? [ F s=7 ]`, "11/3", 11.0 / 3, ""},
		{dieSrc, `R{"tflips"}=? [ F s=7 ]`, "11/3", 11.0 / 3, ""},
		{dieSrc, `R{"tenths"}=? [ F s=7 ]`, "11/30", 11.0 / 30, ""},
		{dieSrc, `R{"flips"}=? [ F d=6 ]`, "", math.Inf(1), ""},
		{dieSrc, `R{"flips"}=? [ F s=4 ]`, "", math.Inf(1), ""},
		{dieSrc, `R{"always"}=? [ F s=7 ]`, "11/3", 11.0 / 3, ""},
		{dieSrc, `R{"flips"}=? [ C ]`, "11/3", 11.0 / 3, ""},
		{dieSrc, `R{"tenths"}=? [ C ]`, "11/30", 11.0 / 30, ""},
		{dieSrc, `R{"always"}=? [ C ]`, "", math.Inf(1), ""},
		{dieSrc, `R{"always"}=? [ Fc s=7 ]`, "11/3", 11.0 / 3, ""},
		{dieSrc, `R{"always"}=? [ Fc d=6 ]`, "", math.Inf(1), ""},
		{dieSrc, `R{"flips"}=? [ Fc d=6 ]`, "11/3", 11.0 / 3, ""},
		// stopping at s=4: 2 flips from s=1 and s=3, 8/3 from s=2
		{dieSrc, `R{"flips"}=? [ Fc s=4 ]`, "10/3", 10.0 / 3, ""},
		{dieSrc, `Rmax=? [ F s=7 ]`, "11/3", 11.0 / 3, ""},
		{dieSrc, `<<>> R{"flips"}min=? [ F s=7 ]`, "11/3", 11.0 / 3, ""},
		{dieSrc, `R{"flips"}=? [ F s=0 ]`, "0", 0, ""},
		{grSrc + `rewards true : 2; endrewards`, `R=? [ F s=2 ]`, "", math.Inf(1), ""},
		{grSrc + `rewards s=0 : 2; endrewards`, `R=? [ C ]`, "4", 4, ""}, // 2 a visit to s=0, 2 visits
		{mixSrc, `R=? [ F s=1 ]`, "8/3", 8.0 / 3, ""},
		// π = (3/11, 8/11) on {1,2}, (1/6, 5/6) on {3,4}, each reached
		// with probability 1/2: 1/2·3/11 + 1/2·2·5/6 = 32/33.
		{stSrc + `rewards s=1 : 1; s=4 : 2; endrewards`, `R=? [ S ]`, "32/33", 32.0 / 33, ""},
		{stSrc + `rewards [] s=1 : 1; [] s=4 : 2; endrewards`, `R=? [ S ]`, "32/33", 32.0 / 33, ""},
		{dieSrc, `R{"always"}=? [ S ]`, "1", 1, ""},
		{dieSrc, `R{"flips"}=? [ S ]`, "0", 0, ""},
		{mixSrc, `R=? [ S ]`, "0", 0, ""},
		// nested in arithmetic and filters (the vector evaluation): the
		// states s<7 need 11/3, 8/3, 8/3, 7/3, 1, 1 and 7/3 flips
		{dieSrc, `1 + R{"flips"}=? [ F s=7 ]`, "14/3", 14.0 / 3, ""},
		{dieSrc, `filter(avg, R{"flips"}=? [ F s=7 ], s<7)`, "47/21", 47.0 / 21, ""},
		{dieSrc, `filter(max, R{"flips"}=? [ F d=6 ], s=7)`, "", math.Inf(1), ""},
		// shares 999999/1999999 and 1000000/1999999 of a step that
		// stays with probability 999999/1999999
		{mixOffSrc, `R=? [ F s=1 ]`, "3999999/1000000", 3.999999, ""},
	}
	for _, tc := range cases {
		t.Run(tc.props, func(t *testing.T) {
			res, err := checkProps(t, tc.model, tc.props+"\n", Config{Exact: true})
			if err != nil {
				t.Fatalf("%v", err)
			}
			got := ""
			if res.Exact != nil {
				got = res.Exact.RatString()
			}
			if res.Kind != KindNumber || got != tc.exact {
				t.Fatalf("got %v exact %q, want exact %q", res.Number, got, tc.exact)
			}
			if math.IsInf(tc.value, 1) != math.IsInf(res.Number, 1) || math.Abs(res.Number-tc.value) > 1e-5*math.Max(1, tc.value) {
				t.Fatalf("got %v, want %v", res.Number, tc.value)
			}
			notes := ""
			for _, n := range res.Notes {
				notes += n.Msg + "\n"
			}
			if (tc.note == "") != (notes == "") || !strings.Contains(notes, tc.note) {
				t.Fatalf("notes %q, want %q", notes, tc.note)
			}
		})
	}
}

// R~b compares the exact value with the bound: 11/3 is not below 11/3,
// though its float may be.
func TestExactRewardBound(t *testing.T) {
	for props, want := range map[string]bool{
		`R{"flips"}<11/3 [ F s=7 ]`:  false,
		`R{"flips"}<=11/3 [ F s=7 ]`: true,
		`R{"flips"}>=11/3 [ C ]`:     true,
		`R{"flips"}>11/3 [ F s=7 ]`:  false,
		`R{"tenths"}>=11/30 [ C ]`:   true,
		`R{"always"}>100 [ C ]`:      true,
		// nested: the vector evaluation compares exactly too
		`filter(forall, R{"flips"}<=11/3 [ F s=7 ])`:     true,
		`filter(exists, R{"flips"}<11/3 [ F s=7 ], s=0)`: false,
	} {
		res, err := checkProps(t, dieSrc, props+"\n", Config{Exact: true})
		if err != nil {
			t.Fatalf("%s: %v", props, err)
		}
		if res.Kind != KindBool || res.Bool != want {
			t.Errorf("%s: got %+v, want %v", props, res, want)
		}
	}
}

// Past the limit of states per system, R prints the float with a note
// citing the guide's section on exact rewards.
func TestExactRewardLimit(t *testing.T) {
	src := strings.Replace(ruinSrc, "N = 10", "N = 5100", 1) + "rewards true : 1; endrewards\n"
	res, err := checkProps(t, src, "R=? [ F x=0|x=N ]\n", Config{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Exact != nil || len(res.Notes) != 1 || !strings.Contains(res.Notes[0].Msg, "no exact value for R (") ||
		!strings.Contains(res.Notes[0].Msg, GuideExactRew) {
		t.Fatalf("got exact %v, notes %+v", res.Exact, res.Notes)
	}
	// From x=5 at odds 3/2 against, the walk is ruined in about 5/(3/5−2/5) = 25 steps.
	if math.Abs(res.Number-25) > 1e-3 {
		t.Fatalf("got %v, want about 25", res.Number)
	}
}
