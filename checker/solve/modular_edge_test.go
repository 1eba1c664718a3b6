package solve

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The modular solve meets residues of 0 (coefficients whose numerators
// the first primes divide, self-loops among them), denominators the first
// prime divides (that prime is skipped, the plan comes from the next),
// and negative right-hand sides, and still gives the rational solution.
func TestSolveModularEdgeResidues(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 34))
	p0 := new(big.Int).SetUint64(modPrime(0))
	p1 := new(big.Int).SetUint64(modPrime(1))
	// p/(p+1): a coefficient below 1 that is 0 modulo p
	zeroMod := func(p *big.Int) *big.Rat {
		return new(big.Rat).SetFrac(p, new(big.Int).Add(p, big.NewInt(1)))
	}
	for it := 0; it < 40; it++ {
		m := 2 + r.IntN(20)
		s := randomSys(r, m, 2)
		for i := 0; i < m; i++ {
			// scale row i by w (one of the edge values), its exit taking the rest
			var w *big.Rat
			switch r.IntN(4) {
			case 0:
				w = zeroMod(p0)
			case 1:
				w = zeroMod(p1)
			case 2:
				w = new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(p0, big.NewInt(2)))
			default:
				w = big.NewRat(1, 1)
			}
			if r.IntN(3) == 0 {
				s.coef[i][int32(i)] = big.NewRat(1, 3) // a self-loop, scaled below
			}
			sum := new(big.Rat)
			for j, c := range s.coef[i] {
				s.coef[i][j] = new(big.Rat).Mul(c, w)
				sum.Add(sum, s.coef[i][j])
			}
			if sum.Cmp(big.NewRat(1, 1)) >= 0 {
				for j, c := range s.coef[i] {
					s.coef[i][j] = new(big.Rat).Quo(c, new(big.Rat).Add(sum, big.NewRat(1, 2)))
				}
				sum.Quo(sum, new(big.Rat).Add(sum, big.NewRat(1, 2)))
			}
			s.exit[i] = new(big.Rat).Sub(big.NewRat(1, 1), sum)
			for k := range s.rhs[i] {
				if r.IntN(2) == 0 {
					s.rhs[i][k] = new(big.Rat).Neg(s.rhs[i][k])
				}
			}
		}
		want, err := copySys(s).solve()
		if err != nil {
			t.Fatalf("system %d: %v", it, err)
		}
		got, err := solveModular(s, 0)
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
