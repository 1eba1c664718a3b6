package prism

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// TestLongChains runs every pass of this package over flat chains of
// 50,000 operators (a+b+..., a&b&..., a-b*c+...) under a goroutine stack
// of 4 MiB, which recursion down the chain would overflow: conversion,
// checking, constant evaluation, printing, Inspect and label substitution.
func TestLongChains(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(4 << 20))
	const n = 50000
	model := "dtmc\nconst int K = " + strings.Repeat("1+", n) + "1;\n" +
		"module m\n s : [0..3] init 0;\n [] " + strings.Repeat("s>=0 & ", n) + "true -> (s'=" +
		strings.Repeat("s-1+", n) + "s-" + fmt.Sprint(n) + "+1);\nendmodule\n"
	fset := NewFileSet()
	m, err := ParseModel(fset, "chain.prism", model)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckModel(fset, m); err != nil {
		t.Fatal(err)
	}
	props := "label \"a\" = " + strings.Repeat("s*2-1>=0 | ", n) + "false;\n" +
		"P=? [ F \"a\" & s=" + strings.Repeat("K-", n) + "0 ];\n"
	pf, err := ParseProps(fset, "chain.props", props)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckProps(fset, m, pf); err != nil {
		t.Fatal(err)
	}
	p := pf.Properties[0].Expr
	if s := ExprString(p); !strings.HasPrefix(s, `P=? [ F "a" & s = K - K - `) || len(s) < 4*n {
		t.Errorf("printed %.40q (%d bytes)", s, len(s))
	}
	names := 0
	Inspect(p, func(e Expr) bool {
		if _, ok := e.(*Name); ok {
			names++
		}
		return true
	})
	if names != n+1 {
		t.Errorf("Inspect saw %d names, want %d", names, n+1)
	}
	sub := substLabels(p, func(*LabelRef) Expr { return pf.Labels[0].Expr })
	if got := ExprString(sub); !strings.Contains(got, "s * 2 - 1 >= 0 | ") {
		t.Errorf("substituted %.60q", got)
	}
}

// TestErrorCap checks that a file of junk gets MaxErrors errors and one
// "too many errors" line at the position where parsing stopped.
func TestErrorCap(t *testing.T) {
	src := `P=? [ F "fine" ` + strings.Repeat("+ ", 40000) + "];\n"
	_, err := ParseProps(NewFileSet(), "junk.props", src)
	el, ok := err.(ErrorList)
	if !ok || len(el) != MaxErrors+1 {
		t.Fatalf("got %d errors (%T), want %d", len(el), err, MaxErrors+1)
	}
	last := el[MaxErrors]
	if last.Msg != TooManyErrors || last.Pos.String() != "junk.props:1:58" {
		t.Errorf("last error %v", last)
	}
}

// TestPieces parses files longer than a piece (psChunkSize): every item is
// read, with its comments, and an error in a late piece is reported at its
// line.
func TestPieces(t *testing.T) {
	const n = 6000
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "// property %d\nP=? [ F s=%d ];;\n", i, i%4)
	}
	pf, err := ParseProps(NewFileSet(), "big.props", b.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(pf.Properties) != n {
		t.Fatalf("%d properties, want %d", len(pf.Properties), n)
	}
	for i, p := range pf.Properties {
		if want := fmt.Sprintf("property %d", i); len(p.Comments) != 1 || p.Comments[0] != want || p.Text != fmt.Sprintf("P=? [ F s=%d ]", i%4) {
			t.Fatalf("property %d: %q %q", i, p.Comments, p.Text)
		}
	}
	b.WriteString("P=? [ F ;\nP=? [ F s=1 ]\n")
	_, err = ParseProps(NewFileSet(), "big.props", b.String())
	if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("big.props:%d:9: error: syntax error: unexpected ';'", 2*n+1)) {
		t.Fatalf("error %v", err)
	}
	var m strings.Builder
	m.WriteString("smg\nplayer p m0 endplayer\n")
	for i := 0; i < n/4; i++ {
		fmt.Fprintf(&m, "module m%d\n x%d : [0..1] init 0;\n [] x%d=0 -> (x%d'=1);\nendmodule\nformula f%d = x%d;\n", i, i, i, i, i, i)
	}
	mf, err := ParseModel(NewFileSet(), "big.prism", m.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(mf.Modules) != n/4 || len(mf.Formulas) != n/4 || len(mf.Players) != 1 || mf.Type != TypeSMG {
		t.Fatalf("%d modules, %d formulas", len(mf.Modules), len(mf.Formulas))
	}
	m.WriteString("smg\n")
	if _, err := ParseModel(NewFileSet(), "big.prism", m.String()); err == nil || !strings.Contains(err.Error(), "duplicate model type") {
		t.Fatalf("error %v", err)
	}
}

