package checker_test

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
)

// BenchmarkNaiveVsEngine times the literal enumerator of the definitions
// beside the engine on the same query, D_CAR (b) of SPEC §8 under the
// behaviour q (all three degrees), at T = 4..10: the enumerator walks the
// 4^T histories, the engine one layered pass per language. Run with
//
//	go test ./checker -run '^$' -bench NaiveVsEngine -benchtime 1x
//
// ONUS_NAIVE_MAX_T raises the largest T (default 10) and ONUS_NAIVE_BUDGET
// (a duration, default none) stops after the first enumeration that takes
// longer: go run ./benchmarks uses both to find where enumeration gives up.
func BenchmarkNaiveVsEngine(b *testing.B) {
	g := cpdGame()
	maxT := 10
	if v, err := strconv.Atoi(os.Getenv("ONUS_NAIVE_MAX_T")); err == nil {
		maxT = v
	}
	budget, _ := time.ParseDuration(os.Getenv("ONUS_NAIVE_BUDGET"))
	over := false
	for T := 4; T <= maxT && !over; T++ {
		q := resp(prism.CAR, prism.DegAll, planOf(repeat(step(), T-1), step("d1", "c2")),
			fLe(T, or(lab("reward"), lab("payoff2"))))
		b.Run(fmt.Sprintf("naive/T=%d", T), func(b *testing.B) {
			start := time.Now()
			defer func() { over = budget > 0 && time.Since(start) > budget }()
			for b.Loop() {
				e, err := naive.New(&naive.Model{Game: g, Atom: labelAtom(g), Const: litConst, Behaviours: qBehaviour()}, T)
				if err != nil {
					b.Fatal(err)
				}
				a, err := e.Check(q, nil, 0)
				if err != nil {
					b.Fatal(err)
				}
				if a.Degrees.Count != 0.5 {
					b.Fatalf("enumerator %v, want 1/2", a.Degrees.Count)
				}
			}
		})
		b.Run(fmt.Sprintf("engine/T=%d", T), func(b *testing.B) {
			for b.Loop() {
				c, err := checker.New(prism.NewFileSet(), g, fakeEnv{g: g}, checker.Config{Behaviours: qBehaviour()})
				if err != nil {
					b.Fatal(err)
				}
				r, err := c.Check(q)
				if err != nil {
					b.Fatal(err)
				}
				if r.Degrees.Count != 0.5 {
					b.Fatalf("engine %v, want 1/2", r.Degrees.Count)
				}
			}
		})
	}
}
