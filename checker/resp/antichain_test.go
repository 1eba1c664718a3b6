package resp

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/onus-mc/onus/checker/limit"
)

func TestIsSubset(t *testing.T) {
	cases := []struct {
		a, b []int32
		want bool
	}{
		{nil, nil, true},
		{nil, []int32{1}, true},
		{[]int32{1}, nil, false},
		{[]int32{1, 3}, []int32{1, 2, 3}, true},
		{[]int32{1, 4}, []int32{1, 2, 3}, false},
		{[]int32{0}, []int32{1, 2}, false},
		{[]int32{2, 3}, []int32{2, 3}, true},
	}
	for _, c := range cases {
		if got := isSubset(c.a, c.b); got != c.want {
			t.Errorf("isSubset(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestMinimal(t *testing.T) {
	cases := []struct {
		in   [][]int32
		want string
	}{
		{nil, "[]"},
		{[][]int32{{1, 2}, {1}, {2}}, "[[1] [2]]"},
		{[][]int32{{3, 4}, {1, 2}, {3, 4}}, "[[1 2] [3 4]]"},
		{[][]int32{{0, 1, 2}, {5}, {0, 2}, {1, 5}}, "[[5] [0 2]]"},
		{[][]int32{{7}, {7}}, "[[7]]"},
		{[][]int32{{1, 2}, {}, {3}}, "[[]]"},
		{[][]int32{{2, 5}, {5}, {1, 2}, {2}}, "[[2] [5]]"},
	}
	for _, c := range cases {
		got := minimal(c.in)
		if s := fmt.Sprint(got); s != c.want && !(c.want == "[]" && len(got) == 0) {
			t.Errorf("minimal = %s, want %s", s, c.want)
		}
		if len(got) > 0 && !sameAntichain(got, minimal(append([][]int32(nil), got...))) {
			t.Errorf("minimal is not idempotent on %v", got)
		}
	}
}

// TestMinimalRandom compares minimal with the definition on 500 random
// families of supports over eight states: a support is kept iff no other
// is a proper subset of it, once, in canonical order.
func TestMinimalRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	for n := 0; n < 500; n++ {
		var sets [][]int32
		for i := r.IntN(30); i > 0; i-- {
			var s []int32
			for x := int32(0); x < 8; x++ {
				if r.IntN(4) == 0 {
					s = append(s, x)
				}
			}
			sets = append(sets, s)
		}
		var want [][]int32
		for i, s := range sets {
			keep := true
			for j, o := range sets {
				if len(o) < len(s) && isSubset(o, s) || j < i && slices.Equal(o, s) {
					keep = false
					break
				}
			}
			if keep {
				want = append(want, s)
			}
		}
		slices.SortFunc(want, compareSupports)
		if got := minimal(sets); !sameAntichain(got, want) {
			t.Fatalf("minimal(%v) = %v, want %v", sets, got, want)
		}
	}
}

func TestCheckCCRPlayers(t *testing.T) {
	for _, c := range []struct {
		n    int
		fail bool
	}{{2, false}, {20, false}, {21, true}, {63, true}} {
		err := CheckCCRPlayers(c.n)
		var le *limit.Error
		if got := errors.As(err, &le); got != c.fail {
			t.Errorf("CheckCCRPlayers(%d) = %v", c.n, err)
		}
	}
}
