package solve

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// TestMatrixGameStrategies: on random games, the row strategy guarantees
// the value against every column and the column strategy holds every row
// to it.
func TestMatrixGameStrategies(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for it := 0; it < 500; it++ {
		nr, nc := 1+r.IntN(4), 1+r.IntN(4)
		m := make([]float64, nr*nc)
		for i := range m {
			m[i] = float64(r.IntN(21)-10) / 4
		}
		v, row, col := MatrixGameStrategies(m, nr, nc)
		if want := MatrixGameValue(m, nr, nc); math.Abs(v-want) > 1e-9 {
			t.Fatalf("%v: value %v, MatrixGameValue %v", m, v, want)
		}
		checkDist(t, row)
		checkDist(t, col)
		for j := 0; j < nc; j++ {
			got := 0.0
			for i := 0; i < nr; i++ {
				got += row[i] * m[i*nc+j]
			}
			if got < v-1e-9 {
				t.Fatalf("%d×%d %v: row %v gets %v < %v against column %d", nr, nc, m, row, got, v, j)
			}
		}
		for i := 0; i < nr; i++ {
			got := 0.0
			for j := 0; j < nc; j++ {
				got += col[j] * m[i*nc+j]
			}
			if got > v+1e-9 {
				t.Fatalf("%d×%d %v: column %v gives row %d %v > %v", nr, nc, m, col, i, got, v)
			}
		}
	}
}

func checkDist(t *testing.T, p []float64) {
	t.Helper()
	sum := 0.0
	for _, x := range p {
		if x < 0 {
			t.Fatalf("negative probability in %v", p)
		}
		sum += x
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("%v sums to %v", p, sum)
	}
}

// randomGame builds a random game of n states and two players: turn-based
// (smg) or concurrent (csg, both players with 1-3 actions per state), with
// sparse random transitions and self-loops, so that optimal choices tie and
// loop.
func randomGame(r *rand.Rand, n int, csg bool) *translate.Game {
	g := &translate.Game{NumStates: n, Players: []string{"p1", "p2"}, ChoiceStart: []int32{0}, TransStart: []int32{0}}
	g.Type = prism.TypeSMG
	if csg {
		g.Type = prism.TypeCSG
		g.Actions = []string{""}
	} else {
		g.Owner = make([]int32, n)
	}
	addChoice := func(s int) {
		k := min(1+r.IntN(3), n)
		targets := map[int32]bool{}
		for len(targets) < k {
			t := int32(r.IntN(n))
			if r.IntN(4) == 0 {
				t = int32(s)
			}
			targets[t] = true
		}
		var ts []int32
		for t := int32(0); t < int32(n); t++ {
			if targets[t] {
				ts = append(ts, t)
			}
		}
		w := make([]float64, len(ts))
		sum := 0.0
		for i := range w {
			w[i] = float64(1 + r.IntN(4))
			sum += w[i]
		}
		for i, t := range ts {
			g.Target = append(g.Target, t)
			g.Prob = append(g.Prob, w[i]/sum)
		}
		g.TransStart = append(g.TransStart, int32(len(g.Target)))
	}
	for s := 0; s < n; s++ {
		if csg {
			a1, a2 := 1+r.IntN(3), 1+r.IntN(3)
			for i := 0; i < a1; i++ {
				for j := 0; j < a2; j++ {
					g.Joint = append(g.Joint, int32(1+i), int32(4+j))
					addChoice(s)
				}
			}
		} else {
			g.Owner[s] = int32(r.IntN(2))
			for c := 1 + r.IntN(3); c > 0; c-- {
				addChoice(s)
			}
		}
		g.ChoiceStart = append(g.ChoiceStart, int32(len(g.TransStart)-1))
	}
	if csg {
		g.Actions = []string{"", "a", "b", "c", "x", "y", "z"}
	}
	return g
}

// bestResponse returns, per state, the optimal probability of reaching
// target through allowed states for the free player (maximising when max)
// when the other player's states (turn-based) or sides (csg) follow the
// profile: an MDP solved by plain value iteration, independently of the
// package's solver.
func bestResponse(g *translate.Game, p Profile, free int, max bool, allowed, target []bool) []float64 {
	n := g.NumStates
	x := make([]float64, n)
	for i := range x {
		if target[i] {
			x[i] = 1
		}
	}
	val := func(ch int) float64 {
		v := 0.0
		tlo, thi := g.Transitions(ch)
		for t := tlo; t < thi; t++ {
			v += g.Prob[t] * x[g.Target[t]]
		}
		return v
	}
	for it := 0; it < 50000; it++ {
		diff := 0.0
		for s := 0; s < n; s++ {
			if target[s] || !allowed[s] {
				continue
			}
			lo, hi := g.Choices(s)
			var nv float64
			switch {
			case g.Joint == nil && int(g.Owner[s]) != free:
				for ch := lo; ch < hi; ch++ {
					nv += p[ch] * val(ch)
				}
			case g.Joint == nil:
				nv = val(lo)
				for ch := lo + 1; ch < hi; ch++ {
					if v := val(ch); (max && v > nv) || (!max && v < nv) {
						nv = v
					}
				}
			default:
				// The free player picks its action; the other mixes as the
				// profile says (its marginal).
				acts := map[int32]float64{}
				other := map[int32]float64{}
				for ch := lo; ch < hi; ch++ {
					other[g.Joint[2*ch+1-free]] += p[ch]
				}
				for ch := lo; ch < hi; ch++ {
					o := g.Joint[2*ch+1-free]
					if other[o] > 0 {
						acts[g.Joint[2*ch+free]] += other[o] * val(ch)
					}
				}
				first := true
				for _, v := range acts {
					if first || (max && v > nv) || (!max && v < nv) {
						nv, first = v, false
					}
				}
			}
			diff = math.Max(diff, math.Abs(nv-x[s]))
			x[s] = nv
		}
		if diff < 1e-12 {
			break
		}
	}
	return x
}

