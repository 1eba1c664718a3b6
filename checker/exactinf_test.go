package checker

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
)

const grSrc = `dtmc
module m
	s : [0..3] init 0;
	[] s=0 -> 1/3:(s'=1) + 1/3:(s'=2) + 1/3:(s'=0);
	[] s=1 -> 1/2:(s'=3) + 1/2:(s'=0);
	[] s=2 -> true;
	[] s=3 -> true;
endmodule
`

// stSrc has two bottom components, {1,2} and {3,4}, each reached with
// probability 1/2: π = (3/11, 8/11) on the first, (1/6, 5/6) on the
// second.
const stSrc = `dtmc
module m
	s : [0..4] init 0;
	[] s=0 -> 1/2:(s'=1) + 1/2:(s'=3);
	[] s=1 -> 1/3:(s'=1) + 2/3:(s'=2);
	[] s=2 -> 1/4:(s'=1) + 3/4:(s'=2);
	[] s=3 -> (s'=4);
	[] s=4 -> 1/5:(s'=3) + 4/5:(s'=4);
endmodule
`

// ruinSrc is a gambler's ruin: from x, one unit won with probability 2/5
// and lost with 3/5, until 0 or N.
const ruinSrc = `dtmc
const int N = 10;
module g
	x : [0..N] init 5;
	[] x>0 & x<N -> 2/5:(x'=x+1) + 3/5:(x'=x-1);
	[] x=0 | x=N -> true;
endmodule
`

// ruinWin is the probability of reaching n from i at odds r = q/p:
// (1 − r^i)/(1 − r^n).
func ruinWin(i, n int, r *big.Rat) string {
	pow := func(k int) *big.Rat {
		x := big.NewRat(1, 1)
		for range k {
			x.Mul(x, r)
		}
		return x
	}
	one := big.NewRat(1, 1)
	num := new(big.Rat).Sub(one, pow(i))
	den := new(big.Rat).Sub(one, pow(n))
	return num.Quo(num, den).RatString()
}

// Under --exact, P on the infinite paths of a chain is an exact rational:
// single operators, their duals, X, products with outcome automata and
// nested P, on a dtmc and on the chain a csg's behaviour profile induces.
func TestExactInfinitePaths(t *testing.T) {
	cpd := cpdSrc(t)
	cases := []struct {
		model, props string
		exact        string // the exact value, "" for none
		b            string // for a bound: "true" or "false"
	}{
		{grSrc, `P=? [ F s=3 ]`, "1/3", ""},
		{grSrc, `P=? [ G s!=3 ]`, "2/3", ""},
		{grSrc, `P=? [ s!=2 U s=3 ]`, "1/3", ""},
		{grSrc, `P=? [ s=0 W s=1 ]`, "1/2", ""},
		{grSrc, `P=? [ s=1 R s!=2 ]`, "1/2", ""},
		{grSrc, `P=? [ X s=0 ]`, "1/3", ""},
		{grSrc, `P=? [ (F s=1) & (F s=3) ]`, "1/3", ""},
		{grSrc, `P=? [ F (s=1 & (X s=0)) ]`, "1/4", ""},
		{grSrc, `P=? [ G (s=1 => (X s=3)) ]`, "3/4", ""},
		// Value iteration approaches 1/3 from below: exactly, s=0 is in
		// P>=1/3 [F s=3], and every path starts there.
		{grSrc, `P=? [ F P>=1/3 [ F s=3 ] ]`, "1", ""},
		{grSrc, `P>=1/3 [ F s=3 ]`, "", "true"},
		{grSrc, `P>1/3 [ F s=3 ]`, "", "false"},
		{ruinSrc, `P=? [ F x=N ]`, ruinWin(5, 10, big.NewRat(3, 2)), ""},
		{ruinSrc, `P=? [ F x=0 ]`, new(big.Rat).Sub(big.NewRat(1, 1), ratOfString(ruinWin(5, 10, big.NewRat(3, 2)))).RatString(), ""},
		// cpd under β = (d:1/4, c:3/4) for both: (c1,c2) with 9/16, a
		// single defection with 3/16 each, (d1,d2) with 1/16.
		{grSrc, `S=? [ s=3 ]`, "1/3", ""},
		{grSrc, `S>=1/3 [ s=3 ]`, "", "true"},
		{grSrc, `S>1/3 [ s=3 ]`, "", "false"},
		{stSrc, `S=? [ s=1 ]`, "3/22", ""},
		{stSrc, `S=? [ s=4 ]`, "5/12", ""},
		{stSrc, `S=? [ s=2 | s=3 ]`, "59/132", ""},
		{stSrc, `S=? [ s=0 ]`, "0", ""},
		{stSrc, `P=? [ F S>=5/6 [ s=4 ] ]`, "1/2", ""},
		{cpd, qBehaviourProps + `P=? [ "fine" U "reward" ]`, "3/5", ""},
		{cpd, qBehaviourProps + `P=? [ !"payoff1" U "reward" ]`, "3/4", ""},
		{cpd, qBehaviourProps + `P=? [ G !"payoff2" ]`, "0", ""},
		{cpd, qBehaviourProps + `P=? [ X "reward" ]`, "9/16", ""},
		{cpd, "behaviour p1 { d1 : 0.1, c1 : 0.9 };\nbehaviour p2 { d2 : 0.1, c2 : 0.9 };\n" + `P=? [ "fine" U "reward" ]`, "9/11", ""},
	}
	for _, tc := range cases {
		name := tc.props[strings.LastIndex(tc.props, "\n")+1:]
		t.Run(name, func(t *testing.T) {
			res, err := checkProps(t, tc.model, tc.props+"\n", Config{Exact: true})
			if err != nil {
				t.Fatalf("%v", err)
			}
			if tc.b != "" {
				if res.Kind != KindBool || fmt.Sprint(res.Bool) != tc.b {
					t.Errorf("got %+v, want %s", res, tc.b)
				}
				return
			}
			if res.Kind != KindNumber || res.Exact == nil || res.Exact.RatString() != tc.exact {
				t.Fatalf("got %v exact %v, want exact %s", res.Number, res.Exact, tc.exact)
			}
			if f, _ := res.Exact.Float64(); f != res.Number {
				t.Errorf("float %v is not the exact value's %v", res.Number, f)
			}
			// Without --exact the direct float solve gives the same value
			// to within rounding.
			fl, err := checkProps(t, tc.model, tc.props+"\n", Config{})
			if err != nil {
				t.Fatalf("%v", err)
			}
			if fl.Exact != nil || math.Abs(fl.Number-res.Number) > 1e-12 {
				t.Errorf("float: got %v (exact %v), want %v", fl.Number, fl.Exact, res.Number)
			}
		})
	}
}

func ratOfString(s string) *big.Rat {
	r, _ := new(big.Rat).SetString(s)
	return r
}
