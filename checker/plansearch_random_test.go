package checker_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker"
	"github.com/onus-mc/onus/checker/internal/naive"
	"github.com/onus-mc/onus/prism"
)

// TestPlanSearchRandom checks the plan search (the forward antichain
// search of checker/resp) on the random games of power_random_test.go,
// under both readings of plans that cannot be followed: for every
// coalition K, "some executable full plan agreeing with π on K has every
// history violating ψ" against the literal enumerator, the depth-first
// search without pruning, and the witness plan against the enumerator
// (it violates ψ on every history and agrees with π on K).
func TestPlanSearchRandom(t *testing.T) {
	n := 400
	if s := os.Getenv("ONUS_SEARCH_CASES"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("ONUS_SEARCH_CASES=%q: %v", s, err)
		}
		n = v
	}
	var yes, no, witnesses, failed int
	for seed := uint64(1); seed <= uint64(n); seed++ {
		c := genPowerCase(seed)
		for _, free := range []bool{false, true} {
			c.free = free
			bad := c.searchRun(&yes, &no, &witnesses)
			if len(bad) == 0 {
				continue
			}
			failed++
			if failed <= 5 {
				t.Errorf("mismatch (seed %d, free %v):\n%s%s", seed, free, c, strings.Join(bad, "\n"))
			}
		}
	}
	t.Logf("%d cases: %d coalitions can avoid ψ, %d cannot; %d witness plans checked", n, yes, no, witnesses)
	if yes < 100 || no < 100 || witnesses < 100 {
		t.Errorf("too few verdicts of each kind: yes %d, no %d, witnesses %d", yes, no, witnesses)
	}
}

// searchRun compares the searches of every coalition of one case.
func (c *rcase) searchRun(yes, no, witnesses *int) []string {
	if c.multiInit {
		return nil
	}
	cfg := checker.Config{Horizon: c.T, OutcomeFrom: c.from, Behaviours: c.behaviours, MaxProduct: 200_000}
	if c.free {
		cfg.Unavailable = checker.UnavailableFree
	}
	ck, err := checker.New(prism.NewFileSet(), c.g, fakeEnv{c.g, false}, cfg)
	if err != nil {
		return nil
	}
	x := &prism.Resp{Kind: prism.CAR, Agent: prism.PlayerRef{Name: c.g.Players[c.agent]}, Plan: prism.PlanRef{Plan: c.plan}, Rel: prism.RelQuery, Outcome: c.psi}
	q, err := checker.PrepareForTest(ck, x)
	if err != nil {
		return nil // a plan that cannot be carried out, a broken behaviour
	}
	en, err := naive.New(&naive.Model{Game: c.g, Atom: labelAtom(c.g), Const: litConst, Behaviours: c.behaviours}, c.T)
	if err != nil {
		return nil
	}
	en.Free = c.free
	pi, err := en.Expand(c.plan)
	if err != nil {
		return nil
	}
	sat, err := en.Sat(c.psi, c.from)
	if err != nil {
		return nil
	}
	var bad []string
	np := len(c.g.Players)
	for k := uint64(0); k < 1<<uint(np); k++ {
		K := make([]bool, np)
		for p := range K {
			K[p] = k&(1<<uint(p)) != 0
		}
		want := en.ViolatingPlan(sat, pi, K)
		got := q.Avoidable(k)
		if got != want {
			bad = append(bad, fmt.Sprintf("K=%b: search %v, enumerator %v", k, got, want))
			continue
		}
		if dfs := q.AvoidableDepthFirst(k); dfs != got {
			bad = append(bad, fmt.Sprintf("K=%b: search %v, depth-first %v", k, got, dfs))
		}
		plan := q.AvoidingPlan(k)
		if !got {
			*no++
			if plan != nil {
				bad = append(bad, fmt.Sprintf("K=%b: a witness plan where none exists", k))
			}
			continue
		}
		*yes++
		if plan == nil {
			bad = append(bad, fmt.Sprintf("K=%b: no witness plan", k))
			continue
		}
		*witnesses++
		np := c.naivePlan(plan.Expand())
		if err := en.PlanViolates(np, sat); err != nil {
			bad = append(bad, fmt.Sprintf("K=%b: witness: %v", k, err))
			continue
		}
		if hs, _ := en.FullPlanHistories(np); !isSubset(hs, en.CompatSet(pi, K)) {
			bad = append(bad, fmt.Sprintf("K=%b: witness does not agree with π on K", k))
		}
	}
	return slices.Clip(bad)
}

// TestPlanSearchLongHorizons compares the forward search, whose
// antichains become stationary once the plan has ended, with the
// depth-first search without pruning at horizons beyond the enumerator's
// reach, on the same random games, and replays the witness plans there.
func TestPlanSearchLongHorizons(t *testing.T) {
	agree, yes := 0, 0
	for seed := uint64(1); seed <= 150; seed++ {
		c := genPowerCase(seed)
		if c.multiInit {
			continue
		}
		for _, T := range []int{c.T + 4, c.T + 11} {
			ck, err := checker.New(prism.NewFileSet(), c.g, fakeEnv{c.g, false}, checker.Config{Horizon: T, OutcomeFrom: c.from, Behaviours: c.behaviours, MaxProduct: 200_000})
			if err != nil {
				continue
			}
			x := &prism.Resp{Kind: prism.CAR, Agent: prism.PlayerRef{Name: c.g.Players[c.agent]}, Plan: prism.PlanRef{Plan: c.plan}, Rel: prism.RelQuery, Outcome: c.psi}
			q, err := checker.PrepareForTest(ck, x)
			if err != nil {
				continue
			}
			for k := uint64(0); k <= q.All(); k++ {
				got, want := q.Avoidable(k), q.AvoidableDepthFirst(k)
				if got != want {
					t.Errorf("seed %d, T=%d, K=%b: forward search %v, depth-first %v\n%s", seed, T, k, got, want, c)
					continue
				}
				agree++
				if got {
					yes++
					if plan := q.AvoidingPlan(k); !q.Replays(k, plan) {
						t.Errorf("seed %d, T=%d, K=%b: the witness plan (%d steps) does not avoid ψ on every history or leaves π on K\n%s", seed, T, k, plan.Len(), c)
					}
				}
			}
		}
	}
	t.Logf("%d coalitions agree (%d can avoid ψ)", agree, yes)
	if yes < 50 || agree-yes < 50 {
		t.Errorf("too few verdicts of each kind: %d of %d yes", yes, agree)
	}
}
