package multi_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/solve/internal/chaintest"
	"github.com/onus-mc/onus/checker/solve/multi"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// set is a set of game states, an atom of a path formula.
type set map[int]bool

func (s set) Has(i int) bool { return s[i] }

// The test mdps: choices and builders come from chaintest.
type choice = chaintest.Choice

var to1 = chaintest.To1

func mdp(cs [][]choice) *translate.Game { return chaintest.Game(prism.TypeMDP, cs, nil) }

// eventually returns the automaton of F atom (safety false: co-safe), or
// of G !atom with safety.
func eventually(g *translate.Game, atom set, safety bool) multi.Objective {
	f := ltlf.NewFactory()
	a := f.Atom(0)
	id := f.Temporal(ltlf.F, -1, 0, a)
	if safety {
		id = f.Temporal(ltlf.G, -1, 0, f.Not(a))
	}
	return multi.Objective{Auto: ltlf.NewAutomaton(f, id, []ltlf.StateSet{atom}, g.NumStates), Safety: safety}
}

func with(o multi.Objective, s multi.Sense, b float64) multi.Objective {
	o.Sense, o.Bound = s, b
	return o
}

// TestAttack checks the attack model of the comments against its Pareto
// front, worked out by hand.
//
// 0: the attacker tries cheap (cost 10, succeeds with 0.3), dear (cost 40,
// 0.9) or nothing; after a success (1) it may push (cost 5, wins with 0.5)
// or stop. 2: won, 3: lost. Pushing after a success always pays, so the
// deterministic strategies worth having are nothing (P 0, cost 0), cheap
// (P 0.15, cost 10 + 0.3·5 = 11.5) and dear (P 0.45, cost 40 + 0.9·5 =
// 44.5), whose lower hull is the front: 11.5 + (p − 0.15)·110 above 0.15.
func TestAttack(t *testing.T) {
	g := mdp([][]choice{
		{{To: []int32{1, 3}, P: []float64{0.3, 0.7}}, {To: []int32{1, 3}, P: []float64{0.9, 0.1}}, to1(3)},
		{{To: []int32{2, 3}, P: []float64{0.5, 0.5}}, to1(3)},
		{to1(2)}, {to1(3)},
	})
	cost := &translate.Rewards{Trans: []float64{10, 40, 0, 5, 0, 0, 0}}
	won := eventually(g, set{2: true}, false)
	safe := eventually(g, set{2: true}, true) // G !won
	rew := func(s multi.Sense, b float64) multi.Objective {
		return multi.Objective{Rewards: cost, Sense: s, Bound: b}
	}
	for _, tc := range []struct {
		name string
		objs []multi.Objective
		want float64 // NaN: no strategy; for bounds only: 1 true, 0 false
	}{
		{"min cost with P>=0.3", []multi.Objective{rew(multi.Min, 0), with(won, multi.AtLeast, 0.3)}, 28},
		{"min cost with P>=0.15", []multi.Objective{rew(multi.Min, 0), with(won, multi.AtLeast, 0.15)}, 11.5},
		{"min cost with P>=0.1", []multi.Objective{rew(multi.Min, 0), with(won, multi.AtLeast, 0.1)}, 11.5 * 0.1 / 0.15},
		{"min cost with P>=0.45", []multi.Objective{rew(multi.Min, 0), with(won, multi.AtLeast, 0.45)}, 44.5},
		{"min cost with P>=0.46", []multi.Objective{rew(multi.Min, 0), with(won, multi.AtLeast, 0.46)}, math.NaN()},
		{"max P with cost<=20", []multi.Objective{with(won, multi.Max, 0), rew(multi.AtMost, 20)}, 0.15 + 8.5/110},
		{"max P with cost<=100", []multi.Objective{with(won, multi.Max, 0), rew(multi.AtMost, 100)}, 0.45},
		{"min P of G !won with cost<=20", []multi.Objective{with(safe, multi.Min, 0), rew(multi.AtMost, 20)}, 1 - (0.15 + 8.5/110)},
		{"max P alone", []multi.Objective{with(won, multi.Max, 0)}, 0.45},
		{"min P with P of G !won >= 0.9", []multi.Objective{with(won, multi.Min, 0), with(safe, multi.AtLeast, 0.9)}, 0},
		{"max P with P of G !won >= 0.9", []multi.Objective{with(won, multi.Max, 0), with(safe, multi.AtLeast, 0.9)}, 0.1},
		{"achievable: P>=0.3, cost<=28", []multi.Objective{with(won, multi.AtLeast, 0.3), rew(multi.AtMost, 28)}, 1},
		{"achievable: P>=0.3, cost<=27.9", []multi.Objective{with(won, multi.AtLeast, 0.3), rew(multi.AtMost, 27.9)}, 0},
		{"achievable: cost>=40 is refused below", nil, -1},
	} {
		if tc.objs == nil {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			res, err := multi.Solve(g, multi.Query{Objectives: tc.objs})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Numeric {
				if got := map[bool]float64{true: 1, false: 0}[res.Holds]; got != tc.want {
					t.Errorf("holds %v, want %v", res.Holds, tc.want == 1)
				}
				return
			}
			if !near(res.Value, tc.want) {
				t.Errorf("got %v, want %v", res.Value, tc.want)
			}
		})
	}
}

