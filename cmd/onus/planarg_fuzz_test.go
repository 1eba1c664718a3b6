package main

import (
	"errors"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// FuzzPlanArg: any --plan value is read (as NAME=PLAN, a bare plan, a
// trace or the name of a declared plan) or refused with a positioned error,
// never a panic; a plan read is in the props file afterwards.
//
//	go test ./cmd/onus -run '^$' -fuzz FuzzPlanArg -fuzztime 1m
func FuzzPlanArg(f *testing.F) {
	for _, s := range []string{"[go1,go2,go3]", "pi=[d1,d2] [*]^2", "q", "pi", "@run.txt", `@"run.txt"`, "x=@t.csv",
		"[-,d2]", "([a] [b])^(k+1)", "pi=", "=[a]", "[a]^t-1", "happened", "README.md", "pi=README.md", "[", "@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fset := prism.NewFileSet()
		props, err := prism.ParseProps(fset, "p.props", "plan q = [a];\n")
		if err != nil {
			t.Fatal(err)
		}
		d, err := planArg(fset, props, s)
		if err != nil {
			var el prism.ErrorList
			var pe *prism.Error
			if !errors.As(err, &el) && !errors.As(err, &pe) {
				t.Fatalf("%q: unpositioned error %v", s, err)
			}
			return
		}
		found := false
		for _, p := range props.Plans {
			found = found || p == d
		}
		if !found || d.Plan == nil {
			t.Fatalf("%q: plan %v not declared", s, d.Name.Name)
		}
	})
}
