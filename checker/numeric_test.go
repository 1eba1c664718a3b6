package checker

import (
	"math"
	"testing"
)

// weatherDTMC: sunny, cloudy, rainy (stationary (20, 15, 12)/47), sales 3
// on sunny and 1 on cloudy days; one extra transient state 3 that starts
// the chain in sunny or rainy weather with 1/2 each.
const weatherDTMC = `dtmc
module weather
  w : [0..3] init 3;
  [] w=0 -> 0.7:(w'=0) + 0.3:(w'=1);
  [] w=1 -> 0.4:(w'=0) + 0.2:(w'=1) + 0.4:(w'=2);
  [] w=2 -> 0.5:(w'=1) + 0.5:(w'=2);
  [] w=3 -> 0.5:(w'=0) + 0.5:(w'=2);
endmodule
rewards "sales" w=0 : 3; w=1 : 1; endrewards
rewards "start" w=3 : 5; endrewards
`

// gambleCostMDP: from 0, a (cost 1) wins (1) or loses (2) with 1/2 each, b
// (cost 3) wins surely.
const gambleCostMDP = `mdp
module M
  s : [0..2] init 0;
  [a] s=0 -> 0.5:(s'=1) + 0.5:(s'=2);
  [b] s=0 -> (s'=1);
  [] s>0 -> true;
endmodule
rewards "cost" [a] true : 1; [b] true : 3; endrewards
rewards "loop" s=2 : 1; endrewards
`

// TestNumericOperators checks S, R[S], R[C], R=? on a dtmc and
// multi(...) at the checker, and the refusals around them.
func TestNumericOperators(t *testing.T) {
	cases := []struct {
		name, model string
		want        []patlWant
	}{
		{"dtmc", weatherDTMC, []patlWant{
			num(`S=? [ w=2 ]`, 12.0/47),
			boolW(`S>0.25 [ w=2 ]`, true),
			boolW(`S>=0.26 [ w=2 ]`, false),
			num(`R{"sales"}=? [ S ]`, 75.0/47),
			num(`R{"start"}=? [ C ]`, 5),
			num(`R{"sales"}=? [ C ]`, math.Inf(1)),
			// from 3: 1/2 sunny (22.5 sales before rain, by hand), 1/2 rainy
			num(`R{"sales"}=? [ F w=2 ]`, 11.25),
			num(`R{"sales"}=? [ C<=2 ]`, 1.5),
			boolW(`R{"sales"}<12 [ F w=2 ]`, true),
			num(`filter(max, S=? [ w=2 ])`, 12.0/47),
			num(`P=? [ F S>0.25 [ w=2 ] ]`, 1),
			errW(`S=? [ F w=2 ]`, "outside a path formula"),
			errW(`S=? [ w=2 ] + multi(Pmax=? [ F w=2 ])`, "whole property"),
			errW(`multi(P>=0.5 [ F w=2 ])`, "need an mdp"),
		}},
		{"mdp", gambleCostMDP, []patlWant{
			// win with 3/4: a and b half the time each, cost 2
			num(`multi(R{"cost"}min=? [ C ], P>=0.75 [ F s=1 ])`, 2),
			num(`multi(Pmax=? [ F s=1 ], R{"cost"}<=2.5 [ C ])`, 0.875),
			num(`multi(Pmin=? [ F s=1 ], R{"cost"}>=2 [ C ])`, 0.75),
			boolW(`multi(P>=0.75 [ F s=1 ], R{"cost"}<=2 [ C ])`, true),
			boolW(`multi(P>=0.76 [ F s=1 ], R{"cost"}<=2 [ C ])`, false),
			boolW(`multi(P<=0.5 [ F s=1 ], P>=0.5 [ G s!=1 ])`, true),
			num(`multi(R{"cost"}min=? [ C ], P>=1.0 [ F s=1 ])`, 3),
			num(`R{"cost"}max=? [ C ]`, 3),
			num(`R{"loop"}min=? [ C ]`, 0),
			num(`R{"loop"}max=? [ C ]`, math.Inf(1)),
			errW(`S=? [ s=1 ]`, "The S operator cannot be used for MDPs"),
			errW(`R{"cost"}max=? [ S ]`, "Steady-state reward properties cannot be used for MDPs"),
			errW(`R{"cost"}=? [ C ]`, `Can't use "R=?" for nondeterministic models; use "Rmin=?" or "Rmax=?"`),
			errW(`multi(R{"cost"}min=? [ C ], P>0.5 [ F s=1 ])`, "strict inequalities"),
			errW(`multi(R{"cost"}min=? [ C ], P=? [ F s=1 ])`, "max/min=? or lower/upper"),
			errW(`multi(R{"cost"}min=? [ C<=2 ], P>=0.5 [ F s=1 ])`, "C<=k are not supported"),
			errW(`multi(R{"cost"}min=? [ F s=1 ], P>=0.5 [ F s=1 ])`, "must be C or C<=k (F is not yet supported)"),
			errW(`multi(R{"cost"}min=? [ C ], Pmax=? [ F s=1 ])`, "Pareto"),
			errW(`multi(R{"cost"}min=? [ C ], Pmax=? [ F s=1 ], P>=0.5 [ G s!=2 ])`, "Multiple min/max queries cannot be combined with boolean queries."),
			errW(`multi(R{"loop"}max=? [ C ], P>=0.5 [ F s=1 ])`, "non-zero reward"),
			errW(`multi(S=? [ s=1 ])`, "only contain P and R operators"),
			errW(`multi(P>=0.5 [ G F s=1 ])`, "co-safe"),
		}},
		{"smg", ruinSMG, []patlWant{
			errW(`multi(P>=0.5 [ F x=3 ])`, "not supported on smg models"),
			errW(`<<a>> (P>=0.5 [ F x=3 ] & P>=0.5 [ F x=0 ])`, "not supported on games"),
			errW(`S=? [ x=3 ]`, "needs a dtmc"),
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkWants(t, tc.model, tc.want) })
	}
}
