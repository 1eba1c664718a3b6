package resp

import (
	"cmp"
	"math"
	"math/cmplx"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
)

// This file computes Hinf (SPEC §5): log2 of the spectral radius of the
// trimmed automaton whose words are the satisfying histories — the product
// of the game and the outcome's automaton without a step counter, kept to
// the states reachable from the start and co-reachable to an accepting one,
// with an edge's multiplicity the number of (joint action, successor) pairs
// that take it. The radius is the largest over the strongly connected
// components: dense eigenvalues for small ones, power iteration for large.

// denseLimit is the largest component solved with a dense eigenproblem.
const denseLimit = 200

// sparseEdge is an edge of the trimmed automaton with its multiplicity.
type sparseEdge struct {
	to  int32
	mul float64
}

// EntropyRate returns Hinf of the outcome whose product with the game is p,
// from product state start: log2 of the spectral radius of the trimmed
// automaton, or 0 when it is below 1 (finitely many satisfying histories).
func EntropyRate(p *hist.Product, start int32) float64 {
	g := p.Model().Game()
	// Forward reachability.
	n := p.Size()
	reach := make([]bool, n)
	stack := []int32{start}
	reach[start] = true
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range p.Succ[p.SuccStart[x]:p.SuccStart[x+1]] {
			if !reach[y] {
				reach[y] = true
				stack = append(stack, y)
			}
		}
	}
	// Backward from accepting states.
	rev := make([][]int32, n)
	for x := 0; x < n; x++ {
		if !reach[x] {
			continue
		}
		for _, y := range p.Succ[p.SuccStart[x]:p.SuccStart[x+1]] {
			rev[y] = append(rev[y], int32(x))
		}
	}
	keep := make([]bool, n)
	for x := 0; x < n; x++ {
		if reach[x] && p.Acc[x] {
			keep[x] = true
			stack = append(stack, int32(x))
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range rev[x] {
			if !keep[y] {
				keep[y] = true
				stack = append(stack, y)
			}
		}
	}
	// Compact graph with multiplicities.
	id := make([]int32, n)
	var nodes []int32
	for x := 0; x < n; x++ {
		id[x] = -1
		if keep[x] {
			id[x] = int32(len(nodes))
			nodes = append(nodes, int32(x))
		}
	}
	adj := make([][]sparseEdge, len(nodes))
	for i, x := range nodes {
		lo, hi := g.Choices(int(p.S[x]))
		tbase := int(g.TransStart[lo])
		m := map[int32]float64{}
		for t := tbase; t < int(g.TransStart[hi]); t++ {
			if g.Prob[t] <= 0 {
				continue
			}
			y := p.Succ[p.SuccStart[x]+t-tbase]
			if id[y] >= 0 {
				m[id[y]]++
			}
		}
		for y, k := range m {
			adj[i] = append(adj[i], sparseEdge{y, k})
		}
		// Map order is random: sort so that the floating-point sums, and
		// so the printed entropy, are the same on every run.
		slices.SortFunc(adj[i], func(a, b sparseEdge) int { return cmp.Compare(a.to, b.to) })
	}
	rho := 0.0
	for _, comp := range sccs(adj) {
		rho = max(rho, componentRadius(adj, comp))
	}
	if rho < 1 {
		return 0
	}
	return math.Log2(rho)
}

// sccs returns the strongly connected components (Tarjan, iterative).
func sccs(adj [][]sparseEdge) [][]int32 {
	n := len(adj)
	index := make([]int32, n)
	low := make([]int32, n)
	on := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var st []int32
	var out [][]int32
	next := int32(0)
	type frame struct {
		v int32
		e int
	}
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		call := []frame{{int32(root), 0}}
		index[root], low[root] = next, next
		next++
		st = append(st, int32(root))
		on[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			v := f.v
			if f.e < len(adj[v]) {
				w := adj[v][f.e].to
				f.e++
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					st = append(st, w)
					on[w] = true
					call = append(call, frame{w, 0})
				} else if on[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				var comp []int32
				for {
					w := st[len(st)-1]
					st = st[:len(st)-1]
					on[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				out = append(out, comp)
			}
		}
	}
	return out
}

// componentRadius is the spectral radius of adj restricted to comp.
func componentRadius(adj [][]sparseEdge, comp []int32) float64 {
	local := make(map[int32]int, len(comp))
	for i, v := range comp {
		local[v] = i
	}
	k := len(comp)
	if k == 1 {
		for _, e := range adj[comp[0]] {
			if e.to == comp[0] {
				return e.mul
			}
		}
		return 0
	}
	if k <= denseLimit {
		m := mat.NewDense(k, k, nil)
		for i, v := range comp {
			for _, e := range adj[v] {
				if j, ok := local[e.to]; ok {
					m.Set(i, j, m.At(i, j)+e.mul)
				}
			}
		}
		var eig mat.Eigen
		if eig.Factorize(m, mat.EigenNone) {
			r := 0.0
			for _, v := range eig.Values(nil) {
				r = max(r, cmplx.Abs(v))
			}
			return r
		}
	}
	return powerRadius(adj, comp, local)
}

// powerRadius iterates x ← (A+I)x on an irreducible non-negative A (the
// shift makes it primitive) and brackets the Perron root between the
// Collatz–Wielandt bounds min and max of (A+I)x / x.
func powerRadius(adj [][]sparseEdge, comp []int32, local map[int32]int) float64 {
	k := len(comp)
	type edge struct {
		to  int
		mul float64
	}
	rows := make([][]edge, k)
	for i, v := range comp {
		for _, e := range adj[v] {
			if j, ok := local[e.to]; ok {
				rows[i] = append(rows[i], edge{j, e.mul})
			}
		}
	}
	x := make([]float64, k)
	y := make([]float64, k)
	for i := range x {
		x[i] = 1
	}
	est := 0.0
	for iter := 0; iter < 200000; iter++ {
		if iter&63 == 63 {
			limit.CheckDeadline() // --timeout, Ctrl-C: a large component converges slowly
		}
		lo, hi := math.Inf(1), 0.0
		norm := 0.0
		for i := range rows {
			s := x[i]
			for _, e := range rows[i] {
				s += e.mul * x[e.to]
			}
			y[i] = s
			r := s / x[i]
			lo = min(lo, r)
			hi = max(hi, r)
			norm = max(norm, s)
		}
		est = (lo + hi) / 2
		for i := range y {
			x[i] = y[i] / norm
		}
		if hi-lo <= 1e-13*hi {
			break
		}
	}
	return est - 1
}
