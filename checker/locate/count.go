package locate

import (
	"fmt"
	"math/big"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"github.com/onus-mc/onus/checker/progress"
)

// This file values a simple game from its minimal winning coalitions M
// without a table of all coalitions: player i swings at S (i ∉ S) when
// S ∪ {i} holds some m ∈ M and S holds none, so the swings of each size
// are the differences of two counts of sets holding no member of a family
// (a hypergraph's independent sets, by size). They are counted by
// branching on the player in most sets, with the sets split into
// components that share no player (their counts multiply) and memoised.

// poly is a count by size: p[k] sets of size k.
type poly []*big.Int

func polyOne() poly { return poly{big.NewInt(1)} }

func (p poly) mul(q poly) poly {
	out := make(poly, len(p)+len(q)-1)
	for i := range out {
		out[i] = new(big.Int)
	}
	t := new(big.Int)
	for i, a := range p {
		if a.Sign() == 0 {
			continue
		}
		for j, b := range q {
			out[i+j].Add(out[i+j], t.Mul(a, b))
		}
	}
	return out
}

func (p poly) add(q poly) poly {
	n := max(len(p), len(q))
	out := make(poly, n)
	for i := range out {
		out[i] = new(big.Int)
		if i < len(p) {
			out[i].Add(out[i], p[i])
		}
		if i < len(q) {
			out[i].Add(out[i], q[i])
		}
	}
	return out
}

// free is (1+z)^n: the subsets of n players that appear in no set.
func free(n int) poly {
	p := make(poly, n+1)
	c := big.NewInt(1)
	for k := 0; k <= n; k++ {
		p[k] = new(big.Int).Set(c)
		c.Mul(c, big.NewInt(int64(n-k)))
		c.Quo(c, big.NewInt(int64(k+1)))
	}
	return p
}

// counter counts, for a family of sets over the players vars, the subsets
// of vars holding none of them, by size.
type counter struct {
	memo  map[string]poly
	ticks int // branches taken, for the deadline (tick)
}

// avoid counts the subsets of vars holding no set of the family, which is
// minimal (no set holds another): a player in no set is free.
func (ct *counter) avoid(sets []uint64, vars uint64) poly {
	var used uint64
	for _, s := range sets {
		if s == 0 {
			return poly{new(big.Int)} // every subset holds the empty set
		}
		used |= s
	}
	out := free(bits.OnesCount64(vars &^ used))
	if len(sets) == 0 {
		return out
	}
	for _, comp := range components(sets) {
		out = out.mul(ct.component(comp))
	}
	return out
}

// component counts one connected family of minimal sets over exactly its
// players.
func (ct *counter) component(sets []uint64) poly {
	tick(&ct.ticks) // --timeout, Ctrl-C: the branching may take minutes
	sort.Slice(sets, func(a, b int) bool { return sets[a] < sets[b] })
	key := setKey(sets)
	if p, ok := ct.memo[key]; ok {
		return p
	}
	var vars uint64
	var deg [64]int
	for _, s := range sets {
		vars |= s
		for r := s; r != 0; r &= r - 1 {
			deg[bits.TrailingZeros64(r)]++
		}
	}
	x, best := -1, 0
	for v, d := range deg {
		if d > best {
			x, best = v, d
		}
	}
	bit := uint64(1) << uint(x)
	rest := vars &^ bit
	// Without x: the sets holding x can no longer be held. With x: every
	// set loses x.
	out, in := split(sets, bit)
	without := ct.avoid(out, rest)
	// With x: every set loses x.
	with := append(poly{new(big.Int)}, ct.avoid(in, rest)...)
	p := without.add(with)
	ct.memo[key] = p
	return p
}

// split returns the sets of a minimal family that miss the player bit, and
// the family with bit taken out of every set, again minimal: a set
// without bit that holds one of the shrunk sets is dropped (nothing else
// can hold another: the family was minimal).
func split(sets []uint64, bit uint64) (without, shrunk []uint64) {
	for _, s := range sets {
		if s&bit == 0 {
			without = append(without, s)
		} else {
			shrunk = append(shrunk, s&^bit)
		}
	}
	k := len(shrunk)
	for _, s := range without {
		keep := true
		for _, t := range shrunk[:k] {
			if s&t == t {
				keep = false
				break
			}
		}
		if keep {
			shrunk = append(shrunk, s)
		}
	}
	return without, shrunk
}

