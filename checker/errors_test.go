package checker

import (
	"errors"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// smgGame is a small smg: state 0 (owner p1) has choices [a] → 1 and
// [b] → 2; state 1 (owner p2) has [c] → 0 and an unlabelled choice → 1
// (halves); state 2 (owner p1) has [a] → 2. Labels: "one" = {1}, "two" = {2}.
func smgGame() *translate.Game {
	g := &translate.Game{
		Type:         prism.TypeSMG,
		Players:      []string{"p1", "p2"},
		Actions:      []string{"", "a", "b", "c"},
		Vars:         []translate.Var{{Name: "x", Lo: 0, Hi: 2}},
		NumStates:    3,
		Values:       []int32{0, 1, 2},
		Initial:      []int32{0},
		Owner:        []int32{0, 1, 0},
		ChoiceStart:  []int32{0, 2, 4, 5},
		ChoiceAction: []int32{1, 2, 3, 0, 1},
		TransStart:   []int32{0, 1, 2, 3, 5, 6},
		Target:       []int32{1, 2, 0, 0, 1, 2},
		Prob:         []float64{1, 1, 1, 0.5, 0.5, 1},
		Deadlock:     translate.NewBitset(3),
	}
	one, two := translate.NewBitset(3), translate.NewBitset(3)
	one.Set(1)
	two.Set(2)
	g.Labels = []translate.Label{{Name: "one", States: one}, {Name: "two", States: two}}
	return g
}

// The props text the positions below point into (line:col).
const errProps = `CAR(p1, nope) [ X "fine" ]
plan bad = [c1]^(0-2) [d1]^2.5;
#=? [ F "fine" ]
behaviour p1 { c1 : 0, d1 : 0 };
`

func TestErrors(t *testing.T) {
	fset := prism.NewFileSet()
	f := fset.AddFile("q.props", errProps)
	at := func(line, col int) prism.Pos { return f.LineColPos(line, col) }
	sub := func(x, y prism.Expr) prism.Expr { return &prism.Binary{X: x, Op: prism.OpSub, Y: y} }

	negStep := xStep("c1")
	negStep.Pos = at(2, 12)
	negStep.Repeat = &prism.Paren{Lparen: at(2, 17), X: sub(&prism.IntLit{ValuePos: at(2, 18), Value: 0}, xNum(2))}
	fracStep := xStep("d1")
	fracStep.Pos = at(2, 23)
	fracStep.Repeat = &prism.DoubleLit{ValuePos: at(2, 28), Value: 2.5, Text: "2.5"}

	unb := &prism.Temporal{OpPos: at(3, 7), Op: prism.TempF, Right: xLab("fine")}
	zero := &prism.BehaviourDecl{Pos: at(4, 1), Player: prism.PlayerRef{Pos: at(4, 11), Name: "p1"}, Weights: []prism.ActionWeight{
		{Action: prism.PlanAction{Name: "c1", Index: -1}, Weight: xNum(0)},
		{Action: prism.PlanAction{Name: "d1", Index: -1}, Weight: xNum(0)},
	}}
	badAct := xStep("c1", "x9")
	badAct.Actions[1].Pos = at(1, 9)
	twoActs := xStep("c1", "d1")
	twoActs.Actions[1].Pos = at(1, 9)
	hashAct := &prism.PlanStep{Actions: []prism.PlanAction{{Pos: at(1, 9), Index: 1}}}

	smgStep := func(names ...string) *prism.PlanStep {
		st := xStep(names...)
		st.Pos = at(2, 12)
		return st
	}

	cases := []struct {
		name string
		game *translate.Game
		cfg  Config
		q    prism.Expr
		want string // "LINE:COL: error: fragment"
	}{
		{"unknown plan", nil, Config{},
			&prism.Resp{OpPos: at(1, 1), Kind: prism.CAR, Agent: prism.PlayerRef{Name: "p1"}, Plan: prism.PlanRef{Pos: at(1, 9), Name: "nope"}, Outcome: xX(xLab("fine"))},
			"q.props:1:9: error: unknown plan \"nope\""},
		{"negative repeat", nil, Config{},
			xResp(prism.CAR, "p1", xPlan(negStep), prism.DegNone, xX(xLab("fine"))),
			"q.props:2:17: error: the repetition count must be >= 0, not -2"},
		{"fractional repeat", nil, Config{},
			xResp(prism.CAR, "p1", xPlan(fracStep), prism.DegNone, xX(xLab("fine"))),
			"q.props:2:28: error: the repetition count must be an integer, not 2.5"},
		{"plan longer than horizon", nil, Config{Horizon: 1},
			xResp(prism.CAR, "p1", &prism.Plan{Pos: at(2, 12), Items: []prism.PlanItem{xStep("c1"), xStep("d1")}}, prism.DegNone, xX(xLab("fine"))),
			"q.props:2:12: error: the plan has 2 steps, more than the horizon 1"},
		{"unbounded without horizon", nil, Config{},
			&prism.Metric{Kind: prism.MetricCount, Outcome: unb},
			"q.props:3:7: error: the unbounded operator F needs a plan or a horizon"},
		{"zero-weight behaviour", nil, Config{Behaviours: []*prism.BehaviourDecl{zero}},
			nil, "q.props:4:1: error: behaviour of player p1 gives weight 0 to every enabled action in state 0 (coop1=false, coop2=false)"},
		{"unknown action", nil, Config{},
			xResp(prism.CAR, "p1", xPlan(badAct), prism.DegNone, xX(xLab("fine"))),
			"q.props:1:9: error: unknown action \"x9\""},
		{"two actions of a player", nil, Config{},
			xResp(prism.CAR, "p1", xPlan(twoActs), prism.DegNone, xX(xLab("fine"))),
			"q.props:1:9: error: two actions of player p1 in one step"},
		{"choice index in csg", nil, Config{},
			xResp(prism.CAR, "p1", xPlan(hashAct), prism.DegNone, xX(xLab("fine"))),
			"q.props:1:9: error: choice indices (#1) name choices only in smg and mdp models"},
		{"plan not executable", smgGame(), Config{},
			xResp(prism.CAR, "p1", xPlan(xStep("a"), smgStep("a")), prism.DegNone, xX(xLab("one"))),
			"q.props:2:12: error: the plan cannot be carried out: step 2 [a] is not available"},
		{"unknown player", nil, Config{},
			&prism.Resp{Kind: prism.CAR, Agent: prism.PlayerRef{Pos: at(1, 5), Name: "p7"}, Plan: prism.PlanRef{Plan: xPlan()}, Outcome: xX(xLab("fine"))},
			"q.props:1:5: error: unknown player \"p7\""},
		{"dual coalition operator with a certain path", nil, Config{},
			&prism.Strategy{OpPos: at(3, 1), Dual: true, Certain: true, Coalitions: [][]prism.PlayerRef{{{Name: "p1"}}}, Op: xF(xLab("fine"))},
			"q.props:3:1: error: the dual coalition operator [[...]] is not supported with a certain path [ψ]: sure winning is not determined when chance opposes both sides"},
		{"reward operator", nil, Config{},
			&prism.RewardOp{OpPos: at(3, 2), Rel: prism.RelQuery},
			"q.props:3:2: error: Can't use \"R=?\" for nondeterministic models; use \"Rmin=?\" or \"Rmax=?\""},
		{"filter", nil, Config{},
			&prism.FilterExpr{FilterPos: at(3, 3), Op: "foo", X: xLab("fine")},
			"q.props:3:3: error: Unknown filter type \"foo\""},
		{"steady state", nil, Config{},
			&prism.ProbOp{OpPos: at(3, 4), Kind: 'S', Rel: prism.RelQuery, Path: xLab("fine")},
			"q.props:3:4: error: the steady-state operator S needs a dtmc: it is not defined on csg models (PRISM-games does not compute it either)"},
		{"nested numeric degree", nil, Config{},
			xAnd(xLab("fine"), &prism.Resp{OpPos: at(1, 1), Kind: prism.CAR, Agent: prism.PlayerRef{Name: "p1"}, Plan: prism.PlanRef{Plan: xPlan()}, Degree: prism.DegProb, Rel: prism.RelQuery, Outcome: xX(xLab("fine"))}),
			"q.props:1:1: error: a degree query is numeric"},
		{"H with horizon 0", nil, Config{},
			&prism.Metric{OpPos: at(3, 1), Kind: prism.MetricEntropy, Outcome: xLab("fine")},
			"q.props:3:1: error: H=? needs a horizon of at least 1"},
		{"bound on X", nil, Config{},
			&prism.Metric{Kind: prism.MetricCount, Outcome: &prism.Temporal{Op: prism.TempX, Bound: prism.TimeBound{Pos: at(3, 2), Kind: prism.BoundLe, Lo: xNum(1)}, Right: xLab("fine")}},
			"q.props:3:2: error: X takes no time bound"},
		{"unsupported bound", nil, Config{},
			&prism.Metric{Kind: prism.MetricCount, Outcome: &prism.Temporal{Op: prism.TempF, Bound: prism.TimeBound{Pos: at(3, 3), Kind: prism.BoundGe, Lo: xNum(1)}, Right: xLab("fine")}},
			"q.props:3:3: error: only the bounds <=k and <k are supported"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game
			if g == nil {
				g = npdGame(2)
			}
			env := &gameEnv{g: g, consts: map[string]translate.Value{}}
			c, err := New(fset, g, env, tc.cfg)
			if err == nil && tc.q != nil {
				_, err = c.Check(tc.q)
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			var el prism.ErrorList
			if !errors.As(err, &el) {
				t.Fatalf("error %T %v is not a prism.ErrorList", err, err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %q\nwant %q", err.Error(), tc.want)
			}
		})
	}
}

func TestSeveralInitialStates(t *testing.T) {
	g := npdGame(2)
	g.Initial = []int32{0, 3}
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Check(xResp(prism.CAR, "p1", xPlan(xStep("d1", "d2")), prism.DegNone, xX(xLab("fine"))))
	if err == nil || !strings.Contains(err.Error(), "2 initial states") {
		t.Fatalf("got %v", err)
	}
}

func TestLimit(t *testing.T) {
	g := npdGame(2)
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{MaxProduct: 5})
	if err != nil {
		t.Fatal(err)
	}
	// F<=20 pairs the 4 states with "F<=20 reward" (its deadline on the
	// step counter) and, once "reward" is seen, with true: more than 5
	// product states.
	_, err = c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(20), xLab("reward"))})
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != 5 {
		t.Fatalf("got %v, want a LimitError", err)
	}
}

