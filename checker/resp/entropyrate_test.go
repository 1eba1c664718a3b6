package resp

import (
	"math"
	"math/rand/v2"
	"testing"
)

func graphOf(n int, edge func(i, j int) float64) [][]sparseEdge {
	adj := make([][]sparseEdge, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if m := edge(i, j); m > 0 {
				adj[i] = append(adj[i], sparseEdge{int32(j), m})
			}
		}
	}
	return adj
}

func allNodes(n int) ([]int32, map[int32]int) {
	comp := make([]int32, n)
	local := map[int32]int{}
	for i := range comp {
		comp[i] = int32(i)
		local[int32(i)] = i
	}
	return comp, local
}

func TestSpectralRadius(t *testing.T) {
	cases := []struct {
		name string
		n    int
		edge func(i, j int) float64
		want float64
	}{
		{"complete with loops", 5, func(i, j int) float64 { return 1 }, 5},
		{"directed cycle (periodic)", 300, func(i, j int) float64 {
			if j == (i+1)%300 {
				return 1
			}
			return 0
		}, 1},
		{"cycle of double edges", 250, func(i, j int) float64 {
			if j == (i+1)%250 {
				return 2
			}
			return 0
		}, 2},
		// Two-state chain a→b (2 ways), b→a (1), a→a (1): [[1,2],[1,0]] has radius 2.
		{"small matrix", 2, func(i, j int) float64 { return [][]float64{{1, 2}, {1, 0}}[i][j] }, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			adj := graphOf(tc.n, tc.edge)
			comp, local := allNodes(tc.n)
			if got := componentRadius(adj, comp); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("%s: componentRadius = %v, want %v", tc.name, got, tc.want)
			}
			if got := powerRadius(adj, comp, local); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("%s: powerRadius = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
	// Power iteration agrees with the dense eigenvalues on random strongly
	// connected graphs (a Hamiltonian cycle plus random edges).
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 5; k++ {
		n := 20 + r.IntN(100)
		extra := map[[2]int]float64{}
		for e := 0; e < 3*n; e++ {
			extra[[2]int{r.IntN(n), r.IntN(n)}] += float64(1 + r.IntN(3))
		}
		adj := graphOf(n, func(i, j int) float64 {
			m := extra[[2]int{i, j}]
			if j == (i+1)%n {
				m++
			}
			return m
		})
		comp, local := allNodes(n)
		d, p := componentRadius(adj, comp), powerRadius(adj, comp, local)
		if math.Abs(d-p) > 1e-9*d {
			t.Errorf("n=%d: dense %v, power %v", n, d, p)
		}
	}
}

func TestSCCs(t *testing.T) {
	// 0 → 1 → 2 → 0, 2 → 3, 3 → 3, 4 alone.
	adj := [][]sparseEdge{{{1, 1}}, {{2, 1}}, {{0, 1}, {3, 1}}, {{3, 1}}, nil}
	comps := sccs(adj)
	if len(comps) != 3 {
		t.Fatalf("got %d components: %v", len(comps), comps)
	}
	sizes := map[int]int{}
	for _, c := range comps {
		sizes[len(c)]++
	}
	if sizes[3] != 1 || sizes[1] != 2 {
		t.Errorf("component sizes %v", sizes)
	}
}
