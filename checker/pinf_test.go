package checker

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// P=? and P~p on infinite paths of the chain induced by the behaviour
// profile (SPEC §4), with values computed by hand.

// cpdSrc is the CPD of SPEC §8, read from examples/.
func cpdSrc(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "examples", "cpd.prism"))
	if err != nil {
		t.Fatalf("examples/cpd.prism: %v", err)
	}
	return string(b)
}

const qBehaviourProps = "behaviour p1 { d1 : 1/4, c1 : 3/4 };\nbehaviour p2 { d2 : 1/4, c2 : 3/4 };\n"

// checkProps parses and builds model and props (behaviour lines included),
// then checks the props file's only property under cfg.
func checkProps(t *testing.T, model, props string, cfg Config) (*Result, error) {
	t.Helper()
	fset, m, pf, err := buildForTest(t, model, props, cfg.Exact)
	if err != nil {
		return nil, err
	}
	cfg.Behaviours = append(cfg.Behaviours, pf.Behaviours...)
	c, err := New(fset, m.Game, m, cfg)
	if err != nil {
		t.Fatalf("checker: %v", err)
	}
	if len(pf.Properties) != 1 {
		t.Fatalf("%q: %d properties", props, len(pf.Properties))
	}
	return c.Check(pf.Properties[0].Expr)
}

// ruinSMG: from x=1 the owner of each middle state either steps down or up
// (uniform: ½ each); x=0 and x=3 absorb. Player a owns x=1, b owns x=2.
const ruinSMG = `smg
player a M, [dn1], [up1] endplayer
player b [dn2], [up2] endplayer
module M
  x : [0..3] init 1;
  [dn1] x=1 -> (x'=0);
  [up1] x=1 -> 0.5:(x'=2) + 0.5:(x'=1);
  [dn2] x=2 -> (x'=1);
  [up2] x=2 -> (x'=3);
  [] x=0 | x=3 -> true;
endmodule
`

