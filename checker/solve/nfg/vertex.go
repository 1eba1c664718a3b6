package nfg

import (
	"fmt"
	"math"
)

// Tolerances of the vertex enumeration, on payoffs scaled to [1, 2].
const (
	// tightTol: a constraint within this of its bound is tight (labels).
	tightTol = 1e-9
	// pivotTol: a pivot smaller than this makes a system singular.
	pivotTol = 1e-12
)

// MaxSubsets bounds the work of the vertex enumeration: the number of
// candidate bases C(rows+cols, rows) of one best-response polytope.
const MaxSubsets = 5_000_000

// vertex is a vertex of a best-response polytope with its labels (the
// constraints tight there, as a bit set).
type vertex struct {
	z      []float64
	labels uint64
}

// polytope is {z : G z <= h} in d dimensions, K = len(h) constraints,
// G row-major.
type polytope struct {
	d int
	g []float64
	h []float64
}

// scaled returns the payoffs mapped affinely to [1, 2] (all 1 when
// constant). A positive affine map changes no best response.
func scaled(p []float64) []float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range p {
		lo = math.Min(lo, v)
		hi = math.Max(hi, v)
	}
	span := hi - lo
	out := make([]float64, len(p))
	for k, v := range p {
		out[k] = 1
		if span > 0 {
			out[k] += (v - lo) / span
		}
	}
	return out
}

// bestResponse builds player 1's polytope {x >= 0 : Bᵀx <= 1} (labels
// 0..m-1 for x_i = 0, m+j for column j a best response) when row is true,
// and player 2's {y >= 0 : Ay <= 1} (labels i for row i a best response,
// m+j for y_j = 0) otherwise.
func bestResponse(g *Bimatrix, row bool) polytope {
	m, n := g.Rows, g.Cols
	K := m + n
	if row {
		b := scaled(g.B)
		p := polytope{d: m, g: make([]float64, K*m), h: make([]float64, K)}
		for i := 0; i < m; i++ {
			p.g[i*m+i] = -1
		}
		for j := 0; j < n; j++ {
			for i := 0; i < m; i++ {
				p.g[(m+j)*m+i] = b[i*n+j]
			}
			p.h[m+j] = 1
		}
		return p
	}
	a := scaled(g.A)
	p := polytope{d: n, g: make([]float64, K*n), h: make([]float64, K)}
	for i := 0; i < m; i++ {
		copy(p.g[i*n:(i+1)*n], a[i*n:(i+1)*n])
		p.h[i] = 1
	}
	for j := 0; j < n; j++ {
		p.g[(m+j)*n+j] = -1
	}
	return p
}

// binomial returns C(n, k), saturating at math.MaxInt64.
func binomial(n, k int) int64 {
	r := int64(1)
	for i := 1; i <= k; i++ {
		r = r * int64(n-k+i) / int64(i)
		if r > math.MaxInt64/int64(n+1) {
			return math.MaxInt64
		}
	}
	return r
}

// vertices enumerates the vertices of p other than the origin by solving
// every system of d constraints made tight.
func (p polytope) vertices() ([]vertex, error) {
	K := len(p.h)
	if K > 64 {
		return nil, fmt.Errorf("stage game too large for equilibrium enumeration (%d actions)", K)
	}
	if c := binomial(K, p.d); c > MaxSubsets {
		return nil, fmt.Errorf("stage game too large for equilibrium enumeration (%d candidate bases)", c)
	}
	var out []vertex
	idx := make([]int, p.d)
	for i := range idx {
		idx[i] = i
	}
	sys := make([]float64, p.d*(p.d+1))
	for {
		if z := p.solve(idx, sys); z != nil {
			if v, ok := p.vertexAt(z); ok && !duplicate(out, v) {
				out = append(out, v)
			}
		}
		if !nextCombination(idx, K) {
			return out, nil
		}
	}
}

// solve solves the constraints idx as equalities; nil if singular.
func (p polytope) solve(idx []int, sys []float64) []float64 {
	d := p.d
	w := d + 1
	for r, k := range idx {
		copy(sys[r*w:r*w+d], p.g[k*d:(k+1)*d])
		sys[r*w+d] = p.h[k]
	}
	for col := 0; col < d; col++ {
		piv := col
		for r := col + 1; r < d; r++ {
			if math.Abs(sys[r*w+col]) > math.Abs(sys[piv*w+col]) {
				piv = r
			}
		}
		if math.Abs(sys[piv*w+col]) < pivotTol {
			return nil
		}
		if piv != col {
			for c := 0; c < w; c++ {
				sys[piv*w+c], sys[col*w+c] = sys[col*w+c], sys[piv*w+c]
			}
		}
		for r := 0; r < d; r++ {
			if r == col {
				continue
			}
			f := sys[r*w+col] / sys[col*w+col]
			if f == 0 {
				continue
			}
			for c := col; c < w; c++ {
				sys[r*w+c] -= f * sys[col*w+c]
			}
		}
	}
	z := make([]float64, d)
	for r := 0; r < d; r++ {
		z[r] = sys[r*w+d] / sys[r*w+r]
	}
	return z
}

// vertexAt checks that z is feasible and not the origin, and labels it.
func (p polytope) vertexAt(z []float64) (vertex, bool) {
	d := p.d
	var labels uint64
	nonzero := false
	for k := range p.h {
		s := 0.0
		for i := 0; i < d; i++ {
			s += p.g[k*d+i] * z[i]
		}
		switch {
		case s > p.h[k]+tightTol:
			return vertex{}, false
		case s >= p.h[k]-tightTol:
			labels |= 1 << uint(k)
		}
	}
	for i := range z {
		if z[i] > tightTol {
			nonzero = true
		} else {
			z[i] = 0
		}
	}
	return vertex{z: z, labels: labels}, nonzero
}

func duplicate(vs []vertex, v vertex) bool {
	for _, u := range vs {
		same := true
		for i := range u.z {
			if math.Abs(u.z[i]-v.z[i]) > tightTol {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// nextCombination advances idx (ascending indices below n) to the next
// combination in lexicographic order; false after the last.
func nextCombination(idx []int, n int) bool {
	k := len(idx)
	for i := k - 1; i >= 0; i-- {
		if idx[i] < n-k+i {
			idx[i]++
			for j := i + 1; j < k; j++ {
				idx[j] = idx[j-1] + 1
			}
			return true
		}
	}
	return false
}

// normalised returns z scaled to sum 1.
func normalised(z []float64) []float64 {
	s := 0.0
	for _, v := range z {
		s += v
	}
	out := make([]float64, len(z))
	for i, v := range z {
		out[i] = v / s
	}
	return out
}
