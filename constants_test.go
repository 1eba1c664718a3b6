package onus

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// TestSweep checks how Options.Const becomes assignments: Go values and
// PRISM's strings, sweeps in name order with the first name slowest, and
// the values refused.
func TestSweep(t *testing.T) {
	rows := []struct {
		name  string
		in    map[string]any
		want  string // the assignments, one per line
		types string // the value types of the first assignment
		err   string // a substring of the error
	}{
		{name: "none", in: nil, want: ""},
		{name: "int", in: map[string]any{"t": 3}, want: "t=3", types: "int"},
		{name: "int64 and bool", in: map[string]any{"t": int64(-2), "b": true}, want: "b=true,t=-2", types: "bool int"},
		{name: "float prints short", in: map[string]any{"q": 0.25}, want: "q=0.25", types: "double"},
		{name: "whole float reads as PRISM reads 3", in: map[string]any{"q": 3.0}, want: "q=3", types: "int"},
		{name: "strings in PRISM syntax", in: map[string]any{"q": "0.5", "b": "false"}, want: "b=false,q=0.5", types: "bool double"},
		{name: "string range", in: map[string]any{"t": "1:3"}, want: "t=1\nt=2\nt=3", types: "int"},
		{name: "range with a step", in: map[string]any{"x": "0:0.5:1"}, want: "x=0\nx=0.5\nx=1", types: "double"},
		{name: "two sweeps, names in order", in: map[string]any{"t": []int{1, 2}, "a": []any{true, false}},
			want: "a=true,t=1\na=true,t=2\na=false,t=1\na=false,t=2", types: "bool int"},
		{name: "float list", in: map[string]any{"q": []float64{0.1, 0.2}}, want: "q=0.1\nq=0.2", types: "double"},
		{name: "rational", in: map[string]any{"q": big.NewRat(1, 3)}, want: "q=0.3333333333333333", types: "double"},
		{name: "value given as built", in: map[string]any{"t": translate.Value{Type: prism.TInt, I: 7}}, want: "t=7", types: "int"},
		{name: "unknown type", in: map[string]any{"t": struct{}{}}, err: "constant t: a value of type struct {}"},
		{name: "NaN", in: map[string]any{"q": math.NaN()}, err: "constant q: NaN is not a value PRISM can hold"},
		{name: "beyond 32 bits", in: map[string]any{"t": int64(1) << 40}, err: "outside PRISM's 32-bit ints"},
		{name: "empty list", in: map[string]any{"t": []int{}}, err: "the list of values is empty"},
		{name: "range inside a list", in: map[string]any{"t": []any{"1:2"}}, err: `"1:2" is a range inside a list`},
		{name: "bad string", in: map[string]any{"t": "abc"}, err: "constant t: invalid value"},
		{name: "empty range", in: map[string]any{"t": "3:1"}, err: "is empty"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			got, err := sweep(row.in)
			if row.err != "" {
				if err == nil || !strings.Contains(err.Error(), row.err) {
					t.Fatalf("error %v, want one with %q", err, row.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for i := 0; i < got.Len(); i++ {
				lines = append(lines, Constants(got.At(i)).String())
			}
			if s := strings.Join(lines, "\n"); s != row.want {
				t.Errorf("assignments\n%s\nwant\n%s", s, row.want)
			}
			var types []string
			for _, c := range got.At(0) {
				types = append(types, c.Value.Type.String())
			}
			if s := strings.Join(types, " "); s != row.types {
				t.Errorf("types %q, want %q", s, row.types)
			}
		})
	}
}

// TestConstantsExact checks that a float is read as the decimal it
// prints, so that 0.1 is exactly 1/10, and a *big.Rat keeps its value.
func TestConstantsExact(t *testing.T) {
	cs, err := single(map[string]any{"a": 0.1, "b": big.NewRat(1, 3)})
	if err != nil {
		t.Fatal(err)
	}
	if r := cs[0].Value.Rat; r == nil || r.Cmp(big.NewRat(1, 10)) != 0 {
		t.Errorf("0.1 reads as %v, want 1/10", r)
	}
	if r := cs[1].Value.Rat; r == nil || r.Cmp(big.NewRat(1, 3)) != 0 {
		t.Errorf("1/3 reads as %v", r)
	}
	if _, err := single(map[string]any{"t": "1:2"}); err == nil {
		t.Error("single accepted a sweep")
	}
	m := Constants{{Name: "t", Value: translate.Value{Type: prism.TInt, I: 3}}, {Name: "q", Value: translate.Value{Type: prism.TDouble, F: 0.5}}}.Map()
	if m["t"] != int64(3) || m["q"] != 0.5 || len(m) != 2 {
		t.Errorf("Map() = %v", m)
	}
}

// TestLongSweep checks that a sweep of 10^9 values is read one assignment
// at a time, and that CheckAll refuses it after the first build when its
// results cannot fit in MaxMemory.
func TestLongSweep(t *testing.T) {
	m, err := Load("examples/cpd_n.prism", Options{Const: map[string]any{"n": "1:1000000000"}, MaxMemory: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if m.SweepLen() != 1000000000 {
		t.Fatalf("SweepLen %d", m.SweepLen())
	}
	if s := m.SweepAt(999999999).String(); s != "n=1000000000" {
		t.Errorf("SweepAt(last) = %s", s)
	}
	_, err = m.Check(`P=? [ X "fine" ]`)
	if err == nil || !IsLimit(err) || !strings.Contains(err.Error(), "results of the sweep") {
		t.Errorf("a sweep of 10^9 under 256 MiB: %v", err)
	}
}
