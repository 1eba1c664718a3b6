package locate

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
)

// table holds v(C) for every coalition C of n players (n ≤ MaxExact), as
// bit masks: simple games 0/1 in win, value games in val.
type table struct {
	n      int
	win    []bool
	val    []float64 // value games only
	solves int       // coalitions the solver was run on
}

// MaxExact is the largest number of players (with a choice) whose
// coalitions are all valued; beyond, the run is a resource limit unless
// it samples or refines.
const MaxExact = 24

// fillSimple values every coalition of the simple game whose players are
// the workers' players, level by level: C wins
// if some C∖{j} wins; C loses if it lies in a losing certificate; C wins
// if it holds a winning certificate; otherwise C is solved, which yields a
// new certificate. Each level's coalitions are shared by the workers.
func fillSimple(ws []*worker) *table {
	n := len(ws[0].players)
	size := 1 << uint(n)
	state := make([]uint8, size) // 0 unknown, 1 win, 2 lose
	var mu sync.Mutex
	var wins, loses []uint64 // certificates: supersets of wins[k] win, subsets of loses[k] lose
	full := uint64(size - 1)
	covered := func(c uint64) uint8 {
		for _, l := range loses {
			if c&l == c {
				return 2
			}
		}
		for _, u := range wins {
			if c&u == u {
				return 1
			}
		}
		return 0
	}
	settled := 0 // coalitions valued, for the progress lines
	for k := 0; k <= n; k++ {
		var pending []uint64
		var ticks int
		eachOfSize(n, k, func(c uint64) {
			tick(&ticks) // --timeout, Ctrl-C: a level may hold millions
			settled++
			for r := c; r != 0; r &= r - 1 {
				if state[c&^(r&-r)] == 1 {
					state[c] = 1
					return
				}
			}
			pending = append(pending, c)
		})
		settled -= len(pending) // counted as they are valued below
		if len(pending) == 0 {
			continue
		}
		var next int
		run := func(w *worker) {
			for {
				mu.Lock()
				if next == len(pending) {
					mu.Unlock()
					return
				}
				c := pending[next]
				next++
				settled++
				done, solved := settled, len(wins)+len(loses)
				s := covered(c)
				mu.Unlock()
				if done%64 == 0 {
					limit.CheckDeadline() // covered scans every certificate
					w.v.report(progress.Status{Task: "coalitions", Step: int64(done), Steps: int64(size),
						Detail: fmt.Sprintf("%d solved", solved)})
				}
				if s != 0 {
					state[c] = s // each c is written by one worker
					continue
				}
				in := func(g int) bool { return c&(1<<uint(g)) != 0 }
				w.own(in)
				won, cert := w.certificate(in, w.region())
				mu.Lock()
				if won {
					state[c] = 1
					wins = append(wins, cert)
				} else {
					state[c] = 2
					loses = append(loses, full&^cert)
				}
				mu.Unlock()
			}
		}
		par := min(len(ws), (len(pending)+3)/4)
		if par <= 1 {
			run(ws[0])
			continue
		}
		onWorkers(ws[:par], run)
	}
	t := &table{n: n, win: make([]bool, size)}
	for c, s := range state {
		t.win[c] = s == 1
	}
	for _, w := range ws {
		t.solves += w.solves
	}
	return t
}

// fillValues values every coalition of a value game (Pmax=?): there are
// no certificates, so each coalition is solved once, shared by the
// workers.
func fillValues(ws []*worker) (*table, error) {
	n := len(ws[0].players)
	size := 1 << uint(n)
	t := &table{n: n, val: make([]float64, size), win: make([]bool, size)}
	var mu sync.Mutex
	var next int
	var first error
	run := func(w *worker) {
		for {
			mu.Lock()
			if next == size || first != nil {
				mu.Unlock()
				return
			}
			c := uint64(next)
			next++
			mu.Unlock()
			w.v.report(progress.Status{Task: "coalitions", Step: int64(c), Steps: int64(size)})
			w.own(func(g int) bool { return c&(1<<uint(g)) != 0 })
			x, err := w.value()
			mu.Lock()
			if err != nil && first == nil {
				first = err
			}
			t.val[c] = x
			t.win[c] = x == 1
			mu.Unlock()
		}
	}
	onWorkers(ws, run)
	for _, w := range ws {
		t.solves += w.solves
	}
	return t, first
}

// eachOfSize calls f for every mask of n bits with k ones, in increasing
// order (Gosper's hack).
func eachOfSize(n, k int, f func(uint64)) {
	if k == 0 {
		f(0)
		return
	}
	limit := uint64(1) << uint(n)
	for c := uint64(1)<<uint(k) - 1; c < limit; {
		f(c)
		lo := c & -c
		r := c + lo
		c = ((r ^ c) >> 2 / lo) | r
	}
}

// workers returns one worker per core (at least one) for the players:
// blocks of the view's groups.
func workers(v *view, obj Objective, blocks [][]int) []*worker {
	n := max(1, min(runtime.GOMAXPROCS(0), 8))
	ws := make([]*worker, n)
	players := blockStates(v, blocks)
	for i := range ws {
		ws[i] = newWorker(v, obj, players, blocks)
	}
	return ws
}
