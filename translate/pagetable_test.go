package translate

import (
	"math"
	"reflect"
	"slices"
	"testing"
)

// TestPageTable stores keys in a page table, reads them back, renumbers
// them in key order, and checks that a sparse set of keys is reported
// and moves into a keyTable with the same indices.
func TestPageTable(t *testing.T) {
	rows := []struct {
		name   string
		keys   []uint64
		sparse bool // put reports the table sparse at some key
	}{
		{"empty", nil, false},
		{"zero and max", []uint64{math.MaxUint64, 0}, false},
		{"dense run, backwards", reverse(seqKeys(10000, 1)), false},
		{"across pages", seqKeys(3000, 7), false},
		{"one key a page, under the floor", seqKeys(100, 1<<40), false},
		{"one key a page", seqKeys(3000, 1<<40), true},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			tb := newPageTable()
			sparse := false
			for i, k := range row.keys {
				if got := tb.get(k); got != -1 {
					t.Fatalf("get(%d) before put = %d", k, got)
				}
				sparse = tb.put(k, int32(i)) || sparse
			}
			if sparse != row.sparse {
				t.Fatalf("sparse = %v, want %v", sparse, row.sparse)
			}
			kt := tb.keyTable()
			for i, k := range row.keys {
				if got := tb.get(k); got != int32(i) {
					t.Fatalf("get(%d) = %d, want %d", k, got, i)
				}
				if got := kt.get(k); got != int32(i) {
					t.Fatalf("keyTable get(%d) = %d, want %d", k, got, i)
				}
			}
			if tb.get(12345678901) != -1 {
				t.Fatal("absent key found")
			}
			order := tb.renumber()
			sorted := slices.Clone(row.keys)
			slices.Sort(sorted)
			for newI, old := range order {
				if row.keys[old] != sorted[newI] {
					t.Fatalf("order[%d] = key %d, want %d", newI, row.keys[old], sorted[newI])
				}
				if got := tb.get(sorted[newI]); got != int32(newI) {
					t.Fatalf("after renumber get(%d) = %d, want %d", sorted[newI], got, newI)
				}
			}
		})
	}
}

func reverse(s []uint64) []uint64 {
	slices.Reverse(s)
	return s
}

// TestStoreKinds builds one model with its variables' ranges widened so
// that the store keeps its keys in a direct table, in pages, in pages
// that become sparse and move to a hash table, and in a map of strings:
// the games must be the same but for the ranges.
func TestStoreKinds(t *testing.T) {
	const src = `mdp
const int XM; const int ZM; const int YM;
module m
	x : [0..XM] init 0;
	z : [0..ZM] init 0;
	y : [0..YM] init 0;
	[a] x<2999 -> 0.5:(x'=x+1) + 0.5:(x'=min(2999,x+7));
	[b] x>0 -> (x'=x-1);
endmodule`
	rows := []struct {
		name, consts string
		kind         string
	}{
		{"direct", "XM=2999,ZM=1,YM=1", "dense"},
		{"pages", "XM=100000000,ZM=1,YM=1", "pages"},
		{"sparse pages", "XM=2999,ZM=10000,YM=1", "hash"},
		{"strings", "XM=2000000000,ZM=2000000000,YM=2000000000", "strings"},
	}
	var first *Game
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			m, err := buildSrc(t, "m.prism", src, row.consts, false)
			if err != nil {
				t.Fatal(err)
			}
			g := m.Game
			if got := storeKind(g.Vars, g.NumStates); got != row.kind {
				t.Fatalf("the store keeps its keys in %s, want %s", got, row.kind)
			}
			if g.NumStates != 3000 {
				t.Fatalf("%d states, want 3000", g.NumStates)
			}
			if first == nil {
				first = g
				return
			}
			for _, f := range []struct {
				name string
				a, b any
			}{
				{"values", g.Values, first.Values},
				{"choices", g.ChoiceStart, first.ChoiceStart},
				{"actions", g.ChoiceAction, first.ChoiceAction},
				{"transitions", g.TransStart, first.TransStart},
				{"targets", g.Target, first.Target},
				{"probabilities", g.Prob, first.Prob},
				{"initial", g.Initial, first.Initial},
			} {
				if !reflect.DeepEqual(f.a, f.b) {
					t.Errorf("%s differ from the direct table's", f.name)
				}
			}
		})
	}
}

// storeKind stores states (0,0,...), (1,0,...), ... (n-1,0,...) in a
// store and says where it keeps their keys.
func storeKind(vars []Var, n int) string {
	st := newStore(vars, n)
	for x := 0; x < n; x++ {
		s := make([]int32, len(vars))
		s[0] = int32(x)
		st.find(s)
	}
	switch {
	case st.dense != nil:
		return "dense"
	case st.pages != nil:
		return "pages"
	case st.m64 != nil:
		return "hash"
	}
	return "strings"
}
