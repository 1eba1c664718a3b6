package prism

import (
	"strings"
	"testing"
)

func TestParseTracePlans(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"pi=@run.txt", "run.txt"},
		{"pi = @run.txt;", "run.txt"},
		{`pi=@"dir/a b.csv"`, "dir/a b.csv"},
		{"pi=@../paths/x.txt", "../paths/x.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			d, err := ParsePlan(NewFileSet(), "--plan", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			if d.Name.Name != "pi" || d.Plan.Trace != tc.want || len(d.Plan.Items) != 0 {
				t.Errorf("got plan %s = trace %q with %d items, want pi = trace %q", d.Name.Name, d.Plan.Trace, len(d.Plan.Items), tc.want)
			}
		})
	}
}

func TestTracePlansOfProps(t *testing.T) {
	src := "plan pi = @\"a.txt\";\nplan hand = [x];\nCAR(p1, pi) [ F \"done\" ];\nCPR(p1, @\"b.txt\")=? [ F \"done\" ];\n"
	pf, err := ParseProps(NewFileSet(), "t.props", src)
	if err != nil {
		t.Fatal(err)
	}
	got := TracePlans(pf)
	if len(got) != 2 || got[0].Trace != "a.txt" || got[1].Trace != "b.txt" {
		t.Fatalf("TracePlans = %v, want the plans of a.txt and b.txt", got)
	}
	want := `CPR(p1, @"b.txt")=? [ F "done" ]`
	if s := ExprString(pf.Properties[1].Expr); s != want {
		t.Errorf("printed %s, want %s", s, want)
	}
}

func TestTracePlanSyntaxErrors(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"plan pi = @\"a.txt\" [x];\n", `t.props:1:20: error: syntax error: unexpected '[', expected ';'`},
		{"plan pi = @a.txt;\n", `t.props:1:11: error: syntax error: unexpected character "@", expected '(' or '['`},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			_, err := ParseProps(NewFileSet(), "t.props", tc.src)
			if err == nil || strings.SplitN(err.Error(), "\n", 2)[0] != tc.want {
				t.Errorf("got %v, want first %s", err, tc.want)
			}
		})
	}
}