// TestRefDepth checks that chains of definitions deeper than MaxRefDepth
// (formulas, constants, named properties) are refused at a definition,
// in file order or reversed, and that a chain at the limit is accepted.
func TestRefDepth(t *testing.T) {
	chain := func(kw string, n int, reverse bool) string {
		lines := []string{fmt.Sprintf("%s d0 = 1;\n", kw)}
		for i := 1; i < n; i++ {
			lines = append(lines, fmt.Sprintf("%s d%d = d%d+1;\n", kw, i, i-1))
		}
		if reverse {
			slices.Reverse(lines)
		}
		return "dtmc\n" + strings.Join(lines, "") + "module m s : [0..1] init 0; [] s=0 -> (s'=1); endmodule\n"
	}
	for _, tc := range []struct {
		kw      string
		n       int
		reverse bool
		want    string
	}{
		{"formula", MaxRefDepth, false, ""},
		{"formula", MaxRefDepth + 1, false, "formula d10000 is defined through more than 10000 nested formulas"},
		{"formula", MaxRefDepth + 5, true, "formula d10004 is defined through more than 10000 nested formulas"},
		{"const int", MaxRefDepth + 1, false, "constant d10000 is defined through more than 10000 nested constants"},
	} {
		fset := NewFileSet()
		m, err := ParseModel(fset, "refs.prism", chain(tc.kw, tc.n, tc.reverse))
		if err != nil {
			t.Fatal(err)
		}
		err = CheckModel(fset, m)
		if (tc.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %d (reversed %v): %v, want %q", tc.kw, tc.n, tc.reverse, err, tc.want)
		}
	}
	var b strings.Builder
	b.WriteString("\"p0\": P=? [ F s=1 ];\n")
	for i := 1; i <= MaxRefDepth+1; i++ {
		fmt.Fprintf(&b, "\"p%d\": \"p%d\" & true;\n", i, i-1)
	}
	fset := NewFileSet()
	pf, err := ParseProps(fset, "refs.props", b.String())
	if err != nil {
		t.Fatal(err)
	}
	if err := ExpandPropertyRefs(fset, pf); err == nil || !strings.Contains(err.Error(), "property references nest more than 10000 deep") {
		t.Errorf("property references: %v", err)
	}
}

// TestLabelDepth checks that a chain of more than MaxRefDepth labels in a
// properties file is refused at the label that goes beyond.
func TestLabelDepth(t *testing.T) {
	fset := NewFileSet()
	m, err := ParseModel(fset, "m.prism", "dtmc\nmodule m s : [0..1] init 0; [] s=0 -> (s'=1); endmodule\n")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("label \"l0\" = s=1;\n")
	for i := 1; i <= MaxRefDepth; i++ {
		fmt.Fprintf(&b, "label \"l%d\" = \"l%d\" | s=0;\n", i, i-1)
	}
	b.WriteString("P=? [ F \"l100\" ];\n")
	pf, err := ParseProps(fset, "p.props", b.String())
	if err != nil {
		t.Fatal(err)
	}
	err = CheckProps(fset, m, pf)
	if err == nil || !strings.Contains(err.Error(), `p.props:10001:7: error: label "l10000" is defined through more than 10000 nested labels`) {
		t.Errorf("error %v", err)
	}
}

// TestItemSize checks that an item longer than MaxItemSize is refused at
// its start, before the parser runs out of memory on it.
func TestItemSize(t *testing.T) {
	src := "P=? [ F s=1 ];\n\nP=? [ X s=" + strings.Repeat("s+", MaxItemSize/2) + "s ];\n"
	_, err := ParseProps(NewFileSet(), "huge.props", src)
	if err == nil || !strings.HasPrefix(err.Error(), "huge.props:3:1: error: this item is longer than 4 MiB") {
		t.Errorf("error %.100v", err)
	}
}
