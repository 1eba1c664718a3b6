package prism

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// stripFile removes the file name from each error line, leaving
// LINE:COL: error: MESSAGE.
func stripFile(err error) []string {
	if err == nil {
		return nil
	}
	var out []string
	for _, line := range strings.Split(err.Error(), "\n") {
		if i := strings.Index(line, ":"); i >= 0 && (strings.HasSuffix(line[:i], ".prism") || strings.HasSuffix(line[:i], ".props")) {
			line = line[i+1:]
		}
		out = append(out, line)
	}
	return out
}

func sameErrors(t *testing.T, name string, err error, want []string) {
	t.Helper()
	got := stripFile(err)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\ngot\n  %s\nwant\n  %s", name, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	if el, ok := err.(ErrorList); err != nil && !ok {
		t.Errorf("%s: error is %T, not ErrorList", name, err)
	} else if ok && len(el) == 0 {
		t.Errorf("%s: empty ErrorList returned as error", name)
	}
}

// A small valid csg used by several rows: players p1 (module m1, actions
// a1 b1) and p2 (module m2, actions a2 b2).
const csgBase = `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1
  s1 : [0..1];
  [a1] s1=0 -> (s1'=1);
  [b1] s1=0 -> true;
endmodule
module m2
  s2 : [0..1];
  [a2] s2=0 -> (s2'=1);
  [b2] s2=0 -> true;
endmodule
label "done" = s1=1 & s2=1;
rewards "r" [a1] true : 1; endrewards
`

// A small valid smg: p1 owns module h and action go; p2 owns module c.
const smgBase = `smg
player p1 h, [go] endplayer
player p2 c endplayer
module h
  x : [0..2];
  [go] x=0 -> (x'=1);
  [] x=1 -> (x'=2);
endmodule
module c
  y : [0..1];
  [go] y=0 -> (y'=1);
  [] y=1 -> (y'=0);
  [stop] y=1 -> true;
endmodule
`

