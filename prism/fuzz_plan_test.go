package prism

import "testing"

// FuzzParsePlan feeds one text to the parsers of command-line arguments:
// --plan (NAME=PLAN and a bare plan), --pf and --outcome. No input may
// panic or take long, errors must be well-formed, and a parsed plan must
// print to a plan that parses again to the same text.
//
//	go test ./prism -run '^$' -fuzz FuzzParsePlan -fuzztime 1m
func FuzzParsePlan(f *testing.F) {
	for _, s := range []string{
		"[d1,d2]", "[go1,go2,go3] [*]^2", "([c1,c2] [d1,d2])^(t/2) [*]^3 [#1]", "[-,d2] [idle,c2]",
		`@"run.txt"`, "@run.txt", "pi=[a1] [*]", "pi = @trace.csv;", "[*]^t-1", "[a]^(k", "[,]", "[#]",
		`X "fine"`, `F<=3 "a" & G b`, "P=? [ F<=k -x=-2 ]", "- - -x", "a - -b", "x' = 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var d *PlanDecl
		var pl *Plan
		var e, path Expr
		var errs [4]error
		withDeadline(t, src, func() {
			d, errs[0] = ParsePlan(NewFileSet(), "--plan", src)
			pl, errs[1] = ParseBarePlan(NewFileSet(), "--plan", src)
			e, errs[2] = ParseExpr(NewFileSet(), "--pf", src)
			path, errs[3] = ParsePath(NewFileSet(), "--outcome", src)
		})
		roundTrip := func(s string) {
			d2, err := ParsePlan(NewFileSet(), "plan", s)
			if err != nil {
				t.Fatalf("printed plan %q does not parse: %v", s, err)
			}
			if s2 := d2.Name.Name + "=" + PlanString(d2.Plan); s2 != s {
				t.Fatalf("plan round trip changed %q to %q", s, s2)
			}
		}
		checkParsed(t, src, errs[0], func(func(Expr)) { roundTrip(d.Name.Name + "=" + PlanString(d.Plan)) })
		checkParsed(t, src, errs[1], func(func(Expr)) { roundTrip("p=" + PlanString(pl)) })
		checkParsed(t, src, errs[2], func(visit func(Expr)) { visit(e) })
		if errs[3] != nil {
			checkParsed(t, src, errs[3], nil)
		} else if path == nil {
			t.Fatal("ParsePath returned neither a formula nor an error")
		}
	})
}
