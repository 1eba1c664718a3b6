package nfg

import (
	"math"
	"math/rand/v2"
	"testing"
)

func game(a, b [][]float64) *Bimatrix {
	g := NewBimatrix(len(a), len(a[0]))
	for i := range a {
		for j := range a[i] {
			g.Set(i, j, a[i][j], b[i][j])
		}
	}
	return g
}

func neg(m [][]float64) [][]float64 {
	out := make([][]float64, len(m))
	for i := range m {
		out[i] = make([]float64, len(m[i]))
		for j, v := range m[i] {
			out[i][j] = -v
		}
	}
	return out
}

func close(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-9*(1+math.Abs(b))
}

// stageCase is a game with its hand-checked values: the number of extreme
// Nash equilibria and (U1, U2) under each solver and criterion.
type stageCase struct {
	name                 string
	a, b                 [][]float64
	extreme              int
	nashSocial, nashFair [2]float64
	corrSocial, corrFair [2]float64
}

var (
	diffA = [][]float64{{5, 2}, {6, 0}} // test_diff_sw_fr (reference §1.11 E1)
	diffB = [][]float64{{5, 6}, {2, 1}}
	rps   = [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}
)

var stageCases = []stageCase{
	{name: "prisoners", a: [][]float64{{-1, -4}, {0, -3}}, b: [][]float64{{-1, 0}, {-4, -3}}, extreme: 1,
		nashSocial: [2]float64{-3, -3}, nashFair: [2]float64{-3, -3}, corrSocial: [2]float64{-3, -3}, corrFair: [2]float64{-3, -3}},
	{name: "diff_sw_fr", a: diffA, b: diffB, extreme: 3,
		nashSocial: [2]float64{6, 2}, nashFair: [2]float64{4, 3.5}, corrSocial: [2]float64{4.8, 4}, corrFair: [2]float64{13.0 / 3, 13.0 / 3}},
	{name: "diff_sw_fr costs", a: neg(diffA), b: neg(diffB), extreme: 3,
		nashSocial: [2]float64{0, -1}, nashFair: [2]float64{-5, -5}, corrSocial: [2]float64{0, -1}, corrFair: [2]float64{-11.0 / 6, -11.0 / 6}},
	{name: "matching pennies", a: [][]float64{{1, -1}, {-1, 1}}, b: [][]float64{{-1, 1}, {1, -1}}, extreme: 1,
		nashSocial: [2]float64{0, 0}, nashFair: [2]float64{0, 0}, corrSocial: [2]float64{0, 0}, corrFair: [2]float64{0, 0}},
	{name: "battle of the sexes", a: [][]float64{{2, 0}, {0, 1}}, b: [][]float64{{1, 0}, {0, 2}}, extreme: 3,
		nashSocial: [2]float64{2, 1}, nashFair: [2]float64{2.0 / 3, 2.0 / 3}, corrSocial: [2]float64{2, 1}, corrFair: [2]float64{1.5, 1.5}},
	{name: "chicken", a: [][]float64{{0, -1}, {1, -10}}, b: [][]float64{{0, 1}, {-1, -10}}, extreme: 3,
		nashSocial: [2]float64{1, -1}, nashFair: [2]float64{-0.1, -0.1}, corrSocial: [2]float64{1, -1}, corrFair: [2]float64{0, 0}},
	{name: "degenerate: row indifferent", a: [][]float64{{0, 0}, {0, 0}}, b: [][]float64{{10, 0}, {0, 1}}, extreme: 4,
		nashSocial: [2]float64{0, 10}, nashFair: [2]float64{0, 10.0 / 11}, corrSocial: [2]float64{0, 10}, corrFair: [2]float64{0, 10.0 / 11}},
	{name: "all equal", a: [][]float64{{1, 1}, {1, 1}}, b: [][]float64{{2, 2}, {2, 2}}, extreme: 4,
		nashSocial: [2]float64{1, 2}, nashFair: [2]float64{1, 2}, corrSocial: [2]float64{1, 2}, corrFair: [2]float64{1, 2}},
	{name: "rock paper scissors", a: rps, b: neg(rps), extreme: 1,
		nashSocial: [2]float64{0, 0}, nashFair: [2]float64{0, 0}, corrSocial: [2]float64{0, 0}, corrFair: [2]float64{0, 0}},
	{name: "one column (E6)", a: [][]float64{{3}, {1}, {4}}, b: [][]float64{{10}, {0}, {0}}, extreme: 1,
		nashSocial: [2]float64{4, 0}, nashFair: [2]float64{4, 0}, corrSocial: [2]float64{4, 0}, corrFair: [2]float64{4, 0}},
	{name: "one row, tie", a: [][]float64{{1, 3}}, b: [][]float64{{5, 5}}, extreme: 2,
		nashSocial: [2]float64{3, 5}, nashFair: [2]float64{3, 5}, corrSocial: [2]float64{3, 5}, corrFair: [2]float64{3, 5}},
	{name: "coordination 3x3", a: [][]float64{{3, 0, 0}, {0, 2, 0}, {0, 0, 1}}, b: [][]float64{{3, 0, 0}, {0, 2, 0}, {0, 0, 1}}, extreme: 7,
		nashSocial: [2]float64{3, 3}, nashFair: [2]float64{3, 3}, corrSocial: [2]float64{3, 3}, corrFair: [2]float64{3, 3}},
}