var modelErrorTests = []struct {
	name string
	src  string
	want []string
}{
	{"valid mdp", "mdp\nmodule m\n x : [0..2];\n [] x<2 -> 0.5:(x'=x+1) + 0.5:true;\nendmodule\n", nil},
	{"valid csg", csgBase, nil},
	{"valid smg", smgBase, nil},
	{"undeclared identifier", "mdp\nmodule m\nx : [0..2];\n[] y=0 -> (x'=1);\nendmodule\n",
		[]string{`4:4: error: undeclared identifier "y"`}},
	{"undeclared in formula and label", "mdp\nformula f = z+1;\nlabel \"l\" = w;\nmodule m\nx : bool;\n[] x -> true;\nendmodule\n",
		[]string{`2:13: error: undeclared identifier "z"`, `3:13: error: undeclared identifier "w"`}},
	{"int variable takes double", "mdp\nmodule m\nx : [0..2];\n[] x=0 -> (x'=0.5);\nendmodule\n",
		[]string{`4:15: error: type error: int variable "x" cannot take a double value`}},
	{"int variable takes division", "mdp\nmodule m\nx : [0..2];\n[] x=0 -> (x'=x/2);\nendmodule\n",
		[]string{`4:15: error: type error: int variable "x" cannot take a double value`}},
	{"bool variable takes int", "mdp\nmodule m\nb : bool init 1;\n[] b -> (b'=0);\nendmodule\n",
		[]string{`3:15: error: type error: bool variable "b" cannot take an int value`,
			`4:13: error: type error: bool variable "b" cannot take an int value`}},
	{"int constant takes double", "mdp\nconst int k = 1.5;\nconst double d = 2;\nconst bool c = 1;\nmodule m\nx : [0..k];\n[] true -> true;\nendmodule\n",
		[]string{`2:15: error: type error: int constant "k" cannot take a double value`,
			`4:16: error: type error: bool constant "c" cannot take an int value`}},
	{"guard must be bool", "mdp\nmodule m\nx : [0..2];\n[] x+1 -> (x'=1);\nendmodule\n",
		[]string{`4:4: error: type error: guard must be bool, not int`}},
	{"label must be bool", "mdp\nlabel \"l\" = 3;\nmodule m\nx : [0..2];\n[] true -> true;\nendmodule\n",
		[]string{`2:13: error: type error: label "l" must be bool, not int`}},
	{"probability must be numeric", "mdp\nmodule m\nx : [0..2];\n[] true -> true:(x'=1);\nendmodule\n",
		[]string{`4:12: error: type error: probability must be numeric, not bool`}},
	{"bool and int", "mdp\nmodule m\nx : [0..2];\n[] true & 1 -> (x'=1);\nendmodule\n",
		[]string{`4:9: error: type error: operator "&" needs bool operands, not int`}},
	{"relation on bools", "mdp\nmodule m\nb : bool;\n[] b < true -> true;\nendmodule\n",
		[]string{`4:6: error: type error: operator "<" needs numeric operands, not bool`}},
	{"equality bool and int", "mdp\nmodule m\nb : bool;\n[] b = 1 -> true;\nendmodule\n",
		[]string{`4:6: error: type error: operator "=" cannot compare bool and int`}},
	{"arithmetic on bool", "mdp\nmodule m\nx : [0..2];\n[] x + true > 0 -> true;\nendmodule\n",
		[]string{`4:6: error: type error: operator "+" needs numeric operands, not bool`}},
	{"not on int", "mdp\nmodule m\nx : [0..2];\n[] !x -> true;\nendmodule\n",
		[]string{`4:4: error: type error: operator "!" needs a bool operand, not int`}},
	{"conditional branches", "mdp\nmodule m\nx : [0..2];\n[] true -> (x'=x>0 ? true : 1);\nendmodule\n",
		[]string{`4:22: error: type error: branches of "?:" have incompatible types bool and int`}},
	{"conditional condition", "mdp\nmodule m\nx : [0..2];\n[] true -> (x'=x ? 1 : 2);\nendmodule\n",
		[]string{`4:16: error: type error: condition of "?:" must be bool, not int`}},
	{"mod needs ints", "mdp\nmodule m\nx : [0..2];\n[] true -> (x'=mod(x, 2.0));\nendmodule\n",
		[]string{`4:23: error: type error: function "mod" needs int arguments, not double`}},
	{"unknown function", "mdp\nmodule m\nx : [0..2];\n[] true -> (x'=foo(x));\nendmodule\n",
		[]string{`4:16: error: unknown function "foo"`}},
	{"function arity", "mdp\nmodule m\nx : [0..2];\n[] true -> (x'=floor(x, 1));\nendmodule\n",
		[]string{`4:16: error: function "floor" needs 1 argument, not 2`}},
	{"pow of ints is int, log is double", "mdp\nmodule m\nx : [0..8];\n[] true -> (x'=pow(2, 3));\n[] true -> (x'=log(8, 2));\nendmodule\n",
		[]string{`5:16: error: type error: int variable "x" cannot take a double value`}},
	{"duplicate identifiers", "mdp\nconst int x = 1;\nformula x = 2;\nmodule m\nx : [0..2];\n[] true -> true;\nendmodule\n",
		[]string{`3:9: error: duplicate identifier "x"`, `5:1: error: duplicate identifier "x"`}},
	{"duplicate module", "mdp\nmodule m\nx : bool;\nendmodule\nmodule m\ny : bool;\nendmodule\n",
		[]string{`5:8: error: duplicate module "m"`}},
	{"duplicate and built-in labels", "mdp\nlabel \"a\" = true;\nlabel \"a\" = false;\nlabel \"init\" = true;\nmodule m\nx : bool;\nendmodule\n",
		[]string{`3:7: error: duplicate label "a"`, `4:7: error: cannot redefine built-in label "init"`}},
	{"duplicate reward structure", "mdp\nmodule m\nx : bool;\nendmodule\nrewards \"r\" true : 1; endrewards\nrewards \"r\" true : 2; endrewards\n",
		[]string{`6:1: error: duplicate reward structure "r"`}},
	{"reward types and actions", "mdp\nmodule m\nx : bool;\n[a] true -> true;\nendmodule\nrewards x : true; [b] 1 : 1; endrewards\n",
		[]string{`6:13: error: type error: reward value must be numeric, not bool`,
			`6:20: error: unknown action "b" in reward structure`,
			`6:23: error: type error: reward guard must be bool, not int`}},
	{"variable twice in one update", "mdp\nmodule m\nx : [0..2];\n[] true -> (x'=1) & (x'=2);\nendmodule\n",
		[]string{`4:22: error: variable "x" is assigned twice in one update`}},
	{"module writes other module's variable", "mdp\nglobal g : bool;\nmodule m1\ns1 : bool;\n[] true -> (g'=true);\nendmodule\nmodule m2\ns2 : bool;\n[] true -> (s1'=true);\nendmodule\n",
		[]string{`9:13: error: module "m2" may not modify variable "s1" of module "m1"`}},
	{"update of constant", "mdp\nconst k = 1;\nmodule m\nx : bool;\n[] true -> (k'=1);\nendmodule\n",
		[]string{`5:13: error: "k" is not a variable`}},
	{"primed variable in guard", "mdp\nmodule m\nx : bool;\n[] x' -> true;\nendmodule\n",
		[]string{`4:4: error: primed variable "x'" is only allowed in updates`}},
	{"invalid ranges", "mdp\nconst int n = 3;\nconst int u;\nmodule m\nx : [0..0];\ny : [n..1];\nz : [0..u];\nendmodule\n",
		[]string{`5:1: error: invalid range [0..0] for variable "x"`, `6:1: error: invalid range [3..1] for variable "y"`}},
	{"range from a huge power of one", "mdp\nmodule m\nx : [1..pow(1, 2147483647)];\nendmodule\n",
		[]string{`3:1: error: invalid range [1..1] for variable "x"`}},
	{"range bound must be constant int", "mdp\nmodule m\nx : [0..2];\ny : [0..x];\nz : [0..2.5];\nendmodule\n",
		[]string{`4:9: error: range bound must be constant, not variable "x"`,
			`5:9: error: type error: range bound must be int, not double`}},
	{"cyclic formulas", "mdp\nformula a = b + 1;\nformula b = c;\nformula c = a;\nmodule m\nx : [0..2];\nendmodule\n",
		[]string{`2:9: error: cyclic formula definition: a -> b -> c -> a`}},
	{"cyclic constants", "mdp\nconst int p = q;\nconst int q = p + 1;\nmodule m\nx : [0..2];\nendmodule\n",
		[]string{`2:11: error: cyclic constant definition: p -> q -> p`}},
	{"constant refers to variable", "mdp\nconst int k = x;\nmodule m\nx : [0..2];\nendmodule\n",
		[]string{`2:15: error: value of constant "k" must be constant, not variable "x"`}},
	{"system block", "mdp\nmodule m\nx : bool;\nendmodule\nsystem m endsystem\n",
		[]string{`5:1: error: system ... endsystem is not supported`}},
	{"observables", "pomdp\nobservables x endobservables\nmodule m\nx : [0..1];\nendmodule\n",
		[]string{`2:1: error: observables are not supported`}},
	{"clocks and invariants", "pta\nmodule m\nx : clock;\ninvariant x<=2 endinvariant\n[] true -> true;\nendmodule\n",
		[]string{`3:1: error: clock variable "x" is not supported`, `4:11: error: invariants are not supported`}},
	{"interval probabilities", "mdp\nmodule m\nx : [0..1];\n[] true -> [0.2,0.4]:(x'=1) + [0.6,0.8]:true;\nendmodule\n",
		[]string{`4:13: error: interval probabilities are not supported`, `4:32: error: interval probabilities are not supported`}},
	{"csg renamed copy keeps an action", "csg\nplayer p1 m1 endplayer\nplayer p2 m2 endplayer\nmodule m1\ns1 : bool;\n[a] true -> true;\nendmodule\nmodule m2 = m1 [s1=s2] endmodule\n",
		[]string{`8:8: error: action "a" of player "p2" already belongs to player "p1"`}},
	{"players forbidden in mdp", "mdp\nplayer p m endplayer\nmodule m\nx : bool;\nendmodule\n",
		[]string{`2:1: error: players are only allowed in smg, stpg and csg models`}},
	{"players required in smg", "smg\nmodule m\nx : bool;\nendmodule\n",
		[]string{`1:1: error: smg model has no player definitions`}},
	{"player items must exist and be unique", "smg\nplayer p1 m, [a] endplayer\nplayer p2 m, [a], q, [z] endplayer\nplayer p1 endplayer\nmodule m\nx : bool;\n[a] true -> true;\nendmodule\n",
		[]string{`3:11: error: module "m" already belongs to player "p1"`,
			`3:15: error: action "a" already belongs to player "p1"`,
			`3:19: error: unknown module "q"`,
			`3:23: error: unknown action "z"`,
			`4:8: error: duplicate player "p1"`}},
	{"stpg needs two players", "stpg\nplayer p1 m endplayer\nmodule m\nx : bool;\nendmodule\n",
		[]string{`1:1: error: stpg model must have exactly 2 players, not 1`}},
	{"csg unlabelled command in player module", strings.Replace(csgBase, "[b1] s1=0", "[] s1=0", 1),
		[]string{`7:3: error: unlabelled command in player module "m1"`}},
	{"csg action sets not disjoint", strings.Replace(csgBase, "[b2] s2=0", "[a1] s2=0", 1),
		[]string{`12:4: error: action "a1" of player "p2" already belongs to player "p1"`}},
	{"csg label of non-player module", csgBase + "module n\nz : bool;\n[a1] true -> true;\n[q] true -> true;\n[] true -> true;\nendmodule\n",
		[]string{`19:2: error: label "q" of module "n" is not an action of any player`}},
	{"csg player without module", strings.Replace(csgBase, "player p2 m2 endplayer", "player p2 endplayer", 1),
		[]string{`3:8: error: player "p2" owns no module`,
			`11:4: error: label "a2" of module "m2" is not an action of any player`,
			`12:4: error: label "b2" of module "m2" is not an action of any player`}},
	{"renaming", "mdp\nformula f = x;\nmodule m1\nx : [0..2];\ny : bool;\n[a] f=0 -> (x'=1);\nendmodule\n" +
		"module m2 = m1 [x=x2, y=y2, x=x3] endmodule\nmodule m3 = m2 [x2=x4] endmodule\nmodule m4 = q [x=x5] endmodule\n" +
		"module m5 = m1 [x=y, y=y5, f=g] endmodule\n",
		[]string{`8:29: error: "x" is renamed twice`,
			`9:13: error: module "m2" is itself a renamed module`,
			`10:13: error: unknown module "q"`,
			`11:19: error: duplicate identifier "y"`,
			`11:28: error: formula "f" cannot be renamed`}},
	{"renamed constant must exist", "mdp\nconst int c = 1;\nmodule m1\nx : [0..2];\n[] x<c -> (x'=c);\nendmodule\nmodule m2 = m1 [x=x2, c=d] endmodule\n",
		[]string{`7:25: error: undeclared identifier "d"`}},
	{"renamed module writes a foreign variable", "mdp\nglobal g : bool;\nmodule m1\nx : bool;\n[] true -> (g'=true);\nendmodule\nmodule m2 = m1 [x=x2, g=x] endmodule\n",
		[]string{`7:25: error: module "m2" may not modify variable "x" of module "m1"`}},
	{"init block with initial values", "mdp\nmodule m\nx : [0..2] init 1;\nendmodule\ninit x>0 endinit\n",
		[]string{`3:1: error: variable "x" has an initial value but the model has an init block`}},
}