func TestProbInfinite(t *testing.T) {
	cpd := cpdSrc(t)
	type want struct {
		prop   string
		num    float64
		isBool bool
		b      bool
		exact  bool   // num must come out exactly (graph analysis)
		count  bool   // a #=? query: the count must be num
		err    string // a substring of the expected error
	}
	n := func(p string, v float64) want { return want{prop: p, num: v} }
	ex := func(p string, v float64) want { return want{prop: p, num: v, exact: true} }
	bo := func(p string, b bool) want { return want{prop: p, isBool: true, b: b} }
	er := func(p, msg string) want { return want{prop: p, err: msg} }
	cases := []struct {
		name, model, behaviour string
		want                   []want
	}{
		// Uniform: each step ¼ each state, whatever the current one.
		{"cpd uniform", cpd, "", []want{
			ex(`P=? [ F "reward" ]`, 1),
			n(`P=? [ "fine" U "reward" ]`, 1.0/3),   // p = ¼ + ¼p
			n(`P=? [ !"payoff1" U "reward" ]`, 0.5), // p = ¼ + ½p
			n(`P=? [ "reward" R !"payoff1" ]`, 0.5), // 1 − P[!reward U payoff1]
			n(`P=? [ "fine" W "reward" ]`, 1.0/3),   // G "fine" has probability 0
			ex(`P=? [ G "fine" ]`, 0),
			ex(`P=? [ G ("fine" | "reward") ]`, 0),
			// product route: co-safe and safety formulas
			n(`P=? [ X ("fine" U "reward") ]`, 1.0/3), // ¼·1 + ¼·⅓
			// v(fine) = ¼ + ¼(v(fine) + v(payoff1) + v(payoff2)), v(payoff_i) = ¼
			n(`P=? [ "fine" U (X "reward") ]`, 0.5),
			ex(`P=? [ F ("reward" & (X "payoff1")) ]`, 1),
			n(`P=? [ (F "payoff1") & (F<=1 "reward") ]`, 0.25),
			n(`P=? [ (G !"payoff1") | (X "reward") ]`, 0.25),
			n(`P=? [ !(F "payoff1") ]`, 0),
			// nested P~p: P[X reward] = ¼ in every state; "fine" U
			// "reward" holds with ⅓ from fine, 1 from reward, 0 elsewhere
			ex(`P=? [ F P>=0.5 [ X "reward" ] ]`, 0),
			ex(`P=? [ F P<0.5 [ X "reward" ] ]`, 1),
			n(`P=? [ X P>0.3 [ "fine" U "reward" ] ]`, 0.5),
			n(`P=? [ F<=2 P>0.3 [ "fine" U "reward" ] ]`, 1),
			n(`P=? [ X X P>0.5 [ "fine" U "reward" ] ]`, 0.25),
			bo(`P>0.3 [ "fine" U "reward" ]`, true),
			bo(`P>=0.34 [ "fine" U "reward" ]`, false),
			bo(`"fine" & P<0.4 [ !"payoff1" U "reward" ]`, false),
			bo(`"fine" & P<=0.6 [ !"payoff2" W "reward" ]`, true),
			bo(`!P>=1 [ F "reward" ]`, false),
			// the nested P keeps infinite paths inside a bounded outcome
			// of a responsibility operator: fine after [d1,d2], payoff1
			// (P = 0) after [c1,d2]
			bo(`CPR(p1, [d1,d2]) [ X P>0.3 [ "fine" U "reward" ] ]`, true),
			bo(`CAR(p1, [d1,d2]) [ X P>0.3 [ "fine" U "reward" ] ]`, false),
			// inside a coalition operator: X into {fine, reward} is
			// matching pennies between p1 and p2
			n(`<<p1>> Pmax=? [ X P>0.3 [ "fine" U "reward" ] ]`, 0.5),
			ex(`<<p1,p2>> Pmax=? [ X P>0.3 [ "fine" U "reward" ] ]`, 1),
			// and in a metric: 2 of the 4 one-step histories
			{prop: `#=? [ X P>0.3 [ "fine" U "reward" ] ]`, num: 2, count: true},
			// every state recurs (one bottom component: recurrence.go)
			ex(`P=? [ G F "reward" ]`, 1),
			ex(`P=? [ F G "reward" ]`, 0),
			er(`P=? [ G F (X "reward") ]`, "none of these"),
			er(`#=? [ F "reward" ]`, "needs a plan or a horizon"),
		}},
		// q: reward 9/16, fine 1/16, payoff1 3/16, payoff2 3/16.
		{"cpd q", cpd, qBehaviourProps, []want{
			ex(`P=? [ F "payoff1" ]`, 1),
			n(`P=? [ "fine" U "reward" ]`, 0.6),      // p = 9/16 + p/16
			n(`P=? [ !"payoff1" U "reward" ]`, 0.75), // p = 9/16 + p/4
			n(`P=? [ !"reward" U "payoff1" ]`, 0.25), // p = 3/16 + p/4
			n(`P=? [ X P>0.5 [ "fine" U "reward" ] ]`, 10.0/16),
			ex(`P=? [ F P>=0.5 [ X "reward" ] ]`, 1),
		}},
		// ruin uniform: h1 = ½·(½h2 + ½h1), h2 = ½h1 + ½ → h1 = 1/5.
		{"smg ruin uniform", ruinSMG, "", []want{
			n(`P=? [ F x=3 ]`, 0.2),
			n(`P=? [ G x!=0 ]`, 0.2),
			n(`P=? [ x<3 U x=3 ]`, 0.2),
			n(`P=? [ F (x=2 & (X x=3)) ]`, 0.2),
			ex(`P=? [ F (x=0 | x=3) ]`, 1),
			n(`P=? [ F<=2 x=3 ]`, 0.125),
		}},
		// b always up, so h2 = 1: h1 = ½·(½·1 + ½h1) → h1 = 1/3.
		{"smg ruin, b goes up", ruinSMG, "behaviour b { up2 : 1 };\n", []want{
			n(`P=? [ F x=3 ]`, 1.0/3),
			n(`P=? [ F P>=1 [ F x=3 ] ]`, 1.0/3), // P>=1 [F x=3] holds at x=2 and x=3
		}},
		{"csg biased", biasedCSG, "", []want{
			n(`P=? [ F s=1 ]`, 1.9/4),
			n(`P=? [ G s!=1 ]`, 2.1/4),
		}},
		{"csg biased, alice mostly d", biasedCSG, "behaviour alice { u : 1, d : 3 };\n", []want{
			n(`P=? [ F s=1 ]`, 0.25*0.5+0.75*0.45),
		}},
		{"csg repeated pennies", repeatedPenniesCSG, "", []want{
			ex(`P=? [ F s=1 ]`, 1),
			n(`P=? [ F<=2 s=1 ]`, 0.75),
			ex(`P=? [ G s=0 ]`, 0),
		}},
		{"dtmc ruin", ruinDTMC, "", []want{
			n(`P=? [ F x=4 ]`, 0.5),
			n(`P=? [ x<4 U x=0 ]`, 0.5),
			n(`P=? [ G x>0 ]`, 0.5),
			n(`P=? [ F (x=3 & (X x=4)) ]`, 0.5),
			// to 1 first (½) then to 4 (¼); or to 3 first (½), then 1
			// before 4 (⅓), then 4 (¼): ⅛ + 1/24
			n(`P=? [ (F x=1) & (F x=4) ]`, 1.0/6),
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, w := range tc.want {
				res, err := checkProps(t, tc.model, tc.behaviour+w.prop+"\n", Config{})
				switch {
				case w.err != "":
					if err == nil || !strings.Contains(err.Error(), w.err) {
						t.Errorf("%s: got %+v, %v; want an error with %q", w.prop, res, err, w.err)
					}
				case err != nil:
					t.Errorf("%s: %v", w.prop, err)
				case w.count:
					if res.Kind != KindCount || res.Count == nil || !res.Count.IsInt64() || float64(res.Count.Int64()) != w.num {
						t.Errorf("%s: got %+v, want count %v", w.prop, res, w.num)
					}
				case w.isBool:
					if res.Kind != KindBool || res.Bool != w.b {
						t.Errorf("%s: got %+v, want %v", w.prop, res, w.b)
					}
				default:
					if res.Kind != KindNumber || !(res.Number == w.num || !w.exact && patlClose(res.Number, w.num)) {
						t.Errorf("%s: got %v (%+v), want %v", w.prop, res.Number, res, w.num)
					}
				}
			}
		})
	}
}

