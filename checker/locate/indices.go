package locate

import (
	"math"
	"math/big"
	"math/bits"
)

// Value is the responsibility of one group.
type Value struct {
	Name   string
	States []int32
	// Shapley φ_i, Banzhaf 2^(1−n)·Σ_C (v(C∪{i}) − v(C)) and Count (the
	// coalitions C with v(C) = 0 and v(C∪{i}) = 1). The exact values are
	// set for simple games valued exactly; Count is nil when sampled.
	Shapley, Banzhaf           float64
	ShapleyExact, BanzhafExact *big.Rat
	Count                      *big.Int
	// StdErr is the standard error of a sampled Shapley value (0 when
	// computed exactly).
	StdErr float64
	// Swings lists up to three of the smallest coalitions (group indices)
	// where the group swings: v(C) = 0 and v(C ∪ {group}) = 1.
	Swings [][]int
}

// maxSwings is how many swing coalitions a Value keeps.
const maxSwings = 3

// indices computes every index of the players (group indices eff) from a
// complete table; nulls is the number of other players of the game, which
// change only Count (each doubles the coalitions).
func indices(t *table, eff []int, nulls int, out []Value) {
	n := t.n
	fact := factorials(n)
	nFact := fact[n]
	for i := 0; i < n; i++ {
		bit := uint64(1) << uint(i)
		sw := make([]int64, n)   // simple games: swings by |C|
		dv := make([]float64, n) // value games: Σ differences by |C|
		var cnt int64
		val := &out[eff[i]]
		for c := uint64(0); c < uint64(len(t.win)); c++ {
			if c&bit != 0 {
				continue
			}
			k := bits.OnesCount64(c)
			if t.val != nil {
				dv[k] += t.val[c|bit] - t.val[c]
				if t.val[c] == 0 && t.val[c|bit] == 1 {
					cnt++
					keepSwing(val, c, eff)
				}
				continue
			}
			if t.win[c|bit] && !t.win[c] {
				sw[k]++
				cnt++
				keepSwing(val, c, eff)
			}
		}
		count := new(big.Int).Lsh(big.NewInt(cnt), uint(nulls))
		val.Count = count
		if t.val != nil {
			sh, bz := 0.0, 0.0
			for k := 0; k < n; k++ {
				// |C|!(n−1−|C|)!/n! = 1/(n·C(n−1,|C|))
				sh += dv[k] / (float64(n) * binom(n-1, k))
				bz += dv[k]
			}
			val.Shapley = sh
			val.Banzhaf = bz / math.Ldexp(1, n-1)
			continue
		}
		sh := new(big.Rat)
		var total int64
		for k := 0; k < n; k++ {
			if sw[k] == 0 {
				continue
			}
			w := new(big.Int).Mul(fact[k], fact[n-1-k])
			w.Mul(w, big.NewInt(sw[k]))
			sh.Add(sh, new(big.Rat).SetFrac(w, nFact))
			total += sw[k]
		}
		bz := new(big.Rat).SetFrac(big.NewInt(total), new(big.Int).Lsh(big.NewInt(1), uint(n-1)))
		val.ShapleyExact, val.BanzhafExact = sh, bz
		val.Shapley, _ = sh.Float64()
		val.Banzhaf, _ = bz.Float64()
	}
}

// keepSwing records coalition c (a mask of eff's players) among the
// smallest swings of val.
func keepSwing(val *Value, c uint64, eff []int) {
	size := bits.OnesCount64(c)
	if len(val.Swings) == maxSwings && len(val.Swings[maxSwings-1]) <= size {
		return
	}
	var groups []int
	for r := c; r != 0; r &= r - 1 {
		groups = append(groups, eff[bits.TrailingZeros64(r)])
	}
	at := len(val.Swings)
	for at > 0 && len(val.Swings[at-1]) > size {
		at--
	}
	val.Swings = append(val.Swings, nil)
	copy(val.Swings[at+1:], val.Swings[at:])
	val.Swings[at] = groups
	if len(val.Swings) > maxSwings {
		val.Swings = val.Swings[:maxSwings]
	}
}

func factorials(n int) []*big.Int {
	f := make([]*big.Int, n+1)
	f[0] = big.NewInt(1)
	for i := 1; i <= n; i++ {
		f[i] = new(big.Int).Mul(f[i-1], big.NewInt(int64(i)))
	}
	return f
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

func popcount(c uint64) int { return bits.OnesCount64(c) }
