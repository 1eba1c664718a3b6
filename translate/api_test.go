package translate

import (
	"math/big"
	"reflect"
	"testing"

	"github.com/onus-mc/onus/prism"
)

func TestParseConstSpecs(t *testing.T) {
	iv := func(xs ...int64) []Value {
		var out []Value
		for _, x := range xs {
			out = append(out, Value{Type: prism.TInt, I: x})
		}
		return out
	}
	tests := []struct {
		in   string
		want []ConstSpec
		err  bool
	}{
		{"k=2", []ConstSpec{{Name: "k", Values: iv(2)}}, false},
		{"k=2,t=1:4", []ConstSpec{{Name: "k", Values: iv(2)}, {Name: "t", Values: iv(1, 2, 3, 4)}}, false},
		{"t=0:2:7", []ConstSpec{{Name: "t", Values: iv(0, 2, 4, 6)}}, false},
		{"b=true", []ConstSpec{{Name: "b", Values: []Value{{Type: prism.TBool, B: true}}}}, false},
		{"k=", nil, true},
		{"=3", nil, true},
		{"k=1:0", nil, true},
		{"k=1,k=2", nil, true},
		{"k=abc", nil, true},
	}
	for _, tc := range tests {
		got, err := ParseConstSpecs(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("%q: err = %v, want error %v", tc.in, err, tc.err)
			continue
		}
		if !tc.err && !reflect.DeepEqual(expand(got), tc.want) {
			t.Errorf("%q: got %+v, want %+v", tc.in, expand(got), tc.want)
		}
	}
	d, err := ParseConstSpecs("x=0.5,y=0.1:0.2:0.5")
	if err != nil {
		t.Fatal(err)
	}
	if d[0].Values[0].Type != prism.TDouble || d[0].Values[0].F != 0.5 || d[0].Values[0].Rat.Cmp(big.NewRat(1, 2)) != 0 {
		t.Errorf("x=0.5 parsed as %+v", d[0].Values[0])
	}
	var ys []float64
	for i := 0; i < d[1].Len(); i++ {
		ys = append(ys, d[1].At(i).F)
	}
	if len(ys) != 3 || ys[0] != 0.1 || ys[2] < 0.49 || ys[2] > 0.51 {
		t.Errorf("y range = %v, want 0.1 0.3 0.5", ys)
	}
}

// expand lists the values of each spec, as a ConstSpec with Values.
func expand(specs []ConstSpec) []ConstSpec {
	var out []ConstSpec
	for _, s := range specs {
		e := ConstSpec{Name: s.Name}
		for i := 0; i < s.Len(); i++ {
			e.Values = append(e.Values, s.At(i))
		}
		out = append(out, e)
	}
	return out
}

