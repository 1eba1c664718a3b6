package checker

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// P=? on infinite paths of PRISM-games corpus models (read from
// ../shared/prism-corpus): under any behaviour the value lies between what
// all players together can force down and up, Pmin=? and Pmax=? without a
// coalition; the finite pass over a long horizon approaches it from below
// (co-safe formulas) or above (safety); some values are computed by hand.
func TestProbInfiniteCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "prism-corpus", "verify", "smgs")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the PRISM-games corpus is not at %s: %v", dir, err)
	}
	cases := []struct {
		file  string
		paths []string
		hand  map[string]float64 // P=? under the uniform behaviour
	}{
		// The guess is uniform and independent of the coin.
		{"coins.prism", []string{`F "correct"`, `G !"correct"`}, map[string]float64{`F "correct"`: 0.5, `G !"correct"`: 0.5}},
		{"smg_example.prism", []string{`F c=2`, `F (h=2 & c=0)`, `(F (h=2 & c=0)) | (F (h=2 & c=9))`, `F X (h=2 & c=0)`, `c!=2 U h=1`}, nil},
		// Each stage k = 0..4 continues (½) or gambles (½), winning with
		// (k+1)/10; stage 5 wins: ½·0.1 + ½(½·0.2 + ½(… ½·0.5 + ½)).
		{"game.prism", []string{`F t=1`}, map[string]float64{`F t=1`: 0.209375}},
		// The inner formula holds where p2 or p3 choose next and at s=2;
		// p1's two initial choices reach it with 15/16 and 11/16.
		{"nesting2.prism", []string{`F <<2,3>> P>=0.5 [ F<=1 s=2 ]`}, map[string]float64{`F <<2,3>> P>=0.5 [ F<=1 s=2 ]`: 0.8125}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			src := string(b)
			for _, p := range tc.paths {
				val := func(op string, cfg Config) float64 {
					t.Helper()
					res, err := checkProps(t, src, op+" [ "+p+" ]\n", cfg)
					if err != nil {
						t.Fatalf("%s: %s [ %s ]: %v", tc.file, op, p, err)
					}
					return res.Number
				}
				pr, lo, hi := val("P=?", Config{}), val("Pmin=?", Config{}), val("Pmax=?", Config{})
				if pr < lo-1e-6 || pr > hi+1e-6 {
					t.Errorf("%s: P=? [ %s ] = %v outside [Pmin, Pmax] = [%v, %v]", tc.file, p, pr, lo, hi)
				}
				if want, ok := tc.hand[p]; ok && !patlClose(pr, want) {
					t.Errorf("%s: P=? [ %s ] = %v, want %v", tc.file, p, pr, want)
				}
				// co-safe: from below; safety: from above
				fin := val("P=?", Config{Horizon: 200})
				if math.Abs(fin-pr) > 1e-4 {
					t.Errorf("%s: P=? [ %s ] = %v on infinite paths, %v over 200 steps", tc.file, p, pr, fin)
				}
				t.Logf("%s: P=? [ %s ] = %.6g in [%.6g, %.6g]", tc.file, p, pr, lo, hi)
			}
		})
	}
}

// In jamming4.prism every path stops moving after slots+1 steps, so P on
// infinite paths equals the finite pass over slots+2 steps.
func TestProbInfiniteJamming(t *testing.T) {
	file := filepath.Join("..", "..", "shared", "prism-corpus", "models", "csgs", "jamming", "jamming4.prism")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Skipf("the PRISM-games corpus is not there: %v", err)
	}
	const slots = 8
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "jamming4.prism", string(b))
	if err != nil {
		t.Fatal(err)
	}
	if err := prism.CheckModel(fset, mf); err != nil {
		t.Fatal(err)
	}
	m, err := translate.Build(fset, mf, nil, translate.Config{Consts: []translate.ConstAssign{{Name: "slots", Value: translate.Value{Type: prism.TInt, I: slots}}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{`F sent>=4`, `sent<5 U t=slots+1`, `G sent<6`, `F (sent>=3 & (X sent>=4))`} {
		e, err := prism.ParseExpr(fset, "p", "P=? [ "+p+" ]")
		if err != nil {
			t.Fatal(err)
		}
		var v [2]float64
		for k, T := range []int{0, slots + 2} {
			c, err := New(fset, m.Game, m, Config{Horizon: T})
			if err != nil {
				t.Fatal(err)
			}
			res, err := c.Check(e)
			if err != nil {
				t.Fatalf("%s (horizon %d): %v", p, T, err)
			}
			v[k] = res.Number
		}
		if math.Abs(v[0]-v[1]) > 1e-9 || v[0] <= 0 || v[0] >= 1 {
			t.Errorf("%s: %v on infinite paths, %v over %d steps", p, v[0], v[1], slots+2)
		}
	}
}