func TestStageGames(t *testing.T) {
	for _, tc := range stageCases {
		t.Run(tc.name, func(t *testing.T) {
			g := game(tc.a, tc.b)
			ps, err := Nash(g)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != tc.extreme {
				t.Errorf("%d extreme equilibria, want %d: %+v", len(ps), tc.extreme, ps)
			}
			for _, p := range ps {
				checkNash(t, g, p)
			}
			for _, c := range []struct {
				crit Criterion
				corr bool
				want [2]float64
			}{{Social, false, tc.nashSocial}, {Fair, false, tc.nashFair}, {Social, true, tc.corrSocial}, {Fair, true, tc.corrFair}} {
				var p Profile
				if c.corr {
					p, err = Correlated(g, c.crit)
					if err != nil {
						t.Fatal(err)
					}
				} else {
					p = Select(ps, c.crit)
				}
				if !close(p.U1, c.want[0]) || !close(p.U2, c.want[1]) {
					t.Errorf("corr=%v %v: (%v,%v), want %v", c.corr, c.crit, p.U1, p.U2, c.want)
				}
			}
		})
	}
}

// checkNash verifies that no player gains by a pure deviation from p.
func checkNash(t *testing.T, g *Bimatrix, p Profile) {
	t.Helper()
	u1, u2 := g.Payoffs(p.X, p.Y)
	for i := 0; i < g.Rows; i++ {
		e := make([]float64, g.Rows)
		e[i] = 1
		if d, _ := g.Payoffs(e, p.Y); d > u1+1e-9 {
			t.Errorf("row %d gains %v over %v in %+v", i, d, u1, p)
		}
	}
	for j := 0; j < g.Cols; j++ {
		e := make([]float64, g.Cols)
		e[j] = 1
		if _, d := g.Payoffs(p.X, e); d > u2+1e-9 {
			t.Errorf("column %d gains %v over %v in %+v", j, d, u2, p)
		}
	}
}

