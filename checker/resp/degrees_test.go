package resp

import (
	"math"
	"math/big"
	"testing"
)

// TestLog2p1 checks log2(1+x) on powers of two, beyond float64 too.
func TestLog2p1(t *testing.T) {
	for _, e := range []uint{0, 1, 10, 52, 53, 64, 100, 1000, 20000} {
		x := new(big.Int).Lsh(big.NewInt(1), e)
		got := Log2p1(x)
		want := float64(e)
		if e < 60 {
			want = math.Log2(1 + math.Ldexp(1, int(e)))
		}
		if math.Abs(got-want) > 1e-12*math.Max(1, want) {
			t.Errorf("log2(1+2^%d) = %v, want %v", e, got, want)
		}
	}
	if Log2p1(big.NewInt(0)) != 0 || Log2p1(big.NewInt(3)) != 2 {
		t.Error("small values")
	}
}
