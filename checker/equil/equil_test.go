package equil

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/onus-mc/onus/checker/solve/nfg"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// load builds testdata/name.
func load(t testing.TB, name string) *translate.Game {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, name, string(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		t.Fatal(err)
	}
	m, err := translate.Build(fset, mf, nil, translate.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return m.Game
}

// obj describes an objective by names: kind, bound, label names for Left
// and Target ("" for none) and a reward structure name.
type obj struct {
	kind         Kind
	bounded      bool
	bound        int
	left, target string
	rew          string
}

func (o obj) build(t *testing.T, g *translate.Game) Objective {
	out := Objective{Kind: o.kind, Bounded: o.bounded, Bound: o.bound}
	if o.left != "" {
		out.Left = g.Label(o.left)
	}
	if o.target != "" {
		if out.Target = g.Label(o.target); out.Target == nil {
			t.Fatalf("no label %q", o.target)
		}
	}
	if o.rew != "" {
		for _, r := range g.Rewards {
			if r.Name == o.rew {
				out.StateRew, out.TransRew = r.State, r.Trans
			}
		}
	}
	return out
}

type equilCase struct {
	name      string
	model     string
	o1, o2    obj
	corr, min bool
	crit      nfg.Criterion
	want1, v2 float64 // the coalitions' values at the initial state
}

var (
	cum1    = func(k int, r string) obj { return obj{kind: Cumul, bounded: true, bound: k, rew: r} }
	inst1   = func(k int, r string) obj { return obj{kind: Inst, bounded: true, bound: k, rew: r} }
	reach   = func(target, r string) obj { return obj{kind: Reach, target: target, rew: r} }
	until   = func(k int, target string) obj { return obj{kind: Until, bounded: true, bound: k, target: target} }
	finally = func(target string) obj { return obj{kind: Until, target: target} }
	inf     = math.Inf(1)
)

var equilCases = []equilCase{
	// E3: the infinite horizon is the limit of the finite ones.
	{name: "stop game R[F]", model: "stopgame.prism", o1: reach("stopped", "r1"), o2: reach("stopped", "r2"), want1: 2.0 / 3, v2: 7.0 / 6},
	{name: "stop game C<=1", model: "stopgame.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), want1: 1.0 / 3, v2: 2},
	{name: "stop game C<=2", model: "stopgame.prism", o1: cum1(2, "r1"), o2: cum1(2, "r2"), want1: 2.0 / 3, v2: 7.0 / 6},
	{name: "stop game C<=10", model: "stopgame.prism", o1: cum1(10, "r1"), o2: cum1(10, "r2"), want1: 2.0 / 3, v2: 7.0 / 6},
	// E1: the four criteria, max and min.
	{name: "one shot nash social", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), want1: 6, v2: 2},
	{name: "one shot nash fair", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), crit: nfg.Fair, want1: 4, v2: 3.5},
	{name: "one shot corr social", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), corr: true, want1: 4.8, v2: 4},
	{name: "one shot corr fair", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), corr: true, crit: nfg.Fair, want1: 13.0 / 3, v2: 13.0 / 3},
	{name: "one shot min nash social", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), min: true, want1: 0, v2: 1},
	{name: "one shot min nash fair", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), min: true, crit: nfg.Fair, want1: 5, v2: 5},
	{name: "one shot min corr social", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), min: true, corr: true, want1: 0, v2: 1},
	{name: "one shot min corr fair", model: "oneshot.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), min: true, corr: true, crit: nfg.Fair, want1: 11.0 / 6, v2: 11.0 / 6},
	// E6: the textbook correlated equilibrium (PRISM-games: 13 and 80/11).
	{name: "three actions nash", model: "threeway.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), want1: 4, v2: 0},
	{name: "three actions corr", model: "threeway.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), corr: true, want1: 4, v2: 0},
	{name: "three actions corr fair", model: "threeway.prism", o1: cum1(1, "r1"), o2: cum1(1, "r2"), corr: true, crit: nfg.Fair, want1: 4, v2: 0},
	// E7: dominance with a tail phase; costs; infinity at a known state.
	{name: "branch C<=2 C<=1", model: "branch.prism", o1: cum1(2, "r1"), o2: cum1(1, "r2"), want1: 8, v2: 2},
	{name: "branch min R[F]", model: "branch.prism", o1: reach("end", "r1"), o2: reach("end", "r2"), min: true, want1: 1, v2: 9},
	{name: "branch infinite", model: "branch.prism", o1: reach("moved", "r1"), o2: reach("end", "r2"), want1: 3, v2: inf},
	// E7, mixed I=k: the state reward counts once (PRISM-games: 4 and 20);
	// with I=0 p1 is indifferent and helps p2.
	{name: "branch mixed I=0", model: "branch.prism", o1: inst1(0, "r1"), o2: reach("end", "r2"), min: true, want1: 1, v2: 2},
	{name: "branch mixed I=1", model: "branch.prism", o1: inst1(1, "r1"), o2: reach("end", "r2"), min: true, want1: 0, v2: 9},
	{name: "branch mixed C<=2", model: "branch.prism", o1: cum1(2, "r1"), o2: reach("end", "r2"), min: true, want1: 1, v2: 9},
	// Bound 0 and X (PRISM-games: 0 and 1).
	{name: "bound 0", model: "step.prism", o1: until(0, "zero"), o2: until(2, "two"), want1: 1, v2: 1},
	{name: "next", model: "step.prism", o1: obj{kind: Next, bounded: true, bound: 1, target: "one"}, o2: until(2, "zero"), want1: 1, v2: 1},
	{name: "next against", model: "step.prism", o1: obj{kind: Next, bounded: true, bound: 1, target: "one"}, o2: until(2, "two"), want1: 1, v2: 0},
	{name: "P unbounded against", model: "step.prism", o1: finally("one"), o2: finally("two"), want1: 1, v2: 0},
	{name: "P mixed", model: "step.prism", o1: until(1, "one"), o2: finally("two"), want1: 1, v2: 0},
}

func TestSolve(t *testing.T) {
	for _, tc := range equilCases {
		t.Run(tc.name, func(t *testing.T) {
			g := load(t, tc.model)
			q := &Query{Coalitions: [2][]int{{0}, {1}}, Correlated: tc.corr, Criterion: tc.crit, Min: tc.min,
				Objectives: [2]Objective{tc.o1.build(t, g), tc.o2.build(t, g)}}
			r, err := Solve(g, q, Config{})
			if err != nil {
				t.Fatal(err)
			}
			s := int(g.Initial[0])
			got := [2]float64{r.Values[0][s], r.Values[1][s]}
			if !near(got[0], tc.want1) || !near(got[1], tc.v2) {
				t.Errorf("(%v, %v), want (%v, %v)", got[0], got[1], tc.want1, tc.v2)
			}
		})
	}
}

func near(a, b float64) bool {
	if math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-6*(1+math.Abs(b))
}

func TestSolveRefuses(t *testing.T) {
	g := load(t, "step.prism")
	two := finally("two").build(t, g)
	cases := []struct {
		name string
		q    Query
	}{
		{"player twice", Query{Coalitions: [2][]int{{0}, {0}}, Objectives: [2]Objective{two, two}}},
		{"player missing", Query{Coalitions: [2][]int{{0}, nil}, Objectives: [2]Objective{two, two}}},
		{"P with R", Query{Coalitions: [2][]int{{0}, {1}}, Objectives: [2]Objective{two, {Kind: Reach, Target: two.Target}}}},
		{"X with bound 2", Query{Coalitions: [2][]int{{0}, {1}}, Objectives: [2]Objective{two, {Kind: Next, Bound: 2, Target: two.Target}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Solve(g, &tc.q, Config{}); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestNonConvergence(t *testing.T) {
	// Both coalitions earn by staying in s=1 forever: the values grow
	// without bound and the iteration stops at MaxIters.
	g := load(t, "step.prism")
	one := translate.NewBitset(g.NumStates)
	rew := make([]float64, g.NumStates)
	for s := 0; s < g.NumStates; s++ {
		if g.Label("one").Has(s) {
			rew[s] = 1
		}
	}
	o := Objective{Kind: Reach, Target: one, StateRew: rew}
	q := &Query{Coalitions: [2][]int{{0}, {1}}, Objectives: [2]Objective{o, o}}
	if _, err := Solve(g, q, Config{MaxIters: 50}); err == nil {
		t.Error("no error")
	}
}

func TestProductLimit(t *testing.T) {
	g := load(t, "step.prism")
	q := &Query{Coalitions: [2][]int{{0}, {1}},
		Objectives: [2]Objective{until(1000, "one").build(t, g), finally("two").build(t, g)}}
	_, err := Solve(g, q, Config{MaxStates: 100})
	if le, ok := err.(*LimitError); !ok || le.Limit != 100 {
		t.Errorf("got %v, want a *LimitError", err)
	}
}
