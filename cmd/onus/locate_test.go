package main

import (
	"encoding/json"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// locateJSON is the part of locate's JSON the tests read.
type locateJSON struct {
	Mode   string `json:"mode"`
	Groups []struct {
		Group   string            `json:"group"`
		States  []string          `json:"states"`
		Shapley float64           `json:"shapley"`
		StdErr  float64           `json:"stderr"`
		Banzhaf float64           `json:"banzhaf"`
		Count   json.Number       `json:"count"`
		Exact   map[string]string `json:"exact"`
	} `json:"groups"`
}

func locateRunJSON(t *testing.T, args ...string) locateJSON {
	t.Helper()
	code, out, errs := onus(t, append(append([]string{"locate"}, args...), "--json")...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var r locateJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return r
}

// TestLocateHandChecked: the values worked out by hand in the comments of
// examples/locate/*.prism (and the specification's §12.6 choices model), for
// every grouping and mode: group → "shapley banzhaf count" (exact), or
// "shapley" alone.
func TestLocateHandChecked(t *testing.T) {
	dir := "../../examples/locate/"
	choices := []string{dir + "choices.prism", "--objective", `P>=1 [G !"bad"]`}
	cases := []struct {
		name string
		args []string
		want map[string]string
	}{
		{"spec forward", choices, map[string]string{"(s=1)": "1/3 1/2 2", "(s=2)": "1/3 1/2 2", "(s=3)": "1/3 1/2 2"}},
		{"spec pessimistic", append(choices, "--counterexample", "@"+dir+"choices.ce"),
			map[string]string{"(s=2)": "2/3 3/4 3", "(s=1)": "1/6 1/4 1", "(s=3)": "1/6 1/4 1"}},
		{"spec pessimistic from a simulation path", append(choices, "--counterexample", "@"+dir+"choices.trace.txt", "--pessimistic"),
			map[string]string{"(s=2)": "2/3 3/4 3", "(s=1)": "1/6 1/4 1", "(s=3)": "1/6 1/4 1"}},
		{"spec optimistic", append(choices, "--counterexample", "@"+dir+"choices.ce", "--optimistic"),
			map[string]string{"(s=1)": "1/2 1/2 2", "(s=2)": "1/2 1/2 2", "(s=5)": "0 0 0"}},
		// Two null players (s=4, s=5) double Count twice and change nothing else.
		{"individual-all", append(choices, "--group", "individual-all"),
			map[string]string{"(s=1)": "1/3 1/2 8", "(s=2)": "1/3 1/2 8", "(s=3)": "1/3 1/2 8", "(s=4)": "0 0 0", "(s=5)": "0 0 0"}},
		// Backward label groups: mid holds s=2 and s=3, top s=1.
		{"labels pessimistic", append(choices, "--counterexample", "@"+dir+"choices.ce", "--group", "labels(top mid)"),
			map[string]string{"mid": "1 1 4", "top": "0 0 0", "unlabelled": "0 0 0"}},
		{"labels optimistic", append(choices, "--counterexample", "@"+dir+"choices.ce", "--optimistic", "--group", "labels(top mid)"),
			map[string]string{"mid": "1/2 1/2 2", "top": "1/2 1/2 2", "unlabelled": "0 0 0"}},
		{"individual", []string{dir + "network.prism", "--objective", `P>=1 [F "goal"]`},
			map[string]string{"(n=4)": "7/12 5/8 5", "(n=3)": "1/4 3/8 3", "(n=1)": "1/12 1/8 1", "(n=2)": "1/12 1/8 1"}},
		// Backward variable groups: the empty groups (s=4), (s=5) are null
		// players (pessimistic: s=5 is bad, s=4 has one successor) and
		// multiply Count by 4; optimistic: the players are ρ's states, the
		// bad end (s=5) included.
		{"variables pessimistic", append(choices, "--counterexample", "@"+dir+"choices.ce", "--group", "variables(s)"),
			map[string]string{"(s=2)": "2/3 3/4 12", "(s=1)": "1/6 1/4 4", "(s=3)": "1/6 1/4 4", "(s=4)": "0 0 0", "(s=5)": "0 0 0"}},
		{"variables optimistic", append(choices, "--counterexample", "@"+dir+"choices.ce", "--optimistic", "--group", "variables(s)"),
			map[string]string{"(s=1)": "1/2 1/2 8", "(s=2)": "1/2 1/2 8", "(s=3)": "0 0 0", "(s=4)": "0 0 0", "(s=5)": "0 0 0"}},
		{"labels forward", []string{dir + "network.prism", "--objective", `P>=1 [F "goal"]`, "--group", `labels(a "b")`},
			map[string]string{"no labels": "7/12", "a": "1/4", "a, b": "1/12", "b": "1/12"}},
		{"variables", []string{dir + "network.prism", "--objective", `P>=1 [F "goal"]`, "--group", "variables(n)"},
			map[string]string{"(n=4)": "7/12", "(n=3)": "1/4", "(n=1)": "1/12", "(n=2)": "1/12", "(n=5)": "0", "(n=6)": "0"}},
		{"refine", []string{dir + "network.prism", "--objective", `P>=1 [F "goal"]`, "--refine"},
			map[string]string{"(n=4)": "7/12", "(n=3)": "1/4", "(n=1)": "1/12", "(n=2)": "1/12"}},
		{"modules", []string{dir + "sensor.prism", "--objective", `P>=1 [G !"crash"]`, "--group", "modules"},
			map[string]string{"sensor": "2/3", "driver1": "1/6", "driver2": "1/6", "scheduler": "0", "road": "0", "go1": "0", "go2": "0"}},
		{"actions", []string{dir + "buttons.prism", "--objective", `P>=1 [F "open"]`, "--group", "actions"},
			map[string]string{"a": "1/2 1/2 2", "b": "1/2 1/2 2", "c": "0 0 0"}},
		{"players", []string{dir + "duel.prism", "--objective", `P>=1 [G !"escaped"]`, "--group", "players"},
			map[string]string{"g1": "1/2 1/2 2", "g2": "1/2 1/2 2", "thief": "0 0 0"}},
		// Three prisoners of examples/cpd_n.prism (a csg): the reward needs
		// all three to cooperate; p4..p8 idle. Each of the three swings
		// only when joining the other two (Banzhaf 2^-2, Count 2^5 for
		// the five idle players).
		{"players of a csg", []string{"../../examples/cpd_n.prism", "--const", "n=3", "--objective", `P>=1 [F "reward"]`, "--group", "players"},
			map[string]string{"p1": "1/3 1/4 32", "p2": "1/3 1/4 32", "p3": "1/3 1/4 32", "p4": "0 0 0", "p5": "0 0 0", "p6": "0 0 0", "p7": "0 0 0", "p8": "0 0 0"}},
		{"value game", []string{dir + "lottery.prism", "--objective", `Pmax=? [F "prize"]`},
			map[string]string{"(at=0)": "1/2 1/2 0", "(at=1)": "1/2 1/2 0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := locateRunJSON(t, append(c.args, "--exact")...)
			if len(r.Groups) != len(c.want) {
				t.Fatalf("%d groups, want %d: %+v", len(r.Groups), len(c.want), r.Groups)
			}
			for _, g := range r.Groups {
				w, ok := c.want[g.Group]
				if !ok {
					t.Fatalf("unexpected group %q", g.Group)
				}
				f := strings.Fields(w)
				got := []float64{g.Shapley, g.Banzhaf}
				for i, x := range f {
					if i == 2 {
						if string(g.Count) != x {
							t.Errorf("%s count = %s, want %s", g.Group, g.Count, x)
						}
						continue
					}
					want, _ := new(big.Rat).SetString(x)
					wf, _ := want.Float64()
					if math.Abs(got[i]-wf) > 1e-6 {
						t.Errorf("%s index %d = %v, want %s", g.Group, i, got[i], x)
					}
					name := []string{"shapley", "banzhaf"}[i]
					if e, ok := g.Exact[name]; ok && e != x {
						t.Errorf("%s exact %s = %s, want %s", g.Group, name, e, x)
					}
				}
			}
		})
	}
}

// TestLocateSamples: sampled Shapley values lie within four standard
// errors of the exact ones, and a seed gives the same estimates again.
func TestLocateSamples(t *testing.T) {
	args := []string{"../../examples/locate/network.prism", "--objective", `P>=1 [F "goal"]`, "--samples", "2000", "--seed", "5", "--index", "shapley"}
	exact := map[string]float64{"(n=4)": 7.0 / 12, "(n=3)": 0.25, "(n=1)": 1.0 / 12, "(n=2)": 1.0 / 12}
	r := locateRunJSON(t, args...)
	for _, g := range r.Groups {
		if g.StdErr <= 0 || math.Abs(g.Shapley-exact[g.Group]) > 4*g.StdErr {
			t.Errorf("%s: %v ± %v, exact %v", g.Group, g.Shapley, g.StdErr, exact[g.Group])
		}
	}
	again := locateRunJSON(t, args...)
	for i := range r.Groups {
		if r.Groups[i].Group != again.Groups[i].Group || r.Groups[i].Shapley != again.Groups[i].Shapley || r.Groups[i].StdErr != again.Groups[i].StdErr {
			t.Fatalf("two runs with one seed differ: %+v, %+v", r.Groups[i], again.Groups[i])
		}
	}
}

// TestLocateGolden: the table, the list of groupings and the results file.
func TestLocateGolden(t *testing.T) {
	dir := "../../examples/locate/"
	cases := []struct {
		name string
		args []string
	}{
		{"locate_choices", []string{dir + "choices.prism", "--objective", `P>=1 [G !"bad"]`}},
		{"locate_choices_pessimistic_exact", []string{dir + "choices.prism", "--objective", `P>=1 [G !"bad"]`, "--counterexample", "@" + dir + "choices.ce", "--exact"}},
		{"locate_list_groups", []string{"--list-groups", dir + "sensor.prism"}},
		{"locate_network_samples", []string{dir + "network.prism", "--objective", `P>=1 [F "goal"]`, "--samples", "500", "--index", "shapley"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := onus(t, append([]string{"locate"}, c.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, errs)
			}
			checkGolden(t, c.name, out)
		})
	}
	t.Run("export-results", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "r.csv")
		code, _, errs := onus(t, "locate", dir+"choices.prism", "--objective", `P>=1 [G !"bad"]`, "--counterexample", "@"+dir+"choices.ce", "--exact", "--export-results", path)
		if code != exitOK {
			t.Fatal(errs)
		}
		b, _ := os.ReadFile(path)
		want := "group,states,shapley,banzhaf,count\n(s=2),1,2/3,3/4,3\n(s=1),1,1/6,1/4,1\n(s=3),1,1/6,1/4,1\n"
		if string(b) != want {
			t.Errorf("got\n%s\nwant\n%s", b, want)
		}
	})
}

