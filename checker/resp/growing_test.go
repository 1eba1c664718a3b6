package resp

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGrowingRandom merges random batches of supports over eight states
// into a random antichain, one batch after another, and compares the
// level after each with the minimisation from scratch of all supports so
// far (minimal, itself compared with the definition by TestMinimalRandom):
// the same list in canonical order, the supports added those of the new
// level not in the old, and the count dropped those of the old level not
// in the new. Some batches hold the empty support, which drops every
// other.
func TestGrowingRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	support := func(p int) []int32 {
		var s []int32
		for x := int32(0); x < 8; x++ {
			if r.IntN(p) == 0 {
				s = append(s, x)
			}
		}
		return s
	}
	drops := 0
	for n := 0; n < 2000; n++ {
		var all [][]int32
		for i := r.IntN(12); i > 0; i-- {
			all = append(all, support(2+r.IntN(4)))
		}
		level := minimal(all)
		a := newGrowing(level)
		for b := 1 + r.IntN(5); b > 0; b-- {
			var batch [][]int32
			for i := r.IntN(15); i > 0; i-- {
				c := support(2 + r.IntN(6))
				if r.IntN(150) == 0 {
					c = nil
				}
				if !slices.ContainsFunc(batch, func(o []int32) bool { return slices.Equal(o, c) }) {
					batch = append(batch, c)
				}
			}
			at := make([]int, len(batch))
			addedIDs, dropped := a.merge(batch, at)
			in := func(l [][]int32, s []int32) bool {
				return slices.ContainsFunc(l, func(o []int32) bool { return slices.Equal(o, s) })
			}
			for i, c := range batch {
				below := slices.ContainsFunc(append(slices.Clone(all), batch[:i]...), func(o []int32) bool {
					return len(o) < len(c) && isSubset(o, c)
				})
				if below != (at[i] < 0) || at[i] >= 0 && a.live[at[i]] && !slices.Equal(a.sets[at[i]], c) {
					t.Fatalf("case %d: merging %v into %v: candidate %v at id %d (%v)", n, batch, level, c, at[i], a.sets[max(at[i], 0)])
				}
			}
			all = append(all, batch...)
			want := minimal(all)
			got, ids := a.sorted()
			if !sameAntichain(got, want) || a.n != len(want) || len(ids) != len(got) {
				t.Fatalf("case %d: merging %v into %v gives %v (%d kept), want %v", n, batch, level, got, a.n, want)
			}
			for i, id := range ids {
				if !slices.Equal(a.sets[id], got[i]) {
					t.Fatalf("case %d: support %v has id %d, which is %v", n, got[i], id, a.sets[id])
				}
			}
			var added [][]int32
			for _, id := range addedIDs {
				added = append(added, a.sets[id])
			}
			var wantAdded [][]int32
			for _, s := range want {
				if !in(level, s) {
					wantAdded = append(wantAdded, s)
				}
			}
			wantDropped := 0
			for _, s := range level {
				if !in(want, s) {
					wantDropped++
				}
			}
			slices.SortFunc(added, compareSupports)
			if !sameAntichain(added, wantAdded) || dropped != wantDropped {
				t.Fatalf("case %d: merging %v into %v adds %v and drops %d, want %v and %d", n, batch, level, added, dropped, wantAdded, wantDropped)
			}
			drops += dropped
			level = want
		}
	}
	if drops < 500 {
		t.Fatalf("%d supports dropped in all: the cases do not test it", drops)
	}
}
