package resp

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/translate"
)

// This file runs the coalitions of CCR, of the power indices and of onus
// blame on several goroutines: their plan searches (search.go) and sweeps
// (reach.go). The passes already share their layers and spread each step
// over the cores (package hist).
//
// The product is explored lazily, by whoever first asks for a state's
// successors, so concurrent searches could extend it at once. Before they
// start, closed explores every product state within reach of the start in
// fewer than T steps (onus blame and the power indices have explored
// them already, in the plan-free pass): a search or sweep asks for successors only at steps
// k < T, of states reachable in k steps, so from then on it only reads the
// product. If that exploration would grow the product by more than half (a
// large model whose sets stay small), the coalitions run one after another
// as before. Either way every answer is the one the sequential run gives:
// each coalition's search is the same computation, and the results are
// read back in the coalitions' order.

// closed reports whether the product holds, explored, every state
// reachable from the start in fewer than T steps, exploring them if that
// adds at most half as many states as it had (and at least 2^16), and
// stays below half the limit of product states.
func (q *Query) closed() bool {
	m := q.shared()
	if m.closedKnown {
		return m.closed
	}
	m.closedKnown = true
	p := q.Product
	most := p.Size() + max(p.Size()/2, 1<<16)
	if lim := p.Model().MaxProduct(); lim > 0 {
		most = min(most, lim/2)
	}
	seen := make([]bool, p.Size())
	mark := func(id int32) bool {
		if int(id) >= len(seen) {
			seen = append(seen, make([]bool, int(id)+1-len(seen))...)
		}
		if seen[id] {
			return false
		}
		seen[id] = true
		return true
	}
	mark(q.Start)
	level := []int32{q.Start}
	var next []int32
	meter := p.Model().Meter()
	for k := 0; k < q.T && len(level) > 0; k++ {
		limit.CheckDeadline() // --timeout, Ctrl-C: once a level
		if meter != nil {
			meter.Report(progress.Status{Task: "exploring the product", Step: int64(k), Steps: int64(q.T),
				Detail: fmt.Sprintf("%d states", p.Size())})
		}
		next = next[:0]
		for n, id := range level {
			if n&4095 == 4095 {
				limit.CheckDeadline() // a level may hold millions of states
			}
			// Explores id; its successors at its Due position, if a
			// step within the horizon may take them.
			d := int(p.Due[id])
			if d >= q.T {
				d = -1 // no step: the successors of every other step
			}
			for _, to := range p.Successors(id, d) {
				if mark(to) {
					next = append(next, to)
				}
			}
			for _, to := range p.Succ[p.SuccStart[id]:p.SuccStart[id+1]] {
				if mark(to) {
					next = append(next, to)
				}
			}
			if p.Size() > most {
				return false
			}
		}
		level, next = next, level
	}
	m.closed = true
	return true
}

// workers is the number of goroutines the coalitions run on.
func workers() int { return max(1, runtime.GOMAXPROCS(0)) }

