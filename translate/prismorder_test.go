package translate

import (
	"slices"
	"testing"
)

// TestJavaHashOrder checks the bucket order of the reference's worked
// example (§6.7, medium_access2's initial state): action indices t1=1,
// w2=2, w1=3, t2=4; buckets (1234 XOR Σ2^idx) mod 16 are 0 for {t1,t2}, 4
// for {t1,w2}, 10 for {w1,t2} and 14 for {w1,w2}.
func TestJavaHashOrder(t *testing.T) {
	cases := []struct {
		name  string
		joint []int32 // generation order, two players
		want  []int
	}{
		{"medium_access2 state 12", []int32{1, 2, 1, 4, 3, 2, 3, 4}, []int{1, 0, 3, 2}},
		{"idle player", []int32{1, 0, 3, 0}, []int{0, 1}},
		{"all idle", []int32{0, 0}, []int{0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := javaHashOrder(c.joint, 2); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}
