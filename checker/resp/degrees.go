package resp

import (
	"math"
	"math/big"
)

// Degrees holds the three degrees.
type Degrees struct {
	Count, Prob, Entropy float64
	CountRat, ProbRat    *big.Rat // CountRat unless the # degree was not asked (Counts false); ProbRat when exact
}

func ratDiv(x, y *big.Int) *big.Rat {
	if y.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(x, y)
}

func ratQuo(x, y *big.Rat) *big.Rat {
	if x == nil || y == nil {
		return nil
	}
	if y.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Quo(x, y)
}

// hRatio is H(x)/H(y) = log2(1+x)/log2(1+y), with x/0 = 0.
func hRatio(x, y *big.Int) float64 {
	ly := Log2p1(y)
	if ly == 0 {
		return 0
	}
	return Log2p1(x) / ly
}

// RatFloat returns r as the nearest float64.
func RatFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// Degrees computes D^C, D^P and D^H (SPEC §5).
func (q *Query) Degrees() Degrees {
	i := uint64(1) << uint(q.Agent)
	exact := q.Exact
	var d Degrees
	switch q.Kind {
	case CAR:
		q.measure(i, 0)
		plus, base := q.pass(i), q.pass(0)
		if !base.AnyRej { // κ = [L⁻ ≠ ∅]
			return zeroDegrees(exact)
		}
		if q.Counts {
			d.CountRat = ratDiv(plus.CAcc, base.CAcc)
			d.Entropy = hRatio(plus.CAcc, base.CAcc)
		}
		d.Prob = plus.PAcc.Ratio(base.PAcc)
		if exact {
			d.ProbRat = ratQuo(plus.RAcc, base.RAcc)
		}
	case CPR:
		q.measure(q.all(), q.all()&^i, 0)
		plus, minus, base := q.pass(q.all()), q.pass(q.all()&^i), q.pass(0)
		if !plus.AnyAcc { // κ = [L⁺ ≠ ∅]
			return zeroDegrees(exact)
		}
		if q.Counts {
			d.CountRat = ratDiv(minus.CRej, base.CRej)
			d.Entropy = hRatio(minus.CRej, base.CRej)
		}
		d.Prob = minus.PRej.Ratio(base.PRej)
		if exact {
			d.ProbRat = ratQuo(minus.RRej, base.RRej)
		}
	default:
		js := []uint64{0}
		for _, j := range q.Coalitions() {
			js = append(js, j, j&^i)
		}
		q.measure(js...)
		base := q.pass(0)
		n := 0
		sumC := new(big.Rat)
		var sumP, sumH float64
		var sumPR *big.Rat
		if exact {
			sumPR = new(big.Rat)
		}
		for _, j := range q.Coalitions() {
			plus := q.pass(j)
			if !plus.AnyAcc {
				continue
			}
			n++
			minus := q.pass(j &^ i)
			if !minus.AnyRej { // κ_J
				continue
			}
			if q.Counts {
				sumC.Add(sumC, ratDiv(plus.CAcc, base.CAcc))
				sumH += hRatio(plus.CAcc, base.CAcc)
			}
			sumP += plus.PAcc.Ratio(base.PAcc)
			if exact {
				if r := ratQuo(plus.RAcc, base.RAcc); r != nil {
					sumPR.Add(sumPR, r)
				}
			}
		}
		if n == 0 {
			return zeroDegrees(exact)
		}
		nr := big.NewRat(int64(n), 1)
		d.CountRat = sumC.Quo(sumC, nr)
		d.Prob = sumP / float64(n)
		d.Entropy = sumH / float64(n)
		if exact {
			d.ProbRat = sumPR.Quo(sumPR, nr)
		}
	}
	if !q.Counts {
		d.CountRat = nil // the # degree was not asked for
	}
	if d.CountRat != nil {
		d.Count = RatFloat(d.CountRat)
	}
	if d.ProbRat != nil {
		d.Prob = RatFloat(d.ProbRat)
	}
	return d
}

func zeroDegrees(exact bool) Degrees {
	d := Degrees{CountRat: new(big.Rat)}
	if exact {
		d.ProbRat = new(big.Rat)
	}
	return d
}

// Log2p1 returns log2(1+x) for a non-negative big integer, accurate to
// float64 precision however large x is.
func Log2p1(x *big.Int) float64 {
	if x.Sign() <= 0 {
		return 0
	}
	if x.BitLen() <= 52 {
		return math.Log2(1 + float64(x.Int64()))
	}
	y := new(big.Float).SetPrec(128).SetInt(x)
	y.Add(y, big.NewFloat(1))
	mant := new(big.Float)
	exp := y.MantExp(mant) // y = mant · 2^exp, mant in [0.5, 1)
	m, _ := mant.Float64()
	return float64(exp) + math.Log2(m)
}
