package resp

import (
	"math/big"
	"math/bits"

	"github.com/onus-mc/onus/checker/limit"
)

// This file holds the power indices of SPEC §10.1: the characteristic
// functions v_C, v_P and a of every coalition J ⊆ Ag, and the Shapley and
// Banzhaf values of each. Every coalition's pass over Compat_J(π) runs
// once (shared with CCR's through the query's memo) and serves v_C, v_P,
// a and every agent.

// MaxPowerPlayers is the largest number of players whose 2^n coalitions
// the power indices enumerate; beyond it they are a resource limit.
const MaxPowerPlayers = 20

// Coalition is the value of one coalition J (SPEC §10.1).
type Coalition struct {
	Mask   uint64  // J, bit i for player i
	Count  float64 // v_C(J) = C(Compat_J(π) ∩ L_ψ) / C(Compat_J(π)); 0 unless counted
	Prob   float64 // v_P(J) = P(Compat_J(π) ∩ L_ψ) / P(Compat_J(π))
	Avoid  bool    // a(J): ψ holds under π and J could have avoided it together
	Forces bool    // Compat_J(π) ⊆ L_ψ
	// CountRat is v_C(J) exactly (nil unless counted and its counts are
	// known exactly, as for Degrees.CountRat); ProbRat is v_P(J) exactly
	// (nil unless the query is exact).
	CountRat, ProbRat *big.Rat
}

// Values holds the characteristic functions of every coalition, indexed by
// mask.
type Values struct {
	Players    int
	Coalitions []Coalition
}

// Index is one agent's power index under the three characteristic
// functions; the *Rat fields are exact when the query is exact (CountRat
// also needs counts).
type Index struct {
	Count, Prob, Avoid          float64
	CountRat, ProbRat, AvoidRat *big.Rat
}

// CheckPowerPlayers returns the resource-limit error for a game with more
// than MaxPowerPlayers players, else nil.
func CheckPowerPlayers(n int) error {
	if n > MaxPowerPlayers {
		return &limit.Error{What: "players for power indices (2^n coalitions)", Limit: MaxPowerPlayers}
	}
	return nil
}

// CheckCCRPlayers returns the resource-limit error for CCR in a game with
// more than MaxPowerPlayers players (CCR ranges over the 2^(n-1)
// coalitions that hold its agent, as the power indices range over 2^n),
// else nil.
func CheckCCRPlayers(n int) error {
	if n > MaxPowerPlayers {
		return &limit.Error{What: "players for CCR (2^(n-1) coalitions)", Limit: MaxPowerPlayers}
	}
	return nil
}

// Values computes v_C (when the query counts), v_P and a for every
// coalition. The game must have at most MaxPowerPlayers players.
func (q *Query) Values() *Values {
	n := q.Players
	all := q.all()
	v := &Values{Players: n, Coalitions: make([]Coalition, all+1)}
	js := make([]uint64, all+1)
	for j := range js {
		js[j] = uint64(j)
	}
	q.measure(js...) // every coalition's pass, sharing layers
	// a(J) = [Compat_Ag(π) ⊆ L_ψ] · Avoidable(Ag∖J).
	if q.Holds(all) && q.Avoidable(0) {
		q.avoidances(v)
	}
	for j := uint64(0); j <= all; j++ {
		c := &v.Coalitions[j]
		c.Mask = j
		r := q.pass(j)
		c.Forces = !r.AnyRej
		if q.Counts {
			var tot *big.Int
			if r.CAcc != nil && r.CRej != nil {
				tot = new(big.Int).Add(r.CAcc, r.CRej)
			}
			c.CountRat, c.Count, _ = countRatio(r.CAcc, tot, r.NAcc, r.NAcc.Add(r.NRej))
		}
		c.Prob = r.PAcc.Ratio(r.PAcc.Add(r.PRej))
		if q.Exact && r.RAcc != nil && r.RRej != nil {
			c.ProbRat = ratQuo(r.RAcc, new(big.Rat).Add(r.RAcc, r.RRej))
			c.Prob = RatFloat(c.ProbRat)
		}
	}
	return v
}

