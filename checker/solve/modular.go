package solve

import (
	"math/big"
	"math/bits"
	"slices"
	"sync"
)

// This file solves an exact system faster than by eliminating over the
// rationals, whose numbers grow in the middle of the elimination far
// beyond the size of the solution: the system is solved modulo primes of
// 62 bits (the same elimination, in machine words: modelim.go), the
// residues are combined by the Chinese remainder theorem and each value
// is recovered as the fraction of least size congruent to it (rational
// reconstruction).
// The fractions are then checked against the rational system itself; as
// the system has one solution, fractions that satisfy it are that
// solution, so the result is exact whatever the primes. When the check
// fails after maxModPrimes primes, the rational elimination runs instead.

// maxModPrimes bounds the primes of a modular solve (62·maxModPrimes bits
// for the numerator and denominator of every value together).
const maxModPrimes = 400

// cheapElim is the coefficient updates per variable up to which the
// rational elimination runs instead of the modular solve.
const cheapElim = 8

// modp is the arithmetic of residues modulo the prime p < 2^63 (the
// elimination itself runs in Montgomery form: modelim.go).
type modp struct{ p uint64 }

func (m modp) sub(a, b uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + (m.p - b)
}
func (m modp) mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi, lo, m.p)
	return r
}
func (m modp) div(a, b uint64) uint64 { return m.mul(a, modInv(b, m.p)) }

func modAdd(a, b, p uint64) uint64 {
	s := a + b
	if s >= p {
		s -= p
	}
	return s
}

// modInv returns the inverse of a (not 0) modulo the prime p.
func modInv(a, p uint64) uint64 {
	// Extended Euclid on signed values: p < 2^63 fits.
	t, nt := int64(0), int64(1)
	r, nr := int64(p), int64(a)
	for nr != 0 {
		q := r / nr
		t, nt = nt, t-q*nt
		r, nr = nr, r-q*nr
	}
	if t < 0 {
		t += int64(p)
	}
	return uint64(t)
}

var (
	primesMu sync.Mutex
	primes62 []uint64
)

// modPrime returns the i-th prime below 2^62 counting down (i <
// maxModPrimes), found once.
func modPrime(i int) uint64 {
	primesMu.Lock()
	defer primesMu.Unlock()
	x := new(big.Int)
	c := uint64(1)<<62 - 1
	if n := len(primes62); n > 0 {
		c = primes62[n-1] - 2
	}
	for ; len(primes62) <= i; c -= 2 {
		if x.SetUint64(c).ProbablyPrime(20) {
			primes62 = append(primes62, c)
		}
	}
	return primes62[i]
}

// ratMod takes rationals modulo the prime p, remembering the inverse of
// the last denominator (a chain's probabilities mostly share one).
type ratMod struct {
	p              uint64
	pb, tmp        *big.Int
	lastD, lastInv uint64 // lastD = 0: none yet
}

func newRatMod(p uint64) *ratMod {
	return &ratMod{p: p, pb: new(big.Int).SetUint64(p), tmp: new(big.Int)}
}

// of returns r modulo p, false when p divides its denominator.
func (c *ratMod) of(r *big.Rat) (uint64, bool) {
	var d uint64
	if den := r.Denom(); den.IsUint64() {
		d = den.Uint64() % c.p
	} else {
		d = c.tmp.Mod(den, c.pb).Uint64()
	}
	if d == 0 {
		return 0, false
	}
	if d != c.lastD {
		c.lastD, c.lastInv = d, modInv(d, c.p)
	}
	var n uint64
	if num := r.Num(); num.IsInt64() {
		v := num.Int64()
		if n = uint64(max(v, -v)) % c.p; v < 0 && n != 0 { // -2^63: its uint64 is 2^63
			n = c.p - n
		}
	} else {
		n = c.tmp.Mod(num, c.pb).Uint64()
	}
	return modp{c.p}.mul(n, c.lastInv), true
}

// modCopy returns the system s modulo p, its rows' variables in the
// order of keys (each row's, increasing); nil when p divides one of its
// denominators.
func modCopy(s *linSys[*big.Rat], keys [][]int32, p uint64) *modSys {
	rm := newRatMod(p)
	nr := 0
	if s.m > 0 {
		nr = len(s.rhs[0])
	}
	f := newMont(p)
	out := &modSys{p: p, mont: f, m: s.m, nr: nr, rows: make([]modRow, s.m),
		exit: make([]uint64, s.m), rhs: make([]uint64, s.m*nr), work: s.work}
	var ok bool
	for i := 0; i < s.m; i++ {
		row := modRow{j: slices.Clone(keys[i]), v: make([]uint64, len(keys[i]))}
		for n, j := range keys[i] {
			if row.v[n], ok = rm.of(s.coef[i][j]); !ok {
				return nil
			}
			row.v[n] = f.to(row.v[n])
		}
		out.rows[i] = row
		if out.exit[i], ok = rm.of(s.exit[i]); !ok {
			return nil
		}
		out.exit[i] = f.to(out.exit[i])
		for r, v := range s.rhs[i] {
			if out.rhs[i*nr+r], ok = rm.of(v); !ok {
				return nil
			}
			out.rhs[i*nr+r] = f.to(out.rhs[i*nr+r])
		}
	}
	return out
}