// minimalSets drops the sets that hold another (holding none of the
// smaller ones implies holding none of the larger).
func minimalSets(sets []uint64) []uint64 {
	sort.Slice(sets, func(a, b int) bool {
		ca, cb := bits.OnesCount64(sets[a]), bits.OnesCount64(sets[b])
		if ca != cb {
			return ca < cb
		}
		return sets[a] < sets[b]
	})
	var out []uint64
	for _, s := range sets {
		keep := true
		for _, t := range out {
			if s&t == t {
				keep = false
				break
			}
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}

func setKey(sets []uint64) string {
	var b strings.Builder
	for _, s := range sets {
		b.WriteString(strconv.FormatUint(s, 36))
		b.WriteByte(',')
	}
	return b.String()
}

// components splits a family into groups of sets connected by shared
// players: a union-find over the (at most 64) players, then the sets by
// the root of their lowest player, in their order.
func components(sets []uint64) [][]uint64 {
	var parent [64]int8
	for i := range parent {
		parent[i] = int8(i)
	}
	find := func(x int8) int8 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, s := range sets {
		a := find(int8(bits.TrailingZeros64(s)))
		for r := s & (s - 1); r != 0; r &= r - 1 {
			if b := find(int8(bits.TrailingZeros64(r))); b != a {
				parent[b] = a
			}
		}
	}
	var index [64]int
	for i := range index {
		index[i] = -1
	}
	var comps [][]uint64
	for _, s := range sets {
		root := find(int8(bits.TrailingZeros64(s)))
		if index[root] < 0 {
			index[root] = len(comps)
			comps = append(comps, nil)
		}
		comps[index[root]] = append(comps[index[root]], s)
	}
	return comps
}

// indicesFromMinimal computes every index of the players eff (n of them,
// bit i standing for eff[i]) of the simple game whose minimal winning
// coalitions are mins; nulls other players double Count.
func indicesFromMinimal(mins []uint64, n int, eff []int, nulls int, out []Value, meter *progress.Meter) {
	ct := &counter{memo: map[string]poly{}}
	all := uint64(1)<<uint(n) - 1
	if n == 64 {
		all = ^uint64(0)
	}
	fact := factorials(n)
	mins = minimalSets(append([]uint64(nil), mins...))
	for i := 0; i < n; i++ {
		meter.Report(progress.Status{Task: "counting swings", Step: int64(i + 1), Steps: int64(n),
			Detail: fmt.Sprintf("%d minimal winning coalitions", len(mins))})
		bit := uint64(1) << uint(i)
		without, shrunk := split(mins, bit)
		// Losing S over the others, and S whose union with i still loses.
		lose := ct.avoid(without, all&^bit)
		loseWith := ct.avoid(shrunk, all&^bit)
		sh, total := new(big.Rat), new(big.Int)
		for k := 0; k < n; k++ {
			sw := new(big.Int)
			if k < len(lose) {
				sw.Add(sw, lose[k])
			}
			if k < len(loseWith) {
				sw.Sub(sw, loseWith[k])
			}
			if sw.Sign() == 0 {
				continue
			}
			total.Add(total, sw)
			w := new(big.Int).Mul(fact[k], fact[n-1-k])
			w.Mul(w, sw)
			sh.Add(sh, new(big.Rat).SetFrac(w, fact[n]))
		}
		val := &out[eff[i]]
		bz := new(big.Rat).SetFrac(total, new(big.Int).Lsh(big.NewInt(1), uint(n-1)))
		val.ShapleyExact, val.BanzhafExact = sh, bz
		val.Shapley, _ = sh.Float64()
		val.Banzhaf, _ = bz.Float64()
		val.Count = new(big.Int).Lsh(total, uint(nulls))
		for _, m := range mins {
			if m&bit != 0 && len(val.Swings) < maxSwings {
				var gs []int
				for r := m &^ bit; r != 0; r &= r - 1 {
					gs = append(gs, eff[bits.TrailingZeros64(r)])
				}
				val.Swings = append(val.Swings, gs)
			}
		}
	}
}
