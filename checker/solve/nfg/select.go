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

// tieTol is the relative tolerance under which two values count as equal
// when equilibria are compared (PRISM-games compares doubles exactly; the
// vertex enumeration's rounding needs a little slack).
const tieTol = 1e-9

func same(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= tieTol*(1+math.Max(math.Abs(a), math.Abs(b)))
}

// better reports whether a is strictly preferred to b under c.
func better(a, b Profile, c Criterion) bool {
	if c == Fair {
		da, db := math.Abs(a.U1-a.U2), math.Abs(b.U1-b.U2)
		if !same(da, db) {
			return da < db
		}
	}
	if sa, sb := a.U1+a.U2, b.U1+b.U2; !same(sa, sb) {
		return sa > sb
	}
	if !same(a.U1, b.U1) {
		return a.U1 > b.U1
	}
	if !same(a.U2, b.U2) {
		return a.U2 > b.U2
	}
	return false
}

// Select returns the equilibrium of ps that c prefers (ps non-empty).
func Select(ps []Profile, c Criterion) Profile {
	best := ps[0]
	for _, p := range ps[1:] {
		if better(p, best, c) {
			best = p
		}
	}
	return best
}