// avoidances sets a(J) = Avoidable(Ag∖J) of every coalition J ≠ ∅, given
// that Compat_Ag(π) ⊆ L_ψ. a is monotone in J: once a subset of J can
// avoid ψ, J can, so a coalition is searched only when none of its J∖{k}
// can. The coalitions go by size, those of one size in parallel
// (parallel.go): every J∖{k} is decided before J.
func (q *Query) avoidances(v *Values) {
	all := q.all()
	bySize := make([][]uint64, q.Players+1)
	for j := uint64(1); j <= all; j++ {
		k := bits.OnesCount64(j)
		bySize[k] = append(bySize[k], j)
	}
	for _, js := range bySize {
		var search []uint64
		for _, j := range js {
			c := &v.Coalitions[j]
			for rest := j; rest != 0; rest &= rest - 1 {
				if v.Coalitions[j&^(rest&-rest)].Avoid {
					c.Avoid = true
					break
				}
			}
			if !c.Avoid {
				search = append(search, j)
			}
		}
		q.each("coalitions' plan searches", len(search), func(x int) bool {
			j := search[x]
			v.Coalitions[j].Avoid = q.Avoidable(all &^ j)
			return false
		})
	}
}

// Shapley returns agent i's Shapley value under v_C, v_P and a:
// φ_i(v) = Σ_{J ⊆ Ag∖{i}} |J|!·(n−1−|J|)!/n! · (v(J∪{i}) − v(J)).
func (v *Values) Shapley(i int, exact bool) Index {
	n := v.Players
	w := make([]*big.Rat, n)
	for k := range w {
		// k!·(n−1−k)!/n! = 1 / (n · binom(n−1, k))
		b := new(big.Int).Binomial(int64(n-1), int64(k))
		w[k] = new(big.Rat).SetFrac(big.NewInt(1), b.Mul(b, big.NewInt(int64(n))))
	}
	return v.index(i, exact, w)
}

// Banzhaf returns agent i's Banzhaf value under v_C, v_P and a:
// β_i(v) = 2^(1−n) · Σ_{J ⊆ Ag∖{i}} (v(J∪{i}) − v(J)).
func (v *Values) Banzhaf(i int, exact bool) Index {
	r := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(v.Players-1)))
	w := make([]*big.Rat, v.Players)
	for k := range w {
		w[k] = r
	}
	return v.index(i, exact, w)
}

// index sums w[|J|]·(v(J∪{i}) − v(J)) over J ⊆ Ag∖{i} for the three
// characteristic functions. The differences are first summed per size
// |J| (for a, exactly: they are integers), then weighted; under exact also
// as rationals (the count one only when v_C was counted).
func (v *Values) index(i int, exact bool, w []*big.Rat) Index {
	n := v.Players
	bit := uint64(1) << uint(i)
	counted := true // every v_C(J) known exactly
	for _, c := range v.Coalitions {
		counted = counted && c.CountRat != nil
	}
	probExact := exact && v.Coalitions[0].ProbRat != nil
	sumC, sumP := make([]float64, n), make([]float64, n)
	sumA := make([]int64, n)
	var ratC, ratP []*big.Rat
	if exact {
		ratC, ratP = make([]*big.Rat, n), make([]*big.Rat, n)
		for k := range ratC {
			ratC[k], ratP[k] = new(big.Rat), new(big.Rat)
		}
	}
	d := new(big.Rat)
	for j := range v.Coalitions {
		J := uint64(j)
		if J&bit != 0 {
			continue
		}
		k := bits.OnesCount64(J)
		with, without := &v.Coalitions[J|bit], &v.Coalitions[J]
		sumC[k] += with.Count - without.Count
		sumP[k] += with.Prob - without.Prob
		sumA[k] += int64(boolInt(with.Avoid) - boolInt(without.Avoid))
		if exact && counted {
			ratC[k].Add(ratC[k], d.Sub(with.CountRat, without.CountRat))
		}
		if probExact {
			ratP[k].Add(ratP[k], d.Sub(with.ProbRat, without.ProbRat))
		}
	}
	var x Index
	if exact {
		x.AvoidRat = new(big.Rat)
		if counted {
			x.CountRat = new(big.Rat)
		}
		if probExact {
			x.ProbRat = new(big.Rat)
		}
	}
	for k := 0; k < n; k++ {
		wf := RatFloat(w[k])
		x.Count += wf * sumC[k]
		x.Prob += wf * sumP[k]
		if !exact {
			x.Avoid += wf * float64(sumA[k])
			continue
		}
		x.AvoidRat.Add(x.AvoidRat, d.Mul(w[k], d.SetInt64(sumA[k])))
		if counted {
			x.CountRat.Add(x.CountRat, d.Mul(w[k], ratC[k]))
		}
		if probExact {
			x.ProbRat.Add(x.ProbRat, d.Mul(w[k], ratP[k]))
		}
	}
	if exact {
		// The exact values decide the printed floats, as for the degrees.
		if counted {
			x.Count = RatFloat(x.CountRat)
		}
		if probExact {
			x.Prob = RatFloat(x.ProbRat)
		}
		x.Avoid = RatFloat(x.AvoidRat)
	}
	return x
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
