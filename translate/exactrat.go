package translate

import (
	"math"
	"math/big"
	"math/bits"
)

// xrat is an exact probability while the explorer computes it: the
// fraction n/d in lowest terms (d > 0, n > math.MinInt64) when both fit in
// an int64, else the big.Rat big (d == 0), which is never modified. The
// probabilities of most models are small fractions, so the products and
// sums that make a choice's distribution are made in machine integers,
// and each distinct value is then stored once (ratTable). The values are
// those of big.Rat arithmetic: a fraction in lowest terms is unique.
type xrat struct {
	n, d int64
	big  *big.Rat
}

// xratOne is the probability 1.
var xratOne = xrat{n: 1, d: 1}

// xratOf is r as an xrat; r is not modified afterwards (the caller does
// not modify it either).
func xratOf(r *big.Rat) xrat {
	num := r.Num()
	if !num.IsInt64() || num.Int64() == math.MinInt64 {
		return xrat{big: r}
	}
	if r.IsInt() {
		return xrat{n: num.Int64(), d: 1}
	}
	den := r.Denom() // not a copy: r is initialised and not an integer
	if !den.IsInt64() {
		return xrat{big: r}
	}
	return xrat{n: num.Int64(), d: den.Int64()}
}

// rat returns a as a big.Rat; for a small a a new one.
func (a xrat) rat() *big.Rat {
	if a.d == 0 {
		return a.big
	}
	return new(big.Rat).SetFrac64(a.n, a.d)
}

// mul returns a·b.
func (a xrat) mul(b xrat) xrat {
	if a.d != 0 && b.d != 0 {
		if a.n == 0 || b.n == 0 {
			return xrat{n: 0, d: 1}
		}
		// cancel across before multiplying: the result is in lowest terms
		g1 := gcd64(abs64(a.n), uint64(b.d))
		g2 := gcd64(abs64(b.n), uint64(a.d))
		n, ok1 := mul64(a.n/int64(g1), b.n/int64(g2))
		d, ok2 := mul64(a.d/int64(g2), b.d/int64(g1))
		if ok1 && ok2 {
			return xrat{n: n, d: d}
		}
	}
	return xratOf(new(big.Rat).Mul(a.rat(), b.rat()))
}

// add returns a+b.
func (a xrat) add(b xrat) xrat {
	if a.d != 0 && b.d != 0 {
		g := int64(gcd64(uint64(a.d), uint64(b.d)))
		da, db := a.d/g, b.d/g
		t1, ok1 := mul64(a.n, db)
		t2, ok2 := mul64(b.n, da)
		d, ok3 := mul64(a.d, db)
		if ok1 && ok2 && ok3 {
			if n, ok := add64(t1, t2); ok {
				if n == 0 {
					return xrat{n: 0, d: 1}
				}
				h := int64(gcd64(abs64(n), uint64(d)))
				return xrat{n: n / h, d: d / h}
			}
		}
	}
	return xratOf(new(big.Rat).Add(a.rat(), b.rat()))
}

// inv returns 1/a; a is not zero.
func (a xrat) inv() xrat {
	if a.d != 0 {
		if a.n < 0 {
			return xrat{n: -a.d, d: -a.n}
		}
		return xrat{n: a.d, d: a.n}
	}
	return xratOf(new(big.Rat).Inv(a.big))
}

// sign is -1, 0 or 1 as a is negative, zero or positive.
func (a xrat) sign() int {
	if a.d == 0 {
		return a.big.Sign()
	}
	switch {
	case a.n < 0:
		return -1
	case a.n > 0:
		return 1
	}
	return 0
}

func abs64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

func gcd64(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// mul64 is x·y, ok false when it overflows (or is math.MinInt64).
func mul64(x, y int64) (int64, bool) {
	hi, lo := bits.Mul64(abs64(x), abs64(y))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	if (x < 0) != (y < 0) {
		return -int64(lo), true
	}
	return int64(lo), true
}

// add64 is x+y, ok false when it overflows (or is math.MinInt64).
func add64(x, y int64) (int64, bool) {
	s := x + y
	if (x >= 0) == (y >= 0) && (s >= 0) != (x >= 0) || s == math.MinInt64 {
		return 0, false
	}
	return s, true
}

// ratTable holds one big.Rat per distinct small probability of a game,
// shared by all the transitions that have it (Game.ProbExact's entries
// are never modified).
type ratTable struct {
	m map[[2]int64]*big.Rat
}

// get returns the stored big.Rat of a (a copy of a.big when a is not
// small, so that the game shares no value with the constants).
func (t *ratTable) get(a xrat) *big.Rat {
	if a.d == 0 {
		return new(big.Rat).Set(a.big)
	}
	k := [2]int64{a.n, a.d}
	if r, ok := t.m[k]; ok {
		return r
	}
	if t.m == nil {
		t.m = map[[2]int64]*big.Rat{}
	}
	r := new(big.Rat).SetFrac64(a.n, a.d)
	t.m[k] = r
	return r
}
