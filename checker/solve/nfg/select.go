package nfg

import "math"

// Criterion selects among equilibria.
type Criterion int

// Criteria (reference §1.4).
const (
	// Social maximises U1+U2; ties go to the larger U1, then U2, then the
	// first found.
	Social Criterion = iota
	// Fair minimises |U1−U2|; ties go to the social rule.
	Fair
)

func (c Criterion) String() string {
	if c == Fair {
		return "fair"
	}
	return "social"
}

// TieTol is the relative tolerance under which two values count as equal
// when equilibria are compared (PRISM-games compares doubles exactly; the
// vertex enumeration's rounding needs a little slack).
const TieTol = 1e-9

func same(a, b, tol float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tol*(1+math.Max(math.Abs(a), math.Abs(b)))
}

// better reports whether a is strictly preferred to b under c, values
// within tol (relative) counting as equal.
func better(a, b Profile, c Criterion, tol float64) bool {
	if c == Fair {
		da, db := math.Abs(a.U1-a.U2), math.Abs(b.U1-b.U2)
		if !same(da, db, tol) {
			return da < db
		}
	}
	if sa, sb := a.U1+a.U2, b.U1+b.U2; !same(sa, sb, tol) {
		return sa > sb
	}
	if !same(a.U1, b.U1, tol) {
		return a.U1 > b.U1
	}
	if !same(a.U2, b.U2, tol) {
		return a.U2 > b.U2
	}
	return false
}

// Select returns the equilibrium of ps that c prefers (ps non-empty),
// values within TieTol counting as equal.
func Select(ps []Profile, c Criterion) Profile { return SelectTol(ps, c, TieTol) }

// SelectTol is Select with values within tol (relative) counting as
// equal; with tol 0 sums and values are compared exactly, as PRISM-games
// compares them, so that a sum larger by rounding alone wins.
func SelectTol(ps []Profile, c Criterion, tol float64) Profile {
	best := ps[0]
	for _, p := range ps[1:] {
		if better(p, best, c, tol) {
			best = p
		}
	}
	return best
}
