package resp

import (
	"math"
	"math/big"

	"github.com/onus-mc/onus/checker/hist"
)

// Degrees holds the three degrees.
type Degrees struct {
	Count, Prob, Entropy float64
	// CountRat is D^C exactly when every count it divides is known exactly
	// (the passes counted exactly, or the counts are below 2^53) and the #
	// degree was asked (Counts); ProbRat when exact.
	CountRat, ProbRat *big.Rat
}

// countRatio is x/y for two counts of a pass's results and log2(1+x) /
// log2(1+y), with x/0 = 0: exactly as a rational too when both counts are
// known exactly, else from the Counts (package hist bounds their error).
func countRatio(x, y *big.Int, nx, ny hist.Count) (*big.Rat, float64, float64) {
	if x != nil && y != nil {
		r := ratDiv(x, y)
		return r, RatFloat(r), hRatio(x, y)
	}
	h := 0.0
	if ly := ny.Log2p1(); ly != 0 {
		h = nx.Log2p1() / ly
	}
	return nil, nx.Ratio(ny), h
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
			d.CountRat, d.Count, d.Entropy = countRatio(plus.CAcc, base.CAcc, plus.NAcc, base.NAcc)
		}
		d.Prob = plus.PAcc.Ratio(base.PAcc)
		if exact {
			d.ProbRat = ratQuo(plus.RAcc, base.RAcc)
		}
	case CPR:
		// Of Compat_Ag(π) only the emptiness of L⁺ counts: its pass if it
		// ran, else a sweep of its reachable states.
		q.measure(q.all()&^i, 0)
		minus, base := q.pass(q.all()&^i), q.pass(0)
		if !q.Empty(q.all()).AnyAcc { // κ = [L⁺ ≠ ∅]
			return zeroDegrees(exact)
		}
		if q.Counts {
			d.CountRat, d.Count, d.Entropy = countRatio(minus.CRej, base.CRej, minus.NRej, base.NRej)
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
		sumC := new(big.Rat) // nil once a count is not known exactly
		var sumP, sumH, sumCf float64
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
				r, c, h := countRatio(plus.CAcc, base.CAcc, plus.NAcc, base.NAcc)
				if r == nil {
					sumC = nil
				} else if sumC != nil {
					sumC.Add(sumC, r)
				}
				sumCf += c
				sumH += h
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
		if sumC != nil {
			d.CountRat = sumC.Quo(sumC, nr)
		}
		d.Count = sumCf / float64(n)
		d.Prob = sumP / float64(n)
		d.Entropy = sumH / float64(n)
		if exact {
			d.ProbRat = sumPR.Quo(sumPR, nr)
		}
	}
	if !q.Counts {
		d.CountRat, d.Count = nil, 0 // the # degree was not asked for
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

// measureWith is measure, with the passes of the raw masks extra run in
// the first batch's walks (their results stay with the product, which
// gives them to the later Pass or Passes asking for them).
func (q *Query) measureWith(extra []uint64, js ...uint64) {
	m := q.shared()
	var todo []uint64
	queued := map[uint64]bool{} // a set: CCR's lists have 2^n entries
	for _, j := range js {
		j &= q.Planned()
		if r, ok := m.passes[j]; (!ok || !(r.Counted || !q.Counts)) && !queued[j] {
			queued[j] = true
			todo = append(todo, j)
		}
	}
	// In batches: the runs of one batch are alive at once, two layers each.
	for len(todo) > 0 || len(extra) > 0 {
		batch := todo[:min(len(todo), PassBatch)]
		todo = todo[len(batch):]
		masks := make([]uint64, len(batch), len(batch)+len(extra))
		for i, j := range batch {
			masks[i] = q.Compat(j)
		}
		masks = append(masks, extra...)
		extra = nil
		for i, r := range q.Product.Passes(q.Start, q.Steps, q.T, masks, q.Counts) {
			if i < len(batch) {
				m.passes[batch[i]] = r
			}
		}
	}
}