func TestInfinitePayoffs(t *testing.T) {
	inf := math.Inf(1)
	t.Run("pure", func(t *testing.T) {
		g := game([][]float64{{1, inf}}, [][]float64{{2, inf}})
		ps, err := Nash(g)
		if err != nil {
			t.Fatal(err)
		}
		if p := Select(ps, Social); p.U1 != inf || p.U2 != inf {
			t.Errorf("got %+v", p)
		}
	})
	t.Run("one player indifferent", func(t *testing.T) {
		g := game([][]float64{{2, 0}, {0, 0}}, [][]float64{{inf, inf}, {inf, inf}})
		ps, err := Nash(g)
		if err != nil {
			t.Fatal(err)
		}
		if p := Select(ps, Social); p.U1 != 2 || p.U2 != inf {
			t.Errorf("got %+v", p)
		}
	})
	t.Run("mixed refused", func(t *testing.T) {
		g := game([][]float64{{1, 0}, {0, inf}}, [][]float64{{0, 1}, {1, 0}})
		if _, err := Nash(g); err == nil {
			t.Error("no error")
		}
		if _, err := Correlated(g, Social); err == nil {
			t.Error("no error")
		}
	})
}

func TestMalformed(t *testing.T) {
	if _, err := Nash(&Bimatrix{Rows: 2, Cols: 2, A: []float64{1}}); err == nil {
		t.Error("no error")
	}
}

// TestCorrelatedNearTies: stage games of the robot coordination model,
// with payoffs differing in the 11th decimal or nearly equal for both
// coalitions, on which the LPs were once reported infeasible.
func TestCorrelatedNearTies(t *testing.T) {
	cases := []struct {
		name   string
		a, b   []float64
		u1, u2 float64 // NaN: only the incentive constraints are checked
	}{
		{"dominant row", []float64{0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.9, 0.9, 0.9},
			[]float64{0.05, 0.049999999996, 0.05, 0.05, 0.049999999996, 0.05, 0.899999999993, 0.899999999928, 0.899999999996}, 0.9, 0.9},
		{"nearly equal payoffs", []float64{0.0475, 0.045125, 0.0475, 0.8575, 0.126125, 0.817, 0.9, 0.81675, 0.89775},
			[]float64{0.047499392816, 0.045124919658, 0.047499936357, 0.857489038739, 0.126123808439, 0.816998925756, 0.899988495469, 0.816748492114, 0.897748798289}, math.NaN(), math.NaN()},
	}
	for _, tc := range cases {
		g := NewBimatrix(3, 3)
		copy(g.A, tc.a)
		copy(g.B, tc.b)
		for _, c := range []Criterion{Social, Fair} {
			t.Run(tc.name+" "+c.String(), func(t *testing.T) {
				p, err := Correlated(g, c)
				if err != nil {
					t.Fatal(err)
				}
				checkCorrelated(t, g, p)
				if !math.IsNaN(tc.u1) && (math.Abs(p.U1-tc.u1) > 1e-9 || math.Abs(p.U2-tc.u2) > 1e-9) {
					t.Errorf("(%v, %v), want (%v, %v)", p.U1, p.U2, tc.u1, tc.u2)
				}
			})
		}
	}
}

// TestBestPure checks the shortcut for one-sided games against Nash and
// Select on random games with ties, both criteria and both tolerances.
func TestBestPure(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for k := 0; k < 2000; k++ {
		rows, cols := 1, 1+r.IntN(4)
		if r.IntN(2) == 0 {
			rows, cols = cols, rows
		}
		g := NewBimatrix(rows, cols)
		for x := range g.A {
			g.A[x], g.B[x] = float64(r.IntN(3)), float64(r.IntN(3))
		}
		for _, c := range []Criterion{Social, Fair} {
			for _, tol := range []float64{0, TieTol} {
				ps, err := Nash(g)
				if err != nil {
					t.Fatal(err)
				}
				want := SelectTol(ps, c, tol)
				i, j, ok := BestPure(g, c, tol)
				if !ok || want.X[i] != 1 || want.Y[j] != 1 {
					t.Fatalf("%d×%d A=%v B=%v %v: BestPure (%d,%d), Nash+Select %v %v", rows, cols, g.A, g.B, c, i, j, want.X, want.Y)
				}
			}
		}
	}
}
