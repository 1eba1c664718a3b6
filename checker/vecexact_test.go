package checker

import (
	"math"
	"strings"
	"testing"
)

// Under --exact, arithmetic, functions and filters over queries carry
// the exact values of their operands where every operand has one (P on
// the infinite paths of a chain, S, the history passes, constants), and
// print floats only where one has none. On grSrc, P=? [F s=3] is 1/3 at
// s=0, 2/3 at s=1, 0 at s=2 and 1 at s=3; P=? [F s=2] is 2/3 at s=0.
// grReward gives grSrc a reward of 1/5 a step.
const grReward = `rewards "r" true : 1/5; endrewards
`

// smgChainSrc is an smg whose states have one choice each (s=2 and s=3
// deadlock and get a self-loop): P(F s=3) = 2/5 from s=0, and the
// rewards 1 for a and 2 for b gather 12/5 in all.
const smgChainSrc = `smg
player p1 [a], [b] endplayer
module m
	s : [0..3] init 0;
	[a] s=0 -> 1/2:(s'=1) + 1/2:(s'=2);
	[b] s=1 -> 1/3:(s'=0) + 2/3:(s'=3);
endmodule
rewards "r" [a] true : 1; [b] true : 2; endrewards
`

func TestExactArithmetic(t *testing.T) {
	cpd := cpdSrc(t)
	cases := []struct {
		model, props string
		exact        string // "" for a float only
		number       float64
	}{
		{grSrc, `1 - P=? [ F s=3 ]`, "2/3", 2.0 / 3},
		// an smg whose states have one choice each is solved as a chain
		// (the view of no coalition counts every owner in)
		{smgChainSrc, `<<p1>> Pmax=? [ F s=3 ]`, "2/5", 2.0 / 5},
		{smgChainSrc, `<<p1>> R{"r"}min=? [ C ]`, "12/5", 12.0 / 5},
		{smgChainSrc, `<<p1>> R{"r"}max=? [ F s>=2 ]`, "12/5", 12.0 / 5},
		{smgChainSrc, `<<p1>> R{"r"}min=? [ Fc s=3 ]`, "12/5", 12.0 / 5},
		// R=? [F s=3] is +∞ at s=2 (no exact value), 0 at s=3: +∞ is no
		// finite minimum, but it is a maximum
		{grSrc + grReward, `filter(min, R=? [ F s=3 ] + 1/3, s>=2)`, "1/3", 1.0 / 3},
		{grSrc + grReward, `filter(max, R=? [ F s=3 ], s>=2)`, "", math.Inf(1)},
		{grSrc, `P=? [ F s=3 ] / P=? [ F s=2 ]`, "1/2", 0.5},
		{grSrc, `(P=? [ F s=3 ] + P=? [ F s=2 ]) * 3`, "3", 3},
		{grSrc, `filter(avg, P=? [ F s=3 ])`, "1/2", 0.5},
		{grSrc, `filter(sum, P=? [ F s=3 ])`, "2", 2},
		{grSrc, `filter(max, P=? [ F s=3 ], s<2)`, "2/3", 2.0 / 3},
		{grSrc, `filter(min, 1 - P=? [ F s=3 ], s<3)`, "1/3", 1.0 / 3},
		{grSrc, `filter(first, P=? [ F s=3 ], s=1)`, "2/3", 2.0 / 3},
		{grSrc, `filter(state, P=? [ G s!=3 ], s=1)`, "1/3", 1.0 / 3},
		{grSrc, `min(0.1, P=? [ F s=3 ]) + 1/7`, "17/70", 17.0 / 70},
		{grSrc, `max(P=? [ F s=3 ], P=? [ F s=2 ])`, "2/3", 2.0 / 3},
		{grSrc, `pow(P=? [ F s=3 ], 2)`, "1/9", 1.0 / 9},
		{grSrc, `P=? [ F s=3 ] > 0.3 ? P=? [ F s=2 ] : 1`, "2/3", 2.0 / 3},
		{grSrc, `1 - Pmax=? [ F s=3 ]`, "2/3", 2.0 / 3},
		{grSrc, `2 * S=? [ s=3 ]`, "2/3", 2.0 / 3},
		{grSrc, `1 - P=? [ F<=2 s=3 ]`, "5/6", 5.0 / 6},
		{grSrc, `1 - filter(avg, P=? [ F s=3 ])`, "1/2", 0.5},
		{grSrc, `filter(printall, 1 - P=? [ F s=3 ])`, "2/3", 2.0 / 3},
		{grSrc, `filter(avg, P=? [ F s=3 ], s<3) * 3`, "1", 1},
		{grSrc, `P=? [ F s=3 ] * s + 1/3`, "1/3", 1.0 / 3},
		{grSrc, `3 * <<>> Pmax=? [ s!=2 U s=3 ]`, "1", 1},
		{stSrc, `S=? [ s=1 ] + S=? [ s=2 ]`, "1/2", 0.5},
		{cpd, qBehaviourProps + `1 - P=? [ "fine" U "reward" ]`, "2/5", 0.4},
		// where an operand has no exact value, floats only: log, and a
		// division by an exact zero (Infinity, as PRISM prints it)
		{grSrc, `log(P=? [ F s=3 ], 2)`, "", math.Log2(1.0 / 3)},
		{grSrc, `P=? [ F s=3 ] / P=? [ F s=3 & s=2 ]`, "", math.Inf(1)},
		// the filter's states include one without an exact value
		{grSrc, `filter(max, P=? [ F s=3 ] / P=? [ F s=2 ])`, "", math.Inf(1)},
	}
	for _, tc := range cases {
		name := tc.props[strings.LastIndex(tc.props, "\n")+1:]
		t.Run(name, func(t *testing.T) {
			res, err := checkProps(t, tc.model, tc.props+"\n", Config{Exact: true})
			if err != nil {
				t.Fatalf("%v", err)
			}
			if res.Kind != KindNumber {
				t.Fatalf("got %+v, want a number", res)
			}
			got := ""
			if res.Exact != nil {
				got = res.Exact.RatString()
				if f, _ := res.Exact.Float64(); f != res.Number {
					t.Errorf("float %v is not the exact value's %v", res.Number, f)
				}
			}
			if got != tc.exact {
				t.Errorf("exact: got %q, want %q", got, tc.exact)
			}
			if !(res.Number == tc.number || math.Abs(res.Number-tc.number) < 1e-12) {
				t.Errorf("number: got %v, want %v", res.Number, tc.number)
			}
			// without --exact: the same float to within value
			// iteration's accuracy, no exact value
			fl, err := checkProps(t, tc.model, tc.props+"\n", Config{})
			if err != nil {
				t.Fatalf("%v", err)
			}
			if fl.Exact != nil || !(fl.Number == res.Number || math.Abs(fl.Number-res.Number) < 1e-5) {
				t.Errorf("float: got %v (exact %v), want %v", fl.Number, fl.Exact, res.Number)
			}
		})
	}
}