// TestPathProfile: on random turn-based games, the profile read off value
// iteration is a saddle point: with either side's choices fixed, the other
// side's best response (an MDP solved separately) gets the value, for F,
// U, G and W, both sides maximising. On random csgs the minimising side's
// stage strategies hold the maximiser to the value.
func TestPathProfile(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for it := 0; it < 300; it++ {
		csg := it%3 == 2
		n := 2 + r.IntN(7)
		g := randomGame(r, n, csg)
		left, right := make([]bool, n), make([]bool, n)
		for s := 0; s < n; s++ {
			left[s] = r.IntN(4) != 0
			right[s] = r.IntN(4) == 0
		}
		op := []Op{OpF, OpU, OpG, OpW}[r.IntN(4)]
		q := Query{Coal: []bool{true, false}, Max: r.IntN(2) == 0}
		want, err := Path(GameArena(g), q, op, left, right, Unbounded)
		if err != nil {
			t.Fatal(err)
		}
		got, prof, err := PathProfile(g, q, op, left, right)
		if err != nil {
			t.Fatal(err)
		}
		for s := range want {
			if got[s] != want[s] {
				t.Fatalf("game %d: PathProfile's value %v differs from Path's %v at %d", it, got[s], want[s], s)
			}
		}
		for s := 0; s < n; s++ {
			lo, hi := g.Choices(s)
			checkDist(t, prof[lo:hi])
		}
		// Reachability seen by the side that maximises it (the dual for G
		// and W).
		allowed, target, v := left, right, want
		reacher := 0
		if !q.Max {
			reacher = 1
		}
		all := make([]bool, n)
		for i := range all {
			all[i] = true
		}
		switch op {
		case OpF:
			allowed = all
		case OpG, OpW:
			b := make([]bool, n)
			a := right
			if op == OpW {
				a, b = left, right
			}
			allowed, target, v = make([]bool, n), make([]bool, n), make([]float64, n)
			for i := range allowed {
				allowed[i], target[i], v[i] = !b[i], !a[i] && !b[i], 1-want[i]
			}
			reacher = 1 - reacher
		}
		// The avoider's profile holds the reacher's best response to v. In
		// a csg, value iteration itself can stop far below the value (it
		// approaches limit-sure values slowly), so v is first iterated on.
		tol := 1e-5
		if csg {
			v, tol = iterateLong(g, q, op, allowed, target, v), 1e-3
		}
		up := bestResponse(g, prof, reacher, true, allowed, target)
		for s := range v {
			if up[s] > v[s]+tol {
				t.Fatalf("game %d (csg %v, op %v): against the avoider's profile the reacher gets %v > %v at %d", it, csg, op, up[s], v[s], s)
			}
		}
		if csg {
			continue
		}
		// The reacher's profile gets v against the avoider's best response.
		down := bestResponse(g, prof, 1-reacher, false, allowed, target)
		for s := range v {
			if down[s] < v[s]-1e-5 {
				t.Fatalf("game %d (op %v): the reacher's profile gets %v < %v at %d against the best response", it, op, down[s], v[s], s)
			}
		}
	}
}

// iterateLong runs 2000 more iterations of the reachability Bellman
// operator (the side maximising reachability) from v.
func iterateLong(g *translate.Game, q Query, op Op, allowed, target []bool, v []float64) []float64 {
	if op == OpG || op == OpW {
		q = q.Flip()
	}
	sv := NewSolver(GameArena(g), NewView(g, q.Coal), q.Max)
	x := append([]float64(nil), v...)
	y := make([]float64, len(x))
	for it := 0; it < 2000; it++ {
		for i := range x {
			switch {
			case target[i]:
				y[i] = 1
			case !allowed[i]:
				y[i] = 0
			default:
				y[i] = sv.bellman(i, x)
			}
		}
		x, y = y, x
	}
	return x
}
