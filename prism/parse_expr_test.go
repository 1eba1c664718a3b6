package prism

import (
	"fmt"
	"strings"
	"testing"
)

// tree prints an expression with every operator node in parentheses, so
// that a test sees the grouping the parser chose.
func tree(e Expr) string {
	switch e := e.(type) {
	case *Binary:
		return "(" + tree(e.X) + " " + e.Op.String() + " " + tree(e.Y) + ")"
	case *Unary:
		return "(" + e.Op.String() + tree(e.X) + ")"
	case *Cond:
		return "(" + tree(e.Cond) + " ? " + tree(e.Then) + " : " + tree(e.Else) + ")"
	case *Paren:
		return "[" + tree(e.X) + "]"
	case *Temporal:
		s := e.Op.String()
		if e.Bound.Kind != BoundNone {
			s += fmt.Sprintf("{%d:%s}", e.Bound.Kind, ExprString(e.Bound.Lo))
		}
		if e.Left != nil {
			return "(" + tree(e.Left) + " " + s + " " + tree(e.Right) + ")"
		}
		return "(" + s + " " + tree(e.Right) + ")"
	case *DoubleLit:
		return fmt.Sprintf("%gd", e.Value)
	}
	return ExprString(e)
}

// TestExprTraps covers the lexical and precedence traps of reference §8:
// each row gives either the expected grouping or the expected error.
func TestExprTraps(t *testing.T) {
	for _, tc := range []struct {
		src  string
		tree string // expected grouping; "" if an error is expected
		err  string // expected error prefix (line:col: error: ...)
	}{
		// precedence and associativity (§3.1)
		{src: "-2^2", tree: "((-2) ^ 2)"},
		{src: "2^3^2", tree: "(2 ^ (3 ^ 2))"},
		{src: "2^-1", tree: "(2 ^ (-1))"},
		{src: "-x^-y^2", tree: "((-x) ^ ((-y) ^ 2))"},
		{src: "3-2-1", tree: "((3 - 2) - 1)"},
		{src: "8/4/2", tree: "((8 / 4) / 2)"},
		{src: "1+2*3", tree: "(1 + (2 * 3))"},
		{src: "1*2+3", tree: "((1 * 2) + 3)"},
		{src: "a+b<c*d", tree: "((a + b) < (c * d))"},
		{src: "1=1=true", tree: "((1 = 1) = true)"},
		{src: "a<b<c", tree: "((a < b) < c)"},
		{src: "a<b=c>d", tree: "((a < b) = (c > d))"},
		{src: "!x=1", tree: "(!(x = 1))"},
		{src: "!a & b", tree: "((!a) & b)"},
		{src: "!!a", tree: "(!(!a))"},
		{src: "a | b & c", tree: "(a | (b & c))"},
		{src: "a & b | c", tree: "((a & b) | c)"},
		{src: "a <=> b <=> c", tree: "((a <=> b) <=> c)"},
		{src: "a | b <=> c", tree: "((a | b) <=> c)"},
		{src: "a => b => c", tree: "(a => (b => c))"},
		{src: "a <=> b => c", tree: "((a <=> b) => c)"},
		{src: "a => b ? 1 : 2", tree: "((a => b) ? 1 : 2)"},
		{src: "c ? a : d ? 1 : 2", tree: "(c ? a : (d ? 1 : 2))"},
		{src: "c ? (d ? 1 : 2) : 3", tree: "(c ? [(d ? 1 : 2)] : 3)"},
		{src: "x?y?1:2:3", err: "1:4: error: syntax error: unexpected '?'"},
		{src: "a = !b", err: "1:5: error: syntax error: unexpected '!'"},
		{src: "a = (!b)", tree: "(a = [(!b)])"},
		{src: "-!a", err: "1:2: error: syntax error: unexpected '!'"},
		{src: "P=? [ !F a ]", err: "1:8: error: syntax error: unexpected 'F'"},
		{src: "P=? [ !(F a) ]", tree: "P=? [ !(F a) ]"},
		{src: "P=? [ a + F b ]", err: "1:11: error: syntax error: unexpected 'F'"},
		{src: "P=? [ X a ? b : c ]", tree: "P=? [ X a ? b : c ]"},
		{src: "P=? [ a U F b ]", tree: "P=? [ a U F b ]"},
		{src: "P=? [ F a U b ]", tree: "P=? [ F a U b ]"},
		// lexical traps (§1, §8)
		{src: "007", tree: "7d"},
		{src: "007.5", tree: "7.5d"},
		{src: "10", tree: "10"},
		{src: ".5 + 1e3 + 5e-1", tree: "((0.5d + 1000d) + 0.5d)"},
		{src: "1.", err: "1:2: error: syntax error: unexpected '.'"},
		{src: "x<-1", err: "1:2: error: syntax error: unexpected '<-'"},
		{src: "x < -1", tree: "(x < (-1))"},
		{src: "Pmin2 + maxx + Fcount + F00", tree: "(((Pmin2 + maxx) + Fcount) + F00)"},
		{src: "x ' + 1", err: "1:3: error: syntax error: unexpected '"},
		{src: "2147483647", tree: "2147483647"},
		{src: "2147483648", err: "1:1: error: invalid integer literal 2147483648"},
		{src: "a /* b */", err: "1:4: error: syntax error: unexpected '*'"},
		{src: "a // comment\n+ 1", tree: "(a + 1)"},
		{src: "\"a\" & \"init\"", tree: `("a" & "init")`},
		{src: "\" a\"", err: "1:1: error: syntax error: unexpected '\"' (a quoted name is an identifier in double quotes"},
		{src: "func(max, 1, 2) + min(3) + f(x, y)", tree: "((func(max, 1, 2) + min(3)) + f(x, y))"},
		// ]] and [[ are single tokens
		{src: "P>0.5 [ X P>0.5 [ F a ]]", err: "1:23: error: syntax error: unexpected ']]', expected ']' or '{' (']]' is one token, the end of a [[A]] coalition: write '] ]' to close two brackets)"},
		{src: "P>0.5 [ X P>0.5 [ F a ] ]", tree: "P>0.5 [ X P>0.5 [ F a ] ]"},
		// temporal operators only inside path formulas (§5.1)
		{src: "F a", err: "1:1: error: syntax error: temporal operator 'F' outside a path formula"},
		{src: "a U b", err: "1:3: error: syntax error: temporal operator 'U' outside a path formula"},
		{src: "(F a)", err: "1:2: error: syntax error: temporal operator 'F'"},
		{src: "P>=F a [ F b ]", err: "1:4: error: syntax error: temporal operator 'F'"},
		{src: "P=? [ F a & b ]", tree: "P=? [ F a & b ]"},
		{src: "P=? [ F a & F b ]", err: "1:13: error: syntax error: unexpected 'F'"},
		{src: "P=? [ a U b U c ]", err: "1:13: error: syntax error: unexpected 'U'"},
		{src: "P=? [ (F a) | (F b) ]", tree: "P=? [ (F a) | (F b) ]"},
		{src: "P=? [ F X a ]", tree: "P=? [ F X a ]"},
		{src: "P=? [ F<=k (x=1) ]", tree: "P=? [ F<=k (x = 1) ]"},
		{src: "P=? [ F<=(k+1) x ]", tree: "P=? [ F<=(k + 1) x ]"},
		{src: "P=? [ a U[1,k] b ]", tree: "P=? [ a U[1,k] b ]"},
		{src: "P=? [ G>=2 a W<3 b ]", tree: "P=? [ G>=2 a W<3 b ]"},
		{src: "P=? [ X=3 a R>1.5 b ]", tree: "P=? [ X=3 a R>1.5 b ]"},
		{src: "<<1>> P>0 [ F<=0 c=2 ] <=> (s=0)", tree: "(<<1>> P>0 [ F<=0 c = 2 ] <=> [(s = 0)])"},
	} {
		e, err := ParseExpr(NewFileSet(), "", tc.src)
		if tc.err != "" {
			if err == nil {
				t.Errorf("%q: parsed as %s, want error %q", tc.src, tree(e), tc.err)
			} else if !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%q: error %q, want %q", tc.src, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if got := tree(e); got != tc.tree {
			t.Errorf("%q: tree %s, want %s", tc.src, got, tc.tree)
		}
		checkRoundTrip(t, tc.src, e)
	}
}

