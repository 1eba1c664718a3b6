package translate

import (
	"strings"
	"testing"
)

// TestBuildErrors checks that broken models give a positioned error at the
// right place with the right message. The translator's own checks are
// exercised without the semantic checker (the checker may catch some of
// these first; both must position the error).
func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name, src, consts string
		pos               string // FILE:LINE:COL prefix
		msg               string // substring of the message
	}{
		{"update out of range", "mdp\nmodule m x:[0..2];\n  [] x<5 -> (x'=x+1);\nendmodule", "",
			"m.prism:3:13", "variable x would take value 3, outside its range [0..2], in state (2)"},
		{"init out of range", "mdp\nmodule m x:[0..2] init 5; [] true -> true; endmodule", "",
			"m.prism:2:24", "initial value 5 of variable x is outside its range [0..2]"},
		{"undefined constant", "mdp\nconst int k;\nmodule m x:[0..2]; [] x<k -> true; endmodule", "",
			"m.prism:2:11", "constant k is undefined: it needs a value"},
		{"--const of unknown name", "mdp\nmodule m x:[0..2]; [] true -> true; endmodule", "zz=1",
			"m.prism: error: a value is given for constant zz", "declare no constant zz"},
		{"--const of wrong type", "mdp\nconst int k;\nmodule m x:[0..2]; [] x<k -> true; endmodule", "k=0.5",
			"m.prism:2:11", "constant k is declared int"},
		{"int overflow", "mdp\nconst int k = 2147483647;\nmodule m x:[0..2]; [] x+k+1 > 0 -> true; endmodule", "",
			"m.prism:3:26", "integer overflow"},
		{"mod by zero", "mdp\nmodule m x:[0..2]; [] mod(x, x) = 0 -> (x'=1); endmodule", "",
			"m.prism:2:23", "mod by 0"},
		{"negative int pow exponent", "mdp\nmodule m x:[0..2]; [] pow(2, x-1) > 0 -> (x'=1); endmodule", "",
			"m.prism:2:23", "negative exponent"},
		{"probabilities do not sum to 1", "mdp\nmodule m x:[0..2];\n [] x=0 -> 0.5:(x'=1) + 0.4:(x'=2);\nendmodule", "",
			"m.prism:3:2", "probabilities sum to 0.9"},
		{"negative probability", "mdp\nmodule m x:[0..2];\n [] x=0 -> -0.5:(x'=1) + 1.5:(x'=2);\nendmodule", "",
			"m.prism:3:12", "invalid probability -0.5"},
		{"primed cycle", "mdp\nmodule m x:[0..5]; y:[0..5];\n [] x=0 -> (x'=y'+1) & (y'=x'+1);\nendmodule", "",
			"m.prism:3:12", "cyclic updates with variables [x, y]"},
		{"primed double update", "mdp\nglobal g:[0..5];\nmodule m1 x:[0..5]; [s] x=0 -> (g'=1) & (x'=g'); endmodule\nmodule m2 y:[0..5]; [s] y=0 -> (g'=2); endmodule", "",
			"m.prism:4:32", "multiple updates of variable g"},
		{"smg state with two owners", "smg\nplayer p1 m1 endplayer\nplayer p2 m2 endplayer\nmodule m1 x:[0..1]; [] x=0 -> (x'=1); endmodule\nmodule m2 y:[0..1]; [] y=0 -> (y'=1); endmodule", "",
			"m.prism:5:21", "choices for both player p1 and player p2 in state (0,0)"},
		{"smg unowned choices", "smg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [] x=1 -> true; endmodule\nmodule m2 y:[0..1]; [a] y=0 -> (y'=1); [b] y=0 -> true; endmodule", "",
			"m.prism:4:21", "multiple choices ([a],[b]) in state (0,0) not assigned to any player"},
		{"smg duplicate unowned choices still count as two", "smg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [] x=1 -> true; endmodule\nmodule m2 y:[0..1]; [] y=0 -> (y'=1); [] y=0 -> (y'=1); endmodule", "",
			"m.prism:4:21", "multiple choices ([],[]) in state (0,0) not assigned to any player"},
		{"csg player without module", "csg\nplayer p1 m1 endplayer\nplayer p2 [b] endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); endmodule\nmodule m2 y:[0..1]; [b] y=0 -> (y'=1); endmodule", "",
			"m.prism:3:8", "player p2 owns no module"},
		{"csg unowned label", "csg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); endmodule\nmodule m2 y:[0..1]; [c] y=0 -> (y'=1); endmodule", "",
			"m.prism:4:21", "label c of module m2 is not an action of any player"},
		{"csg unlabelled command in player module", "csg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [] x=0 -> (x'=1); endmodule", "",
			"m.prism:3:21", "must be labelled"},
		{"csg two matching commands", "csg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); [a] x=0 -> true; endmodule", "",
			"m.prism:3:40", "multiple active commands labelled [a]"},
		{"primed variable in a guard", "mdp\nmodule m x:[0..1]; [] x'=0 -> true; endmodule", "",
			"m.prism:2:23", "primed variable x' can only be used on the right-hand side of an update"},
		{"constant cycle", "mdp\nconst int a = b;\nconst int b = a + 1;\nmodule m x:[0..1]; [] true -> true; endmodule", "",
			"m.prism:2:11", "defined in terms of itself"},
		{"formula cycle", "mdp\nformula f = g;\nformula g = !f;\nmodule m x:[0..1]; [] f -> true; endmodule", "",
			"m.prism:", "formula"},
		{"renaming must cover local variables", "mdp\nmodule m1 x:[0..1]; [] true -> true; endmodule\nmodule m2 = m1 [y=z] endmodule", "",
			"m.prism:", "must rename variable x"},
		{"init block with initial values", "mdp\nmodule m x:[0..1] init 1; [] true -> true; endmodule\ninit x=0 endinit", "",
			"m.prism:2:24", "cannot be combined with an init...endinit block"},
		{"unbounded int overflows", "mdp\nmodule m x:int init 2147483640; [] true -> (x'=x+10); endmodule", "",
			"m.prism:2:", "integer overflow"},
		{"unsupported type", "ctmc\nmodule m x:[0..1]; [] true -> 2:(x'=1); endmodule", "",
			"m.prism:1:1", "ctmc models are not supported"},
		{"range must not be empty", "mdp\nmodule m x:[3..3]; [] true -> true; endmodule", "",
			"m.prism:2:13", "invalid range [3..3]"},
		{"int variable given a double", "mdp\nmodule m x:[0..3]; [] true -> (x'=x/2); endmodule", "",
			"m.prism:2:35", "variable x is int but is assigned a value of type double"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := buildNoCheck(t, tc.src, tc.consts)
			if err == nil {
				t.Fatalf("built %d states; want error %q", m.Game.NumStates, tc.msg)
			}
			s := err.Error()
			if !strings.HasPrefix(s, tc.pos) || !strings.Contains(s, tc.msg) {
				t.Errorf("error\n  %s\nwant prefix %q and message containing %q", s, tc.pos, tc.msg)
			}
		})
	}
}