// With --horizon, or for a bounded ψ, P keeps the finite-history semantics;
// in exact mode an unbounded ψ is solved exactly on the chain.
func TestProbInfiniteHorizonAndExact(t *testing.T) {
	cpd := cpdSrc(t)
	cases := []struct {
		prop    string
		cfg     Config
		num     float64
		horizon int
		exact   string // "" for none
	}{
		{`P=? [ F "reward" ]`, Config{}, 1, 0, ""},
		{`P=? [ F "reward" ]`, Config{Exact: true}, 1, 0, "1"},
		{`P=? [ "fine" U "reward" ]`, Config{Exact: true}, 1.0 / 3, 0, "1/3"},
		{`P=? [ F "reward" ]`, Config{Horizon: 5}, 1 - math.Pow(0.75, 5), 5, ""},
		{`P=? [ F "reward" ]`, Config{Horizon: 2, Exact: true}, 7.0 / 16, 2, "7/16"},
		{`P=? [ "fine" U "reward" ]`, Config{Horizon: 1}, 0.25, 1, ""},
		{`P=? [ F<=3 "reward" ]`, Config{}, 1 - math.Pow(0.75, 3), 3, ""},
		{`P=? [ F<=3 "reward" ]`, Config{Exact: true}, 37.0 / 64, 3, "37/64"},
		{`P=? [ X P>0.3 [ "fine" U "reward" ] ]`, Config{Exact: true}, 0.5, 1, "1/2"},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s %+v", tc.prop, tc.cfg), func(t *testing.T) {
			res, err := checkProps(t, cpd, tc.prop+"\n", tc.cfg)
			if err != nil {
				t.Errorf("%s %+v: %v", tc.prop, tc.cfg, err)
				return
			}
			ok := res.Kind == KindNumber && patlClose(res.Number, tc.num) && res.Horizon == tc.horizon
			if tc.exact == "" {
				ok = ok && res.Exact == nil
			} else {
				ok = ok && res.Exact != nil && res.Exact.RatString() == tc.exact
			}
			if !ok {
				t.Errorf("%s %+v: got %v horizon %d exact %v; want %v horizon %d exact %q",
					tc.prop, tc.cfg, res.Number, res.Horizon, res.Exact, tc.num, tc.horizon, tc.exact)
			}
		})
	}
}

// On a model with several initial states, P=? on histories (judged from
// one state) says why it is refused; state formulas and bounds are judged
// in every initial state, as PRISM's default filter does.
func TestProbSeveralInitialStates(t *testing.T) {
	src := "dtmc\nmodule M x : [0..1]; [] true -> 0.5:(x'=0) + 0.5:(x'=1); endmodule\ninit true endinit\n"
	_, err := checkProps(t, src, "P=? [ F x=1 ]\n", Config{})
	if err == nil || !strings.Contains(err.Error(), "2 initial states") || !strings.Contains(err.Error(), "judged from exactly one") {
		t.Errorf("P=?: got %v", err)
	}
	for _, tc := range []struct {
		prop string
		want bool
	}{{`P>0.5 [ F x=1 ]`, true}, {`x=0`, false}, {`x=0 | x=1`, true}} {
		res, err := checkProps(t, src, tc.prop+"\n", Config{})
		if err != nil || res.Kind != KindBool || res.Bool != tc.want {
			t.Errorf("%s: got %+v, %v; want %v", tc.prop, res, err, tc.want)
		}
	}
	// A hand-built property missing the operand its position comes from.
	g := npdGame(2)
	g.Initial = []int32{0, 3}
	c, err := New(prism.NewFileSet(), g, &gameEnv{g: g}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Check(&prism.Binary{Op: prism.OpAnd, Y: xLab("fine")})
	if err == nil || !strings.Contains(err.Error(), "incomplete expression") {
		t.Errorf("incomplete property: got %v", err)
	}
}
