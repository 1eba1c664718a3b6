package checker

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/prism"
)

// lazySMG is a turn-based game with a chance move, for coalition
// operators whose exact values come from solve.ExactReach.
const lazySMG = `smg
player a [l], [r] endplayer
module m
  x : [0..3] init 0;
  [l] x=0 -> 1/3:(x'=1) + 2/3:(x'=2);
  [r] x=0 -> 1/2:(x'=2) + 1/2:(x'=3);
  [] x>0 -> true;
endmodule
`

// TestLazyProfileEveryQuery: the behaviour profile is computed when a
// query first needs it (Checker.profile), so every path that reads β,
// its exact values or the exact transition probabilities must ask for it
// first. Each query is checked as the first one of a fresh checker and on
// a checker whose profile was forced beforehand, plain and under
// Config.Exact (and Config.Explain): the results must be the same. A
// path that reads them without asking either fails (a nil β) or loses
// the exact value (a nil probRat), as S=? under --exact once did.
func TestLazyProfileEveryQuery(t *testing.T) {
	defer limit.SetWork(-1, 0)
	limit.SetWork(-1, 0)
	cpd := cpdSrc(t)
	cases := []struct{ model, props string }{
		// Finite-history passes: P, #, H within a horizon, degrees,
		// power indices, boolean responsibility operators.
		{cpd, `P=? [ G<=2 ("fine"|"reward") ]`},
		{cpd, `#=? [ G<=2 ("fine"|"reward") ]`},
		{cpd, `H=? [ G<=2 ("fine"|"reward") ]`},
		{cpd, `Hinf=? [ G ("fine"|"reward") ]`},
		{cpd, `CPR(p1, [c1,c2] [c1,c2])=? [ F<=2 "reward" ]`},
		{cpd, `CCR(p1, [c1,c2] [d1,d2])P=? [ G<=2 ("fine"|"reward") ]`},
		{cpd, `CAR(p1, [d1,d2]) [ X ("fine"|"payoff2") ]`},
		{cpd, `CCR(p1, [c1,d2] [d1,d2]) [ F<=2 "fine" ]`},
		{cpd, `SHAPLEY(p1, [d1,d2])=? [ X "fine" ]`},
		{cpd, `BANZHAF(p2, [d1,d2])P=? [ X "fine" ]`},
		// P on infinite paths: single operators, products, recurrence,
		// nested operators.
		{cpd, `P=? [ "fine" U "reward" ]`},
		{cpd, `P=? [ G F "reward" ]`},
		{cpd, `P=? [ (F G "fine") | (G F "payoff1") ]`},
		{cpd, `P=? [ (F "reward") & (F "payoff1") ]`},
		{cpd, `P=? [ G F P>=1/2 [ X "fine" ] ]`},
		{cpd, `P>=1/4 [ X "fine" ]`},
		{cpd, `filter(forall, P>=1/4 [ X "fine" ])`},
		// Coalition operators (no β) with nested P (β).
		{cpd, `<<p1>> Pmax=? [ F P>=1/4 [ X "reward" ] ]`},
		{cpd, `<<p1,p2>> P>=1 [ F "reward" ]`},
		// Chains: P, S, Pmax/Pmin, nested S.
		{grSrc, `P=? [ F s=3 ]`},
		{grSrc, `P=? [ F (s=1 & (X s=3)) ]`},
		{grSrc, `P=? [ F<=3 s=3 ]`},
		{grSrc, `S=? [ s=3 ]`},
		{stSrc, `S=? [ s=2 | s=3 ]`},
		{stSrc, `P=? [ F S>=5/6 [ s=4 ] ]`},
		{stSrc, `P=? [ G F s=4 ]`},
		{stSrc, `P=? [ F G (s=3|s=4) ]`},
		{grSrc, `Pmax=? [ F s=3 ]`},
		{grSrc, `Pmin=? [ G s!=3 ]`},
		{ruinSrc, `P=? [ F x=N ]`},
		// Turn-based game: exact reachability, and P over its profile.
		{lazySMG, `<<a>> Pmax=? [ F x=2 ]`},
		{lazySMG, `<<a>> Pmin=? [ F x=2 ]`},
		{lazySMG, `P=? [ F x=2 ]`},
		{lazySMG, `P=? [ X x=3 ]`},
	}
	for _, tc := range cases {
		for _, cfg := range []Config{{}, {Exact: true}, {Exact: true, Explain: true}} {
			name := fmt.Sprintf("%s/exact=%v,explain=%v", tc.props, cfg.Exact, cfg.Explain)
			t.Run(name, func(t *testing.T) {
				fresh := lazyCheck(t, tc.model, tc.props, cfg, false)
				forced := lazyCheck(t, tc.model, tc.props, cfg, true)
				if fresh != forced {
					t.Errorf("first query of a fresh checker:\n%s\nwith the profile forced first:\n%s", fresh, forced)
				}
			})
		}
	}
}

