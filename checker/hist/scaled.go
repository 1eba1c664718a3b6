package hist

import "math"

// Scaled is m·2^e.
type Scaled struct {
	m float64
	e int
}

// Float returns the value as a float64 (0 on underflow).
func (x Scaled) Float() float64 { return math.Ldexp(x.m, x.e) }

// Zero reports whether the value is 0.
func (x Scaled) Zero() bool { return x.m == 0 }

// Add returns x+y.
func (x Scaled) Add(y Scaled) Scaled { return x.add(y) }

// add returns x+y.
func (x Scaled) add(y Scaled) Scaled {
	m, e := addScaled(x.m, x.e, y.m, y.e)
	return Scaled{m, e}
}

// addScaled returns m1·2^e1 + m2·2^e2 as a mantissa and exponent.
func addScaled(m1 float64, e1 int, m2 float64, e2 int) (float64, int) {
	switch {
	case m2 == 0:
		return m1, e1
	case m1 == 0:
		return m2, e2
	case e1 >= e2:
		return m1 + ldexp(m2, e2-e1), e1
	}
	return ldexp(m1, e1-e2) + m2, e2
}

// ldexp is math.Ldexp for an exponent of any size.
func ldexp(m float64, e int) float64 {
	if e < -4000 {
		return 0
	}
	return math.Ldexp(m, e)
}

// Ratio returns x/y with x/0 = 0.
func (x Scaled) Ratio(y Scaled) float64 {
	if y.m == 0 {
		return 0
	}
	return math.Ldexp(x.m/y.m, x.e-y.e)
}

// norm returns x with its mantissa in [1/2, 1) (0 as {0, 0}): the same
// value, one representation, whatever sums gave it.
func (x Scaled) norm() Scaled {
	if x.m == 0 {
		return Scaled{}
	}
	m, e := math.Frexp(x.m)
	return Scaled{m, x.e + e}
}
