package equil

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readNode is a node of a strategy file read back: its state text, its
// choice's label and its successors' probabilities.
type readNode struct {
	state string
	label string
	out   map[int]float64
}

var (
	reChoice = regexp.MustCompile(`^(\d+) -> n\d+_0 \[ arrowhead=none,label="0:(.*)" \];$`)
	reEdge   = regexp.MustCompile(`^n(\d+)_0 -> (\d+) \[ label="([^"]*)" \];$`)
	reState  = regexp.MustCompile(`^(\d+) \[label="\d+\\n(.*)"\]$`)
	reTra    = regexp.MustCompile(`^(\d+) 0 (\d+) (\S+) (.*)$`)
)

// readStrategy parses what WriteStrategy wrote: the Dot graph, and the
// transitions of the comment, which must say the same.
func readStrategy(t *testing.T, text string) map[int]*readNode {
	t.Helper()
	nodes := map[int]*readNode{}
	get := func(k int) *readNode {
		if nodes[k] == nil {
			nodes[k] = &readNode{out: map[int]float64{}}
		}
		return nodes[k]
	}
	atoi := func(s string) int {
		k, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	graph, comment, ok := strings.Cut(text, "\n/*\n")
	if !ok || !strings.HasPrefix(graph, "digraph MDP {\n") || !strings.HasSuffix(graph, "}\n") {
		t.Fatalf("not a Dot graph with a comment:\n%s", text)
	}
	for _, line := range strings.Split(graph, "\n") {
		if m := reChoice.FindStringSubmatch(line); m != nil {
			get(atoi(m[1])).label = strings.ReplaceAll(m[2], `\"`, `"`)
		} else if m := reEdge.FindStringSubmatch(line); m != nil {
			p, err := strconv.ParseFloat(strings.Replace(m[3], "E", "e", 1), 64)
			if err != nil {
				t.Fatal(err)
			}
			get(atoi(m[1])).out[atoi(m[2])] += p
		} else if m := reState.FindStringSubmatch(line); m != nil {
			get(atoi(m[1])).state = m[2]
		}
	}
	tra, _, _ := strings.Cut(strings.TrimPrefix(comment, " -- Transitions --\n"), "\n -- States --")
	lines := strings.Split(strings.TrimSpace(tra), "\n")
	total := 0
	for _, line := range lines[1:] {
		m := reTra.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("transition line %q", line)
		}
		nd := nodes[atoi(m[1])]
		p, _ := strconv.ParseFloat(strings.Replace(m[3], "E", "e", 1), 64)
		if nd == nil || nd.label != m[4] || nd.out[atoi(m[2])] != p {
			t.Errorf("the comment's transition %q is not in the graph", line)
		}
		total++
	}
	edges := 0
	for _, nd := range nodes {
		edges += len(nd.out)
	}
	if total != edges {
		t.Errorf("%d transitions in the comment, %d edges in the graph", total, edges)
	}
	return nodes
}

// labelChoices reads a label back into a distribution over the choices of
// state s: each coalition's actions (Nash), joint actions (correlated,
// MDP), or nil for a decided node.
func labelChoices(t *testing.T, p *Profile, s int, label string) []float64 {
	t.Helper()
	g := p.Game
	np := len(g.Players)
	label, _, _ = strings.Cut(label, " {t=")
	name := func(a int32) string {
		if a <= 0 {
			return "-"
		}
		return g.Actions[a]
	}
	actions := func(c int, players []int) string {
		var b strings.Builder
		for _, pl := range players {
			b.WriteString("[" + name(g.Joint[c*np+pl]) + "]")
		}
		return b.String()
	}
	all := make([]int, np)
	for i := range all {
		all[i] = i
	}
	parse := func(side string) map[string]float64 {
		out := map[string]float64{}
		for _, part := range strings.Split(side, " + ") {
			pr, act, ok := strings.Cut(part, ": ")
			if !ok {
				t.Fatalf("label part %q", part)
			}
			v, err := strconv.ParseFloat(strings.Replace(pr, "E", "e", 1), 64)
			if err != nil {
				t.Fatal(err)
			}
			out[act] += v
		}
		return out
	}
	lo, hi := g.Choices(s)
	dist := make([]float64, hi-lo)
	switch {
	case strings.Contains(label, "Sat("):
		return nil
	case strings.HasPrefix(label, "MDP: "):
		joint := parse(strings.TrimPrefix(label, "MDP: "))
		for c := lo; c < hi; c++ {
			dist[c-lo] = joint[actions(c, all)]
		}
	case strings.Contains(label, " -- "):
		x, y, _ := strings.Cut(strings.TrimPrefix(label, "CSG: "), " -- ")
		px, py := parse(x), parse(y)
		for c := lo; c < hi; c++ {
			dist[c-lo] = px[actions(c, p.Coalitions[0])] * py[actions(c, p.Coalitions[1])]
		}
	default:
		joint := parse(strings.TrimPrefix(label, "CSG: "))
		for c := lo; c < hi; c++ {
			dist[c-lo] = joint[actions(c, all)]
		}
	}
	return dist
}

