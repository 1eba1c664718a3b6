package solve

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randomSys returns a random system of m variables: each row's
// coefficients are positive, sum to less than 1 by its exit mass, and its
// right-hand sides are random; the systems the chain solves build.
func randomSys(r *rand.Rand, m, nrhs int) *linSys[*big.Rat] {
	f := rats{}
	s := &linSys[*big.Rat]{f: f, m: m, coef: make([]map[int32]*big.Rat, m), exit: make([]*big.Rat, m), rhs: make([][]*big.Rat, m)}
	for i := 0; i < m; i++ {
		row := map[int32]*big.Rat{}
		den := int64(2 + r.IntN(9))
		left := den
		for k := 1 + r.IntN(4); k > 0 && left > 1; k-- {
			j := int32(r.IntN(m))
			w := int64(1 + r.IntN(int(left-1)))
			left -= w
			if old, ok := row[j]; ok {
				row[j] = f.add(old, big.NewRat(w, den))
			} else {
				row[j] = big.NewRat(w, den)
			}
		}
		s.coef[i] = row
		s.exit[i] = big.NewRat(left, den)
		s.rhs[i] = make([]*big.Rat, nrhs)
		for k := range s.rhs[i] {
			s.rhs[i][k] = big.NewRat(int64(r.IntN(7)), int64(1+r.IntN(5)))
		}
	}
	return s
}

// The modular solve (forced, whatever the fill) finds the same solution
// as the rational elimination.
func TestSolveModularRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 13))
	for it := 0; it < 60; it++ {
		m := 1 + r.IntN(40)
		nrhs := 1 + r.IntN(2)
		a := randomSys(r, m, nrhs)
		want, err := copySys(a).solve()
		if err != nil {
			t.Fatalf("system %d: %v", it, err)
		}
		got, err := solveModular(a, 0)
		if err != nil || got == nil {
			t.Fatalf("system %d (%d variables): modular solve gave %v, %v", it, m, got, err)
		}
		for i := range want {
			for k := range want[i] {
				if got[i][k].Cmp(want[i][k]) != 0 {
					t.Fatalf("system %d x[%d][%d]: modular %v, rational %v", it, i, k, got[i][k], want[i][k])
				}
			}
		}
	}
}

// copySys returns a copy of s that solve may modify.
func copySys(s *linSys[*big.Rat]) *linSys[*big.Rat] {
	c := &linSys[*big.Rat]{f: s.f, m: s.m, coef: make([]map[int32]*big.Rat, s.m), exit: append([]*big.Rat(nil), s.exit...), rhs: make([][]*big.Rat, s.m)}
	for i := range s.coef {
		c.coef[i] = map[int32]*big.Rat{}
		for j, v := range s.coef[i] {
			c.coef[i][j] = v
		}
		c.rhs[i] = append([]*big.Rat(nil), s.rhs[i]...)
	}
	return c
}

func TestRatReconstruct(t *testing.T) {
	m := new(big.Int).SetUint64(modPrime(0))
	m.Mul(m, new(big.Int).SetUint64(modPrime(1)))
	bound := new(big.Int).Rsh(m, 1)
	bound.Sqrt(bound)
	for _, q := range []*big.Rat{big.NewRat(1, 3), big.NewRat(-5, 7), big.NewRat(0, 1), big.NewRat(123456789, 987654321)} {
		// v ≡ num · den⁻¹ (mod m)
		v := new(big.Int).ModInverse(q.Denom(), m)
		v.Mul(v, q.Num())
		v.Mod(v, m)
		if got := ratReconstruct(v, m, bound); got == nil || got.Cmp(q) != 0 {
			t.Errorf("%v: got %v", q, got)
		}
	}
}

