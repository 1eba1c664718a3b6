package translate

import (
	"math"
	"testing"
)

// TestKeyTable stores keys through several growths, including 0 and the
// largest key, and reads them back before and after renumbering.
func TestKeyTable(t *testing.T) {
	rows := []struct {
		name string
		keys []uint64
	}{
		{"empty", nil},
		{"zero and max", []uint64{0, math.MaxUint64}},
		{"dense run", seqKeys(5000, 1)},
		{"one field", seqKeys(3000, 1<<40)},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			tb := newKeyTable()
			for i, k := range row.keys {
				if got := tb.get(k); got != -1 {
					t.Fatalf("get(%d) before put = %d", k, got)
				}
				tb.put(k, int32(i))
			}
			inv := make([]int32, len(row.keys))
			for i, k := range row.keys {
				if got := tb.get(k); got != int32(i) {
					t.Fatalf("get(%d) = %d, want %d", k, got, i)
				}
				inv[i] = int32(len(row.keys) - 1 - i)
			}
			if tb.get(12345678901) != -1 {
				t.Fatal("absent key found")
			}
			tb.renumber(inv)
			for i, k := range row.keys {
				if got := tb.get(k); got != inv[i] {
					t.Fatalf("after renumber get(%d) = %d, want %d", k, got, inv[i])
				}
			}
		})
	}
}

func seqKeys(n int, step uint64) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = uint64(i) * step
	}
	return out
}
