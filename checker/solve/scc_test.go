package solve

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/onus-mc/onus/checker/limit"
)

// SCCs against the reachability closure on random graphs: two nodes share
// a component iff each reaches the other, every node is in exactly one,
// the nodes of each are increasing, and a component comes before every
// component that can reach it.
func TestSCCsRandom(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x736363))
		n := 1 + r.IntN(12)
		adj := make([][]int, n)
		for i := range n {
			for range r.IntN(4) {
				adj[i] = append(adj[i], r.IntN(n))
			}
		}
		reach := make([][]bool, n)
		for i := range n {
			reach[i] = make([]bool, n)
			reach[i][i] = true
			for _, j := range adj[i] {
				reach[i][j] = true
			}
		}
		for k := range n {
			for i := range n {
				for j := range n {
					reach[i][j] = reach[i][j] || reach[i][k] && reach[k][j]
				}
			}
		}
		comps := SCCs(n, func(i int, edge func(int)) {
			for _, j := range adj[i] {
				edge(j)
			}
		})
		comp := make([]int, n)
		for i := range comp {
			comp[i] = -1
		}
		for k, c := range comps {
			if len(c) == 0 || !slices.IsSorted(c) {
				t.Fatalf("seed %d: component %d = %v", seed, k, c)
			}
			for _, i := range c {
				if comp[i] >= 0 {
					t.Fatalf("seed %d: node %d in two components", seed, i)
				}
				comp[i] = k
			}
		}
		for i := range n {
			for j := range n {
				if comp[i] < 0 {
					t.Fatalf("seed %d: node %d in no component", seed, i)
				}
				same := reach[i][j] && reach[j][i]
				if same != (comp[i] == comp[j]) {
					t.Fatalf("seed %d: nodes %d and %d: mutually reachable %v, components %d and %d", seed, i, j, same, comp[i], comp[j])
				}
				if reach[i][j] && comp[i] < comp[j] {
					t.Fatalf("seed %d: %d reaches %d but its component %d comes first", seed, i, j, comp[i])
				}
			}
		}
	}
}

// A path of 10^6 nodes: one component each, the last node's first.
func TestSCCsLongPath(t *testing.T) {
	const n = 1_000_000
	comps := SCCs(n, func(i int, edge func(int)) {
		if i+1 < n {
			edge(i + 1)
		}
	})
	if len(comps) != n || comps[0][0] != n-1 || comps[n-1][0] != 0 {
		t.Fatalf("%d components, first %v, last %v", len(comps), comps[0], comps[len(comps)-1])
	}
}

// BenchmarkSCCsGrid: the components of a 1000×1000 grid whose moves go
// right or down, with the last row and column cycling back (robots'
// chain has this shape): 10^6 nodes, 2·10^6 edges.
func BenchmarkSCCsGrid(b *testing.B) {
	const w = 1000
	succ := func(i int, edge func(int)) {
		x, y := i%w, i/w
		switch {
		case x+1 < w && y+1 < w:
			edge(i + 1)
			edge(i + w)
		case x+1 < w:
			edge(i + 1)
		case y+1 < w:
			edge(i + w)
		default:
			edge(0 + (w-1)*w) // the corner back to the start of the last row
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		SCCs(w*w, succ)
	}
}

// TestSCCsPolls: the components of a long path read the deadline within
// (every 4096 nodes), so --timeout and Ctrl-C stop them.
func TestSCCsPolls(t *testing.T) {
	const n = 1 << 16
	before := limit.Readings()
	SCCs(n, func(i int, edge func(int)) {
		if i+1 < n {
			edge(i + 1)
		}
	})
	if got := limit.Readings() - before; got < n/4096 {
		t.Errorf("%d readings of the deadline for %d nodes, want at least %d", got, n, n/4096)
	}
}
