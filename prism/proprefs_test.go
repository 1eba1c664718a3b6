package prism

import (
	"strings"
	"testing"
)

func TestExpandPropertyRefs(t *testing.T) {
	cases := []struct {
		src  string
		want []string // ExprString of each property after expansion
		err  string
	}{
		{`"a": P>0.5 [ F "goal" ]
"b": !"a" & "goal"
P=? [ F "b" ]`,
			[]string{`P>0.5 [ F "goal" ]`, `!(P>0.5 [ F "goal" ]) & "goal"`, `P=? [ F (!(P>0.5 [ F "goal" ]) & "goal") ]`}, ""},
		{`"goal": x=1
P=? [ X "goal" ]`, []string{`x = 1`, `P=? [ X (x = 1) ]`}, ""},
		{`"a": !"b"
"b": "a" & true`, nil, `2:6: error: cyclic property reference: a -> b -> a`},
	}
	for _, c := range cases {
		fset := NewFileSet()
		p, err := ParseProps(fset, "p.props", c.src)
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		err = ExpandPropertyRefs(fset, p)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.src, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		for i, w := range c.want {
			if got := ExprString(p.Properties[i].Expr); got != w {
				t.Errorf("%q property %d: %s, want %s", c.src, i+1, got, w)
			}
		}
	}
}