func TestExactProbabilities(t *testing.T) {
	src := `dtmc
const double p = 0.1;
module m x:[0..3];
  [] x=0 -> 1/3:(x'=1) + 1/3:(x'=2) + 1/3:(x'=3);
  [] x=0 -> p:(x'=1) + (1-p):(x'=2);
endmodule`
	m, err := buildSrc(t, "m.prism", src, "", true)
	if err != nil {
		t.Fatal(err)
	}
	g := m.Game
	lo, hi := g.Transitions(0)
	// uniform over the two commands: x=1: 1/6+1/20, x=2: 1/6+9/20, x=3: 1/6
	want := []*big.Rat{big.NewRat(13, 60), big.NewRat(37, 60), big.NewRat(1, 6)}
	if hi-lo != 3 {
		t.Fatalf("%d transitions from the initial state, want 3", hi-lo)
	}
	for i, w := range want {
		if g.ProbExact[lo+i].Cmp(w) != 0 {
			t.Errorf("transition %d: exact %s, want %s", i, g.ProbExact[lo+i].RatString(), w.RatString())
		}
		f, _ := w.Float64()
		if d := g.Prob[lo+i] - f; d > 1e-15 || d < -1e-15 {
			t.Errorf("transition %d: float %v, want %v", i, g.Prob[lo+i], f)
		}
	}
	m2, err := buildSrc(t, "m.prism", src, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if m2.Game.ProbExact != nil {
		t.Error("ProbExact set without Config.Exact")
	}
}

func TestStateSetAndEvalConst(t *testing.T) {
	src := `smg
player p1 m1 endplayer
player p2 m2 endplayer
const int N = 3;
formula big = x >= N-1;
module m1 x:[0..3]; [] x<N & y=0 -> (x'=x+1); endmodule
module m2 y:[0..1]; [] x=N & y=0 -> (y'=1); endmodule
label "top" = x=N;`
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "m.prism", src)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := prism.ParseProps(fset, "m.props", "const int K;\nlabel \"mid\" = x=1 | \"top\";\nP=? [ F \"mid\" ]\n")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Build(fset, mf, pf, Config{Consts: []ConstAssign{{"K", Value{Type: prism.TInt, I: 7}}}})
	if err != nil {
		t.Fatal(err)
	}
	g := m.Game
	// states (x,y): (0,0) (1,0) (2,0) (3,0) (3,1)
	if g.NumStates != 5 || m.StateString(4) != "(3,1)" {
		t.Fatalf("states: %d, last %s", g.NumStates, m.StateString(4))
	}
	if !reflect.DeepEqual(g.Owner, []int32{0, 0, 0, 1, 0}) {
		t.Errorf("owners %v, want [0 0 0 1 0] (deadlock state to player 0)", g.Owner)
	}
	sets := []struct {
		expr string
		want []int
	}{
		{`big & y=0`, []int{2, 3}},
		{`"top"`, []int{3, 4}},
		{`"mid" & !"deadlock"`, []int{1, 3}},
		{`"init" | "deadlock"`, []int{0, 4}},
		{`x = K - 5`, []int{2}},
	}
	for _, tc := range sets {
		e, err := prism.ParseExpr(fset, "expr", tc.expr)
		if err != nil {
			t.Fatal(err)
		}
		bs, err := m.StateSet(e)
		if err != nil {
			t.Errorf("%s: %v", tc.expr, err)
			continue
		}
		var got []int
		for s := 0; s < g.NumStates; s++ {
			if bs.Has(s) {
				got = append(got, s)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: states %v, want %v", tc.expr, got, tc.want)
		}
	}
	e, _ := prism.ParseExpr(fset, "expr", `"nosuch"`)
	if _, err := m.StateSet(e); err == nil || !isPositioned(err) {
		t.Errorf("unknown label: err = %v, want a positioned error", err)
	}
	e, _ = prism.ParseExpr(fset, "expr", `K*N + pow(2, 3)`)
	v, err := m.EvalConst(e)
	if err != nil || v.Type != prism.TInt || v.I != 29 {
		t.Errorf("EvalConst = %+v, %v; want int 29", v, err)
	}
	e, _ = prism.ParseExpr(fset, "expr", `x + 1`)
	if _, err := m.EvalConst(e); err == nil {
		t.Error("EvalConst of a variable: want an error")
	}
	if m.Consts["K"].I != 7 || m.Consts["N"].I != 3 {
		t.Errorf("Consts = %v", m.Consts)
	}
}

func TestGameShape(t *testing.T) {
	mdp := mustBuild(t, "mdp\nmodule m x:[0..1]; [a] x=0 -> (x'=1); endmodule", "")
	if !reflect.DeepEqual(mdp.Game.Players, []string{"1"}) || mdp.Game.Owner != nil || mdp.Game.Joint != nil {
		t.Errorf("mdp: players %v owner %v joint %v", mdp.Game.Players, mdp.Game.Owner, mdp.Game.Joint)
	}
	if !reflect.DeepEqual(mdp.Game.Actions, []string{"", "a"}) || !reflect.DeepEqual(mdp.Game.ChoiceAction, []int32{1, 0}) {
		t.Errorf("mdp: actions %v choice actions %v", mdp.Game.Actions, mdp.Game.ChoiceAction)
	}
	dtmc := mustBuild(t, "dtmc\nmodule m x:[0..1]; [] x=0 -> (x'=1); endmodule", "")
	if dtmc.Game.Players != nil || dtmc.Game.Type != prism.TypeDTMC {
		t.Errorf("dtmc: players %v type %v", dtmc.Game.Players, dtmc.Game.Type)
	}
	lts := mustBuild(t, "module m x:[0..1]; [] x=0 -> (x'=1); endmodule", "")
	if lts.Game.Type != prism.TypeMDP {
		t.Errorf("untyped model built as %v, want mdp", lts.Game.Type)
	}
	csg := mustBuild(t, `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1 x:[0..1]; [a] x=0 -> (x'=1); [b] x=0 -> (x'=1); endmodule
module m2 y:[0..1]; [c] y=0 -> (y'=1); [d] y=0 -> true; endmodule
rewards
  [a] true : 1;
  [a,c] true : 10;
  [] true : 100;
  [d] true : -1000;
endrewards`, "")
	g := csg.Game
	if !reflect.DeepEqual(g.ActionOwner, []int32{-1, 0, 0, 1, 1}) {
		t.Errorf("csg ActionOwner %v", g.ActionOwner)
	}
	// state (0,0): joint actions in order [a,c] [a,d] [b,c] [b,d]
	if !reflect.DeepEqual(g.Joint[:8], []int32{1, 3, 1, 4, 2, 3, 2, 4}) {
		t.Errorf("csg joint actions %v", g.Joint[:8])
	}
	if !reflect.DeepEqual(g.Rewards[0].Trans[:4], []float64{111, -899, 100, -900}) {
		t.Errorf("csg transition rewards %v, want [111 -899 100 -900] (negative csg transition rewards allowed)", g.Rewards[0].Trans[:4])
	}
	if g.Rewards[0].State != nil {
		t.Error("state rewards present without state items")
	}
}

func TestInitBlock(t *testing.T) {
	m := mustBuild(t, `mdp
module m x:[0..3]; y:bool; [] x<3 -> (x'=x+1); endmodule
init x<2 & !y endinit`, "")
	g := m.Game
	// states: (0,false) (1,false) (2,false) (3,false)
	if !reflect.DeepEqual(g.Initial, []int32{0, 1}) || g.NumStates != 4 {
		t.Errorf("initial %v of %d states", g.Initial, g.NumStates)
	}
}
