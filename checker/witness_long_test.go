package checker_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
)

// TestWitnessPrintedLong checks the witness plans of CAR, CPR and CCR at
// horizons beyond those written step by step (lowered to 40 steps here;
// the horizons are the random games' own plus 300), for every agent, on
// the games of TestPlanSearchLongHorizons: the printed plan, parsed back
// and expanded, is the witness step by step, and it is short.
func TestWitnessPrintedLong(t *testing.T) {
	const extra = 300
	defer checker.SetFoldAllForTest(40)()
	plans, loops := 0, 0
	for seed := uint64(1); seed <= 300; seed++ {
		c := genPowerCase(seed)
		if c.multiInit {
			continue
		}
		ck, err := checker.New(prism.NewFileSet(), c.g, fakeEnv{c.g, false}, checker.Config{Horizon: c.T + extra, OutcomeFrom: c.from, Behaviours: c.behaviours, MaxProduct: 200_000})
		if err != nil {
			continue
		}
		for n := range 3 * len(c.g.Players) {
			kind, agent := []prism.RespKind{prism.CAR, prism.CPR, prism.CCR}[n%3], c.g.Players[n/3]
			x := &prism.Resp{Kind: kind, Agent: prism.PlayerRef{Name: agent}, Plan: prism.PlanRef{Plan: c.plan}, Rel: prism.RelQuery, Outcome: c.psi}
			holds, ex, err := ck.ExplainResp(x)
			if err != nil || !holds || !ex.Replayable {
				continue
			}
			plans++
			if ex.Steps.Times > 0 {
				loops++
			}
			if len(ex.Plan) > 200 {
				t.Errorf("seed %d, %v: a witness of %d steps printed in %d characters", seed, kind, ex.Steps.Len(), len(ex.Plan))
			}
			pl, err := prism.ParseBarePlan(prism.NewFileSet(), "witness", ex.Plan)
			if err != nil {
				t.Errorf("seed %d, %v: printed plan %q does not parse: %v", seed, kind, ex.Plan, err)
				continue
			}
			var got []string
			if err := expandTexts(pl.Items, &got); err != nil {
				t.Fatalf("seed %d, %v: %q: %v", seed, kind, ex.Plan, err)
			}
			want := ex.Steps.Expand()
			if len(got) != len(want) || len(want) != c.T+extra {
				t.Errorf("seed %d, %v: printed plan %q has %d steps, the witness %d, the horizon %d", seed, kind, ex.Plan, len(got), len(want), c.T+extra)
				continue
			}
			for k, st := range want {
				if w := checker.StepTextForTest(ck, st); got[k] != w {
					t.Errorf("seed %d, %v: printed plan %q has %s at step %d, the witness %s", seed, kind, ex.Plan, got[k], k, w)
					break
				}
			}
		}
	}
	t.Logf("%d witnesses, %d with a repeated part", plans, loops)
	if plans < 50 || loops < 50 {
		t.Errorf("only %d witnesses, %d with a repeated part", plans, loops)
	}
}

// expandTexts appends the step texts of a parsed plan, step by step.
func expandTexts(items []prism.PlanItem, out *[]string) error {
	for _, it := range items {
		n := 1
		var rep prism.Expr
		switch it := it.(type) {
		case *prism.PlanStep:
			rep = it.Repeat
		case *prism.PlanGroup:
			rep = it.Repeat
		}
		if rep != nil {
			v, err := strconv.Atoi(prism.ExprString(rep))
			if err != nil {
				return err
			}
			n = v
		}
		for range n {
			switch it := it.(type) {
			case *prism.PlanStep:
				var names []string
				for _, a := range it.Actions {
					switch {
					case a.Free:
						names = append(names, "*")
					case a.Idle:
						names = append(names, "-")
					case a.Index >= 0:
						names = append(names, "#"+strconv.Itoa(a.Index))
					default:
						names = append(names, a.Name)
					}
				}
				if len(names) == 0 {
					names = []string{"*"}
				}
				*out = append(*out, "["+strings.Join(names, ",")+"]")
			case *prism.PlanGroup:
				if err := expandTexts(it.Items, out); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