// lazyCheck checks props' only property on a new checker, after forcing
// its behaviour profile when force, and describes the result.
func lazyCheck(t *testing.T, model, props string, cfg Config, force bool) string {
	t.Helper()
	fset, m, pf, err := buildForTest(t, model, props, cfg.Exact)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(fset, m.Game, m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if force {
		c.needProfile()
	}
	r, err := c.Check(pf.Properties[0].Expr)
	if err != nil {
		return "error: " + err.Error()
	}
	return describeResult(t, r)
}

// describeResult prints every field of r, exact values included.
func describeResult(t *testing.T, r *Result) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatalf("describing %+v: %v", r, err)
	}
	return string(b)
}

// TestLazyProfileEntryPoints: the checker's other entry points (blame,
// --explain of one operator, the outcome export, languages, plans) give
// the same on a fresh checker as on one whose profile was forced.
func TestLazyProfileEntryPoints(t *testing.T) {
	defer limit.SetWork(-1, 0)
	limit.SetWork(-1, 0)
	cpd := cpdSrc(t)
	const props = `CCR(p1, [c1,d2] [d1,d2])P=? [ G<=2 ("fine"|"reward") ]`
	for _, exact := range []bool{false, true} {
		run := func(force bool) string {
			fset, m, pf, err := buildForTest(t, cpd, props, exact)
			if err != nil {
				t.Fatal(err)
			}
			c, err := New(fset, m.Game, m, Config{Exact: exact, Explain: true})
			if err != nil {
				t.Fatal(err)
			}
			if force {
				c.needProfile()
			}
			x := prism.Unparen(pf.Properties[0].Expr).(*prism.Resp)
			var out strings.Builder
			add := func(what string, v any, err error) {
				b, jerr := json.Marshal(v)
				if jerr != nil {
					b = []byte(fmt.Sprintf("%+v", v))
				}
				fmt.Fprintf(&out, "%s: %s %v\n", what, b, err)
			}
			bl, err := c.Blame(x.Plan, x.Outcome, x.OpPos)
			add("blame", bl, err)
			holds, ex, err := c.ExplainResp(x)
			add("explain", []any{holds, ex}, err)
			eo, err := c.ExportOutcome(x)
			add("export-outcome", len(eo), err)
			ls, err := c.Languages(x)
			add("languages", ls, err)
			return out.String()
		}
		if fresh, forced := run(false), run(true); fresh != forced {
			t.Errorf("exact=%v: fresh checker:\n%s\nprofile forced first:\n%s", exact, fresh, forced)
		}
	}
}

// TestBetaDeadline: Beta computes the profile when no query has, and a
// deadline passed (--timeout, Ctrl-C) is its error, not a panic (onus
// simulate calls it first).
func TestBetaDeadline(t *testing.T) {
	defer limit.SetWork(-1, 0)
	limit.SetWork(-1, 0)
	fset, m, _, err := buildForTest(t, walkModel, `<<p1>> Pmax=? [ F x=20000 ]`, false)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(fset, m.Game, m, Config{})
	if err != nil {
		t.Fatal(err)
	}
	limit.Interrupt()
	_, err = c.Beta()
	var le *LimitError
	if !errors.As(err, &le) || le.Setting != limit.SettingInterrupt {
		t.Errorf("Beta after Ctrl-C: %v, want the interrupt's limit error", err)
	}
	limit.SetWork(-1, 0)
	beta, err := c.Beta()
	if err != nil || len(beta) != 2*20001-1 || beta[0] != 0.5 {
		t.Errorf("Beta: %d choices, %v; want %d, β[0] = 0.5", len(beta), err, 2*20001-1)
	}
}
