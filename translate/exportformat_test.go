package translate

import (
	"bytes"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"
)

// TestFloatTextPins pins the text of tricky numbers in the exported files
// (%.16g, trailing zeros dropped, at least two exponent digits).
func TestFloatTextPins(t *testing.T) {
	tenth, fifth := 0.1, 0.2
	tests := []struct {
		x    float64
		want string
	}{
		{1.0 / 3, "0.3333333333333333"},
		{2.0 / 3, "0.6666666666666666"},
		{3.0 / 7, "0.4285714285714285"}, // 0.42857142857142855 cut to 16 digits
		{0.1, "0.1"},
		{tenth + fifth, "0.3"}, // 0.30000000000000004 to 16 digits
		{1, "1"},
		{3, "3"},
		{-0.5, "-0.5"},
		{1234567890123456, "1234567890123456"},
		{1e16, "1e+16"},
		{123456789012345678, "1.234567890123457e+17"},
		{1e20, "1e+20"},
		{0.000123, "0.000123"},
		{1e-5, "1e-05"},
		{1e-9, "1e-09"},
		{1 - 1e-9, "0.999999999"},
		{0.9999999999999999, "0.9999999999999999"},
		{1e-20, "9.999999999999999e-21"}, // the double nearest 1e-20, to 16 digits
		{5e-324, "4.940656458412465e-324"},
	}
	f := new(floatText)
	for round := 0; round < 2; round++ { // the second round reads the cache
		for _, tc := range tests {
			if got := string(f.append(nil, tc.x)); got != tc.want {
				t.Errorf("round %d: %v written as %q, want %q", round, tc.x, got, tc.want)
			}
		}
	}
}

// TestFloatTextCache checks the cached text against strconv on many
// values, repeated so that slots are reused and overwritten.
func TestFloatTextCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pool := make([]float64, 2000)
	for i := range pool {
		switch i % 4 {
		case 0:
			pool[i] = rng.Float64()
		case 1:
			pool[i] = float64(rng.IntN(1000)) / float64(1+rng.IntN(1000))
		case 2:
			pool[i] = math.Float64frombits(rng.Uint64())
		default:
			pool[i] = -rng.ExpFloat64() * 1e10
		}
	}
	f := new(floatText)
	var buf []byte
	for i := 0; i < 50000; i++ {
		x := pool[rng.IntN(len(pool))]
		buf = f.append(buf[:0], x)
		if want := strconv.FormatFloat(x, 'g', 16, 64); string(buf) != want {
			t.Fatalf("%v written as %q, want %q", x, buf, want)
		}
	}
}

// TestExportExactSame checks that a model built exactly exports the same
// text as built in floating point, and pins it: the files hold the
// doubles (1/3, 0.1 and 1e-9 as %.16g), not the fractions.
func TestExportExactSame(t *testing.T) {
	src := `dtmc
const double q = 0.1;
module m
  x : [0..3] init 0;
  [] x<3 -> 1/3:(x'=x+1) + 2/3:(x'=3);
  [] x<3 -> q:(x'=0) + (1-q):(x'=3);
  [] x=3 -> 1e-9:(x'=0) + 1-1e-9:true;
endmodule
rewards
  x=1 : 1/3;
  [] x=2 : 0.1;
endrewards`
	// state 2: x+1 and the 2/3 branch both go to 3 (1/6 + 1/3 + 9/20)
	want := map[string]string{
		"tra": "# Transitions (DTMC)\n4 10\n" +
			"0 0 0.05\n0 1 0.1666666666666667\n0 3 0.7833333333333333\n" +
			"1 0 0.05\n1 2 0.1666666666666667\n1 3 0.7833333333333333\n" +
			"2 0 0.05\n2 3 0.95\n" +
			"3 0 1e-09\n3 3 0.999999999\n",
		"srew": "# Reward structure\n# State rewards\n4 1\n1 0.3333333333333333\n",
		"trew": "# Reward structure\n# Transition rewards\n4 2\n2 0 0.1\n2 3 0.1\n",
	}
	var out [2]map[string]string
	for i, exact := range []bool{false, true} {
		m, err := buildSrc(t, "m.prism", src, "", exact)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = map[string]string{}
		for name, w := range map[string]func(*bytes.Buffer) error{
			"tra":  func(b *bytes.Buffer) error { return WriteTra(b, m.Game) },
			"sta":  func(b *bytes.Buffer) error { return WriteSta(b, m.Game) },
			"lab":  func(b *bytes.Buffer) error { return WriteLab(b, m.Game) },
			"srew": func(b *bytes.Buffer) error { return WriteSrew(b, m.Game, 0) },
			"trew": func(b *bytes.Buffer) error { return WriteTrew(b, m.Game, 0) },
		} {
			var b bytes.Buffer
			if err := w(&b); err != nil {
				t.Fatal(err)
			}
			out[i][name] = b.String()
		}
	}
	for name, text := range out[0] {
		if out[1][name] != text {
			t.Errorf("%s differs when built exactly:\n%s\nvs\n%s", name, out[1][name], text)
		}
		if w, ok := want[name]; ok && text != w {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", name, text, w)
		}
	}
}

// TestWriteOrderSame checks that writing a csg's choices in PRISM's order
// (WriteTraOrder, WriteTrewOrder) gives the files of the reordered copy
// (PrismOrder).
func TestWriteOrderSame(t *testing.T) {
	needCorpus(t)
	for _, c := range []struct{ path, consts string }{
		{"models/csgs/investors/two_investors_csg.prism", "months=4"},
		{"models/csgs/aloha/aloha_backoff2.prism", "bcmax=1,D=6,q=0.9"},
		{"models/csgs/simple/medium_access2.prism", "emax=4,q1=0.9,q2=0.75"},
		{"models/smgs/simple/dice.prism", "N=4"},
	} {
		m, err := buildFile(t, filepath.Join(corpusDir, c.path), c.consts, false)
		if err != nil {
			t.Fatal(err)
		}
		g, order := m.Game, PrismChoiceOrder(m.Game)
		if g.Joint == nil {
			order = nil
		}
		var want, got bytes.Buffer
		if err := WriteTra(&want, PrismOrder(g)); err != nil {
			t.Fatal(err)
		}
		if err := WriteTraOrder(&got, g, order); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: .tra in PRISM's order differs", c.path)
		}
		for r := range g.Rewards {
			want.Reset()
			got.Reset()
			if err := WriteTrew(&want, PrismOrder(g), r); err != nil {
				t.Fatal(err)
			}
			if err := WriteTrewOrder(&got, g, r, order); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s: .trew %d in PRISM's order differs", c.path, r)
			}
		}
	}
}
