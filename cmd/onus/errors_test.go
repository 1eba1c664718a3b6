package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The error table: malformed models, properties, plans, behaviours and
// constants. Each row writes its files into a fresh directory, runs the CLI
// there with the given arguments, and expects exit code 2 and the exact first
// line of stderr that is not a warning, FILE:LINE:COL: error: MESSAGE, with
// FILE as passed.

// errCSG is a small valid csg: p1 owns m1 (actions a1, b1), p2 owns m2
// (actions a2, b2).
const errCSG = `csg
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

// errCSG3 is a small valid csg with three players.
const errCSG3 = `csg
player p1 m1 endplayer
player p2 m2 endplayer
player p3 m3 endplayer
module m1
  s1 : [0..1];
  [a1] s1=0 -> (s1'=1);
endmodule
module m2 = m1 [s1=s2, a1=a2] endmodule
module m3 = m1 [s1=s3, a1=a3] endmodule
`

// errMDP is a small valid mdp with an undefined constant n.
const errMDP = `mdp
const int n;
module m
  x : [0..2];
  [go] x<n -> (x'=x+1);
endmodule
`

// errDTMC is a small valid dtmc.
const errDTMC = `dtmc
module m
  x : [0..1];
  [] x=0 -> 0.5:(x'=1) + 0.5:true;
endmodule
`

type errorRow struct {
	name  string
	files map[string]string // file name -> text; "$CORPUS/..." rows read the corpus
	args  []string
	want  string // first stderr line
}

func model(src string) map[string]string { return map[string]string{"m.prism": src} }

func withProps(m, p string) map[string]string { return map[string]string{"m.prism": m, "p.props": p} }

// buildArgs and checkArgs are the usual command lines.
var (
	buildArgs = []string{"build", "m.prism"}
	checkArgs = []string{"check", "m.prism", "p.props"}
)

var errorRows = []errorRow{
	// syntax
	{"syntax: missing semicolon", model("mdp\nmodule m\nx : [0..1];\n[] x=0 -> (x'=1)\nendmodule\n"), buildArgs,
		"m.prism:5:1: error: syntax error: unexpected 'endmodule', expected ';'"},
	{"syntax: stray token", model("mdp\nmodule m\nx : [0..1] init;\nendmodule\n"), buildArgs,
		"m.prism:3:16: error: syntax error: unexpected ';'"},
	{"syntax: props", withProps(errCSG, "P=? [ F s1=1\n"), checkArgs,
		"p.props:1:13: error: syntax error: unexpected end of input, expected ']' or '{'"},
	{"syntax: --pf", model(errCSG), []string{"check", "m.prism", "--pf", "<<p1>> Pmax=? [ F ]"},
		"--pf:1:19: error: syntax error: unexpected ']'"},
	{"syntax: --plan", model(errCSG), []string{"check", "m.prism", "--plan", "pi=[a1", "--pf", "CAR(p1, pi) [ F s1=1 ]"},
		"--plan:1:7: error: syntax error: unexpected end of input, expected ',' or ']'"},
	{"syntax: formula in props", withProps(errCSG, "formula f = s1=1;\nP=? [ F f ]\n"), checkArgs,
		"p.props:1:1: error: syntax error: unexpected 'formula'"},

	// names and types in models
	{"undeclared identifier", model("mdp\nmodule m\nx : [0..2];\n[] y=0 -> (x'=1);\nendmodule\n"), buildArgs,
		`m.prism:4:4: error: undeclared identifier "y"`},
	{"int variable takes double", model("mdp\nmodule m\nx : [0..2];\n[] x=0 -> (x'=x/2);\nendmodule\n"), buildArgs,
		`m.prism:4:15: error: type error: int variable "x" cannot take a double value`},
	{"bool variable takes int", model("mdp\nmodule m\nb : bool;\n[] b -> (b'=0);\nendmodule\n"), buildArgs,
		`m.prism:4:13: error: type error: bool variable "b" cannot take an int value`},
	{"int constant takes double", model("mdp\nconst int k = 1.5;\nmodule m\nx : [0..2];\nendmodule\n"), buildArgs,
		`m.prism:2:15: error: type error: int constant "k" cannot take a double value`},
	{"guard not bool", model("mdp\nmodule m\nx : [0..2];\n[] x+1 -> (x'=1);\nendmodule\n"), buildArgs,
		`m.prism:4:4: error: type error: guard must be bool, not int`},
	{"true & 1", model("mdp\nmodule m\nx : [0..2];\n[] true & 1 -> (x'=1);\nendmodule\n"), buildArgs,
		`m.prism:4:9: error: type error: operator "&" needs bool operands, not int`},
	{"mod of double", model("mdp\nmodule m\nx : [0..2];\n[] true -> (x'=mod(x, 2.0));\nendmodule\n"), buildArgs,
		`m.prism:4:23: error: type error: function "mod" needs int arguments, not double`},
	{"unknown function", model("mdp\nmodule m\nx : [0..2];\n[] true -> (x'=foo(x));\nendmodule\n"), buildArgs,
		`m.prism:4:16: error: unknown function "foo"`},
	{"function arity", model("mdp\nmodule m\nx : [0..2];\n[] true -> (x'=floor(x, 1));\nendmodule\n"), buildArgs,
		`m.prism:4:16: error: function "floor" needs 1 argument, not 2`},
	{"duplicate identifier", model("mdp\nconst int x = 1;\nmodule m\nx : [0..2];\nendmodule\n"), buildArgs,
		`m.prism:4:1: error: duplicate identifier "x"`},
	{"duplicate module", model("mdp\nmodule m\nx : bool;\nendmodule\nmodule m\ny : bool;\nendmodule\n"), buildArgs,
		`m.prism:5:8: error: duplicate module "m"`},
	{"redefined init label", model("mdp\nlabel \"init\" = true;\nmodule m\nx : bool;\nendmodule\n"), buildArgs,
		`m.prism:2:7: error: cannot redefine built-in label "init"`},
	{"variable twice in one update", model("mdp\nmodule m\nx : [0..2];\n[] true -> (x'=1) & (x'=2);\nendmodule\n"), buildArgs,
		`m.prism:4:22: error: variable "x" is assigned twice in one update`},
	{"module writes foreign variable", model("mdp\nmodule m1\ns1 : bool;\nendmodule\nmodule m2\ns2 : bool;\n[] true -> (s1'=true);\nendmodule\n"), buildArgs,
		`m.prism:7:13: error: module "m2" may not modify variable "s1" of module "m1"`},
	{"invalid range", model("mdp\nmodule m\nx : [0..0];\nendmodule\n"), buildArgs,
		`m.prism:3:1: error: invalid range [0..0] for variable "x"`},
	{"cyclic formulas", model("mdp\nformula a = b;\nformula b = a;\nmodule m\nx : bool;\nendmodule\n"), buildArgs,
		`m.prism:2:9: error: cyclic formula definition: a -> b -> a`},
	{"cyclic constants", model("mdp\nconst int p = q;\nconst int q = p;\nmodule m\nx : bool;\nendmodule\n"), buildArgs,
		`m.prism:2:11: error: cyclic constant definition: p -> q -> p`},
	{"system block", model("mdp\nmodule m\nx : bool;\nendmodule\nsystem m endsystem\n"), buildArgs,
		`m.prism:5:1: error: system ... endsystem is not supported`},
	{"rename must rename variable", model("mdp\nmodule m1\nx : bool;\ny : bool;\nendmodule\nmodule m2 = m1 [x=x2] endmodule\n"), buildArgs,
		`m.prism:6:8: error: module "m2" must rename variable "y"`},
	{"rename formula", model("mdp\nformula f = true;\nmodule m1\nx : bool;\nendmodule\nmodule m2 = m1 [x=x2, f=g] endmodule\n"), buildArgs,
		`m.prism:6:23: error: formula "f" cannot be renamed`},

	// players
	{"players in mdp", model("mdp\nplayer p m endplayer\nmodule m\nx : bool;\nendmodule\n"), buildArgs,
		"m.prism:2:1: error: players are only allowed in smg, stpg and csg models"},
	{"smg without players", model("smg\nmodule m\nx : bool;\nendmodule\n"), buildArgs,
		"m.prism:1:1: error: smg model has no player definitions"},
	{"player lists unknown module", model("smg\nplayer p m, q endplayer\nmodule m\nx : bool;\nendmodule\n"), buildArgs,
		`m.prism:2:13: error: unknown module "q"`},
	{"csg unlabelled command", model(strings.Replace(errCSG, "[b1] s1=0", "[] s1=0", 1)), buildArgs,
		`m.prism:7:3: error: unlabelled command in player module "m1"`},
	{"csg action sets overlap", model(strings.Replace(errCSG, "[b2] s2=0", "[a1] s2=0", 1)), buildArgs,
		`m.prism:12:4: error: action "a1" of player "p2" already belongs to player "p1"`},
	{"csg player owns no module", model(strings.Replace(errCSG, "player p2 m2 endplayer", "player p2 endplayer", 1)), buildArgs,
		`m.prism:3:8: error: player "p2" owns no module`},
	{"csg label of no player (corpus)", nil, []string{"build", "$CORPUS/models/tests/language/csg_simple2.prism"},
		`$CORPUS/models/tests/language/csg_simple2.prism:40:3: error: label "a3" of module "M3" is not an action of any player`},

	{"csg out-of-range update (corpus)", nil, []string{"build", "$CORPUS/models/tests/language/csg_simple.prism"},
		"$CORPUS/models/tests/language/csg_simple.prism:30:18: error: variable s2 would take value 3, outside its range [0..2], in state (1,1)"},

	// properties
	{"--pf undeclared identifier", model(errCSG), []string{"check", "m.prism", "--pf", "P=? [ F zz=1 ]"},
		`--pf:1:9: error: undeclared identifier "zz"`},
	{"unknown label", withProps(errCSG, "P=? [ F \"nope\" ]\n"), checkArgs,
		`p.props:1:9: error: unknown label "nope"`},
	{"unknown player in coalition", withProps(errCSG, "<<p3>> Pmax=? [ F s1=1 ]\n"), checkArgs,
		`p.props:1:3: error: unknown player "p3"`},
	{"unknown reward structure", withProps(errCSG, "R{\"q\"}max=? [ F s1=1 ]\n"), checkArgs,
		`p.props:1:1: error: unknown reward structure "q"`},
	{"undefined plan", withProps(errCSG, "CAR(p1, nope) [ F s1=1 ]\n"), checkArgs,
		`p.props:1:9: error: undefined plan "nope"`},
	{"agent not a player", withProps(errCSG, "plan pi = [a1];\nCPR(p9, pi)=? [ F s1=1 ]\n"), checkArgs,
		`p.props:2:5: error: unknown player "p9"`},
	{"responsibility on dtmc", withProps(errDTMC, "CAR(1, [*]) [ F x=1 ]\n"), checkArgs,
		"p.props:1:1: error: responsibility queries are not allowed on dtmc models"},
	{"probability bound not numeric", withProps(errCSG, "<<p1>> P>=true [ F s1=1 ]\n"), checkArgs,
		"p.props:1:11: error: type error: probability bound must be numeric, not bool"},

	// plans and behaviours
	{"plan action of no player", withProps(errCSG, "plan pi = [a1,zz];\nCAR(p1, pi) [ F s1=1 ]\n"), checkArgs,
		`p.props:1:15: error: "zz" is not an action of any player`},
	{"--plan two actions of one player", withProps(errCSG, "CAR(p1, pi) [ F s1=1 ]\n"),
		[]string{"check", "m.prism", "p.props", "--plan", "pi=[a1,b1]"},
		`--plan:1:8: error: two actions of player "p1" in one step: "a1" and "b1"`},
	{"--plan unknown action", model(errCSG), []string{"check", "m.prism", "--plan", "pi=[c9]", "--pf", "CAR(p1, pi) [ F s1=1 ]"},
		`--plan:1:5: error: "c9" is not an action of any player`},
	{"plan negative repetition", withProps(errCSG, "plan pi = [a1]^(1-2);\nCAR(p1, pi) [ F s1=1 ]\n"), checkArgs,
		"p.props:1:16: error: negative repetition count -1"},
	{"behaviour of unknown player", map[string]string{"m.prism": errCSG, "b.txt": "behaviour p7 { a1 : 1 };\n"},
		[]string{"check", "m.prism", "--behaviour", "b.txt", "--pf", "P=? [ F s1=1 ]"},
		`b.txt:1:11: error: unknown player "p7"`},
	{"behaviour action of another player", withProps(errCSG, "behaviour p1 { a1 : 1, a2 : 1 };\nP=? [ F s1=1 ]\n"), checkArgs,
		`p.props:1:24: error: "a2" is not an action of player "p1"`},
	{"behaviour weight not numeric", withProps(errCSG, "behaviour p1 { a1 : true };\nP=? [ F s1=1 ]\n"), checkArgs,
		"p.props:1:21: error: type error: weight must be numeric, not bool"},

	{"behaviour file syntax error", map[string]string{"m.prism": errCSG, "b.txt": "behaviour p1 { a1 : 1 \n"},
		[]string{"check", "m.prism", "--behaviour", "b.txt", "--pf", "P=? [ F s1=1 ]"},
		"b.txt:1:22: error: syntax error: unexpected end of input, expected ',' or '}'"},

	// constants
	{"--const empty range", model(errMDP), []string{"build", "m.prism", "--const", "n=5:1"},
		`--const:1:3: error: invalid value for constant n: range "5:1" is empty`},
	{"undefined constant in check", model(errMDP), []string{"check", "m.prism", "--pf", "P=? [ F x=1 ]"},
		"m.prism:2:11: error: constant n is undefined: give its value with --const n=VALUE"},
	{"--const not a number", model(errMDP), []string{"build", "m.prism", "--const", "n=abc"},
		`--const:1:3: error: invalid value for constant n: "abc" is not a number or boolean`},
	{"--const double for int", model(errMDP), []string{"build", "m.prism", "--const", "n=1.5"},
		"m.prism:2:11: error: --const n=1.5: constant n is declared int"},
	{"undefined props constant used", withProps(errCSG, "const int k;\nconst int unused;\n<<p1>> Pmax=? [ F<=k s1=1 ]\n"), checkArgs,
		"p.props:3:20: error: constant k is undefined: give its value with --const k=VALUE"},
	{"undefined constant", model(errMDP), buildArgs,
		"m.prism:2:11: error: constant n is undefined: give its value with --const n=VALUE"},
	{"--const of unknown constant", model(errMDP), []string{"build", "m.prism", "--const", "n=2,zz=1"},
		"m.prism: error: --const zz: the model and properties declare no constant zz"},
	// equilibrium queries (reference prism-games-equilibria.md §1.10)
	{"equilibrium: three coalitions", model(errCSG3), []string{"check", "m.prism", "--pf", "<<p1:p2:p3>>max=? (P[F s1=1] + P[F s2=1] + P[F s3=1])"},
		"--pf:1:1: error: Equilibria-based properties with more than two coalitions are not yet supported."},
	{"equilibrium: player in both coalitions", model(errCSG), []string{"check", "m.prism", "--pf", "<<p1,p2:p2>>max=? (P[F s1=1] + P[F s2=1])"},
		"--pf:1:1: error: All players must be in a coalition."},
	{"equilibrium: player in no coalition", model(errCSG3), []string{"check", "m.prism", "--pf", "<<p1:p2>>max=? (P[F s1=1] + P[F s2=1])"},
		"--pf:1:1: error: All players must be in a coalition."},
	{"equilibrium: more objectives than coalitions", model(errCSG), []string{"check", "m.prism", "--pf", "<<p1:p2>>max=? (P[F s1=1] + P[F s2=1] + P[F s2=0])"},
		"--pf:1:1: error: The number of coalitions and objectives must be equal."},
	{"equilibrium: G objective", model(errCSG), []string{"check", "m.prism", "--pf", "<<p1:p2>>max=? (P[G s1=1] + P[F s2=1])"},
		"--pf:1:17: error: equilibrium objectives P[...] take F, U or X (G, W, R and negations are not supported)"},
	{"equilibrium: P mixed with R", model(errCSG), []string{"check", "m.prism", "--pf", `<<p1:p2>>max=? (P[F s1=1] + R{"r"}[F s2=1])`},
		"--pf:1:29: error: Mixing P and R operators is not yet supported."},
	{"equilibrium: lower time bound", model(errCSG), []string{"check", "m.prism", "--pf", "<<p1:p2>>max=? (P[F s1=1] + P[F>=2 s2=1])"},
		"--pf:1:32: error: Only upper bounds are allowed."},
	{"equilibrium: total reward", model(errCSG), []string{"check", "m.prism", "--pf", `<<p1:p2>>max=? (R{"r"}[C] + R{"r"}[C<=2])`},
		"--pf:1:17: error: Total rewards C is not yet supported for equilibria-based properties."},
	{"equilibrium: nested path formula", model(errCSG), []string{"check", "m.prism", "--pf", "<<p1:p2>>max=? (P[X X s1=1] + P[F s2=1])"},
		"--pf:1:21: error: Expression is not a simple path formula."},
	{"equilibrium: unknown option", model(errCSG), []string{"check", "m.prism", "--pf", "<<p1:p2>>{foo}max=? (P[F s1=1] + P[F s2=1])"},
		`--pf:1:11: error: Unknown option "foo" for <<>> operator`},
	{"equilibrium: not a csg", model(errDTMC), []string{"check", "m.prism", "--pf", "<<p1:p2>>max=? (P[F x=1] + P[F x=0])"},
		"--pf:1:1: error: The <<>> operator can only contain one coalition."},
	{"props constant clashes", withProps(errCSG, "const int s1 = 2;\nP=? [ F s1=1 ]\n"), checkArgs,
		`p.props:1:11: error: duplicate identifier "s1"`},
}

func TestErrorTable(t *testing.T) {
	if len(errorRows) < 40 {
		t.Fatalf("only %d rows", len(errorRows))
	}
	runErrorRows(t, errorRows)
}

// runErrorRows runs each row in a fresh directory and checks exit code 2
// and the first stderr line.
func runErrorRows(t *testing.T, rows []errorRow) {
	corpus, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "prism-corpus"))
	_, corpusErr := os.Stat(corpus)
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			args := append([]string(nil), row.args...)
			want := row.want
			if strings.Contains(strings.Join(args, " "), "$CORPUS") {
				if corpusErr != nil {
					t.Skip("corpus not found at ../../../shared/prism-corpus")
				}
				for i := range args {
					args[i] = strings.ReplaceAll(args[i], "$CORPUS", corpus)
				}
				want = strings.ReplaceAll(want, "$CORPUS", corpus)
			}
			dir := t.TempDir()
			for name, text := range row.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			var out, errb bytes.Buffer
			code := run(args, &out, &errb)
			// the first line that is not a warning (fixed deadlocks)
			first := ""
			for _, l := range strings.Split(errb.String(), "\n") {
				if !strings.HasPrefix(l, "onus: warning:") {
					first = l
					break
				}
			}
			if code != 2 || first != want {
				t.Errorf("onus %s\nexit %d, first stderr line\n  %s\nwant exit 2 and\n  %s", strings.Join(args, " "), code, first, want)
			}
		})
	}
}