// each calls f(i) for every i in [0, n), on up to workers() goroutines
// when the product is closed (else in order on this one), and stops
// handing out indices once some f returns true; it reports whether one
// did. f must only write its own results (the memo is guarded). A panic in
// f (a resource limit) is raised again here, once the others have ended.
// task names the coalitions in the progress lines.
func (q *Query) each(task string, n int, f func(i int) bool) bool {
	m := q.shared()
	q.Planned() // memoised before the goroutines read it
	meter := q.Product.Model().Meter()
	w := min(workers(), n)
	if w <= 1 || !q.closed() {
		for i := 0; i < n; i++ {
			limit.CheckDeadline() // --timeout, Ctrl-C: before each coalition
			meter.Report(progress.Status{Task: task, Step: int64(i), Steps: int64(n)})
			m.setDone(task, i, n)
			if f(i) {
				m.setDone("", 0, 0)
				return true
			}
		}
		m.setDone("", 0, 0)
		return false
	}
	var (
		nextIdx, done atomic.Int64
		stop          atomic.Bool
		wg            sync.WaitGroup
		mu            sync.Mutex
		panicked      any
		panicAt       = n
	)
	m.setDone(task, 0, n)
	for g := 0; g < w; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				i := int(nextIdx.Add(1) - 1)
				if i >= n {
					return
				}
				found, bad := q.try(func(i int) bool {
					limit.CheckDeadline() // raised on the caller's goroutine below
					return f(i)
				}, i)
				if bad != nil {
					mu.Lock()
					// The first real panic in the coalitions' order wins
					// over a goroutine that gave up waiting for it.
					switch {
					case panicked == nil, panicked == errAbandoned && bad != errAbandoned:
						panicked, panicAt = bad, i
					case bad != errAbandoned && i < panicAt:
						panicked, panicAt = bad, i
					}
					mu.Unlock()
					stop.Store(true)
					return
				}
				d := done.Add(1)
				m.setDone(task, int(d), n)
				meter.Report(progress.Status{Task: task, Step: d, Steps: int64(n)})
				if found {
					stop.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	m.setDone("", 0, 0)
	if panicked != nil {
		panic(panicked)
	}
	return stop.Load()
}

// try runs f(i), returning the value of a panic instead of raising it.
func (q *Query) try(f func(int) bool, i int) (found bool, bad any) {
	defer func() {
		if r := recover(); r != nil {
			bad = r
		}
	}()
	return f(i), nil
}

// errAbandoned is raised by a goroutine that waited for a result another
// one was computing when that one panicked.
var errAbandoned = fmt.Errorf("resp: a shared search was abandoned")

// once holds a memoised result that several goroutines may wait for.
type once[V any] struct {
	o  sync.Once
	v  V
	ok bool
}

// get returns the value compute gives, computing it once.
func (c *once[V]) get(compute func() V) V {
	c.o.Do(func() {
		c.v = compute()
		c.ok = true
	})
	if !c.ok {
		panic(errAbandoned)
	}
	return c.v
}

// cell returns the entry of key k in table, adding it, under the memo's lock.
func cell[V any](m *memo, table map[uint64]*once[V], k uint64) *once[V] {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := table[k]
	if c == nil {
		c = &once[V]{}
		table[k] = c
	}
	return c
}

// allowed is Model.Allowed (whose cache of filters is not safe for
// concurrent use) under the memo's lock.
func (q *Query) allowed(st *hist.Step, mask uint64) translate.Bitset {
	m := q.shared()
	m.mu.Lock()
	defer m.mu.Unlock()
	k := stepMask{st, mask}
	if b, ok := m.allows[k]; ok {
		return b
	}
	b := q.Product.Model().Allowed(st, mask)
	if m.allows == nil {
		m.allows = map[stepMask]translate.Bitset{}
	}
	m.allows[k] = b
	return b
}

// stepMask keys the filters of allowed: Model.Allowed builds a key of the
// step's constraints at every call, which the searches, one call a step
// and coalition, feel.
type stepMask struct {
	st   *hist.Step
	mask uint64
}

// stateNames returns, from the memo's cache, the names an owner may take
// in smg state s (searcher.namesOf makes them).
func (q *Query) stateNames(s int, build func() [][]hist.Opt) [][]hist.Opt {
	m := q.shared()
	m.mu.Lock()
	cs, ok := m.names[s]
	m.mu.Unlock()
	if ok {
		return cs
	}
	cs = build()
	m.mu.Lock()
	if m.names == nil {
		m.names = map[int][][]hist.Opt{}
	}
	m.names[s] = cs
	m.mu.Unlock()
	return cs
}

// setDone records how many coalitions of task are done, for the progress
// lines of the searches running meanwhile (task "": none).
func (m *memo) setDone(task string, done, n int) {
	m.mu.Lock()
	m.task, m.done, m.total = task, done, n
	m.mu.Unlock()
}

// coalitionsDone words, for a progress line, how far the coalitions
// running in parallel have got ("" when none are).
func (q *Query) coalitionsDone() string {
	m := q.shared()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.total == 0 {
		return ""
	}
	return fmt.Sprintf("%s done %d of %d", m.task, m.done, m.total)
}

// withDone joins a progress detail and the coalitions done, if any.
func withDone(detail, done string) string {
	if done == "" {
		return detail
	}
	return detail + ", " + done
}
