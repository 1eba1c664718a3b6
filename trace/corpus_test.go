package trace

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// The traces PRISM-games wrote (prism-corpus/paths) read as plans give the
// values of the same plans written out by hand.
func TestCorpusTracesAsPlans(t *testing.T) {
	needCorpus(t)
	tests := []struct {
		name, model, consts, trace, plan string
		queries                          []string
		steps                            int
		first                            string // the value of the first query
	}{
		{
			name: "csg medium access, spaces", model: "csgs/simple/medium_access2.prism",
			consts: "emax=2,q1=0.9,q2=0.75", trace: "medium_access2.path.txt",
			plan:  "[t1,t2] [t1,t2] [w1,w2] [w1,w2]",
			steps: 4,
			first: "degrees T=4 0.115 0.2830056580261339 0.6639731512177631 23/200 233236/824139",
			queries: []string{"CAR(p1, PI)=? [ F c ]", "CPR(p2, PI)=? [ F c ]", "CCR(p1, PI)=? [ F c ]",
				"CAR(p2, PI)#=? [ F s1=1 & s2=1 ]", "CAR(p1, PI) [ G !c ]"},
		},
		{
			name: "csg aloha, idle players", model: "csgs/aloha/aloha_backoff2.prism",
			consts: "bcmax=2,D=8,q=0.9", trace: "aloha_backoff2.path.txt",
			plan:    "[trans1,trans2] [try1,try2] [wait1,wait2] [wait1,wait2] [-,idle]^7",
			steps:   11,
			first:   "degrees T=11 0.012260127931769723 0.13482481260036672 0.4216362626149426 23/1876 37329305600000/276872668168637",
			queries: []string{"CAR(usr1, PI)=? [ F s1=3 ]", "CPR(usr2, PI)=? [ F s1=3 & s2=3 ]", "CCR(usr1, PI)#=? [ F s1=3 ]"},
		},
		{
			name: "smg dice, commas", model: "smgs/simple/dice.prism",
			consts: "N=3", trace: "dice.path.csv",
			plan:  "[toss1] [done1] [toss2] [done2] [loop]",
			steps: 5,
			first: "degrees T=5 1 1 1 1/1 1/1",
			queries: []string{`CAR(P1, PI)=? [ F "p1win" ]`, `CPR(P2, PI)=? [ F "p2win" ]`,
				`CCR(P1, PI)=? [ F "p1win" ]`, `CAR(P2, PI)#=? [ F "p2win" ]`},
		},
		{
			// A trace of ours: unlabelled choices named by their module.
			name: "smg example, module rows", model: "smgs/simple/smg_example.prism",
			trace:   "smg_modules.txt",
			plan:    "[send1] [#0] [#0] [send2]",
			steps:   4,
			first:   "degrees T=4 0.7380952380952381 0.4954131312815054 0.9214441657435309 31/42 15823/31939",
			queries: []string{"CPR(p1, PI)=? [ F c=2 ]", "CAR(p2, PI)=? [ F c=2 ]", "CCR(p2, PI)=? [ F h=2 ]"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fset := prism.NewFileSet()
			// The props file sits in testdata/: the trace's relative
			// path is resolved against that directory.
			rel := tc.trace
			if !strings.HasSuffix(rel, "smg_modules.txt") {
				rel = filepath.Join("..", "..", "..", "shared", "prism-corpus", "paths", tc.trace)
			}
			var b strings.Builder
			b.WriteString("plan tr = @\"" + rel + "\";\nplan hand = " + tc.plan + ";\n")
			for _, q := range tc.queries {
				b.WriteString(strings.ReplaceAll(q, "PI", "tr") + ";\n")
				b.WriteString(strings.ReplaceAll(q, "PI", "hand") + ";\n")
			}
			m, pf := build(t, fset, filepath.Join(corpus, "models", tc.model), tc.consts, "testdata/compare.props", b.String())
			c := newChecker(t, fset, m, pf)
			if got := len(pf.Plans[0].Plan.Items); got != tc.steps {
				t.Fatalf("the trace gives %d steps, want %d", got, tc.steps)
			}
			for i := 0; i < len(pf.Properties); i += 2 {
				rt, err := c.Check(pf.Properties[i].Expr)
				if err != nil {
					t.Fatalf("%s: %v", tc.queries[i/2], err)
				}
				rh, err := c.Check(pf.Properties[i+1].Expr)
				if err != nil {
					t.Fatalf("%s: %v", tc.queries[i/2], err)
				}
				if a, b := resultString(rt), resultString(rh); a != b {
					t.Errorf("%s: trace gives %s, hand-written plan %s", tc.queries[i/2], a, b)
				}
				if rt.Horizon != tc.steps {
					t.Errorf("%s: horizon %d, want %d", tc.queries[i/2], rt.Horizon, tc.steps)
				}
				if i == 0 && resultString(rt) != tc.first {
					t.Errorf("%s = %s, want %s", tc.queries[0], resultString(rt), tc.first)
				}
			}
		})
	}
}
