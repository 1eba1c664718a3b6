package prism

import (
	"fmt"
	"runtime/debug"
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
