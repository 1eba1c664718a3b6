package checker_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Random cross-checks of P on infinite paths (pinf.go) on small random
// csg, smg and mdp games under random behaviours:
//
//   - a bounded ψ (nested P~b atoms included) solved on infinite paths
//     equals the finite-history pass over its depth, in every state;
//   - for a co-safe ψ built from literals with &, |, X, U, F (bounded or
//     not), the finite pass P(L_ψ) over T steps never exceeds the
//     infinite-path value and comes within 1e-3 of it at T = 2000 (a good
//     prefix is eventually seen);
//   - its negation, a safety formula solved by the dual route, gives
//     1 − P(ψ);
//   - F a (direct route) equals a | X F a (product route).

// coSafePsi builds a random co-safe formula over the literals a, b, !a, !b.
func coSafePsi(r *rand.Rand, depth int) prism.Expr {
	if depth == 0 || r.IntN(5) == 0 {
		l := lab([]string{"a", "b"}[r.IntN(2)])
		if r.IntN(3) == 0 {
			return &prism.Unary{Op: prism.OpNot, X: l}
		}
		return l
	}
	sub := func() prism.Expr { return coSafePsi(r, depth-1) }
	bound := func() prism.TimeBound {
		if r.IntN(3) != 0 {
			return prism.TimeBound{}
		}
		return prism.TimeBound{Kind: prism.BoundLe, Lo: ilit(r.IntN(3))}
	}
	switch r.IntN(6) {
	case 0:
		return &prism.Binary{X: sub(), Op: prism.OpAnd, Y: sub()}
	case 1:
		return &prism.Binary{X: sub(), Op: prism.OpOr, Y: sub()}
	case 2:
		return &prism.Temporal{Op: prism.TempX, Right: sub()}
	case 3:
		return &prism.Temporal{Op: prism.TempU, Bound: bound(), Left: sub(), Right: sub()}
	default:
		return &prism.Temporal{Op: prism.TempF, Bound: bound(), Right: sub()}
	}
}

// probFrom checks P=? [path] from state s with the given horizon (0: none).
func probFrom(g *translate.Game, beh []*prism.BehaviourDecl, path prism.Expr, s, T int) (*checker.Result, error) {
	from := *g
	from.Initial = []int32{int32(s)}
	c, err := checker.New(prism.NewFileSet(), &from, fakeEnv{g: &from}, checker.Config{Horizon: T, Behaviours: beh, MaxProduct: 200_000})
	if err != nil {
		return nil, err
	}
	return c.Check(&prism.ProbOp{Kind: 'P', Rel: prism.RelQuery, Path: path})
}

