package checker

import (
	"fmt"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// The notes of plans that cannot be followed (SPEC §13), worked out by
// hand on two small games.

// unavailCSG: two players who may go while c=0; a go of p1 sets c=1 (after
// which nobody can go) with probability 1/2.
const unavailCSG = `csg
player p1 m1 endplayer
player p2 m2 endplayer
module m1
	[go1] c=0 -> true;
	[stop1] true -> true;
endmodule
module m2
	[go2] c=0 -> true;
	[stop2] true -> true;
endmodule
module w
	c : [0..1] init 0;
	[go1,go2] true -> 0.5:(c'=1) + 0.5:true;
	[go1,stop2] true -> 0.5:(c'=1) + 0.5:true;
	[stop1,go2] true -> true;
	[stop1,stop2] true -> true;
endmodule
label "crashed" = c=1;
`

// unavailSMG: p1 owns x=0 and x=1 (one choice, b, at x=1); p2 owns x=2
// (two choices).
const unavailSMG = `smg
player p1 m1, [a], [b] endplayer
player p2 m2, [c], [d] endplayer
module m1
	x : [0..2] init 0;
	[a] x=0 -> 0.5:(x'=1) + 0.5:(x'=2);
	[b] x<2 -> (x'=2);
endmodule
module m2
	[c] x=2 -> true;
	[d] x=2 -> true;
endmodule
label "two" = x=2;
`

// wantLoss is one expected loss note; count -1: not counted.
type wantLoss struct {
	coalition, player, action, state string
	step                             int
	prob                             string // exact
	count                            int64
}

func TestLossNotes(t *testing.T) {
	const plan = "plan pi = [go1,go2]^2;\n"
	p1 := wantLoss{"p1", "p1", "go1", "(c=1)", 2, "1/4", 2}
	p2 := wantLoss{"p2", "p2", "go2", "(c=1)", 2, "1/8", 1}
	both := wantLoss{"p1,p2", "p1", "go1", "(c=1)", 2, "1/8", 1}
	uncounted := func(w wantLoss) wantLoss { w.count = -1; return w }
	tests := []struct {
		name, model, props string
		free               bool
		want               []wantLoss
	}{
		// CAR's value is computed from Compat_{p1} alone.
		{"CAR degrees", unavailCSG, plan + `CAR(p1, pi)=? [ F<=2 "crashed" ]`, false, []wantLoss{p1}},
		// The probabilistic degree does not count histories.
		{"CAR P", unavailCSG, plan + `CAR(p1, pi)P=? [ F<=2 "crashed" ]`, false, []wantLoss{uncounted(p1)}},
		{"CAR boolean", unavailCSG, plan + `CAR(p1, pi) [ F<=2 "crashed" ]`, false, []wantLoss{uncounted(p1)}},
		// CPR: Compat_Ag and Compat_{Ag∖{p1}}.
		{"CPR", unavailCSG, plan + `CPR(p1, pi)=? [ F<=2 "crashed" ]`, false, []wantLoss{both, p2}},
		// CCR: every J ∋ p1 and J∖{p1}; the power indices every J.
		{"CCR", unavailCSG, plan + `CCR(p1, pi)=? [ F<=2 "crashed" ]`, false, []wantLoss{p1, both, p2}},
		{"SHAPLEY", unavailCSG, plan + `SHAPLEY(p2, pi)=? [ F<=2 "crashed" ]`, false, []wantLoss{p1, both, p2}},
		// Under free the same histories are kept, and the note says so.
		{"free", unavailCSG, plan + `CCR(p1, pi)=? [ F<=2 "crashed" ]`, true, []wantLoss{p1, both, p2}},
		// A plan that can always be followed, and a loss only after the
		// horizon's first step that no history reaches.
		{"stop", unavailCSG, `CCR(p1, [stop1,stop2]^2)=? [ F<=2 "crashed" ]`, false, nil},
		{"one step", unavailCSG, `CCR(p1, [go1,go2])=? [ F<=2 "crashed" ]`, false, nil},
		// smg: at x=1 p1 owns the state but has one choice, not #1 (at
		// x=2, p2's state, the step constrains only p2).
		{"smg", unavailSMG, `CAR(p1, [a] [#1])=? [ F<=2 "two" ]`, false, []wantLoss{{"p1", "p1", "#1", "(x=1)", 2, "1/4", 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fset, m, pf, err := buildForTest(t, tc.model, tc.props, true)
			if err != nil {
				t.Fatal(err)
			}
			plans := map[string]*prism.Plan{}
			for _, d := range pf.Plans {
				plans[d.Name.Name] = d.Plan
			}
			cfg := Config{Exact: true, Plans: plans}
			if tc.free {
				cfg.Unavailable = UnavailableFree
			}
			c, err := New(fset, m.Game, m, cfg)
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Check(pf.Properties[0].Expr)
			if err != nil {
				t.Fatal(err)
			}
			var got []*PlanLoss
			for _, n := range res.Notes {
				got = append(got, n.Losses...)
				for _, l := range n.Losses {
					if !strings.Contains(n.Msg, "Compat_{"+strings.Join(l.Coalition, ",")+"}") {
						t.Errorf("note %q does not name the set of {%s}", n.Msg, strings.Join(l.Coalition, ","))
					}
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d loss notes, want %d: %v", len(got), len(tc.want), res.Notes)
			}
			for i, w := range tc.want {
				l := got[i]
				count := "nil"
				if l.Count != nil {
					count = l.Count.String()
				}
				wantCount := fmt.Sprint(w.count)
				if w.count < 0 {
					wantCount = "nil"
				}
				if strings.Join(l.Coalition, ",") != w.coalition || l.Step != w.step || l.Player != w.player ||
					l.Action != w.action || l.StateText != w.state || l.ProbExact == nil || l.ProbExact.RatString() != w.prob ||
					count != wantCount || l.Kept != tc.free {
					t.Errorf("note %d: {%s} step %d %s %s %s prob %v count %s kept %v; want %+v",
						i, strings.Join(l.Coalition, ","), l.Step, l.Player, l.Action, l.StateText, l.ProbExact, count, l.Kept, w)
				}
				msg := l.Message()
				for _, part := range []string{fmt.Sprintf("step %d", w.step), w.state, "Compat_{" + w.coalition + "}", GuidePlans} {
					if !strings.Contains(msg, part) {
						t.Errorf("note %q lacks %q", msg, part)
					}
				}
				if tc.free != strings.Contains(msg, "keeps in") {
					t.Errorf("note %q does not say what the reading does", msg)
				}
				if w.count >= 0 && !strings.Contains(msg, wantCount+" histor") {
					t.Errorf("note %q lacks the count %s", msg, wantCount)
				}
			}
		})
	}
}

// TestOmissionNote: a csg step that names some players' actions and not
// others' leaves them free with a note; * or a trace row naming every
// player does not.
func TestOmissionNote(t *testing.T) {
	tests := []struct{ plan, want string }{
		{"[go1]^2", "step [go1] of plan pi names no action of p2, who is free at that step; write * in that player's place to say so ([go1,*])"},
		{"[go1] [go1]", "step [go1] of plan pi names no action of p2, who is free at that step (as do 1 more of its steps)"},
		{"([stop2] [go1])", "step [stop2] of plan pi names no action of p1"},
		{"[go1,*]^2", ""},
		{"[*] [go1,go2]", ""},
		{"[*,stop2] [stop1,stop2]", ""},
	}
	for _, tc := range tests {
		t.Run(tc.plan, func(t *testing.T) {
			fset, m, pf, err := buildForTest(t, unavailCSG, "plan pi = "+tc.plan+";\nCAR(p1, pi) [ F<=2 \"crashed\" ]", false)
			if err != nil {
				t.Fatal(err)
			}
			c, err := New(fset, m.Game, m, Config{Plans: map[string]*prism.Plan{"pi": pf.Plans[0].Plan}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Check(pf.Properties[0].Expr)
			if err != nil {
				t.Fatal(err)
			}
			var msgs []string
			for _, n := range res.Notes {
				if n.Losses == nil {
					msgs = append(msgs, n.Msg)
				}
			}
			switch {
			case tc.want == "" && len(msgs) > 0:
				t.Errorf("unexpected notes %q", msgs)
			case tc.want != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], tc.want) || !strings.Contains(msgs[0], GuideUnnamed)):
				t.Errorf("notes %q, want one with %q", msgs, tc.want)
			}
		})
	}
}