// TestNegativeRewards checks that a forbidden negative reward does not
// stop the build but is kept, positioned, on its structure, for the
// properties that use it (PRISM-games allows negative rewards, state and
// transition rewards alike, in csg models only).
func TestNegativeRewards(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"state reward in a csg", "csg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); endmodule\nrewards\n  x=1 : -2;\nendrewards", ""},
		{"state reward in an smg", "smg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); endmodule\nrewards\n  x=1 : -2;\nendrewards",
			"m.prism:5:3: error: Reward structure is negative (-2) at state (1)"},
		{"transition reward in an mdp", "mdp\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); endmodule\nrewards\n  [a] true : -1;\nendrewards",
			"m.prism:4:3: error: Reward structure is negative (-1) at state (0) (a transition reward)"},
		{"transition reward in a csg", "csg\nplayer p1 m1 endplayer\nmodule m1 x:[0..1]; [a] x=0 -> (x'=1); endmodule\nrewards\n  [a] true : -1;\nendrewards", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := buildNoCheck(t, tc.src, "")
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if neg := m.Game.Rewards[0].Negative; neg != nil {
				got = neg.Error()
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestLimit checks that exceeding MaxStates gives a *LimitError.
func TestLimit(t *testing.T) {
	m, err := buildSrc(t, "m.prism", "dtmc\nmodule m x:[0..100]; [] x<100 -> (x'=x+1); endmodule", "", false)
	if err != nil || m.Game.NumStates != 101 {
		t.Fatalf("unlimited build: %v", err)
	}
	fsetModel := m
	_, err = Build(fsetModel.Fset, fsetModel.File, nil, Config{MaxStates: 50})
	le, ok := err.(*LimitError)
	if !ok || le.Limit != 50 {
		t.Fatalf("err = %v (%T), want *LimitError with limit 50", err, err)
	}
}

// TestDTMCTransitionRewards checks that the one choice of a dtmc state,
// merged from several commands, carries the expected transition reward of
// the step: each command's reward (by its own action) weighted by its
// share of the probability, as PRISM's model checking counts it.
func TestDTMCTransitionRewards(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []float64
	}{
		{"two labelled commands", "dtmc\nmodule m x:[0..2]; [a] x=0 -> (x'=1); [b] x=0 -> 0.5:(x'=2) + 0.5:(x'=1); endmodule\nrewards\n  [a] true : 4;\n  [b] true : 2;\nendrewards", []float64{3, 0, 0}},
		{"unlabelled and labelled", "dtmc\nmodule m x:[0..1]; [] x=0 -> (x'=1); [a] x=0 -> (x'=1); [a] x=1 -> true; endmodule\nrewards\n  [] true : 6;\n  [a] x=1 : 1;\nendrewards", []float64{3, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := buildNoCheck(t, tc.src, "")
			if err != nil {
				t.Fatal(err)
			}
			g := m.Game
			for s, want := range tc.want {
				lo, _ := g.Choices(s)
				if got := g.Rewards[0].Trans[lo]; got != want {
					t.Errorf("state %d: transition reward %v, want %v", s, got, want)
				}
			}
		})
	}
}
