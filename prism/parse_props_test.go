package prism

import (
	"reflect"
	"strings"
	"testing"
)

func TestPropsFile(t *testing.T) {
	src := `const int k;
const double p = 0.5;
label "goal" = x = 2;

// about the first
// RESULT: 0.5
P=? [ F "goal" ]
"named" : <<p1>> Pmax=? [ F<=k "goal" ];;

// detached by the blank line

// RESULT (k=2): 3
#=? [ G "goal" ] H=? [ X "goal" ]
  // indented comment
  "n2": filter(max, "named")
plan pi1 = [d1,c2];
plan pi3 = [*]^(t-1) [d1,c2];
plan pi5 = ([c1,c2] [d1,d2])^(t/2);
plan pi6 = [#1]^k ([a]^2 [*])^3;
behaviour p1 { d1 : 1/4, c1 : 3/4 };
behaviour 2 { #0 : 1, c2 : q }
behaviour p3 { }
CAR(p1, pi1) [ X ("fine"|"payoff2") ]
`
	fset := NewFileSet()
	pf, err := ParseProps(fset, "t.props", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(pf.Consts) != 2 || pf.Consts[0].Value != nil || pf.Consts[1].Type != TDouble || len(pf.Labels) != 1 {
		t.Errorf("consts/labels parsed wrong")
	}
	props := []struct {
		name     string
		text     string
		comments []string
		pos      string
	}{
		{"", `P=? [ F "goal" ]`, []string{"about the first", "RESULT: 0.5"}, "t.props:7:1"},
		{"named", `"named" : <<p1>> Pmax=? [ F<=k "goal" ]`, nil, "t.props:8:1"},
		{"", `#=? [ G "goal" ]`, []string{"RESULT (k=2): 3"}, "t.props:13:1"},
		{"", `H=? [ X "goal" ]`, nil, "t.props:13:18"},
		{"n2", `"n2": filter(max, "named")`, []string{"indented comment"}, "t.props:15:3"},
		{"", `CAR(p1, pi1) [ X ("fine"|"payoff2") ]`, nil, "t.props:23:1"},
	}
	if len(pf.Properties) != len(props) {
		t.Fatalf("%d properties, want %d", len(pf.Properties), len(props))
	}
	for i, want := range props {
		p := pf.Properties[i]
		if p.Name != want.name || p.Text != want.text || !reflect.DeepEqual(p.Comments, want.comments) ||
			fset.Position(p.Pos).String() != want.pos {
			t.Errorf("property %d: name %q text %q comments %q pos %s", i, p.Name, p.Text, p.Comments, fset.Position(p.Pos))
		}
	}
	plans := []struct{ name, plan string }{
		{"pi1", "[d1,c2]"},
		{"pi3", "[*]^(t - 1) [d1,c2]"},
		{"pi5", "([c1,c2] [d1,d2])^(t / 2)"},
		{"pi6", "[#1]^k ([a]^2 [*])^3"},
	}
	if len(pf.Plans) != len(plans) {
		t.Fatalf("%d plans", len(pf.Plans))
	}
	for i, want := range plans {
		if pf.Plans[i].Name.Name != want.name || PlanString(pf.Plans[i].Plan) != want.plan {
			t.Errorf("plan %d: %s = %s", i, pf.Plans[i].Name.Name, PlanString(pf.Plans[i].Plan))
		}
	}
	// structure of pi6: step #1 repeated k, then a group of two items repeated 3
	pi6 := pf.Plans[3].Plan.Items
	if s, ok := pi6[0].(*PlanStep); !ok || s.Actions[0].Index != 1 || s.Actions[0].Name != "" || ExprString(s.Repeat) != "k" {
		t.Errorf("pi6 step: %+v", pi6[0])
	}
	if gr, ok := pi6[1].(*PlanGroup); !ok || len(gr.Items) != 2 || ExprString(gr.Repeat) != "3" ||
		len(gr.Items[1].(*PlanStep).Actions) != 0 || gr.Items[0].(*PlanStep).Actions[0].Index != -1 {
		t.Errorf("pi6 group: %+v", pi6[1])
	}
	if got := fset.Position(pi6[1].Position()).String(); got != "t.props:19:19" {
		t.Errorf("pi6 group position %s", got)
	}
	bs := pf.Behaviours
	if len(bs) != 3 || bs[0].Player.Name != "p1" || len(bs[0].Weights) != 2 || bs[0].Weights[1].Action.Name != "c1" ||
		ExprString(bs[0].Weights[0].Weight) != "1 / 4" || bs[1].Player.Index != 2 || bs[1].Weights[0].Action.Index != 0 ||
		bs[1].Weights[1].Action.Index != -1 || len(bs[2].Weights) != 0 {
		t.Errorf("behaviours parsed wrong: %+v", bs)
	}
}

func TestParsePlan(t *testing.T) {
	for _, tc := range []struct{ src, name, plan, err string }{
		{src: "pi=[*]^(t-1) [d1,c2]", name: "pi", plan: "[*]^(t - 1) [d1,c2]"},
		{src: " pi2 = [c1,d2] [d1,d2];", name: "pi2", plan: "[c1,d2] [d1,d2]"},
		{src: "p = ([c1,c2] [d1,d2])^(floor(t/2)) [c1]^0", name: "p", plan: "([c1,c2] [d1,d2])^(floor(t / 2)) [c1]^0"},
		{src: "p = [#0,#12]", name: "p", plan: "[#0,#12]"},
		{src: "p = ", err: "1:4: error: syntax error: unexpected end of input, expected '(' or '['"},
		{src: "p = [a] x", err: "1:9: error: syntax error: unexpected 'x'"},
		{src: "p = [a,]", err: "1:8: error: syntax error: unexpected ']', expected '-', '*', '#' or identifier"},
		{src: "p = [a]^-1", err: "1:9: error: syntax error: unexpected '-'"},
		{src: "p = [#99999999999]", err: "1:7: error: invalid choice index 99999999999"},
		{src: "[a]", err: "1:1: error: syntax error: unexpected '['"},
	} {
		d, err := ParsePlan(NewFileSet(), "", tc.src)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.src, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if d.Name.Name != tc.name || PlanString(d.Plan) != tc.plan {
			t.Errorf("%q: %s = %s", tc.src, d.Name.Name, PlanString(d.Plan))
		}
		d2, err := ParsePlan(NewFileSet(), "", d.Name.Name+"="+PlanString(d.Plan))
		if err != nil || PlanString(d2.Plan) != tc.plan {
			t.Errorf("%q: plan round trip: %v", tc.src, err)
		}
	}
}

// TestSyntaxErrors checks that every syntax error of a file is reported,
// sorted, with the position of the offending token.
func TestSyntaxErrors(t *testing.T) {
	for _, tc := range []struct {
		model bool
		src   string
		want  []string
	}{
		{true, "module m\n x : [0..1];\n [] x=0 -> (x'=1)\nendmodule\n",
			[]string{"f:4:1: error: syntax error: unexpected 'endmodule', expected ';'"}},
		{true, "module m\n x : [0..1] init 0\n [] x=0 -> (x'=1);\nendmodule\n",
			[]string{"f:3:2: error: syntax error: unexpected '[', expected ';'"}},
		{true, "const int N = 2147483648;\nconst int M = 1;\n",
			[]string{"f:1:15: error: invalid integer literal 2147483648 (integers must fit in 32 bits)"}},
		{true, "const int N = 2147483648;\nconst int M = 1.;\nconst int K = 1.2.3;\n", []string{
			"f:2:16: error: syntax error: unexpected '.' (a number needs digits after the point)",
			"f:3:18: error: syntax error: unexpected '.3', expected ';'",
		}},
		{true, "const M = 1.;\n", []string{"f:1:12: error: syntax error: unexpected '.' (a number needs digits after the point)"}},
		{true, "module m\n x : bool;\n [] x -> (x '=false);\nendmodule\n", []string{
			"f:3:13: error: syntax error: unexpected ' (a primed variable is written x' with no space), expected ')'",
			"f:3:20: error: syntax error: unexpected ')', expected ':'",
		}},
		{true, "module m\n x : bool;\n [] P>0[F x] -> true;\nendmodule\n", []string{"f:3:5: error: syntax error: unexpected 'P' (property operators are not allowed in a model)"}},
		{true, "module m\n x : bool;\n [] \"a\" -> true;\nendmodule\n", []string{"f:3:5: error: syntax error: unexpected \"a\" (a label can only be referred to in a property)"}},
		{true, "module m\n x : bool;\n [] F x -> true;\nendmodule\n", []string{"f:3:5: error: syntax error: unexpected 'F' (temporal operators are only allowed in properties)"}},
		{true, "module m\n F : bool;\nendmodule\n", []string{"f:2:2: error: syntax error: unexpected 'F'"}},
		{true, "module m x:bool; endmodule\ninit x endinit\ninit x endinit", []string{"f:3:1: error: duplicate init...endinit block (already given at f:2:1)"}},
		{false, "P=? [ F a ]\nP=? [ G b ]]\nP=? [ X c ", []string{
			"f:2:11: error: syntax error: unexpected ']]'",
			"f:3:10: error: syntax error: unexpected end of input",
		}},
		{false, "F a\n", []string{"f:1:1: error: syntax error: temporal operator 'F' outside a path formula"}},
		{false, "plan p = [a]\nP=? [ F a ]", []string{"f:2:1: error: syntax error: unexpected 'P', expected"}},
	} {
		var err error
		if tc.model {
			_, err = ParseModel(NewFileSet(), "f", tc.src)
		} else {
			_, err = ParseProps(NewFileSet(), "f", tc.src)
		}
		el, ok := err.(ErrorList)
		if !ok {
			t.Errorf("%q: error %v is no ErrorList", tc.src, err)
			continue
		}
		if len(el) != len(tc.want) {
			t.Errorf("%q: %d errors, want %d:\n%v", tc.src, len(el), len(tc.want), err)
			continue
		}
		for i, w := range tc.want {
			if !strings.HasPrefix(el[i].Error(), w) {
				t.Errorf("%q: error %d is %q, want %q", tc.src, i, el[i].Error(), w)
			}
		}
	}
}
