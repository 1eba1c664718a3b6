package locate

import (
	"testing"

	"github.com/onus-mc/onus/checker/limit"
)

// TestSolvePolls: one solve of a coalition on a game of n states, and the
// certificate drawn from it, read the deadline (--timeout, Ctrl-C)
// within, about every 4096 states of their fixpoints and searches, not
// only before the solve starts: on 10^6 states they would otherwise run
// to their end past the limit. The game is a walk along
// states 0..n-1, each choosing to move on or to stay, the last looping.
func TestSolvePolls(t *testing.T) {
	const n = 1 << 15
	succ := make([][]int32, n)
	for s := 0; s < n-1; s++ {
		succ[s] = []int32{int32(s + 1), int32(s)}
	}
	succ[n-1] = []int32{n - 1}
	g := graph(succ)
	for _, tc := range []struct {
		name string
		obj  Objective
	}{
		{"P>=1 [F end]", Objective{Kind: Reach, Target: set(n, n-1)}},
		{"P>=1 [G !end]", Objective{Kind: Safe, Target: not(n, n-1)}},
		{"P>=1 [G F end]", Objective{Kind: Buchi, Target: set(n, n-1)}},
		{"Pmax=? [F end]", Objective{Kind: Reach, Target: set(n, n-1), Value: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorker(newView(&Game{G: g, Obj: tc.obj}), tc.obj, nil, nil)
			w.ownAll(P2)
			before := limit.Readings()
			if tc.obj.Value {
				if _, err := w.value(); err != nil {
					t.Fatal(err)
				}
			} else {
				w.region()
			}
			if got := limit.Readings() - before; got < n/8192 {
				t.Errorf("one solve on %d states read the deadline %d times, want at least %d", n, got, n/8192)
			}
			if tc.obj.Value {
				return
			}
			// The certificate of a win of P1, who walks the whole chain:
			// its strategy and the states it visits.
			w.ownAll(P1)
			win := w.region()
			before = limit.Readings()
			if won, _ := w.certificate(func(int) bool { return true }, win); !won {
				t.Fatalf("P1 holding every state loses")
			}
			if got := limit.Readings() - before; got < n/8192 {
				t.Errorf("the certificate of a solve on %d states read the deadline %d times, want at least %d", n, got, n/8192)
			}
		})
	}
}