func TestRandomProbInfinite(t *testing.T) {
	cases := uint64(150)
	if v := os.Getenv("ONUS_PINF_CASES"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("ONUS_PINF_CASES=%q: %v", v, err)
		}
		cases = n
	}
	var bad []string
	checked := map[string]int{}
	for seed := uint64(1); seed <= cases && len(bad) < 10; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x70696e66))
		g := genGame(r, []prism.ModelType{prism.TypeCSG, prism.TypeSMG, prism.TypeMDP}[r.IntN(3)], false)
		beh := genBehaviours(r, g)
		ck, err := checker.New(prism.NewFileSet(), g, fakeEnv{g: g}, checker.Config{Behaviours: beh, MaxProduct: 200_000})
		if err != nil {
			continue // a behaviour with weight 0 on every action somewhere
		}
		all := make([]int, g.NumStates)
		for s := range all {
			all[s] = s
		}
		fail := func(what string, psi prism.Expr, format string, args ...any) {
			bad = append(bad, fmt.Sprintf("seed %d: %s %s: %s\n%s%s", seed, what, naive.FormatExpr(psi),
				fmt.Sprintf(format, args...), naive.FormatGame(g), naive.FormatBehaviours(beh)))
		}

		// A bounded ψ: infinite paths and the finite pass agree.
		bounded := genPsi(r, 1+r.IntN(3), true, false, r.IntN(3) == 0)
		inf, err := checker.InfProb(ck, bounded, all)
		if err != nil {
			fail("bounded", bounded, "infinite paths: %v", err)
			continue
		}
		for s := range all {
			res, err := probFrom(g, beh, bounded, s, 0)
			if err != nil {
				fail("bounded", bounded, "finite pass from %d: %v", s, err)
				break
			}
			if math.Abs(res.Number-inf[s]) > 1e-9 {
				fail("bounded", bounded, "from %d: infinite paths %.17g, finite pass %.17g (T=%d)", s, inf[s], res.Number, res.Horizon)
			}
		}
		checked["bounded"]++

		// A co-safe ψ: finite passes approach the infinite value from below.
		psi := coSafePsi(r, 1+r.IntN(3))
		inf, err = checker.InfProb(ck, psi, all)
		if err != nil {
			fail("co-safe", psi, "%v", err)
			continue
		}
		s := r.IntN(g.NumStates)
		for _, T := range []int{1, 2, 3, 5, 2000} {
			res, err := probFrom(g, beh, psi, s, T)
			if err != nil {
				fail("co-safe", psi, "finite pass T=%d from %d: %v", T, s, err)
				break
			}
			if res.Number > inf[s]+1e-4 {
				fail("co-safe", psi, "from %d: finite pass T=%d gives %.17g > infinite %.17g", s, T, res.Number, inf[s])
			}
			if T == 2000 && res.Number < inf[s]-1e-3 {
				fail("co-safe", psi, "from %d: finite pass T=2000 gives %.17g, far below infinite %.17g", s, res.Number, inf[s])
			}
		}
		// Through the public API (no horizon) the same value.
		if bareUnbounded(psi) {
			res, err := probFrom(g, beh, psi, s, 0)
			if err != nil || res.Horizon != 0 || math.Abs(res.Number-inf[s]) > 1e-5 {
				fail("co-safe", psi, "Check from %d: %+v, %v; want %.17g on infinite paths", s, res, err, inf[s])
			}
			checked["unbounded co-safe"]++
		}
		neg, err := checker.InfProb(ck, &prism.Unary{Op: prism.OpNot, X: psi}, all)
		if err != nil {
			fail("safety", psi, "negation: %v", err)
			continue
		}
		for s := range all {
			if math.Abs(neg[s]+inf[s]-1) > 1e-5 {
				fail("safety", psi, "from %d: P(ψ) = %.17g, P(¬ψ) = %.17g", s, inf[s], neg[s])
			}
		}
		checked["co-safe and its negation"]++

		// F a directly and through the product.
		a := lab([]string{"a", "b"}[r.IntN(2)])
		fa := &prism.Temporal{Op: prism.TempF, Right: a}
		direct, err1 := checker.InfProb(ck, fa, all)
		prod, err2 := checker.InfProb(ck, &prism.Binary{X: a, Op: prism.OpOr, Y: &prism.Temporal{Op: prism.TempX, Right: fa}}, all)
		if err1 != nil || err2 != nil {
			fail("F", fa, "%v %v", err1, err2)
			continue
		}
		for s := range all {
			if math.Abs(direct[s]-prod[s]) > 1e-5 {
				fail("F", fa, "from %d: direct %.17g, product %.17g", s, direct[s], prod[s])
			}
		}
		checked["F direct and product"]++
	}
	if len(bad) > 0 {
		t.Fatalf("%d mismatches:\n%s", len(bad), strings.Join(bad, "\n"))
	}
	t.Logf("%d cases: %v", cases, checked)
	if checked["unbounded co-safe"] < int(cases/4) || checked["bounded"] < int(cases/2) {
		t.Errorf("too few cases exercised: %v", checked)
	}
}

// bareUnbounded reports whether ψ has an unbounded temporal operator.
func bareUnbounded(e prism.Expr) bool {
	switch x := e.(type) {
	case *prism.Unary:
		return bareUnbounded(x.X)
	case *prism.Binary:
		return bareUnbounded(x.X) || bareUnbounded(x.Y)
	case *prism.Temporal:
		if x.Op != prism.TempX && x.Bound.Kind == prism.BoundNone {
			return true
		}
		return (x.Left != nil && bareUnbounded(x.Left)) || bareUnbounded(x.Right)
	}
	return false
}