func TestCheckModelErrors(t *testing.T) {
	for _, tc := range modelErrorTests {
		fset := NewFileSet()
		m, err := ParseModel(fset, "m.prism", tc.src)
		if err != nil {
			t.Errorf("%s: parse: %v", tc.name, err)
			continue
		}
		sameErrors(t, tc.name, CheckModel(fset, m), tc.want)
	}
}

var propsErrorTests = []struct {
	name  string
	model string
	props string
	want  []string
}{
	{"valid csg props", csgBase,
		"const int t = 2;\nplan pi = [a1,a2] [*]^(t-1) ([b1]^t [b2])^2;\nbehaviour p1 { a1 : 1/4, b1 : 3/4 };\n" +
			"<<p1>> Pmax=? [ F \"done\" ]\nCAR(p1, pi)=? [ F<=t s1=1 ]\nCCR(2, [a1,b2])P>=0.5 [ X \"done\" ]\n#=? [ G s1=0 ]\nR{\"r\"}max=? [ F s1=1 ]\n", nil},
	{"valid smg props", smgBase, "plan p = [go] [#1] [stop];\nbehaviour p2 { #0 : 1, stop : 2 };\nCPR(p1, p) [ F x=2 ]\n<<1,2>> Pmax=? [ F x=2 ]\n", nil},
	{"unknown label", csgBase, "P=? [ F \"nope\" ]\n",
		[]string{`1:9: error: unknown label "nope"`}},
	{"unknown variable", csgBase, "P=? [ F z=1 ]\n",
		[]string{`1:9: error: undeclared identifier "z"`}},
	{"unknown player", csgBase, "<<p3>> Pmax=? [ F s1=1 ]\n<<3>> Pmax=? [ F s1=1 ]\n",
		[]string{`1:3: error: unknown player "p3"`, `2:3: error: invalid player index 3`}},
	{"unknown reward structure", csgBase, "R{\"q\"}max=? [ F s1=1 ]\nR{2}max=? [ F s1=1 ]\n",
		[]string{`1:1: error: unknown reward structure "q"`, `2:3: error: invalid reward structure index 2`}},
	{"probability bound must be numeric", csgBase, "<<p1>> P>=true [ F s1=1 ]\n",
		[]string{`1:11: error: type error: probability bound must be numeric, not bool`}},
	{"path operand must be bool", csgBase, "<<p1>> Pmax=? [ F s1+1 ]\n",
		[]string{`1:19: error: type error: operand of F must be bool, not int`}},
	{"duplicate props constant and label", csgBase, "const int s1 = 2;\nlabel \"done\" = true;\nlabel \"x\" = 1;\n",
		[]string{`1:11: error: duplicate identifier "s1"`, `2:7: error: duplicate label "done"`,
			`3:13: error: type error: label "x" must be bool, not int`}},
	{"plan action of no player", csgBase, "plan pi = [a1,zz];\n",
		[]string{`1:15: error: "zz" is not an action of any player`}},
	{"plan two actions of one player", csgBase, "plan pi = [a1,a2] [a1,b1];\n",
		[]string{`1:23: error: two actions of player "p1" in one step: "a1" and "b1"`}},
	{"plan choice index in csg", csgBase, "plan pi = [#0];\n",
		[]string{`1:12: error: choice index "#0" is only allowed in smg and mdp models`}},
	{"plan negative repetition", csgBase, "plan pi = [a1]^(1-2);\n",
		[]string{`1:16: error: negative repetition count -1`}},
	{"plan repetition must be int", csgBase, "plan pi = [a1]^(0.5);\n",
		[]string{`1:16: error: type error: repetition count must be int, not double (/ divides as doubles: write floor(...) or ceil(...) of the quotient)`}},
	{"plan repetition of a bool", csgBase, "plan pi = [a1]^(true);\n",
		[]string{`1:16: error: type error: repetition count must be int, not bool`}},
	{"plan action in smg", smgBase, "plan p = [go, nope];\n",
		[]string{`1:15: error: "nope" is not an action of any player`}},
	{"undefined plan", csgBase, "CAR(p1, nope) [ F s1=1 ]\n",
		[]string{`1:9: error: undefined plan "nope"`}},
	{"responsibility agent must be a player", csgBase, "plan pi = [a1];\nCPR(p9, pi)=? [ F s1=1 ]\nCCR(5, pi) [ F s1=1 ]\n",
		[]string{`2:5: error: unknown player "p9"`, `3:5: error: invalid player index 5`}},
	{"power index forms", csgBase, "plan pi = [a1];\nSHAPLEY(p1, pi) [ F s1=1 ]\nBANZHAF(p1, pi)H=? [ F s1=1 ]\nSHAPLEY(1, pi)P>=0.5 [ F s1=1 ]\nBANZHAF(p1, pi)=? [ F s1=1 ]\n",
		[]string{`2:1: error: SHAPLEY is numeric: write SHAPLEY(...)=?, #=? or P=?`,
			`3:1: error: BANZHAF has no entropy form: write BANZHAF(...)=?, #=? or P=?`,
			`4:1: error: SHAPLEY takes no bound: write SHAPLEY(...)=?, #=? or P=?`}},
	{"responsibility on dtmc", "dtmc\nmodule m\nx : [0..1];\n[] x=0 -> (x'=1);\nendmodule\n",
		"CAR(1, [*]) [ F x=1 ]\n",
		[]string{`1:1: error: responsibility queries are not allowed on dtmc models`}},
	{"behaviour of unknown player", csgBase, "behaviour p7 { a1 : 1 };\n",
		[]string{`1:11: error: unknown player "p7"`}},
	{"behaviour action of another player", csgBase, "behaviour p1 { a1 : 1, a2 : 1 };\n",
		[]string{`1:24: error: "a2" is not an action of player "p1"`}},
	{"behaviour weight must be numeric", csgBase, "behaviour p1 { a1 : true };\n",
		[]string{`1:21: error: type error: weight must be numeric, not bool`}},
	{"model without reward structures", smgBase, "R=? [ F x=2 ]\n",
		[]string{`1:1: error: model has no reward structures`}},
	{"time bound must be constant", csgBase, "P=? [ F<=s1 s1=1 ]\n",
		[]string{`1:10: error: time bound must be constant, not variable "s1"`}},
	{"duplicate property name", csgBase, "\"a\": P=? [ F s1=1 ]\n\"a\": P=? [ F s2=1 ]\n\"done\": P=? [ F s2=1 ]\n",
		[]string{`2:1: error: duplicate property name "a"`, `3:1: error: property name "done" clashes with a label`}},
	{"smg behaviour action of another player", smgBase, "behaviour p2 { go : 1, #1 : 1, stop : 1 };\n",
		[]string{`1:16: error: "go" is not an action of player "p2"`}},
	{"mdp plan two actions in one step", "mdp\nmodule m\nx : [0..1];\n[a] x=0 -> (x'=1);\n[b] x=0 -> true;\nendmodule\n",
		"plan p = [a] [a, #1];\nCAR(1, p) [ F x=1 ]\nCAR(2, p) [ F x=1 ]\n",
		[]string{`1:18: error: two actions of player "1" in one step: "a" and "#1"`, `3:5: error: invalid player index 2`}},
	{"outcome must be bool", csgBase, "plan pi = [a1];\nCAR(p1, pi) [ s1+1 ]\n",
		[]string{`2:15: error: type error: outcome must be bool, not int`}},
}

