package locate

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRefineTransversals: adding edges one at a time yields the minimal
// transversals found by trying every set of a small ground set.
func TestRefineTransversals(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := 2 + r.IntN(9)
		trans := []uint64{0}
		var edges []uint64
		for k := 0; k < 1+r.IntN(6); k++ {
			e := uint64(r.IntN(1<<uint(n)-1)) + 1
			trans = refineTransversals(trans, edges, e)
			edges = append(edges, e)
			var want []uint64
			hits := func(c uint64) bool {
				return !slices.ContainsFunc(edges, func(f uint64) bool { return c&f == 0 })
			}
			for c := uint64(0); c < 1<<uint(n); c++ {
				if !hits(c) {
					continue
				}
				minimal := true
				for q := c; q != 0; q &= q - 1 {
					minimal = minimal && !hits(c&^(q&-q))
				}
				if minimal {
					want = append(want, c)
				}
			}
			got := slices.Clone(trans)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("edges %b: got %b, want %b", edges, got, want)
			}
		}
	}
}