// solveExact solves the rational system s: modulo primes with rational
// reconstruction first, by rational elimination when that does not
// succeed. s is not modified by the modular attempt.
func solveExact(s *linSys[*big.Rat]) ([][]*big.Rat, error) {
	if x, err := solveModular(s, cheapElim); x != nil || err != nil {
		return x, err
	}
	return s.solve()
}

// solveModular returns the solution of s, or nil (and no error) when the
// modular solve did not find it or when its first elimination made at
// most cheap coefficient updates per variable; an error of the
// elimination (its limits) as the rational one would give it.
func solveModular(s *linSys[*big.Rat], cheap int) ([][]*big.Rat, error) {
	m := s.m
	nr := 0
	if m > 0 {
		nr = len(s.rhs[0])
	}
	res := &mixedRadix{dig: make([][]uint64, m*nr)} // the values modulo mod
	mod := big.NewInt(1)
	used, next := 0, 2
	pb := new(big.Int)
	keys := make([][]int32, m)
	for i := range keys {
		keys[i] = sortedKeys(s.coef[i])
	}
	var plan *modPlan // the first successful prime's elimination steps
	for i := 0; i < maxModPrimes; i++ {
		p := modPrime(i)
		ms := modCopy(s, keys, p)
		if ms == nil {
			continue
		}
		x, pl, err := ms.solve(plan)
		if err != nil {
			if _, ok := err.(*ChainLimitError); ok {
				return nil, err
			}
			continue // singular modulo p
		}
		res.add(p, x)
		pb.SetUint64(p)
		mod.Mul(mod, pb)
		used++
		plan = pl
		if used == 1 && cheap > 0 && plan.used <= cheap*m {
			// An elimination that fills little (an acyclic or banded
			// chain) keeps its rationals small: solving over the
			// rationals once costs less than many primes.
			return nil, nil
		}
		if used < next {
			continue
		}
		next = used + max(1, used/4)
		if sol := reconstruct(s, nr, res, mod); sol != nil {
			return sol, nil
		}
	}
	return nil, nil
}

// reconstruct returns the fractions of the values x[i][r] (res's value
// i·nr+r) modulo mod when every one has one with numerator and
// denominator below √(mod/2) and they solve s exactly; nil otherwise.
func reconstruct(s *linSys[*big.Rat], nr int, res *mixedRadix, mod *big.Int) [][]*big.Rat {
	bound := new(big.Int).Rsh(mod, 1)
	bound.Sqrt(bound)
	x := make([][]*big.Rat, s.m)
	dens := make([]*big.Int, nr) // per right-hand side, the last denominator found
	n, half, v := new(big.Int), new(big.Int).Rsh(mod, 1), new(big.Int)
	for i := range x {
		x[i] = make([]*big.Rat, nr)
		for r := range x[i] {
			res.value(i*nr+r, v)
			if d := dens[r]; d != nil {
				// The values of a chain mostly share a denominator: if
				// v·d is congruent to a numerator within the bound,
				// n/d is the fraction (there is at most one within the
				// bounds, as 2·bound² < mod).
				n.Mul(v, d)
				n.Mod(n, mod)
				if n.Cmp(half) > 0 {
					n.Sub(n, mod)
				}
				if n.CmpAbs(bound) <= 0 {
					x[i][r] = new(big.Rat).SetFrac(n, d)
					continue
				}
			}
			q := ratReconstruct(v, mod, bound)
			if q == nil {
				return nil
			}
			x[i][r] = q
			dens[r] = q.Denom()
		}
	}
	if !solves(s, x) {
		return nil
	}
	return x
}

// mixedRadix holds values modulo the product of the primes p_0, p_1, …
// of a modular solve by their digits in mixed radix, v = d_0 + d_1·p_0 +
// d_2·p_0·p_1 + …, d_t < p_t: a new prime's digit takes a word product
// per digit, not a big-integer remainder (Garner's form of the Chinese
// remainder theorem).
type mixedRadix struct {
	primes []uint64
	dig    [][]uint64 // per value
}

// add takes in the values modulo the next prime p, x[i][r] the value
// i·len(x[i])+r.
func (c *mixedRadix) add(p uint64, x [][]uint64) {
	f, g := newMont(p), modp{p}
	// w_t = p_0·…·p_{t-1} mod p, in Montgomery form: the product of a
	// digit (< 2^62, not reduced) and w_t is the standard residue.
	w := make([]uint64, len(c.primes))
	acc := uint64(1)
	for t, q := range c.primes {
		w[t] = f.to(acc)
		acc = g.mul(acc, q%p)
	}
	inv := modInv(acc, p)
	v := 0
	for _, xi := range x {
		for _, xr := range xi {
			d := c.dig[v]
			cur := uint64(0)
			for t, dt := range d {
				cur = f.add(cur, f.mul(dt, w[t]))
			}
			c.dig[v] = append(d, g.mul(g.sub(xr, cur), inv))
			v++
		}
	}
	c.primes = append(c.primes, p)
}

