package naive

import (
	"fmt"
	"math"
	"math/big"

	"github.com/onus-mc/onus/prism"
)

// Degrees are the three degrees of a responsibility operator.
type Degrees struct {
	Count, Prob, Entropy  float64
	CountExact, ProbExact *big.Rat
}

// Answer is the value of a query. Which fields are set depends on the
// query: Bool for qualitative forms and bounded degrees; Degrees for the
// `=?` degree form; Number (and Exact for count and probability) for a
// single degree `#=?`, `P=?`, `H=?`; Count and Number for the metric #=?;
// Number for H=?; Number and Exact for P=? [ψ]; Power for the `=?` form
// of SHAPLEY and BANZHAF and Number and Exact for their #=? and P=?.
type Answer struct {
	Bool    bool
	Number  float64
	Exact   *big.Rat
	Count   *big.Int
	Degrees *Degrees
	Power   *Power // the `=?` form of SHAPLEY and BANZHAF
}

// Plans resolves plan names of PlanRef.
type Plans map[string]*prism.Plan

// Check evaluates a responsibility operator, a metric (#=?, H=?) or P=? [ψ]
// over Hist_T. Responsibility plans given by name are looked up in plans.
func (e *Enum) Check(q prism.Expr, plans Plans, outcomeFrom int) (*Answer, error) {
	switch x := q.(type) {
	case *prism.Paren:
		return e.Check(x.X, plans, outcomeFrom)
	case *prism.Metric:
		sat, err := e.Sat(x.Outcome, outcomeFrom)
		if err != nil {
			return nil, err
		}
		L := setOf(sat, true)
		switch x.Kind {
		case prism.MetricCount:
			c := big.NewInt(int64(len(L)))
			f, _ := new(big.Float).SetInt(c).Float64()
			return &Answer{Count: c, Number: f}, nil
		case prism.MetricEntropy:
			return &Answer{Number: e.entropy(L)}, nil
		}
		return nil, fmt.Errorf("naive: metric %d not supported", x.Kind)
	case *prism.ProbOp:
		if x.Kind != 'P' || x.Rel != prism.RelQuery {
			return nil, fmt.Errorf("naive: only P=? is supported")
		}
		sat, err := e.Sat(x.Path, 0)
		if err != nil {
			return nil, err
		}
		f, r := e.prob(setOf(sat, true))
		return &Answer{Number: f, Exact: r}, nil
	case *prism.Resp:
		return e.resp(x, plans, outcomeFrom)
	}
	return nil, fmt.Errorf("naive: unsupported query %T", q)
}

func setOf(sat []bool, want bool) []int {
	var out []int
	for n, v := range sat {
		if v == want {
			out = append(out, n)
		}
	}
	return out
}

func (e *Enum) prob(L []int) (float64, *big.Rat) {
	f := 0.0
	r := new(big.Rat)
	for _, n := range L {
		f += e.Hist[n].Prob
		r.Add(r, e.Hist[n].Exact)
	}
	return f, r
}

// entropy is H(L) = log2(1 + C(L)) / T.
func (e *Enum) entropy(L []int) float64 {
	return math.Log2(1+float64(len(L))) / float64(e.T)
}

func intersect(a []int, b []bool) []int {
	var out []int
	for _, n := range a {
		if b[n] {
			out = append(out, n)
		}
	}
	return out
}

// triple is Y(L) for the three measures.
type triple struct {
	c, p, h float64
	cr, pr  *big.Rat
}

func (e *Enum) measure(L []int) triple {
	p, pr := e.prob(L)
	return triple{
		c: float64(len(L)), p: p, h: e.entropy(L),
		cr: big.NewRat(int64(len(L)), 1), pr: pr,
	}
}

// div is x/y with x/0 = 0.
func div(x, y float64) float64 {
	if y == 0 {
		return 0
	}
	return x / y
}

func divR(x, y *big.Rat) *big.Rat {
	if y.Sign() == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Quo(x, y)
}

// ratio is Y(a)/Y(b) for each measure, times κ.
func ratio(a, b triple, kappa bool) Degrees {
	if !kappa {
		return Degrees{CountExact: new(big.Rat), ProbExact: new(big.Rat)}
	}
	return Degrees{
		Count: div(a.c, b.c), Prob: div(a.p, b.p), Entropy: div(a.h, b.h),
		CountExact: divR(a.cr, b.cr), ProbExact: divR(a.pr, b.pr),
	}
}

func allOf(L []int, sat []bool, want bool) bool {
	for _, n := range L {
		if sat[n] != want {
			return false
		}
	}
	return true
}

