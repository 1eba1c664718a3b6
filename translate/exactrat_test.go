package translate

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// ratOfString parses a test value: "p/q", an integer, or "big:DIGITS/DIGITS".
func ratOfString(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(strings.TrimPrefix(s, "big:"))
	if !ok {
		t.Fatalf("bad rational %q", s)
	}
	return r
}

// checkXrat fails unless a is r and keeps xrat's invariants.
func checkXrat(t *testing.T, what string, a xrat, r *big.Rat) {
	t.Helper()
	if a.d == 0 {
		if a.big == nil || a.big.Cmp(r) != 0 {
			t.Fatalf("%s: got big %v, want %s", what, a.big, r.RatString())
		}
		if a.big.Num().IsInt64() && a.big.Denom().IsInt64() && a.big.Num().Int64() != math.MinInt64 {
			t.Fatalf("%s: %s is small but kept big", what, r.RatString())
		}
		return
	}
	if a.d < 0 || a.n == math.MinInt64 || gcd64(abs64(a.n), uint64(a.d)) != 1 {
		t.Fatalf("%s: %d/%d is not in lowest terms", what, a.n, a.d)
	}
	if new(big.Rat).SetFrac64(a.n, a.d).Cmp(r) != 0 {
		t.Fatalf("%s: got %d/%d, want %s", what, a.n, a.d, r.RatString())
	}
}