// TestMemory needs a strategy with memory: from 0 the play may visit a
// (1) or b (2), each returning to 0, or end in 3. Seeing both with
// probability 1 needs to remember which was seen; the product with the
// two automata does.
func TestMemory(t *testing.T) {
	g := mdp([][]choice{{to1(1), to1(2), to1(3)}, {to1(0)}, {to1(0)}, {to1(3)}})
	fa := eventually(g, set{1: true}, false)
	fb := eventually(g, set{2: true}, false)
	res, err := multi.Solve(g, multi.Query{Objectives: []multi.Objective{with(fa, multi.AtLeast, 1), with(fb, multi.AtLeast, 1)}})
	if err != nil || !res.Holds {
		t.Fatalf("both with probability 1: %+v, %v", res, err)
	}
	// With a reward of 1 per visit of a or b, seeing both costs 2.
	steps := &translate.Rewards{State: []float64{0, 1, 1, 0}}
	res, err = multi.Solve(g, multi.Query{Objectives: []multi.Objective{
		{Rewards: steps, Sense: multi.Min}, with(fa, multi.AtLeast, 1), with(fb, multi.AtLeast, 0.5)}})
	if err != nil || !near(res.Value, 1.5) {
		t.Fatalf("min cost with a surely and b half the time: %+v, %v; want 1.5", res, err)
	}
}

