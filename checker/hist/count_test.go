package hist

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

func pow(b, e int64) *big.Int { return new(big.Int).Exp(big.NewInt(b), big.NewInt(e), nil) }

// relErr is |float(c) − x| / x, computed in big floats (x > 0).
func relErr(c Count, x *big.Int) float64 {
	got := new(big.Float).SetPrec(200).SetMantExp(new(big.Float).SetPrec(200).SetFloat64(c.hi), c.exp)
	got.Add(got, new(big.Float).SetPrec(200).SetMantExp(new(big.Float).SetPrec(200).SetFloat64(c.lo), c.exp))
	want := new(big.Float).SetPrec(200).SetInt(x)
	d := new(big.Float).Sub(got, want)
	d.Quo(d, want)
	f, _ := d.Float64()
	return math.Abs(f)
}

// TestCountOf checks the conversion of exact integers and back, and how a
// Count prints: exact below 2^53, in scientific notation above.
func TestCountOf(t *testing.T) {
	rows := []struct {
		x     *big.Int
		exact bool
		text  string
	}{
		{big.NewInt(0), true, "0"},
		{big.NewInt(1), true, "1"},
		{big.NewInt(12345), true, "12345"},
		{new(big.Int).Sub(pow(2, 53), big.NewInt(1)), true, "9007199254740991"},
		{pow(2, 53), false, "9.00720e+15"},
		{pow(10, 30), false, "1.00000e+30"},
		{pow(3, 1000), false, "1.32207e+477"},
		{new(big.Int).Sub(pow(10, 400), big.NewInt(1)), false, "1.00000e+400"},
		{new(big.Int).Mul(big.NewInt(314159), pow(10, 2000)), false, "3.14159e+2005"},
	}
	for _, row := range rows {
		t.Run(row.text, func(t *testing.T) {
			c := CountOf(row.x)
			if got := c.Int(); (got != nil) != row.exact || got != nil && got.Cmp(row.x) != 0 {
				t.Errorf("Int() = %v, want exact %v (%v)", got, row.exact, row.x)
			}
			if row.x.Sign() > 0 {
				if e := relErr(c, row.x); e > 0x1p-104 {
					t.Errorf("relative error %g, want at most 2^-104", e)
				}
			}
			if got := c.String(); got != row.text {
				t.Errorf("String() = %q, want %q", got, row.text)
			}
		})
	}
}

// TestCountArithmetic checks Add, Sub, Ratio and Log2p1 against exact
// integers on random operands of 1 to 3000 bits.
func TestCountArithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rnd := func() *big.Int {
		n := 1 + r.IntN(3000)
		x := new(big.Int)
		for x.BitLen() < n {
			x.Lsh(x, 32)
			x.Or(x, big.NewInt(int64(r.Uint32())))
		}
		return x.Rsh(x, uint(x.BitLen()-n))
	}
	for i := 0; i < 2000; i++ {
		a, b := rnd(), rnd()
		ca, cb := CountOf(a), CountOf(b)
		sum := new(big.Int).Add(a, b)
		if e := relErr(ca.Add(cb), sum); e > 0x1p-102 {
			t.Fatalf("%v + %v: relative error %g", a, b, e)
		}
		big1, small := a, b
		if a.Cmp(b) < 0 {
			big1, small = b, a
		}
		diff := new(big.Int).Sub(big1, small)
		d, ok := CountOf(big1).Sub(CountOf(small))
		if diff.Sign() > 0 && diff.BitLen() >= big1.BitLen()-60 {
			if !ok {
				t.Fatalf("%v − %v: not known", big1, small)
			}
			if e := relErr(d, diff); e > 1e-12 {
				t.Fatalf("%v − %v: relative error %g", big1, small, e)
			}
		}
		want, _ := new(big.Rat).SetFrac(a, b).Float64()
		if got := ca.Ratio(cb); got != want && !(math.Abs(got-want) <= 0x1p-52*want) {
			t.Fatalf("%v / %v = %g, want %g", a, b, got, want)
		}
		wl := log2p1Big(a)
		if got := ca.Log2p1(); math.Abs(got-wl) > 1e-15*wl {
			t.Fatalf("log2(1+%v) = %.17g, want %.17g", a, got, wl)
		}
	}
}

// log2p1Big is log2(1+x) in 256-bit arithmetic.
func log2p1Big(x *big.Int) float64 {
	y := new(big.Float).SetPrec(256).SetInt(x)
	y.Add(y, big.NewFloat(1))
	m := new(big.Float)
	e := y.MantExp(m)
	mf, _ := m.Float64()
	return float64(e) + math.Log2(mf)
}

