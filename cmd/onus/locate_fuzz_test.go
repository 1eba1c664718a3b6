package main

import (
	"testing"

	"github.com/onus-mc/onus/prism"
)

// FuzzLocateGroup: any --group argument is parsed or refused with a
// positioned error, never a panic.
func FuzzLocateGroup(f *testing.F) {
	for _, s := range []string{"individual", "individual-all", "labels(a b)", `labels("a", b)`, "variables(x)", "modules",
		"actions", "players", "labels()", "labels(a", "variables(1x)", "  labels ( a , b )  ", "labels(\"a)", "é(ü)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fset := prism.NewFileSet()
		g, err := parseGroup(fset, s)
		if err != nil {
			if _, ok := err.(prism.ErrorList); !ok {
				t.Fatalf("%q: unpositioned error %v", s, err)
			}
			return
		}
		if (g.Kind == "labels" || g.Kind == "variables") && len(g.Names) == 0 {
			t.Fatalf("%q: %s without names", s, g.Kind)
		}
	})
}

// FuzzLocateCE: any .ce text is parsed or refused with a positioned
// error, never a panic; parsed states have one position per value.
func FuzzLocateCE(f *testing.F) {
	for _, s := range []string{"(1)\n(2)\n(5)\n", "(x=1,y=3)\n(x=2, y=true)\n", "// c\n\n(1,3)", "(", "(x=)", "(=1)", "(1,)\n", "(1) x", "(x=1,2)", "(1,y=2)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fset := prism.NewFileSet()
		states, err := parseCE(fset, "f.ce", s)
		if err != nil {
			if _, ok := err.(prism.ErrorList); !ok {
				t.Fatalf("%q: unpositioned error %v", s, err)
			}
			return
		}
		for _, st := range states {
			if len(st.at) != len(st.values) || (st.names != nil && len(st.names) != len(st.values)) {
				t.Fatalf("%q: inconsistent state %+v", s, st)
			}
		}
	})
}