// TestSMG checks plans by label and index, owner-only constraints and the
// owner's behaviour on the small smg.
func TestSMG(t *testing.T) {
	g := smgGame()
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	idx := func(k int) *prism.PlanStep {
		return &prism.PlanStep{Actions: []prism.PlanAction{{Index: k}}}
	}
	// Histories of length 2 from 0: a→1 then (c→0 | #1→1 twice? no: one
	// choice with two targets 0 and 1) = 3; b→2 then a→2 = 1. Total 4.
	r, err := c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(2), &prism.BoolLit{Value: true})})
	if err != nil {
		t.Fatal(err)
	}
	if r.Count.Int64() != 4 {
		t.Errorf("histories of length 2: %v, want 4", r.Count)
	}
	// P(X "one") = 1/2 (p1 uniform over a, b).
	r, err = c.Check(&prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: xX(xLab("one"))})
	if err != nil || r.Exact == nil || r.Exact.String() != "1/2" {
		t.Fatalf("P(X one) = %v %v", r, err)
	}
	// p1 bears CAR for X "two" under [b]: with p1's action fixed the outcome
	// is certain, and the full plan [a] avoids it.
	for _, tc := range []struct {
		kind prism.RespKind
		pl   *prism.Plan
		out  prism.Expr
		want bool
	}{
		{prism.CAR, xPlan(xStep("b")), xX(xLab("two")), true},
		{prism.CAR, xPlan(idx(1)), xX(xLab("two")), true},
		{prism.CAR, xPlan(idx(0)), xX(xLab("two")), false},
		// p2 owns nothing at step 0: p2 cannot be responsible for X "two".
		{prism.CPR, xPlan(xStep("b")), xX(xLab("two")), false},
		// Under [a][c], X X "two" is false; F<=2 "one" holds; p2 at step 1
		// can take #1 (to 0 or 1) but cannot make every history avoid "one"
		// since step 0 already went to 1 — so no CPR for p2.
		{prism.CPR, xPlan(xStep("a"), xStep("c")), xFle(xNum(2), xLab("one")), false},
	} {
		agent := "p1"
		if tc.kind == prism.CPR && len(tc.pl.Items) == 1 {
			agent = "p2"
		}
		if len(tc.pl.Items) == 2 {
			agent = "p2"
		}
		r, err := c.Check(xResp(tc.kind, agent, tc.pl, prism.DegNone, tc.out))
		if err != nil {
			t.Fatal(err)
		}
		if r.Bool != tc.want {
			t.Errorf("%v(%s) = %v, want %v", tc.kind, agent, r.Bool, tc.want)
		}
	}
}