// solves accepts the solution of a system and rejects it with one value
// changed, both over a common denominator (random systems) and over the
// rationals (values whose denominators share nothing).
func TestSolves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	unrelated := &linSys[*big.Rat]{f: rats{}, m: 4, coef: make([]map[int32]*big.Rat, 4), exit: make([]*big.Rat, 4), rhs: make([][]*big.Rat, 4)}
	for i := range 4 {
		unrelated.coef[i] = map[int32]*big.Rat{}
		unrelated.exit[i] = big.NewRat(1, 1)
		unrelated.rhs[i] = []*big.Rat{new(big.Rat).Inv(new(big.Rat).SetInt(nextPrime(uint64(1)<<60 + uint64(i)*1000)))}
	}
	cases := []struct {
		name   string
		s      *linSys[*big.Rat]
		common bool
	}{
		{"random 30", randomSys(r, 30, 2), true},
		{"random 5", randomSys(r, 5, 1), true},
		{"unrelated denominators", unrelated, false},
	}
	for _, c := range cases {
		x, err := copySys(c.s).solve()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if nums, _ := overCommonDenom(x, 0); (nums != nil) != c.common {
			t.Errorf("%s: over a common denominator %v, want %v", c.name, nums != nil, c.common)
		}
		if !solves(c.s, x) {
			t.Errorf("%s: the solution does not solve the system", c.name)
		}
		x[len(x)-1][0] = new(big.Rat).Add(x[len(x)-1][0], big.NewRat(1, 3))
		if solves(c.s, x) {
			t.Errorf("%s: a changed value solves the system", c.name)
		}
	}
}

// nextPrime returns the least prime at least n.
func nextPrime(n uint64) *big.Int {
	x := new(big.Int).SetUint64(n)
	for !x.ProbablyPrime(20) {
		x.Add(x, big.NewInt(1))
	}
	return x
}

// mixedRadix gives back values below the product of its primes from
// their residues.
func TestMixedRadix(t *testing.T) {
	for _, primes := range []int{1, 2, 5} {
		mod := big.NewInt(1)
		for i := range primes {
			mod.Mul(mod, new(big.Int).SetUint64(modPrime(i)))
		}
		want := []*big.Int{big.NewInt(0), big.NewInt(7), new(big.Int).Sub(mod, big.NewInt(1)), new(big.Int).Rsh(mod, 3)}
		var c mixedRadix
		c.dig = make([][]uint64, len(want))
		for i := range primes {
			p := modPrime(i)
			x := make([][]uint64, len(want))
			for v, w := range want {
				x[v] = []uint64{new(big.Int).Mod(w, new(big.Int).SetUint64(p)).Uint64()}
			}
			c.add(p, x)
		}
		for v, w := range want {
			if got := c.value(v, new(big.Int)); got.Cmp(w) != 0 {
				t.Errorf("%d primes, value %d: got %v, want %v", primes, v, got, w)
			}
		}
	}
}

// ratMod agrees with big-integer arithmetic on small and large
// numerators and denominators, of either sign.
func TestRatMod(t *testing.T) {
	p := modPrime(0)
	pb := new(big.Int).SetUint64(p)
	huge, _ := new(big.Int).SetString("-123456789012345678901234567890123456789", 10)
	cases := []*big.Rat{
		big.NewRat(1, 4), big.NewRat(-3, 4), big.NewRat(0, 1), big.NewRat(7, 1),
		big.NewRat(math.MinInt64, 3), big.NewRat(math.MaxInt64, 5),
		new(big.Rat).SetFrac(huge, big.NewInt(9)), new(big.Rat).SetFrac(big.NewInt(2), new(big.Int).Neg(huge)),
		new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(pb, big.NewInt(3))),
	}
	c := newRatMod(p)
	for _, r := range cases {
		got, ok := c.of(r)
		d := new(big.Int).Mod(r.Denom(), pb)
		if d.Sign() == 0 {
			if ok {
				t.Errorf("%v: got %d, want no residue", r, got)
			}
			continue
		}
		want := new(big.Int).Mod(r.Num(), pb)
		want.Mul(want, new(big.Int).ModInverse(d, pb)).Mod(want, pb)
		if !ok || got != want.Uint64() {
			t.Errorf("%v: got %d, %v, want %v", r, got, ok, want)
		}
	}
}
