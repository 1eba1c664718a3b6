package locate

import (
	"sync"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// This file runs the workers' coalitions on their goroutines and keeps
// the deadline (--timeout, Ctrl-C) and the progress of the searches: each
// solve reads the deadline first (a solve costs at least a pass over the
// view's states, far more than a reading), and a panic carrying a limit
// in a worker's goroutine is raised again on the caller's, where the
// checker's entry point turns it into the error of the run.

// onWorkers calls run on each worker, one goroutine each, and waits for
// them; the first panic in one (a resource limit: the deadline, the
// memory watch) is raised again here once every goroutine has ended (the
// others stop at their next reading of the deadline, or run out of work).
func onWorkers(ws []*worker, run func(w *worker)) {
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		bad any
	)
	for _, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					if bad == nil {
						bad = r
					}
					mu.Unlock()
				}
			}()
			run(w)
		}()
	}
	wg.Wait()
	if bad != nil {
		panic(bad)
	}
}

// report offers a status to the run's meter (Options.Meter; nil: none).
func (v *view) report(s progress.Status) { v.meter.Report(s) }

// checkEvery is how many cheap steps (coalitions settled without a
// solve, transversals refined, counting branches) pass between two
// readings of the deadline.
const checkEvery = 1024

// tick counts one cheap step in *n and reads the deadline every
// checkEvery of them.
func tick(n *int) {
	*n++
	if *n%checkEvery == 0 {
		limit.CheckDeadline()
	}
}

// poll reads the deadline at every 4096th state i of a loop over the
// view's states: a solve and its certificate (the winner's strategy and
// the states it visits) each cover the whole view, 10^6 states and more.
func poll(i int) {
	if i&4095 == 4095 {
		limit.CheckDeadline()
	}
}