// TestXratOps checks the machine-integer products, sums and inverses of
// exact probabilities against big.Rat's, across the overflow edges.
func TestXratOps(t *testing.T) {
	vals := []string{
		"0", "1", "-1", "1/3", "2/3", "1/10", "3/10", "7", "1/1000000007",
		"9223372036854775807", "-9223372036854775807", "1/9223372036854775807",
		"4294967296/4294967297", "3037000499/3037000500", "9223372036854775806/9223372036854775807",
		"big:9223372036854775808", "big:-9223372036854775808", "big:1/9223372036854775808",
		"big:123456789012345678901234567890/7",
	}
	for _, sa := range vals {
		ra := ratOfString(t, sa)
		a := xratOf(ra)
		checkXrat(t, "of "+sa, a, ra)
		if ra.Sign() != 0 {
			checkXrat(t, "inv "+sa, a.inv(), new(big.Rat).Inv(ra))
		}
		if a.sign() != ra.Sign() {
			t.Fatalf("sign %s: %d", sa, a.sign())
		}
		for _, sb := range vals {
			rb := ratOfString(t, sb)
			b := xratOf(rb)
			checkXrat(t, sa+" * "+sb, a.mul(b), new(big.Rat).Mul(ra, rb))
			checkXrat(t, sa+" + "+sb, a.add(b), new(big.Rat).Add(ra, rb))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func() *big.Rat {
		bound := []int64{10, 1 << 20, 1 << 31, 1 << 40, math.MaxInt64}[rng.IntN(5)]
		n := rng.Int64N(bound) - bound/2
		return big.NewRat(n, 1+rng.Int64N(bound-1))
	}
	for i := 0; i < 20000; i++ {
		ra, rb := draw(), draw()
		a, b := xratOf(ra), xratOf(rb)
		what := fmt.Sprintf("%s, %s", ra.RatString(), rb.RatString())
		checkXrat(t, "mul "+what, a.mul(b), new(big.Rat).Mul(ra, rb))
		checkXrat(t, "add "+what, a.add(b), new(big.Rat).Add(ra, rb))
	}
}

// TestRatTableShares checks that equal small probabilities share one
// big.Rat and that a big one is copied.
func TestRatTableShares(t *testing.T) {
	var tab ratTable
	a := tab.get(xrat{n: 1, d: 3})
	b := tab.get(xratOf(big.NewRat(2, 6)))
	if a != b || a.RatString() != "1/3" {
		t.Fatalf("1/3 stored as %p %s and %p %s", a, a.RatString(), b, b.RatString())
	}
	huge, _ := new(big.Rat).SetString("123456789012345678901234567890/7")
	c := tab.get(xratOf(huge))
	if c == huge || c.Cmp(huge) != 0 {
		t.Fatalf("a big value must be copied: %p %p", c, huge)
	}
}

// exactMemoModels are small models whose probabilities read variables
// through formulas, renamed modules, conditionals and functions.
var exactMemoModels = []struct{ name, src string }{
	{"formulas and renaming", `mdp
formula f = x/4;
module a
  x : [0..3] init 0;
  [] x<3 -> f:(x'=x+1) + 1-f:(x'=0);
  [] x<3 -> 1/3:(x'=min(x+2,3)) + 2/3:true;
  [] x=3 -> true;
endmodule
module b = a [x=y] endmodule`},
	{"dtmc merge", `dtmc
const double q = 0.1;
module m
  x : [0..6] init 0; y : [0..2] init 0;
  [] x<6 -> 1/3:(x'=x+1) + 2/3:(x'=min(x+2,6));
  [] x<6 -> q:(x'=0) + (1-q):(y'=mod(y+1,3));
  [] x<6 & y=1 -> (y=1 ? x/7 : 0.5):(x'=6) + 1-(y=1 ? x/7 : 0.5):(x'=max(x-1,0));
  [] x=6 -> true;
endmodule`},
	{"powers and doubles", `dtmc
module m
  x : [0..5] init 0;
  [] x<5 -> pow(0.5,x+1):(x'=x+1) + 1-pow(0.5,x+1):(x'=0);
  [] x=5 -> 1e-9:(x'=0) + 1-1e-9:true;
endmodule`},
}

// TestExactMemoSame builds models in exact mode with and without the memo
// of exact probabilities and checks that the games are the same.
func TestExactMemoSame(t *testing.T) {
	type row struct{ name, src, consts string }
	var rows []row
	for _, m := range exactMemoModels {
		rows = append(rows, row{m.name, m.src, ""})
	}
	if data, err := os.ReadFile(filepath.Join(corpusDir, "MANIFEST.tsv")); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
			f := strings.Split(line, "\t")
			if strings.HasPrefix(f[6], "error") || strings.Contains(f[0], "jamming") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(corpusDir, f[0]))
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, row{f[0], string(src), f[1]})
		}
	}
	defer func() { noExactMemo = false }()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			noExactMemo = false
			m1, err1 := buildSrc(t, "m.prism", r.src, r.consts, true)
			noExactMemo = true
			m2, err2 := buildSrc(t, "m.prism", r.src, r.consts, true)
			if err1 != nil || err2 != nil {
				t.Fatalf("errors: %v, %v", err1, err2)
			}
			if !reflect.DeepEqual(m1.Game, m2.Game) {
				t.Fatal("games differ")
			}
			if len(m1.Game.ProbExact) != m1.Game.NumTransitions() {
				t.Fatalf("%d exact probabilities for %d transitions", len(m1.Game.ProbExact), m1.Game.NumTransitions())
			}
		})
	}
}

// TestExactValues pins the exact probabilities of a small model, one per
// transition.
func TestExactValues(t *testing.T) {
	m, err := buildSrc(t, "m.prism", exactMemoModels[1].src, "", true)
	if err != nil {
		t.Fatal(err)
	}
	g := m.Game
	var got []string
	for s := 0; s < 2; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			tlo, thi := g.Transitions(c)
			for tr := tlo; tr < thi; tr++ {
				got = append(got, fmt.Sprintf("%d>%d:%s", s, g.Target[tr], g.ProbExact[tr].RatString()))
			}
		}
	}
	// state 0, (0,0): half of 1/3, 2/3 and half of 1/10, 9/10; state 1,
	// (0,1): a third of each, x/7 = 0 dropped and its 1 a self-loop
	want := "0>0:1/20 0>1:9/20 0>3:1/6 0>6:1/3 1>1:11/30 1>2:3/10 1>4:1/9 1>7:2/9"
	if strings.Join(got, " ") != want {
		t.Fatalf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}