// TestWriteStrategyReadBack writes the profile of every case of the
// solver's table, reads the file back and checks it against the game and
// the profile: each node's label, read as a distribution over the
// state's choices, must be the profile's rule there, and the successors'
// probabilities those of the game under it.
func TestWriteStrategyReadBack(t *testing.T) {
	for _, tc := range equilCases {
		t.Run(tc.name, func(t *testing.T) {
			g := load(t, tc.model)
			q := &Query{Coalitions: [2][]int{{0}, {1}}, Correlated: tc.corr, Criterion: tc.crit, Min: tc.min,
				Objectives: [2]Objective{tc.o1.build(t, g), tc.o2.build(t, g)}}
			r, err := Solve(g, q, Config{Profile: true})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteStrategy(&buf, r.Profile); err != nil {
				t.Fatal(err)
			}
			nodes := readStrategy(t, buf.String())
			rp := newReplay(r.Profile)
			rp.run()
			if len(nodes) != len(rp.nodes) || len(nodes) == 0 {
				t.Fatalf("%d nodes read, %d written", len(nodes), len(rp.nodes))
			}
			for k, nd := range nodes {
				want := rp.nodes[k]
				pg := r.Profile.Game
				if nd.state != rp.stateText(want.s) {
					t.Errorf("node %d: state %q, want %q", k, nd.state, rp.stateText(want.s))
				}
				dist := labelChoices(t, r.Profile, want.s, nd.label)
				if dist == nil {
					if len(nd.out) != 1 || nd.out[k] != 1 {
						t.Errorf("node %d (%s): a decided node is not a self-loop", k, nd.label)
					}
					continue
				}
				// The label is the profile's rule at the node's state.
				if rule := rp.ruleAt(want); !closeSlices(dist, rule) {
					t.Errorf("node %d (%s): label reads %v, the profile plays %v", k, nd.label, dist, rule)
				}
				// The successors are the game's under that rule.
				byState := map[string]float64{}
				lo, _ := pg.Choices(want.s)
				for i, pc := range dist {
					tlo, thi := pg.Transitions(lo + i)
					for x := tlo; x < thi; x++ {
						byState[rp.stateText(int(pg.Target[x]))] += pc * pg.Prob[x]
					}
				}
				got := map[string]float64{}
				sum := 0.0
				for to, pr := range nd.out {
					got[nodes[to].state] += pr
					sum += pr
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Errorf("node %d: successors sum to %v", k, sum)
				}
				for st, pr := range byState {
					if pr > 0 && math.Abs(got[st]-pr) > 1e-12 {
						t.Errorf("node %d (%s): %v to %s, the game gives %v", k, nd.label, got[st], st, pr)
					}
				}
			}
		})
	}
}

// ruleAt is the profile's distribution over the choices of the node's
// state.
func (r *replay) ruleAt(nd *node) []float64 {
	p := r.p
	lo, hi := r.g.Choices(nd.s)
	dist := make([]float64, hi-lo)
	if nd.status[0] != undecided || nd.status[1] != undecided {
		i := 0
		if nd.status[0] != undecided {
			i = 1
		}
		budget := 0
		if r.bounded {
			budget = p.Objectives[i].Bound - nd.t
		}
		dist[p.Coop(i, nd.s, budget)-lo] = 1
		return dist
	}
	round := p.Rounds
	if r.bounded {
		round -= nd.t
	}
	st := p.Stage(nd.s, round)
	cols := int(p.Cols[nd.s])
	for c := lo; c < hi; c++ {
		k := int(p.Cell[c])
		dist[c-lo] = st.Prob(k/cols, k%cols, cols)
	}
	return dist
}

func closeSlices(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12 {
			return false
		}
	}
	return true
}

func TestJavaDouble(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{1, "1.0"}, {0.5, "0.5"}, {1.0 / 3, "0.3333333333333333"}, {0, "0.0"}, {1e-5, "1.0E-5"},
		{2.5e-7, "2.5E-7"}, {1e7, "1.0E7"}, {123.25, "123.25"}, {0.001, "0.001"}, {math.Inf(1), "Infinity"},
	} {
		if got := javaDouble(tc.x); got != tc.want {
			t.Errorf("javaDouble(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}