// resp evaluates CAR, CPR and CCR (SPEC §5).
func (e *Enum) resp(r *prism.Resp, plans Plans, outcomeFrom int) (*Answer, error) {
	g := e.g
	np := len(g.Players)
	i := g.PlayerIndex(r.Agent)
	if i < 0 {
		return nil, fmt.Errorf("naive: unknown agent %+v", r.Agent)
	}
	plan := r.Plan.Plan
	if plan == nil {
		plan = plans[r.Plan.Name]
		if plan == nil {
			return nil, fmt.Errorf("naive: unknown plan %q", r.Plan.Name)
		}
	}
	pi, err := e.Expand(plan)
	if err != nil {
		return nil, err
	}
	if len(pi) > e.T {
		return nil, fmt.Errorf("naive: plan of length %d is longer than the horizon %d", len(pi), e.T)
	}
	sat, err := e.Sat(r.Outcome, outcomeFrom)
	if err != nil {
		return nil, err
	}
	coal := func(in func(p int) bool) []bool {
		J := make([]bool, np)
		for p := range J {
			J[p] = in(p)
		}
		return J
	}
	ag := coal(func(int) bool { return true })
	compatAg := e.CompatSet(pi, ag)
	if len(compatAg) == 0 {
		return nil, fmt.Errorf("naive: the plan cannot be carried out (Compat_Ag is empty)")
	}
	if r.Kind.IsPower() {
		return e.power(r, pi, sat)
	}
	Lpsi := setOf(sat, true)
	Lnot := setOf(sat, false)

	var ans Answer
	var deg Degrees
	switch r.Kind {
	case prism.CAR:
		only := coal(func(p int) bool { return p == i })
		ci := e.CompatSet(pi, only)
		if r.Degree == prism.DegNone {
			ans.Bool = allOf(ci, sat, true) && e.ViolatingPlan(sat, pi, coal(func(int) bool { return false }))
			return &ans, nil
		}
		deg = ratio(e.measure(intersect(ci, sat)), e.measure(Lpsi), len(Lnot) > 0)
	case prism.CPR:
		others := coal(func(p int) bool { return p != i })
		if r.Degree == prism.DegNone {
			ans.Bool = allOf(compatAg, sat, true) && e.ViolatingPlan(sat, pi, others)
			return &ans, nil
		}
		notSat := make([]bool, len(sat))
		for n := range sat {
			notSat[n] = !sat[n]
		}
		plus := intersect(compatAg, sat)
		minus := intersect(e.CompatSet(pi, others), notSat)
		deg = ratio(e.measure(minus), e.measure(Lnot), len(plus) > 0)
	case prism.CCR:
		notSat := make([]bool, len(sat))
		for n := range sat {
			notSat[n] = !sat[n]
		}
		if r.Degree == prism.DegNone {
			if !allOf(compatAg, sat, true) {
				return &ans, nil
			}
			for mask := 0; mask < 1<<np; mask++ {
				if mask&(1<<i) == 0 {
					continue
				}
				J := coal(func(p int) bool { return mask&(1<<p) != 0 })
				Jm := coal(func(p int) bool { return p != i && mask&(1<<p) != 0 })
				if allOf(e.CompatSet(pi, J), sat, true) && e.ViolatingPlan(sat, pi, Jm) {
					ans.Bool = true
					break
				}
			}
			return &ans, nil
		}
		all := e.measure(Lpsi)
		var sum Degrees
		sum.CountExact, sum.ProbExact = new(big.Rat), new(big.Rat)
		N := 0
		for mask := 0; mask < 1<<np; mask++ {
			if mask&(1<<i) == 0 {
				continue
			}
			J := coal(func(p int) bool { return mask&(1<<p) != 0 })
			Jm := coal(func(p int) bool { return p != i && mask&(1<<p) != 0 })
			plus := intersect(e.CompatSet(pi, J), sat)
			minus := intersect(e.CompatSet(pi, Jm), notSat)
			if len(plus) > 0 {
				N++
			}
			d := ratio(e.measure(plus), all, len(minus) > 0)
			sum.Count += d.Count
			sum.Prob += d.Prob
			sum.Entropy += d.Entropy
			sum.CountExact.Add(sum.CountExact, d.CountExact)
			sum.ProbExact.Add(sum.ProbExact, d.ProbExact)
		}
		nf := float64(N)
		nr := big.NewRat(int64(N), 1)
		deg = Degrees{
			Count: div(sum.Count, nf), Prob: div(sum.Prob, nf), Entropy: div(sum.Entropy, nf),
			CountExact: divR(sum.CountExact, nr), ProbExact: divR(sum.ProbExact, nr),
		}
	default:
		return nil, fmt.Errorf("naive: unknown operator %v", r.Kind)
	}
	switch r.Degree {
	case prism.DegAll:
		if r.Rel != prism.RelQuery {
			return nil, fmt.Errorf("naive: =? degrees take no bound")
		}
		ans.Degrees = &deg
		return &ans, nil
	case prism.DegCount:
		ans.Number, ans.Exact = deg.Count, deg.CountExact
	case prism.DegProb:
		ans.Number, ans.Exact = deg.Prob, deg.ProbExact
	case prism.DegEntropy:
		ans.Number = deg.Entropy
	default:
		return nil, fmt.Errorf("naive: unknown degree %d", r.Degree)
	}
	if r.Rel == prism.RelQuery {
		return &ans, nil
	}
	v, err := e.m.Const(r.Bound)
	if err != nil {
		return nil, err
	}
	b := v.Float()
	x := ans.Number
	switch r.Rel {
	case prism.RelLt:
		ans.Bool = x < b
	case prism.RelLe:
		ans.Bool = x <= b
	case prism.RelGt:
		ans.Bool = x > b
	case prism.RelGe:
		ans.Bool = x >= b
	default:
		return nil, fmt.Errorf("naive: relation %d not supported", r.Rel)
	}
	return &ans, nil
}
