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
