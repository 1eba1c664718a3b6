package checker

import (
	"math/big"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// chainGame is a two-state game: state 0 has the choices of acts (each
// leading to 0 and 1 as given), state 1 loops. Label "done" = {1}.
func chainGame(typ prism.ModelType, players []string, acts []int32, targets [][]int32, probs [][]float64) *translate.Game {
	g := &translate.Game{Type: typ, Players: players, Actions: []string{"", "go", "stay"},
		Vars: []translate.Var{{Name: "x", Lo: 0, Hi: 1}}, NumStates: 2, Values: []int32{0, 1},
		Initial: []int32{0}, Deadlock: translate.NewBitset(2)}
	g.ChoiceStart = []int32{0, int32(len(acts)), int32(len(acts)) + 1}
	g.TransStart = []int32{0}
	for i := range acts {
		g.Target = append(g.Target, targets[i]...)
		g.Prob = append(g.Prob, probs[i]...)
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
	}
	g.ChoiceAction = append(append([]int32(nil), acts...), 2)
	g.Target = append(g.Target, 1)
	g.Prob = append(g.Prob, 1)
	g.TransStart = append(g.TransStart, int32(len(g.Target)))
	done := translate.NewBitset(2)
	done.Set(1)
	g.Labels = []translate.Label{{Name: "done", States: done}}
	return g
}

func TestDTMC(t *testing.T) {
	g := chainGame(prism.TypeDTMC, nil, []int32{0}, [][]int32{{0, 1}}, [][]float64{{0.5, 0.5}})
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.Check(&prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: xFle(xNum(3), xLab("done"))})
	if err != nil || r.Exact == nil || r.Exact.Cmp(big.NewRat(7, 8)) != 0 || r.Number != 0.875 {
		t.Fatalf("P=? got %+v %v", r, err)
	}
	r, err = c.Check(&prism.Metric{Kind: prism.MetricCount, Outcome: xFle(xNum(3), xLab("done"))})
	if err != nil || r.Count.Int64() != 3 {
		t.Fatalf("#=? got %+v %v", r, err)
	}
	r, err = c.Check(&prism.Metric{Kind: prism.MetricEntropyInf, Outcome: xG(xNot(xLab("done")))})
	if err != nil || r.Number != 0 {
		t.Fatalf("Hinf got %+v %v", r, err)
	}
	_, err = c.Check(xResp(prism.CAR, "1", xPlan(), prism.DegNone, xX(xLab("done"))))
	if err == nil || !strings.Contains(err.Error(), "needs a model with players") {
		t.Fatalf("CAR on a dtmc: %v", err)
	}
}

func TestMDP(t *testing.T) {
	g := chainGame(prism.TypeMDP, []string{"1"}, []int32{1, 2}, [][]int32{{1}, {0}}, [][]float64{{1}, {1}})
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	player1 := prism.PlayerRef{Index: 1}
	q := func(kind prism.RespKind, pl *prism.Plan, deg prism.Degree, out prism.Expr) *prism.Resp {
		r := xResp(kind, "", pl, deg, out)
		r.Agent = player1
		return r
	}
	for _, tc := range []struct {
		q    *prism.Resp
		want bool
	}{
		{q(prism.CAR, xPlan(xStep("go")), prism.DegNone, xX(xLab("done"))), true},
		{q(prism.CPR, xPlan(xStep("go")), prism.DegNone, xX(xLab("done"))), true},
		{q(prism.CAR, xPlan(xStep("stay")), prism.DegNone, xX(xLab("done"))), false},
		// F<=2 done under [stay][stay]: 0 → 0 → 0 misses it; [stay][go] reaches it.
		{q(prism.CCR, xPlan(xStep("stay"), xStep("go")), prism.DegNone, xFle(xNum(2), xLab("done"))), true},
		{q(prism.CCR, xPlan(xStep("stay"), xStep("stay")), prism.DegNone, xFle(xNum(2), xLab("done"))), false},
	} {
		r, err := c.Check(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		if r.Bool != tc.want {
			t.Errorf("%v %s: got %v, want %v", tc.q.Kind, tc.q.Plan.Plan.Items[0].(*prism.PlanStep).Actions[0].Name, r.Bool, tc.want)
		}
	}
	// Degrees of CAR for F<=2 done under [stay][go]: L_ψ = {go·stay, stay·go}
	// (from 1 only stay), Compat_1 ∩ L_ψ = {stay·go}: # 1/2; P (1/4)/(1/2+1/4)
	// = 1/3; H log2 2 / log2 3.
	r, err := c.Check(q(prism.CAR, xPlan(xStep("stay"), xStep("go")), prism.DegAll, xFle(xNum(2), xLab("done"))))
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Degrees; !near(d.Count, 0.5) || !near(d.Prob, 1.0/3) || !near(d.Entropy, 1/1.5849625007211562) {
		t.Errorf("degrees %+v", d)
	}
}