// randomGame is a random mdp of 2 to 5 states, every state with 1 to 3
// choices (actions 1 to 3) of 1 to 3 transitions each.
func randomGame(r *rand.Rand) *translate.Game {
	n := 2 + r.IntN(4)
	g := &translate.Game{Type: prism.TypeMDP, NumStates: n, Players: []string{"1"}, Actions: []string{"", "a", "b", "c"},
		ChoiceStart: []int32{0}, TransStart: []int32{0}}
	for s := 0; s < n; s++ {
		k := 1 + r.IntN(3)
		for c := 0; c < k; c++ {
			g.ChoiceAction = append(g.ChoiceAction, int32(1+r.IntN(3)))
			m := 1 + r.IntN(3)
			for x := 0; x < m; x++ {
				g.Target = append(g.Target, int32(r.IntN(n)))
				g.Prob = append(g.Prob, 1/float64(m))
			}
			g.TransStart = append(g.TransStart, int32(len(g.Target)))
		}
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.ChoiceAction)))
	}
	return g
}

// uniformBeta is the behaviour that picks each choice of a state alike.
func uniformBeta(g *translate.Game) []float64 {
	beta := make([]float64, g.NumChoices())
	for s := 0; s < g.NumStates; s++ {
		lo, hi := g.Choices(s)
		for c := lo; c < hi; c++ {
			beta[c] = 1 / float64(hi-lo)
		}
	}
	return beta
}

// TestFloatCounts compares the passes counting as Counts with the passes
// counting exactly on 300 random games, plans and outcomes with horizons
// up to 400 (counts up to about 10^570): every count within the bound of
// count.go (K·2^-103, K = T·d + n) and far within 1e-12, counts below
// 2^53 equal, the emptiness the same and the probabilities within 1e-13
// (the walks sum a plan-free step's weights per target first).
func TestFloatCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 17))
	worst := 0.0
	for i := 0; i < 300; i++ {
		g := randomGame(r)
		beta := uniformBeta(g)
		goal := translate.NewBitset(g.NumStates)
		goal.Set(r.IntN(g.NumStates))
		f := ltlf.NewFactory()
		T := 1 + r.IntN(400)
		var psi int32
		switch r.IntN(3) {
		case 0:
			psi = f.Temporal(ltlf.F, ltlf.Unbounded, 0, f.Atom(0))
		case 1:
			psi = f.Temporal(ltlf.G, int32(r.IntN(T+1)), 0, f.Not(f.Atom(0)))
		default:
			psi = f.Temporal(ltlf.F, int32(r.IntN(T+1)), 0, f.Atom(0))
		}
		plan := make([]*Step, T)
		for k := range plan {
			if r.IntN(3) == 0 {
				plan[k] = &Step{Opts: []Opt{{Label: int32(1 + r.IntN(3)), Index: -1}}}
			}
		}
		j := uint64(r.IntN(2))
		if r.IntN(4) == 0 {
			j |= Free
		}
		run := func(exact bool) *Result {
			m := NewModel(g, Config{Beta: beta, MaxProduct: 10000, ExactCounts: exact, MaxCountWork: -1})
			p := NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{goal}, g.NumStates))
			return p.Pass(p.Root(0), plan, T, j, true)
		}
		fl, ex := run(false), run(true)
		name := fmt.Sprintf("game %d (T=%d, J=%x)", i, T, j)
		if fl.AnyAcc != ex.AnyAcc || fl.AnyRej != ex.AnyRej || fl.EmptyAt != ex.EmptyAt || !scaledClose(fl.PAcc, ex.PAcc) || !scaledClose(fl.PRej, ex.PRej) {
			t.Fatalf("%s: float %+v, exact %+v", name, fl, ex)
		}
		// The bound: d ≤ 45 transitions into a state (3 states × 3
		// choices × 3 transitions at most could all enter it), n ≤ 10,
		// K = T·d + n (count.go).
		bound := float64(T*45+10) * 0x1p-103
		for _, c := range []struct {
			got   Count
			exact *big.Int
			small *big.Int
		}{{fl.NAcc, ex.CAcc, fl.CAcc}, {fl.NRej, ex.CRej, fl.CRej}} {
			if c.exact.BitLen() <= 53 {
				if c.small == nil || c.small.Cmp(c.exact) != 0 {
					t.Fatalf("%s: small count %v, want %v exactly", name, c.small, c.exact)
				}
				continue
			}
			if c.small != nil {
				t.Fatalf("%s: count %v given as exact, want nil (exact %v)", name, c.small, c.exact)
			}
			e := relErr(c.got, c.exact)
			worst = max(worst, e)
			if e > bound || e > 1e-12 {
				t.Fatalf("%s: count %v, exact %v: relative error %g (bound %g)", name, c.got, c.exact, e, bound)
			}
		}
	}
	t.Logf("largest relative error of a count: %g", worst)
}

// scaledClose reports whether two probabilities agree to 1e-13 relative.
func scaledClose(a, b Scaled) bool {
	if a.Zero() || b.Zero() {
		return a.Zero() == b.Zero()
	}
	return math.Abs(a.Ratio(b)-1) <= 1e-13
}
