package naive

import (
	"math/big"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// turnGame is a two-player smg:
//
//	s0 (p1): #0 [u1] → s1, #1 [v1] → s2
//	s1 (p2): #0 [u2] → s3, #1 [] → s0
//	s2 (p2): #0 [u2] → s2
//	s3 (p1): #0 [u1] → s3
//
// with "a" in s3. Hist_2 = {h1 = s0 s1 s3, h2 = s0 s1 s0, h3 = s0 s2 s2}.
func turnGame() *translate.Game {
	g := &translate.Game{
		Type: prism.TypeSMG, Players: []string{"p1", "p2"},
		Actions: []string{"", "u1", "v1", "u2"}, NumStates: 4, Initial: []int32{0},
		Owner:        []int32{0, 1, 1, 0},
		ChoiceStart:  []int32{0, 2, 4, 5, 6},
		ChoiceAction: []int32{1, 2, 3, 0, 3, 1},
		TransStart:   []int32{0, 1, 2, 3, 4, 5, 6},
		Target:       []int32{1, 2, 3, 0, 2, 3},
		Prob:         []float64{1, 1, 1, 1, 1, 1},
	}
	a := translate.NewBitset(4)
	a.Set(3)
	g.Labels = []translate.Label{{Name: "a", States: a}}
	return g
}

func TestTurnGame(t *testing.T) {
	g := turnGame()
	psi := un(prism.TempF, le(2), &prism.LabelRef{Name: "a"})
	act := func(n string) prism.PlanAction { return prism.PlanAction{Name: n, Index: -1} }
	idx := func(k int) prism.PlanAction { return prism.PlanAction{Index: k} }
	labels := &prism.Plan{Items: []prism.PlanItem{
		&prism.PlanStep{Actions: []prism.PlanAction{act("u1")}},
		&prism.PlanStep{Actions: []prism.PlanAction{act("u2")}}}}
	indices := &prism.Plan{Items: []prism.PlanItem{
		&prism.PlanStep{Actions: []prism.PlanAction{idx(0)}, Repeat: &prism.IntLit{Value: 2}}}}
	bad := &prism.Plan{Items: []prism.PlanItem{
		&prism.PlanStep{Actions: []prism.PlanAction{act("u2")}}}} // p1 has no u2 in s0
	q := func(k prism.RespKind, agent string, d prism.Degree, p *prism.Plan) *prism.Resp {
		return &prism.Resp{Kind: k, Agent: prism.PlayerRef{Name: agent}, Plan: prism.PlanRef{Plan: p},
			Degree: d, Rel: prism.RelQuery, Outcome: psi}
	}
	e, err := New(testModel(g), 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Hist) != 3 {
		t.Fatalf("%d histories, want 3", len(e.Hist))
	}
	for _, p := range []*prism.Plan{labels, indices} {
		for _, tc := range []struct {
			k     prism.RespKind
			agent string
			want  bool
		}{
			{prism.CAR, "p1", false}, // p2 may go back to s0
			{prism.CAR, "p2", false}, // p1 may go to s2
			{prism.CPR, "p2", true},  // p2 alone can go back to s0
			{prism.CPR, "p1", true},  // p1 alone can go to s2
			{prism.CCR, "p1", true},
			{prism.CCR, "p2", true},
		} {
			a, err := e.Check(q(tc.k, tc.agent, prism.DegNone, p), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			if a.Bool != tc.want {
				t.Errorf("%v(%s, %s): got %v, want %v", tc.k, tc.agent, FormatPlan(p), a.Bool, tc.want)
			}
		}
	}
	a, err := e.Check(q(prism.CPR, "p2", prism.DegAll, labels), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := a.Degrees
	if d.CountExact.Cmp(big.NewRat(1, 2)) != 0 || d.ProbExact.Cmp(big.NewRat(1, 3)) != 0 || d.Count != 0.5 {
		t.Errorf("CPR(p2) degrees %v %v %v, want 1/2 1/3", d.Count, d.CountExact, d.ProbExact)
	}
	if _, err := e.Check(q(prism.CAR, "p1", prism.DegAll, bad), nil, 0); err == nil {
		t.Errorf("plan %s cannot be carried out, want an error", FormatPlan(bad))
	}

	// Behaviours by label and by index.
	m := testModel(g)
	m.Behaviours = []*prism.BehaviourDecl{{Player: prism.PlayerRef{Name: "p1"}, Weights: []prism.ActionWeight{
		{Action: act("u1"), Weight: &prism.IntLit{Value: 3}}, {Action: act("v1"), Weight: &prism.IntLit{Value: 1}}}}}
	e, err = New(m, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Hist[0].Exact; got.Cmp(big.NewRat(3, 8)) != 0 {
		t.Errorf("P(h1) = %v, want 3/8", got)
	}
	m.Behaviours = []*prism.BehaviourDecl{{Player: prism.PlayerRef{Index: 2}, Weights: []prism.ActionWeight{
		{Action: idx(1), Weight: &prism.IntLit{Value: 1}}}}}
	if _, err := New(m, 2); err == nil {
		t.Errorf("p2 gives weight 0 to its only choice in s2: want an error")
	}
}