// TestLocateErrors: bad input is refused at its line and column.
func TestLocateErrors(t *testing.T) {
	dir := "../../examples/locate/"
	tmp := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	model := dir + "choices.prism"
	obj := []string{"--objective", `P>=1 [G !"bad"]`}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"not a path", append(append([]string{model}, obj...), "--counterexample", "@"+write("a.ce", "(1)\n(4)\n(5)\n")),
			"a.ce:2:1: error: this state is no successor of (s=1), the state before it"},
		{"not from the initial state", append(append([]string{model}, obj...), "--counterexample", "@"+write("b.ce", "(2)\n(5)\n")),
			"b.ce:1:1: error: the counterexample must start in the initial state (s=1)"},
		{"does not end bad", append(append([]string{model}, obj...), "--counterexample", "@"+write("c.ce", "(1)\n(2)\n(4)\n")),
			"c.ce:3:1: error: the counterexample must end in a state violating the objective"},
		{"unknown variable in a state", append(append([]string{model}, obj...), "--counterexample", "@"+write("d.ce", "(1)\n(t=2)\n")),
			"d.ce:2:2: error: unknown variable t"},
		{"bad state syntax", append(append([]string{model}, obj...), "--counterexample", "@"+write("e.ce", "(1)\n(2,\n")),
			"e.ce:2:4: error: expected a value"},
		{"no state of the model", append(append([]string{model}, obj...), "--counterexample", "@"+write("f.ce", "(1)\n(9)\n")),
			"f.ce:2:1: error: no reachable state of the model has these values"},
		{"too many values", append(append([]string{model}, obj...), "--counterexample", "@"+write("g.ce", "(1)\n(2,3)\n")),
			"g.ce:2:1: error: the state has 2 values, the model 1 variables (s)"},
		{"empty counterexample", append(append([]string{model}, obj...), "--counterexample", "@"+write("h.ce", "")),
			"h.ce:1:1: error: the counterexample holds no state"},
		{"no value of the variable", append(append([]string{model}, obj...), "--counterexample", "@"+write("i.ce", "(1)\n(true)\n")),
			`i.ce:2:2: error: "true" is no value of variable s`},
		{"unknown label in the objective", []string{model, "--objective", `P>=1 [F "nope"]`},
			`--objective:1:9: error: unknown label "nope"`},
		{"value of G F", []string{model, "--objective", `Pmax=? [G F "bad"]`},
			"--objective:1:1: error: onus locate computes the value of F and G objectives only"},
		{"minimum", []string{model, "--objective", `Pmin=? [F "bad"]`},
			"--objective:1:1: error: onus locate takes"},
		{"modules of a csg", []string{"../../examples/bridge.prism", "--objective", `P>=1 [F "crossed"]`, "--group", "modules"},
			"--group:1:1: error: --group modules needs modules that move one at a time"},
		{"unknown label", append(append([]string{model}, obj...), "--group", "labels(top nope)"),
			`--group:1:12: error: unknown label "nope"`},
		{"unknown variable", append(append([]string{model}, obj...), "--group", "variables(s q)"),
			"--group:1:13: error: unknown variable q"},
		{"unknown grouping", append(append([]string{model}, obj...), "--group", "states"),
			`--group:1:1: error: unknown grouping "states"`},
		{"objective outside 12.2", []string{model, "--objective", `P>=1 [X !"bad"]`},
			"--objective:1:7: error: onus locate takes P>=1 [F φ]"},
		{"bounded objective", []string{model, "--objective", `P>=1 [F<=3 "bad"]`},
			"--objective:1:7: error: onus locate takes"},
		{"probability bound", []string{model, "--objective", `P>=0.5 [F "bad"]`},
			"--objective:1:4: error: onus locate asks whether the objective holds with probability 1"},
		{"backward reachability", []string{model, "--objective", `P>=1 [F "bad"]`, "--counterexample", "@" + dir + "choices.ce"},
			"--objective:1:1: error: a counterexample explains a violation of P>=1 [G φ]"},
		{"players on an mdp", append(append([]string{model}, obj...), "--group", "players"),
			"--group:1:1: error: --group players needs a game with players"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := onus(t, append([]string{"locate"}, c.args...)...)
			if code != exitBadInput {
				t.Fatalf("exit %d, want %d\n%s", code, exitBadInput, errs)
			}
			if !strings.Contains(errs, c.want) {
				t.Errorf("stderr %q does not contain %q", errs, c.want)
			}
		})
	}
}

// TestLocateLimits: exact indices beyond what can be computed are a
// resource limit (exit 3), not a wait of minutes.
func TestLocateLimits(t *testing.T) {
	code, _, errs := onus(t, "locate", "../../examples/locate/sensor.prism", "--objective", `Pmax=? [F "crash"]`)
	if code != exitLimit || !strings.Contains(errs, "more than 21 players with a choice for exact indices of a Pmax=? objective on 32 states (use --samples)") {
		t.Errorf("exit %d: %s", code, errs)
	}
}