func TestCheckPropsErrors(t *testing.T) {
	for _, tc := range propsErrorTests {
		fset := NewFileSet()
		m, err := ParseModel(fset, "m.prism", tc.model)
		if err != nil {
			t.Errorf("%s: parse model: %v", tc.name, err)
			continue
		}
		if err := CheckModel(fset, m); err != nil {
			t.Errorf("%s: model: %v", tc.name, err)
			continue
		}
		p, err := ParseProps(fset, "p.props", tc.props)
		if err != nil {
			t.Errorf("%s: parse props: %v", tc.name, err)
			continue
		}
		sameErrors(t, tc.name, CheckProps(fset, m, p), tc.want)
	}
}

func TestCheckPlanDecl(t *testing.T) {
	fset := NewFileSet()
	m, err := ParseModel(fset, "m.prism", csgBase)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"pi=[a1,b2] [*]^3 ([b1])^2", nil},
		{"pi=[a1,b1]", []string{`1:8: error: two actions of player "p1" in one step: "a1" and "b1"`}},
		{"pi=[c9]", []string{`1:5: error: "c9" is not an action of any player`}},
	} {
		d, err := ParsePlan(fset, "plan", tc.src)
		if err != nil {
			t.Errorf("%s: parse: %v", tc.src, err)
			continue
		}
		err = CheckPlan(fset, m, d)
		got := stripFile(err)
		for i := range got {
			got[i] = strings.TrimPrefix(got[i], "plan:")
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestCheckCorpus runs CheckModel (and CheckProps on the verify props) on
// every model of the PRISM-games corpus: all pass except csg_simple2.
func TestCheckCorpus(t *testing.T) {
	root := filepath.Join("..", "..", "shared", "prism-corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skip("corpus not found at ../../shared/prism-corpus")
	}
	n := 0
	for _, dir := range []string{"models", "verify", "export"} {
		err := filepath.Walk(filepath.Join(root, dir), func(path string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() || !strings.HasSuffix(path, ".prism") {
				return err
			}
			n++
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fset := NewFileSet()
			m, err := ParseModel(fset, path, string(src))
			if err != nil {
				t.Errorf("%s: parse: %v", path, err)
				return nil
			}
			err = CheckModel(fset, m)
			if strings.HasSuffix(path, "csg_simple2.prism") {
				want := path + `:40:3: error: label "a3" of module "M3" is not an action of any player`
				if err == nil || err.Error() != want {
					t.Errorf("%s: got %v, want %s", path, err, want)
				}
				return nil
			}
			if err != nil {
				t.Errorf("%s: %v", path, err)
				return nil
			}
			props, _ := filepath.Glob(path + "*.props")
			for _, pp := range props {
				psrc, err := os.ReadFile(pp)
				if err != nil {
					return err
				}
				p, err := ParseProps(fset, pp, string(psrc))
				if err != nil {
					t.Errorf("%s: parse: %v", pp, err)
					continue
				}
				if err := CheckProps(fset, m, p); err != nil {
					t.Errorf("%s: %v", pp, err)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 20 {
		t.Errorf("only %d corpus models found", n)
	}
}

// TestCheckExamples checks the project's own example models and props.
func TestCheckExamples(t *testing.T) {
	models, _ := filepath.Glob(filepath.Join("..", "examples", "*.prism"))
	if len(models) == 0 {
		t.Skip("no examples")
	}
	for _, path := range models {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fset := NewFileSet()
		m, err := ParseModel(fset, path, string(src))
		if err != nil {
			t.Errorf("%s: parse: %v", path, err)
			continue
		}
		if err := CheckModel(fset, m); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		var props []string
		all, _ := filepath.Glob(filepath.Join("..", "examples", "*.props"))
		for _, pp := range all {
			if ownerModel(models, pp) == path {
				props = append(props, pp)
			}
		}
		for _, pp := range props {
			psrc, err := os.ReadFile(pp)
			if err != nil {
				t.Fatal(err)
			}
			p, err := ParseProps(fset, pp, string(psrc))
			if err != nil {
				t.Errorf("%s: parse: %v", pp, err)
				continue
			}
			if err := CheckProps(fset, m, p); err != nil {
				t.Errorf("%s: %v", pp, err)
			}
		}
	}
}

// ownerModel is the model a props file belongs to: the longest model stem
// that starts the props file's name.
func ownerModel(models []string, props string) string {
	best := ""
	for _, m := range models {
		stem := strings.TrimSuffix(filepath.Base(m), ".prism")
		if strings.HasPrefix(filepath.Base(props), stem) && len(m) > len(best) {
			best = m
		}
	}
	return best
}
