package checker_test

import (
	"os"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// The cost of --explain (SPEC §10.3): each benchmark checks the same
// qualitative queries without and with explanations; the brief's target is
// at most twice the time. Run: go test ./checker -run XXX -bench Explain

// explainBench checks every query of props on the model, explained or not.
func explainBench(b *testing.B, model string, consts map[string]int64, props []string, explain bool) {
	src, err := os.ReadFile(model)
	if err != nil {
		b.Fatal(err)
	}
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, model, string(src))
	if err != nil {
		b.Fatal(err)
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		b.Fatal(err)
	}
	var ca []translate.ConstAssign
	for name, v := range consts {
		ca = append(ca, translate.ConstAssign{Name: name, Value: translate.Value{Type: prism.TInt, I: v}})
	}
	m, err := translate.Build(fset, mf, &prism.PropsFile{}, translate.Config{Consts: ca})
	if err != nil {
		b.Fatal(err)
	}
	var qs []prism.Expr
	for _, p := range props {
		e, err := prism.ParseExpr(fset, "bench", p)
		if err != nil {
			b.Fatal(err)
		}
		qs = append(qs, e)
	}
	for b.Loop() {
		ck, err := checker.New(fset, m.Game, m, checker.Config{Explain: explain})
		if err != nil {
			b.Fatal(err)
		}
		for _, q := range qs {
			res, err := ck.Check(q)
			if err != nil {
				b.Fatal(err)
			}
			if explain && res.Explain == nil {
				b.Fatalf("%s: no explanation", prism.ExprString(q))
			}
		}
	}
}

// cpdExplain: true CAR and CPR (witness plans), a false CCR (no plan),
// and false CAR and CPR (counterexamples), at T = 1000.
var cpdExplain = []string{
	`CAR(p1, [d1,d2]^1000) [ G<=1000 ("fine"|"payoff2") ]`,
	`CPR(p1, [c1,c2]^1000) [ G<=1000 "reward" | "fine" ]`,
	`CCR(p1, ([c1,c2] [d1,d2])^500) [ G<=1000 ("fine"|"reward") ]`,
	`CAR(p1, [*]^999 [d1,c2]) [ F<=1000 ("reward"|"payoff2") ]`,
	`CPR(p1, [*]^999 [c1,c2]) [ F<=1000 "reward" ]`,
}

// robotsExplain: counterexamples on the 10^4-state robots at T = 100.
var robotsExplain = []string{
	`CPR(r1, [go1,go2]^100) [ F<=100 "done" ]`,
	`CAR(r1, [go1,go2]^100) [ G<=100 !"crash" ]`,
	`CCR(r2, [go1,go2]^100) [ F<=100 b=N-1 ]`,
}

var robotsConsts = map[string]int64{"N": 100, "cross": 40}

func BenchmarkExplainCPDPlain(b *testing.B) {
	explainBench(b, "../examples/cpd.prism", nil, cpdExplain, false)
}
func BenchmarkExplainCPD(b *testing.B) {
	explainBench(b, "../examples/cpd.prism", nil, cpdExplain, true)
}
func BenchmarkExplainRobotsPlain(b *testing.B) {
	explainBench(b, "../examples/robots.prism", robotsConsts, robotsExplain, false)
}
func BenchmarkExplainRobots(b *testing.B) {
	explainBench(b, "../examples/robots.prism", robotsConsts, robotsExplain, true)
}
