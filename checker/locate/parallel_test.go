package locate

import (
	"sync/atomic"
	"testing"

	"github.com/onus-mc/onus/checker/limit"
)

// TestOnWorkersRaises: a limit raised in one worker's goroutine is
// raised again on the caller's, once every other worker has ended.
func TestOnWorkersRaises(t *testing.T) {
	ws := []*worker{{}, {}, {}}
	var ended atomic.Int32
	r := func() (r any) {
		defer func() { r = recover() }()
		onWorkers(ws, func(w *worker) {
			if w == ws[1] {
				panic(&limit.Error{Text: "stop", Setting: limit.SettingTimeout})
			}
			ended.Add(1)
		})
		return nil
	}()
	if le, ok := r.(*limit.Error); !ok || le.Setting != limit.SettingTimeout {
		t.Errorf("recovered %v, want the worker's *limit.Error", r)
	}
	if n := ended.Load(); n != 2 {
		t.Errorf("%d workers ended before it was raised again, want 2", n)
	}
}

// TestRunInterrupted: Ctrl-C (limit.Interrupt) stops every search of Run
// — the table, the minimal winning coalitions, --samples, --refine — with
// a panic carrying the limit on the caller's goroutine (the checker's
// entry point turns it into the run's error), also when the workers
// run on goroutines of their own (--samples).
func TestRunInterrupted(t *testing.T) {
	defer limit.SetWork(-1, 0)
	// A chain of choosing states 0..n-1, each moving on or to the bad
	// state n; n+1 is the end.
	const n = 24
	succ := make([][]int32, n+2)
	for s := 0; s < n; s++ {
		succ[s] = []int32{int32(s + 1), n}
	}
	succ[n-1][0] = n + 1
	succ[n], succ[n+1] = []int32{n}, []int32{n + 1}
	g := graph(succ)
	obj := Objective{Kind: Safe, Target: not(n+2, n)}
	groups := Individual(g, Relevant(g, 0, obj))
	for _, tc := range []struct {
		name     string
		opt      Options
		tableMax int
	}{
		{"table", Options{}, 30},
		{"minimal winning coalitions", Options{}, 2},
		{"samples", Options{Samples: 100}, 20},
		{"refine", Options{Refine: true}, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func(m int) { tableMax = m }(tableMax)
			tableMax = tc.tableMax
			gm := &Game{G: g, Obj: obj, Groups: groups}
			limit.SetWork(-1, 0)
			limit.Interrupt()
			r := func() (r any) {
				defer func() { r = recover() }()
				_, err := Run(gm, tc.opt)
				return err
			}()
			if le, ok := r.(*limit.Error); !ok || le.Setting != limit.SettingInterrupt {
				t.Errorf("got %v, want the interrupt's *limit.Error raised", r)
			}
		})
	}
}
