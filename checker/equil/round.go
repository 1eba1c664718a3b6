package equil

import (
	"math"
	"strconv"
)

// round12 rounds v to 12 decimal places, half to even on v's exact
// decimal expansion, as PRISM-games rounds stage payoffs; this also merges
// payoffs that differ by float noise only. It is called for every payoff
// of every stage game of every sweep, so the common case avoids strconv:
// when |v|·10^12 is below 2^52 and not within an ulp of a tie, rounding
// the float product gives the same integer as rounding the exact one, and
// dividing that integer by 10^12 (both exact in float64, the quotient
// correctly rounded) is the double nearest the rounded decimal, which is
// what formatting and parsing it return. The other cases go through
// strconv (round12Slow).
func round12(v float64) float64 {
	p := v * 1e12
	a := math.Abs(p)
	if a >= 1<<52 || a == 0 {
		return round12Slow(v)
	}
	f := a - math.Floor(a)
	if math.Abs(f-0.5) <= math.Nextafter(a, math.Inf(1))-a {
		return round12Slow(v)
	}
	return math.Round(p) / 1e12
}

// round12Slow rounds through the decimal string of v.
func round12Slow(v float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) || math.Abs(v) > 1e15 {
		return v
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 12, 64), 64)
	if err != nil {
		return v
	}
	return r
}