// TestPropertyOperators checks every spelling of P/R/S/E/A, coalitions,
// filters and multi-Nash terms, by the fields of the tree.
func TestPropertyOperators(t *testing.T) {
	parse := func(src string) Expr {
		t.Helper()
		e, err := ParseExpr(NewFileSet(), "", src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		checkRoundTrip(t, src, e)
		return e
	}
	probs := []struct {
		src   string
		kind  byte
		rel   RelKind
		bound string
	}{
		{"P>=0.9 [ F a ]", 'P', RelGe, "0.9"},
		{"P>1-p [ F a ]", 'P', RelGt, "1 - p"},
		{"P<0.1 [ F a ]", 'P', RelLt, "0.1"},
		{"P<=k [ F a ]", 'P', RelLe, "k"},
		{"P=? [ F a ]", 'P', RelQuery, ""},
		{"Pmin=? [ F a ]", 'P', RelMinQuery, ""},
		{"Pmax=? [ F a ]", 'P', RelMaxQuery, ""},
		{"P min=? [ F a ]", 'P', RelMinQuery, ""},
		{"P max =? [ F a ]", 'P', RelMaxQuery, ""},
		{"Pminmax=? [ F a ]", 'P', RelMinMax, ""},
		{"Pmaxmin=? [ F a ]", 'P', RelMaxMin, ""},
		{"P minmin=? [ F a ]", 'P', RelMinMin, ""},
		{"Pmaxmax=? [ F a ]", 'P', RelMaxMax, ""},
		{"S=? [ a ]", 'S', RelQuery, ""},
		{"S>0.5 [ a ]", 'S', RelGt, "0.5"},
		{"E [ F a ]", 'E', RelQuery, ""},
		{"A [ G a ]", 'A', RelQuery, ""},
	}
	for _, tc := range probs {
		p, ok := parse(tc.src).(*ProbOp)
		if !ok {
			t.Errorf("%q: not a ProbOp", tc.src)
			continue
		}
		bound := ""
		if p.Bound != nil {
			bound = ExprString(p.Bound)
		}
		if p.Kind != tc.kind || p.Rel != tc.rel || bound != tc.bound {
			t.Errorf("%q: kind %c rel %d bound %q", tc.src, p.Kind, p.Rel, bound)
		}
	}
	p := parse("P=? [ F a {x=0}{min}{max} ]").(*ProbOp)
	if p.Filter == nil || !p.Filter.Min || !p.Filter.Max || ExprString(p.Filter.States) != "x = 0" {
		t.Errorf("inner filter: %+v", p.Filter)
	}

	rewards := []struct {
		src                    string
		name, index, disc, mod string
		rel                    RelKind
		content                byte
		target, tb             string
	}{
		{src: `R{"time"}min=? [ F "done" ]`, name: "time", rel: RelMinQuery, content: 'F', target: `"done"`},
		{src: `R{2}<=3 [ C<=k ]`, index: "2", rel: RelLe, content: 'C', tb: "k"},
		{src: `Rmax=? [ C ]`, rel: RelMaxQuery, content: 'C'},
		{src: `Rmin=? [ I=4 ]`, rel: RelMinQuery, content: 'I', tb: "4"},
		{src: `R=? [ S ]`, rel: RelQuery, content: 'S'},
		{src: `R{"c"}max=? [ Fc "t" ]`, name: "c", rel: RelMaxQuery, content: 'c', target: `"t"`},
		{src: `R{"c"}max=? [ F0 "t" ]`, name: "c", rel: RelMaxQuery, content: '0', target: `"t"`},
		{src: `R{"c", disc=0.9}=? [ C ]`, name: "c", disc: "0.9", content: 'C'},
		{src: `R{disc=0.5}=? [ C ]`, disc: "0.5", content: 'C'},
		{src: `R(path){"c"}=? [ F<=3 a ]`, name: "c", mod: "path", content: 'P', target: "F<=3 a"},
		{src: `R=? [ a U b ]`, content: 'P', target: "a U b"},
		{src: `R=? [ F a & P>0.5 [ X b ] ]`, content: 'F', target: `a & P>0.5 [ X b ]`},
		{src: `R=? [ F X a ]`, content: 'P', target: "F X a"},
		{src: `R=? [ F (G a) ]`, content: 'P', target: "F (G a)"},
		{src: `R=? [ F (a | (X b)) ]`, content: 'P', target: "F (a | (X b))"},
	}
	for _, tc := range rewards {
		r, ok := parse(tc.src).(*RewardOp)
		if !ok {
			t.Errorf("%q: not a RewardOp", tc.src)
			continue
		}
		str := func(e Expr) string {
			if e == nil {
				return ""
			}
			return ExprString(e)
		}
		if r.StructName != tc.name || str(r.StructIndex) != tc.index || str(r.Discount) != tc.disc || r.Modifier != tc.mod ||
			r.Rel != tc.rel || r.ContentKind != tc.content || str(r.Target) != tc.target || str(r.TimeBound) != tc.tb {
			t.Errorf("%q: got %+v", tc.src, r)
		}
	}

	strats := []struct {
		src     string
		dual    bool
		coals   string
		options int
		certain bool
		op      string
	}{
		{"<<p1,p2>> Pmax=? [ F a ]", false, "p1,p2", 0, false, "Pmax=? [ F a ]"},
		{"<<1,3>> P>=0.5 [ F a ]", false, "#1,#3", 0, false, "P>=0.5 [ F a ]"},
		{"<<*>> Pmax=? [ F a ]", false, "*", 0, false, "Pmax=? [ F a ]"},
		{"<<>> Pmax=? [ F a ]", false, "", 0, false, "Pmax=? [ F a ]"},
		{"[[p1]] Pmin=? [ G a ]", true, "p1", 0, false, "Pmin=? [ G a ]"},
		{"<<p1>> [ F a ]", false, "p1", 0, true, "F a"},
		{"<<p1>> (P>0.5 [ F a ] & b)", false, "p1", 0, false, "(P>0.5 [ F a ] & b)"},
		{`<<p1:p2>>{nash,social} max=? (P [ F a ] + R{"r"} [ F b ])`, false, "p1:p2", 2, false, `max=? (P [ F a ] + R{"r"} [ F b ])`},
		{`<<p1:p2:p3>> min>=2 (R{"a"} [ I=3 ] + R{"b"} [ C<=4 ] + P [ X c ])`, false, "p1:p2:p3", 0, false, `min>=2 (R{"a"} [ I=3 ] + R{"b"} [ C<=4 ] + P [ X c ])`},
		{"<<p1>> R{\"r\"}max=? [ C<=k ]", false, "p1", 0, false, "R{\"r\"}max=? [ C<=k ]"},
	}
	for _, tc := range strats {
		s, ok := parse(tc.src).(*Strategy)
		if !ok {
			t.Errorf("%q: not a Strategy", tc.src)
			continue
		}
		var cs []string
		for i, co := range s.Coalitions {
			var names []string
			if s.AllPlayers[i] {
				names = append(names, "*")
			}
			for _, p := range co {
				if p.Name != "" {
					names = append(names, p.Name)
				} else {
					names = append(names, fmt.Sprintf("#%d", p.Index))
				}
			}
			cs = append(cs, strings.Join(names, ","))
		}
		if s.Dual != tc.dual || strings.Join(cs, ":") != tc.coals || len(s.Options) != tc.options ||
			s.Certain != tc.certain || ExprString(s.Op) != tc.op {
			t.Errorf("%q: dual %v coalitions %q options %d certain %v op %q", tc.src, s.Dual, strings.Join(cs, ":"), len(s.Options), s.Certain, ExprString(s.Op))
		}
	}
	if m := parse(`<<a:b>> max=? (P [ F x ] + P [ F y ])`).(*Strategy).Op.(*MultiNash); !m.Max || m.Rel != RelQuery || len(m.Terms) != 2 {
		t.Errorf("multi-Nash: %+v", m)
	}

	f := parse("filter(forall, P>0.5 [ F a ], x=0)").(*FilterExpr)
	if f.Op != "forall" || ExprString(f.States) != "x = 0" {
		t.Errorf("filter: %+v", f)
	}
	for _, op := range []string{"min", "max", "+", "&", "|", "argmax", "print", "state"} {
		f := parse("filter(" + op + ", x)").(*FilterExpr)
		if f.Op != op || f.States != nil {
			t.Errorf("filter op %q: %+v", op, f)
		}
	}
}

// TestRespAndMetrics covers the onus operators of SPEC §5.
func TestRespAndMetrics(t *testing.T) {
	for _, tc := range []struct {
		src    string
		kind   RespKind
		agent  string
		plan   string
		degree Degree
		rel    RelKind
		bound  string
		out    string
	}{
		{`CAR(p1, pi) [ X ("fine"|"payoff2") ]`, CAR, "p1", "pi", DegNone, RelQuery, "", `X ("fine" | "payoff2")`},
		{`CAR(p1, pi)#=? [ F "a" ]`, CAR, "p1", "pi", DegCount, RelQuery, "", `F "a"`},
		{`CPR(2, pi)P=? [ F "a" ]`, CPR, "#2", "pi", DegProb, RelQuery, "", `F "a"`},
		{`CCR(p2, pi)H=? [ F "a" ]`, CCR, "p2", "pi", DegEntropy, RelQuery, "", `F "a"`},
		{`CAR(p1, pi)=? [ F<=t "reward" ]`, CAR, "p1", "pi", DegAll, RelQuery, "", `F<=t "reward"`},
		{`CAR(p1,pi)P>=0.5 [ G a ]`, CAR, "p1", "pi", DegProb, RelGe, "0.5", "G a"},
		{`CPR(p1,pi)#>3 [ G a ]`, CPR, "p1", "pi", DegCount, RelGt, "3", "G a"},
		{`CCR(p1,pi)H<1/2 [ G a ]`, CCR, "p1", "pi", DegEntropy, RelLt, "1 / 2", "G a"},
		{`CAR(p1, [d1,c2] [c1,c2]) [ X "fine" ]`, CAR, "p1", "[d1,c2] [c1,c2]", DegNone, RelQuery, "", `X "fine"`},
		{`CAR(p1, [*]^(t-1) [d1,c2])=? [ F<=t ("reward"|"payoff2") ]`, CAR, "p1", "[*]^(t - 1) [d1,c2]", DegAll, RelQuery, "", `F<=t ("reward" | "payoff2")`},
		{`CPR(1, [#0]^3 [#2,a])P<=1 [ a U b ]`, CPR, "#1", "[#0]^3 [#2,a]", DegProb, RelLe, "1", "a U b"},
		{`SHAPLEY(p1, pi)=? [ X "fine" ]`, SHAPLEY, "p1", "pi", DegAll, RelQuery, "", `X "fine"`},
		{`SHAPLEY(2, [d1,d2])#=? [ F "a" ]`, SHAPLEY, "#2", "[d1,d2]", DegCount, RelQuery, "", `F "a"`},
		{`BANZHAF(p2, pi)P=? [ G<=2 a ]`, BANZHAF, "p2", "pi", DegProb, RelQuery, "", "G<=2 a"},
	} {
		e, err := ParseExpr(NewFileSet(), "", tc.src)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		r, ok := e.(*Resp)
		if !ok {
			t.Errorf("%q: not a Resp", tc.src)
			continue
		}
		agent := r.Agent.Name
		if agent == "" {
			agent = fmt.Sprintf("#%d", r.Agent.Index)
		}
		plan := r.Plan.Name
		if r.Plan.Plan != nil {
			plan = PlanString(r.Plan.Plan)
		}
		bound := ""
		if r.Bound != nil {
			bound = ExprString(r.Bound)
		}
		if r.Kind != tc.kind || agent != tc.agent || plan != tc.plan || r.Degree != tc.degree || r.Rel != tc.rel ||
			bound != tc.bound || ExprString(r.Outcome) != tc.out {
			t.Errorf("%q: kind %v agent %s plan %q degree %d rel %d bound %q outcome %q",
				tc.src, r.Kind, agent, plan, r.Degree, r.Rel, bound, ExprString(r.Outcome))
		}
		checkRoundTrip(t, tc.src, e)
	}

	for _, tc := range []struct {
		src  string
		kind MetricKind
		out  string
	}{
		{`#=? [ G ("fine"|"reward") ]`, MetricCount, `G ("fine" | "reward")`},
		{`H=? [ G<=t "a" ]`, MetricEntropy, `G<=t "a"`},
		{`Hinf=? [ G F<100 ("payoff1"|"payoff2") ]`, MetricEntropyInf, `G F<100 ("payoff1" | "payoff2")`},
	} {
		e, err := ParseExpr(NewFileSet(), "", tc.src)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		m, ok := e.(*Metric)
		if !ok || m.Kind != tc.kind || ExprString(m.Outcome) != tc.out {
			t.Errorf("%q: got %#v", tc.src, e)
		}
		checkRoundTrip(t, tc.src, e)
	}

	for _, tc := range []struct{ src, err string }{
		{`CAR(p1, pi)Q=? [ F a ]`, "1:12: error: syntax error: unknown degree \"Q\""},
		{`Q=? [ F a ]`, "1:1: error: syntax error: unknown metric \"Q\""},
		{`CAR(0, pi) [ F a ]`, "1:5: error: invalid player index 0"},
		{`CAR(p1, pi) [ F a ]]`, "1:19: error: syntax error: unexpected ']]'"},
		{`CAR(p1, pi)min=? [ F a ]`, "1:12: error: syntax error: unexpected 'min'"},
		{`CAR(p1) [ F a ]`, "1:7: error: syntax error: unexpected ')', expected ','"},
		{`CAR(p1, []) [ F a ]`, "1:10: error: syntax error: unexpected ']'"},
	} {
		_, err := ParseExpr(NewFileSet(), "", tc.src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.err)
		}
	}
}
