package hist

import (
	"math"
	"math/big"
	"strconv"
)

// This file holds Count, the number of histories as the passes carry it
// by default: a double-double mantissa with a binary exponent, so that a
// count of any size costs a few floating-point operations to add.
//
// Error bound. Every entry of a layer is a sum of the entries of the layer
// before (the histories of one more step), added one at a time in
// double-double arithmetic: each addition is exact up to a relative error
// of at most u = 2^-104, and the values are non-negative, so they never
// cancel. Where a step is free of filters the walks add an entry m times
// for the m transitions of a state into the same state (groups.go), a
// product whose high part is exact (math.FMA) and whose low part rounds,
// within u again. An entry reached by at most d transitions at each step
// is then within a factor (1 ± u)^(T·d) of its exact count after T steps;
// the final sum over the n entries of the last layer adds n−1 roundings
// more. So a count is within relative error K·u·(1 + K·u) ≤ 2K·u, with
// K = T·d + n, of the exact integer, and a ratio of two counts within
// 4K·u + 2^-53 (its rounding to a float64): below 10^-16 for any K below
// 10^13. Multiplying by a power of two and normalising are exact. Counts
// below 2^53 are exact integers: every partial sum of such a count is an
// integer below 2^53, which float64 additions keep exact.

// Count is a non-negative number (hi + lo)·2^exp: hi in [1/2, 1) or 0
// after normalisation, |lo| at most half an ulp of hi.
type Count struct {
	hi, lo float64
	exp    int
}

// countOne is the count 1.
var countOne = Count{hi: 0.5, exp: 1}

// CountOf returns x (non-negative) as a Count, rounded to 106 bits.
func CountOf(x *big.Int) Count {
	if x.Sign() <= 0 {
		return Count{}
	}
	n := x.BitLen()
	shift := n - 106
	top := x
	if shift > 0 {
		top = new(big.Int).Rsh(x, uint(shift))
	} else {
		shift = 0
	}
	// top < 2^106: split it into two exact float64 halves.
	lo53 := new(big.Int).And(top, big.NewInt(1<<53-1))
	hi53 := new(big.Int).Rsh(top, 53)
	h := float64(hi53.Uint64()) * 0x1p53
	l := float64(lo53.Uint64())
	return normCount(h, l, shift)
}

// normCount returns (h + l)·2^e normalised.
func normCount(h, l float64, e int) Count {
	h, l = twoSum(h, l)
	if h == 0 {
		return Count{}
	}
	m, k := math.Frexp(h)
	return Count{hi: m, lo: math.Ldexp(l, -k), exp: e + k}
}

// IsZero reports whether the count is 0.
func (x Count) IsZero() bool { return x.hi == 0 }

// Add returns x+y.
func (x Count) Add(y Count) Count {
	switch {
	case y.hi == 0:
		return x
	case x.hi == 0:
		return y
	case x.exp < y.exp:
		x, y = y, x
	}
	h, l := twoSum(x.hi, ldexp(y.hi, y.exp-x.exp))
	l += x.lo + ldexp(y.lo, y.exp-x.exp)
	return normCount(h, l, x.exp)
}

// Sub returns x−y for y ≤ x (0 when y > x) and whether the difference is
// known to four significant digits at least: the counts agree with the
// exact ones to about 2^-90 of the larger, so a difference much smaller
// than that is noise.
func (x Count) Sub(y Count) (Count, bool) {
	if y.hi == 0 {
		return x, true
	}
	if x.hi == 0 || x.exp < y.exp {
		return Count{}, false
	}
	d := y.exp - x.exp
	h, l := twoSum(x.hi, -ldexp(y.hi, d))
	l += x.lo - ldexp(y.lo, d)
	r := normCount(h, l, x.exp)
	if r.hi <= 0 {
		return Count{}, r.hi == 0 && x.exp <= 53 && y.exp <= 53
	}
	return r, r.exp >= x.exp-70
}

// Float returns the count as a float64: +Inf beyond its range.
func (x Count) Float() float64 { return ldexp(x.hi+x.lo, x.exp) }

// Int returns the count as an integer when it is known exactly: when it is
// below 2^53 (see the error bound above). Otherwise nil.
func (x Count) Int() *big.Int {
	if x.hi == 0 {
		return new(big.Int)
	}
	if x.lo != 0 || x.exp > 53 {
		return nil
	}
	v := math.Ldexp(x.hi, x.exp)
	if v != math.Trunc(v) {
		return nil
	}
	return new(big.Int).SetUint64(uint64(v))
}

// Ratio returns x/y to within a rounding of float64, with x/0 = 0.
func (x Count) Ratio(y Count) float64 {
	if y.hi == 0 || x.hi == 0 {
		return 0
	}
	q := x.hi / y.hi
	// The remainder of x − q·y, exact for the hi parts.
	r := math.FMA(-q, y.hi, x.hi) + x.lo - q*y.lo
	return ldexp(q+r/y.hi, x.exp-y.exp)
}

// Log2p1 returns log2(1 + x).
func (x Count) Log2p1() float64 {
	if x.hi == 0 {
		return 0
	}
	if x.exp <= 53 {
		return math.Log2(1 + math.Ldexp(x.hi, x.exp) + math.Ldexp(x.lo, x.exp))
	}
	// 1 is below the last bit of hi; lo and 1 still shift the value by
	// (lo + 2^-exp)/hi relative, log2(1+t) ≈ t/ln 2.
	t := (x.lo + math.Ldexp(1, -x.exp)) / x.hi
	return float64(x.exp) + math.Log2(x.hi) + t/math.Ln2
}

// String writes the count: as an integer when it is exact (Int), else in
// scientific notation with digits significant digits.
func (x Count) String() string { return x.Text(6) }

// Text writes the count as String does, with digits significant digits
// when it is not an exact integer.
func (x Count) Text(digits int) string {
	if v := x.Int(); v != nil {
		return v.String()
	}
	if x.exp < 1000 {
		return strconv.FormatFloat(x.Float(), 'e', digits-1, 64)
	}
	// log10 of the count, split into a decimal exponent and a mantissa.
	l := (float64(x.exp) + math.Log2(x.hi+x.lo)) * math.Log10(2)
	e := math.Floor(l)
	m := math.Pow(10, l-e)
	s := strconv.FormatFloat(m, 'f', digits-1, 64)
	if s[0] == '1' && len(s) > 1 && s[1] == '0' && m >= 9.5 { // 9.99… rounded up
		e++
		s = strconv.FormatFloat(m/10, 'f', digits-1, 64)
	}
	return s + "e+" + strconv.Itoa(int(e))
}

// twoSum returns s = fl(a+b) and the exact error a+b−s.
func twoSum(a, b float64) (float64, float64) {
	s := a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

// fastTwoSum is twoSum for |a| ≥ |b| (or a = 0).
func fastTwoSum(a, b float64) (float64, float64) {
	s := a + b
	return s, b - (s - a)
}