// TestRefused checks the queries the engine refuses.
func TestRefused(t *testing.T) {
	// 0 loops on itself earning 1, or ends in 1.
	g := mdp([][]choice{{to1(0), to1(1)}, {to1(1)}})
	earn := &translate.Rewards{Trans: []float64{1, 0, 0}}
	end := eventually(g, set{1: true}, false)
	for _, tc := range []struct {
		name string
		objs []multi.Objective
		want string
	}{
		{"maximised reward in an end component", []multi.Objective{{Rewards: earn, Sense: multi.Max}, with(end, multi.AtLeast, 0.5)}, "end components with a non-zero reward"},
		{"two values", []multi.Objective{{Rewards: earn, Sense: multi.Min}, with(end, multi.Max, 0)}, "Pareto"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := multi.Solve(g, multi.Query{Objectives: tc.objs})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
	// A minimised reward that only an earning loop avoids... here the
	// loop earns, so ending is free: 0; forbidding the end (P<=0 of F end)
	// leaves only the loop, whose reward is infinite.
	res, err := multi.Solve(g, multi.Query{Objectives: []multi.Objective{{Rewards: earn, Sense: multi.Min}, with(end, multi.AtMost, 0)}})
	if err != nil || !math.IsInf(res.Value, 1) {
		t.Errorf("min reward when only the earning loop meets the bound: %+v, %v; want +Inf", res, err)
	}
}

// TestRandom compares min R s.t. P>=p and max P s.t. R<=c on random mdps
// with an absorbing goal and an absorbing failure against the lower
// (upper) convex hull of the points (P, R) of the memoryless deterministic
// strategies, each evaluated on its Markov chain. Every extreme point of
// the achievable set optimises a weighted sum of the two objectives, which
// with an absorbing goal is one total reward, so memoryless deterministic
// strategies reach them; randomising between them gives the rest.
func TestRandom(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		g, cost := randomMDP(r)
		goal := int32(g.NumStates - 2)
		won := eventually(g, set{int(goal): true}, false)
		pts := memorylessPoints(g, cost, goal)
		for _, p := range []float64{0, 0.2, 0.5, 0.8, 1} {
			res, err := multi.Solve(g, multi.Query{Objectives: []multi.Objective{
				{Rewards: cost, Sense: multi.Min}, with(won, multi.AtLeast, p)}})
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if want := hullMinR(pts, p); !near(res.Value, want) {
				t.Fatalf("seed %d: min R with P>=%v: got %v, want %v; points %v", seed, p, res.Value, want, pts)
			}
		}
		for _, c := range []float64{0, 1, 2.5, 5} {
			res, err := multi.Solve(g, multi.Query{Objectives: []multi.Objective{
				with(won, multi.Max, 0), {Rewards: cost, Sense: multi.AtMost, Bound: c}}})
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if want := hullMaxP(pts, c); !near(res.Value, want) {
				t.Fatalf("seed %d: max P with R<=%v: got %v, want %v; points %v", seed, c, res.Value, want, pts)
			}
		}
	}
}

// randomMDP returns a random mdp whose last two states are the absorbing
// goal and failure, with choice costs 0 to 3.
func randomMDP(r *rand.Rand) (*translate.Game, *translate.Rewards) {
	n := 2 + r.IntN(4)
	cs := make([][]choice, n+2)
	for s := 0; s < n; s++ {
		for range 1 + r.IntN(3) {
			a, b := int32(r.IntN(n+2)), int32(r.IntN(n+2))
			if a == b || r.IntN(3) == 0 {
				cs[s] = append(cs[s], to1(a))
				continue
			}
			p := float64(1+r.IntN(3)) / 4
			cs[s] = append(cs[s], choice{To: []int32{a, b}, P: []float64{p, 1 - p}})
		}
	}
	cs[n] = []choice{to1(int32(n))}
	cs[n+1] = []choice{to1(int32(n + 1))}
	g := mdp(cs)
	cost := &translate.Rewards{Trans: make([]float64, g.NumChoices())}
	for c := range cost.Trans {
		lo, _ := g.Choices(n)
		if c < lo && r.IntN(2) == 0 {
			cost.Trans[c] = float64(r.IntN(4))
		}
	}
	return g, cost
}

type point struct{ p, r float64 }

// memorylessPoints returns (P(F goal), expected total cost) from state 0
// of every memoryless deterministic strategy.
func memorylessPoints(g *translate.Game, cost *translate.Rewards, goal int32) []point {
	pick := make([]int, g.NumStates)
	var pts []point
	chaintest.Strategies(g, pick, nil, func() {
		if pt, ok := chainPoint(g, cost, goal, pick); ok {
			pts = append(pts, pt)
		}
	})
	return pts
}

// chainPoint evaluates one memoryless strategy on its Markov chain: the
// probability of reaching goal and the expected cost, by linear solves
// with the bottom components pinned (goal 1, others 0; cost 0); the cost
// is +∞ when a bottom component with a cost can be reached.
func chainPoint(g *translate.Game, cost *translate.Rewards, goal int32, pick []int) (point, bool) {
	c := chaintest.Chain{G: g, Pick: pick}
	w := func(s int) float64 { return cost.Trans[c.Choice(s)] }
	bottom, costly := c.Bottoms(func(s int) bool { return w(s) != 0 })
	p := c.Solve(bottom, func(int) float64 { return 0 }, func(s int) float64 {
		if int32(s) == goal {
			return 1
		}
		return 0
	})
	r := c.Solve(bottom, w, func(int) float64 { return 0 })
	pt := point{p[0], r[0]}
	if costly[0] {
		pt.r = math.Inf(1)
	}
	return pt, true
}

// hullMinR is the least cost of a mixture of the points with P >= p.
func hullMinR(pts []point, p float64) float64 {
	best := math.NaN()
	for _, a := range pts {
		for _, b := range pts {
			v := math.NaN()
			switch {
			case a.p >= p-1e-12:
				v = a.r
			case b.p > p:
				l := (p - a.p) / (b.p - a.p)
				v = a.r + l*(b.r-a.r)
			}
			if !math.IsNaN(v) && (math.IsNaN(best) || v < best) {
				best = v
			}
		}
	}
	return best
}

// hullMaxP is the largest P of a mixture of the points with cost <= c.
func hullMaxP(pts []point, c float64) float64 {
	best := math.NaN()
	for _, a := range pts {
		for _, b := range pts {
			v := math.NaN()
			switch {
			case a.r <= c+1e-12:
				v = a.p
			case b.r < c:
				l := (a.r - c) / (a.r - b.r)
				v = a.p + l*(b.p-a.p)
			}
			if !math.IsNaN(v) && (math.IsNaN(best) || v > best) {
				best = v
			}
		}
	}
	return best
}

func near(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-7*math.Max(1, math.Abs(b))
}

// benchMDP is a random mdp of n transient states (randomMDP's shape)
// with an absorbing goal and failure.
func benchMDP(n int) (*translate.Game, *translate.Rewards) {
	r := rand.New(rand.NewPCG(uint64(n), 1))
	cs := make([][]choice, n+2)
	for s := 0; s < n; s++ {
		for range 2 {
			a, b := int32(r.IntN(n+2)), int32(s+1+r.IntN(3))
			if b > int32(n+1) {
				b = int32(n + 1)
			}
			cs[s] = append(cs[s], choice{To: []int32{a, b}, P: []float64{0.5, 0.5}})
		}
	}
	cs[n] = []choice{to1(int32(n))}
	cs[n+1] = []choice{to1(int32(n + 1))}
	g := mdp(cs)
	cost := &translate.Rewards{Trans: make([]float64, g.NumChoices())}
	for c := range cost.Trans {
		cost.Trans[c] = float64(r.IntN(3))
	}
	return g, cost
}

// BenchmarkMulti: the cheapest strategy winning with probability 0.5 on
// random mdps of 100 and 300 states.
func BenchmarkMulti(b *testing.B) {
	for _, n := range []int{100, 300} {
		g, cost := benchMDP(n)
		won := eventually(g, set{n: true}, false)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := multi.Solve(g, multi.Query{Objectives: []multi.Objective{
					{Rewards: cost, Sense: multi.Min}, with(won, multi.AtLeast, 0.5)}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