// TestMalformedNoPanic feeds incomplete syntax trees: every one must give an
// error, none a panic.
func TestMalformedNoPanic(t *testing.T) {
	g := npdGame(2)
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	qs := []prism.Expr{
		nil,
		&prism.Paren{},
		&prism.Resp{Kind: prism.CAR, Agent: prism.PlayerRef{Name: "p1"}},
		&prism.Resp{Kind: prism.CAR, Agent: prism.PlayerRef{Name: "p1"}, Plan: prism.PlanRef{Plan: xPlan()}},
		&prism.Resp{Kind: prism.CCR, Agent: prism.PlayerRef{Index: 3}, Plan: prism.PlanRef{Plan: xPlan()}, Outcome: xLab("fine")},
		&prism.Metric{Kind: prism.MetricCount},
		&prism.Metric{Kind: prism.MetricCount, Outcome: &prism.Temporal{Op: prism.TempF, Bound: prism.TimeBound{Kind: prism.BoundLe}}},
		&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: &prism.Temporal{Op: prism.TempU, Right: xLab("fine")}},
		&prism.ProbOp{Kind: 'P', Rel: prism.RelGe},
		&prism.ProbOp{Kind: 'P', Rel: prism.RelGe, Path: xX(xLab("fine"))},
		&prism.Temporal{Op: prism.TempX, Right: xLab("fine")},
		&prism.Metric{Kind: prism.MetricCount, Outcome: xX(&prism.Metric{Kind: prism.MetricCount, Outcome: xLab("fine")})},
		&prism.Metric{Kind: prism.MetricCount, Outcome: xX(xLab("nolabel"))},
		xResp(prism.CAR, "p1", xPlan(xRep(xStep("c1"), &prism.BoolLit{Value: true})), prism.DegNone, xX(xLab("fine"))),
		xResp(prism.CAR, "p1", xPlan(xRep(xStep("c1"), xName("undefined"))), prism.DegNone, xX(xLab("fine"))),
		xResp(prism.CAR, "p1", xPlan(xStep("c1")), prism.DegProb, xX(xLab("fine"))),
	}
	qs[len(qs)-1].(*prism.Resp).Rel = prism.RelGe // a bound without a value
	for i, q := range qs {
		if _, err := c.Check(q); err == nil {
			t.Errorf("query %d: no error", i)
		}
	}
	if _, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{Behaviours: []*prism.BehaviourDecl{
		{Player: prism.PlayerRef{Name: "p1"}, Weights: []prism.ActionWeight{{Action: prism.PlanAction{Name: "c1", Index: -1}}}},
	}}); err == nil {
		t.Error("missing weight: no error")
	}
}
