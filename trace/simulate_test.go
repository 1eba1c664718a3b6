package trace

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// simModels are the corpus models the simulation tests draw from.
var simModels = []struct {
	name, model, consts string
}{
	{"csg medium access", "csgs/simple/medium_access2.prism", "emax=2,q1=0.9,q2=0.75"},
	{"csg aloha", "csgs/aloha/aloha_backoff2.prism", "bcmax=2,D=8,q=0.9"},
	{"smg dice", "smgs/simple/dice.prism", "N=3"},
	{"smg with unlabelled commands", "smgs/simple/smg_example.prism", ""},
}

// simulate draws a history of m under β (and a plan's choices) and
// returns it with its text.
func simulate(t *testing.T, fset *prism.FileSet, m *translate.Model, pf *prism.PropsFile, plan string, steps int, seed int64, comma bool) (*History, string) {
	t.Helper()
	c := newChecker(t, fset, m, pf)
	beta, err := c.Beta()
	if err != nil {
		t.Fatal(err)
	}
	cfg := SimConfig{Steps: steps, Seed: seed, Beta: beta}
	if plan != "" {
		if cfg.Allowed, err = c.PlanChoices(prism.PlanRef{Name: plan}); err != nil {
			t.Fatal(err)
		}
	}
	h, err := Simulate(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, m, h, comma); err != nil {
		t.Fatal(err)
	}
	return h, b.String()
}

// A simulated trace read back is a valid history with the same states
// (and, in a csg, the same joint actions); the same seed gives the same
// file.
func TestSimulateRoundTrip(t *testing.T) {
	needCorpus(t)
	for _, tc := range simModels {
		for _, comma := range []bool{false, true} {
			name := tc.name + map[bool]string{false: " spaces", true: " commas"}[comma]
			t.Run(name, func(t *testing.T) {
				fset := prism.NewFileSet()
				m, pf := build(t, fset, filepath.Join(corpus, "models", tc.model), tc.consts, "", "")
				for seed := int64(1); seed <= 5; seed++ {
					h, text := simulate(t, fset, m, pf, "", 15, seed, comma)
					_, again := simulate(t, fset, m, pf, "", 15, seed, comma)
					if text != again {
						t.Fatalf("seed %d: two runs differ:\n%s\n%s", seed, text, again)
					}
					p, err := Parse(fset, "sim.txt", text)
					if err != nil {
						t.Fatal(err)
					}
					back, err := Check(fset, m, p)
					if err != nil {
						t.Fatalf("seed %d: the simulated trace is no history: %v\n%s", seed, err, text)
					}
					if !slices.Equal(back.States, h.States) || len(back.Steps) != 15 {
						t.Fatalf("seed %d: read back states %v, simulated %v", seed, back.States, h.States)
					}
					if m.Game.Type == prism.TypeCSG && !slices.Equal(back.Choices, h.Choices) {
						t.Fatalf("seed %d: read back choices %v, simulated %v", seed, back.Choices, h.Choices)
					}
				}
			})
		}
	}
}

// Different seeds give different draws (fixed seeds: no chance involved).
func TestSimulateSeeds(t *testing.T) {
	needCorpus(t)
	fset := prism.NewFileSet()
	m, pf := build(t, fset, filepath.Join(corpus, "models", simModels[0].model), simModels[0].consts, "", "")
	_, a := simulate(t, fset, m, pf, "", 20, 1, false)
	_, b := simulate(t, fset, m, pf, "", 20, 2, false)
	if a == b {
		t.Fatalf("seeds 1 and 2 drew the same trace:\n%s", a)
	}
}

// Joint actions come from β restricted by the plan: a zero weight is never
// drawn, and every step of a plan is followed.
func TestSimulateBehaviourAndPlan(t *testing.T) {
	needCorpus(t)
	model := filepath.Join(corpus, "models", "csgs/simple/medium_access2.prism")
	fset := prism.NewFileSet()
	m, pf := build(t, fset, model, simModels[0].consts, "sim.props", "behaviour p2 { t2 : 0, w2 : 1 };\n")
	g := m.Game
	t1, w1 := actionIndex(g, "t1"), actionIndex(g, "w1")
	t2, w2 := actionIndex(g, "t2"), actionIndex(g, "w2")
	for seed := int64(1); seed <= 10; seed++ {
		h, _ := simulate(t, fset, m, pf, "", 12, seed, false)
		for k, ch := range h.Choices {
			if g.Joint[2*ch+1] != w2 {
				t.Fatalf("seed %d step %d: p2 plays %s, which has weight 0", seed, k+1, g.Actions[g.Joint[2*ch+1]])
			}
		}
	}
	m, pf = build(t, fset, model, simModels[0].consts, "plan.props", "plan pi = [w1,t2] [*] [t1,w2];\n")
	want := [][2]int32{{w1, t2}, {-1, -1}, {t1, w2}}
	for seed := int64(1); seed <= 10; seed++ {
		h, _ := simulate(t, fset, m, pf, "pi", 6, seed, false)
		for k, w := range want {
			ch := h.Choices[k]
			if w[0] >= 0 && (g.Joint[2*ch] != w[0] || g.Joint[2*ch+1] != w[1]) {
				t.Fatalf("seed %d step %d: drew [%s,%s], the plan says [%s,%s]", seed, k+1,
					g.Actions[g.Joint[2*ch]], g.Actions[g.Joint[2*ch+1]], g.Actions[w[0]], g.Actions[w[1]])
			}
		}
	}
}

// A plan that cannot be followed stops the simulation at its step.
func TestSimulateStuck(t *testing.T) {
	needCorpus(t)
	model := filepath.Join(corpus, "models", "csgs/simple/medium_access2.prism")
	fset := prism.NewFileSet()
	m, pf := build(t, fset, model, simModels[0].consts, "plan.props", "plan pi = [t1,t2]^3;\n")
	c := newChecker(t, fset, m, pf)
	allowed, err := c.PlanChoices(prism.PlanRef{Name: "pi"})
	if err != nil {
		t.Fatal(err)
	}
	beta, err := c.Beta()
	if err != nil {
		t.Fatal(err)
	}
	_, err = Simulate(m, SimConfig{Steps: 5, Seed: 1, Beta: beta, Allowed: allowed})
	want := "step 3 of the plan allows no available joint action in state (false,1,0,1,0)"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
