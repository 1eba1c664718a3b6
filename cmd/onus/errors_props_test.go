package main

import "testing"

// errSMG is a small valid smg: p1 owns s=0 (stay or go to 1), p2 owns s=1
// (back or on to 2); a reward of 1 a step.
const errSMG = `smg
player p1 [stay], [go] endplayer
player p2 [back], [on] endplayer
module m
  s : [0..2];
  [stay] s=0 -> true;
  [go] s=0 -> (s'=1);
  [back] s=1 -> (s'=0);
  [on] s=1 -> (s'=2);
  [] s=2 -> true;
endmodule
rewards "r" true : 1; endrewards
`

// errNegMDP is an mdp whose second reward structure is negative.
const errNegMDP = `mdp
module m
  x : [0..1];
  [a] x=0 -> (x'=1);
  [] x=1 -> true;
endmodule
rewards "pos" true : 1; endrewards
rewards "neg" x=0 : -1; endrewards
`

// propsErrorRows: malformed filters, co-safe reward objectives, arithmetic
// over queries and dual coalitions (PRISM-games' messages where it has
// one).
var propsErrorRows = []errorRow{
	{"filter: unknown operator", withProps(errSMG, "filter(foo, s)\n"), checkArgs,
		`p.props:1:1: error: Unknown filter type "foo"`},
	{"filter: states not boolean", withProps(errSMG, "filter(max, s, 2)\n"), checkArgs,
		"p.props:1:16: error: Type error: Second argument of filter is not a Boolean"},
	{"filter: boolean operand of sum", withProps(errSMG, "filter(sum, s=1)\n"), checkArgs,
		`p.props:1:13: error: Type error: Boolean argument not allowed as operand for filter of type "sum"`},
	{"filter: boolean operand of range", withProps(errSMG, "filter(range, <<p1>> P>=0.5 [ F s=2 ])\n"), checkArgs,
		`p.props:1:15: error: Type error: Boolean argument not allowed as operand for filter of type "range"`},
	{"filter: numeric operand of count", withProps(errSMG, "filter(count, s)\n"), checkArgs,
		`p.props:1:15: error: Type error: Operand for filter of type "count" must be Boolean`},
	{"filter: numeric operand of &", withProps(errSMG, "filter(&, <<p1>> Pmax=? [ F s=2 ])\n"), checkArgs,
		`p.props:1:11: error: Type error: Operand for filter of type "forall" must be Boolean`},
	{"filter: empty filter", withProps(errSMG, "filter(max, s, s>5)\n"), checkArgs,
		"p.props:1:1: error: Filter satisfies no states"},
	{"filter: state with several states", withProps(errSMG, "filter(state, s, s<2)\n"), checkArgs,
		`p.props:1:1: error: Filter should be satisfied in exactly 1 state (but "s < 2" is true in 2 states)`},
	{"filter: range inside arithmetic", withProps(errSMG, "2 * filter(range, s)\n"), checkArgs,
		"p.props:1:5: error: a range of values (filter range) cannot be used inside an expression"},
	{"arithmetic: boolean plus query", withProps(errSMG, "<<p1>> Pmax=? [ F s=2 ] + true\n"), checkArgs,
		`p.props:1:25: error: type error: operator "+" needs numeric operands, not bool`},
	{"co-safe reward: G is not co-safe", withProps(errSMG, "<<p1>> R{\"r\"}min=? [ G s=2 ]\n"), checkArgs,
		"p.props:1:22: error: R operator contains a path formula that is not syntactically co-safe: G s = 2"},
	{"co-safe reward: negated F is not co-safe", withProps(errSMG, "<<p1>> R{\"r\"}min=? [ X !(F s=2) ]\n"), checkArgs,
		"p.props:1:26: error: R operator contains a path formula that is not syntactically co-safe: X !(F s = 2)"},
	{"co-safe reward: bounded F", withProps(errSMG, "<<p1>> R{\"r\"}min=? [ F<=3 s=2 ]\n"), checkArgs,
		"p.props:1:22: error: R operator cannot contain a bounded F operator: F<=3 s = 2"},
	{"co-safe reward: bounded U inside", withProps(errSMG, "<<p1>> R{\"r\"}min=? [ X (s=0 U<=2 s=2) ]\n"), checkArgs,
		"p.props:1:29: error: R operator cannot contain a temporal operator with a time bound (as PRISM-games): s = 0 U<=2 s = 2"},
	{"co-safe reward on a csg", withProps(errCSG, "<<p1>> R{\"r\"}min=? [ X s1=1 ]\n"), checkArgs,
		`p.props:1:22: error: co-safe LTL reward objectives R[ψ] are not supported on csg models (PRISM-games: "Computation not implemented yet.")`},
	{"dual coalition on a csg with a certain path", withProps(errCSG, "[[p1]] [ F s1=1 ]\n"), checkArgs,
		"p.props:1:1: error: the dual coalition operator [[...]] is not supported with a certain path [ψ]: sure winning is not determined when chance opposes both sides"},
	{"dual coalition with a certain path", withProps(errSMG, "[[p1]] [ F s=2 ]\n"), checkArgs,
		"p.props:1:1: error: the dual coalition operator [[...]] is not supported with a certain path [ψ]: sure winning is not determined when chance opposes both sides"},
	{"negative reward used in an mdp", withProps(errNegMDP, "R{\"neg\"}min=? [ F x=1 ]\n"), checkArgs,
		"m.prism:8:15: error: Reward structure is negative (-1) at state (0)"},
}

func TestPropsErrorTable(t *testing.T) {
	if len(propsErrorRows) < 14 {
		t.Fatalf("only %d rows", len(propsErrorRows))
	}
	runErrorRows(t, propsErrorRows)
}