// value sets z to value v, below the product of the primes, and returns
// it.
func (c *mixedRadix) value(v int, z *big.Int) *big.Int {
	d := c.dig[v]
	z.SetUint64(0)
	q, t := new(big.Int), new(big.Int)
	for n := len(d) - 1; n >= 0; n-- {
		z.Mul(z, q.SetUint64(c.primes[n]))
		z.Add(z, t.SetUint64(d[n]))
	}
	return z
}

// solves says whether x_i = Σ_j coef_ij x_j + rhs_i, exactly, in every
// row of s.
func solves(s *linSys[*big.Rat], x [][]*big.Rat) bool {
	if len(x) == 0 {
		return true
	}
	for r := range x[0] {
		if nums, d := overCommonDenom(x, r); nums != nil {
			if !solvesOver(s, nums, d, r) {
				return false
			}
			continue
		}
		sum, tmp := new(big.Rat), new(big.Rat)
		for i := range x {
			sum.Set(s.rhs[i][r])
			for j, c := range s.coef[i] {
				sum.Add(sum, tmp.Mul(c, x[j][r]))
			}
			if sum.Cmp(x[i][r]) != 0 {
				return false
			}
		}
	}
	return true
}

// overCommonDenom returns the values x[·][r] as numerators over their
// least common denominator D, and D; nil when D is more than twice as
// long as the longest denominator (values that share little).
func overCommonDenom(x [][]*big.Rat, r int) ([]*big.Int, *big.Int) {
	d, g, q, rem := big.NewInt(1), new(big.Int), new(big.Int), new(big.Int)
	longest := 0
	for i := range x {
		di := x[i][r].Denom()
		longest = max(longest, di.BitLen())
		if q.QuoRem(d, di, rem); rem.Sign() == 0 {
			continue
		}
		g.GCD(nil, nil, d, di)
		d.Mul(d, q.Quo(di, g))
		if d.BitLen() > 2*longest+64 {
			return nil, nil
		}
	}
	nums := make([]*big.Int, len(x))
	for i := range x {
		nums[i] = new(big.Int).Quo(d, x[i][r].Denom())
		nums[i].Mul(nums[i], x[i][r].Num())
	}
	return nums, d
}

// solvesOver checks the right-hand side r for the values nums[·]/d, in
// integers (no greatest common divisors of the values' size): with L the
// least common multiple of a row's denominators,
// L·n_i = Σ_j (L·coef_ij)·n_j + (L·rhs_i)·d.
func solvesOver(s *linSys[*big.Rat], nums []*big.Int, d *big.Int, r int) bool {
	l, g, k := new(big.Int), new(big.Int), new(big.Int)
	lhs, sum, tmp := new(big.Int), new(big.Int), new(big.Int)
	lcm := func(b *big.Int) {
		g.GCD(nil, nil, l, b)
		l.Mul(l, tmp.Quo(b, g))
	}
	// term adds (L·c)·v to sum.
	term := func(c *big.Rat, v *big.Int) {
		k.Quo(l, c.Denom())
		k.Mul(k, c.Num())
		sum.Add(sum, tmp.Mul(k, v))
	}
	for i := range nums {
		l.Set(s.rhs[i][r].Denom())
		for _, c := range s.coef[i] {
			lcm(c.Denom())
		}
		sum.SetInt64(0)
		term(s.rhs[i][r], d)
		for j, c := range s.coef[i] {
			term(c, nums[j])
		}
		if lhs.Mul(l, nums[i]).Cmp(sum) != 0 {
			return false
		}
	}
	return true
}

// ratReconstruct returns a/b ≡ v (mod m) with |a| ≤ bound and 0 < b ≤
// bound, nil if there is none (Wang's algorithm: the extended Euclidean
// algorithm stopped halfway).
func ratReconstruct(v, m, bound *big.Int) *big.Rat {
	r0, r1 := new(big.Int).Set(m), new(big.Int).Set(v)
	t0, t1 := new(big.Int), big.NewInt(1)
	q, tmp := new(big.Int), new(big.Int)
	for r1.Cmp(bound) > 0 {
		q.Quo(r0, r1)
		r0.Sub(r0, tmp.Mul(q, r1))
		r0, r1 = r1, r0
		t0.Sub(t0, tmp.Mul(q, t1))
		t0, t1 = t1, t0
	}
	if t1.Sign() == 0 || tmp.Abs(t1).Cmp(bound) > 0 {
		return nil
	}
	if g := tmp.GCD(nil, nil, r1, t1); g.Cmp(big.NewInt(1)) != 0 && r1.Sign() != 0 {
		return nil
	}
	return new(big.Rat).SetFrac(r1, t1)
}
