package limit

import (
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// heapMetric is the bytes of the heap's objects, live or not yet swept.
const heapMetric = "/memory/classes/heap/objects:bytes"

// HeapBytes returns the bytes the heap's objects occupy now.
func HeapBytes() int64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(s[0].Value.Uint64(), 1<<62))
}

// WatchSlack is how far the heap may pass a budget before a Watcher stops
// the run: the counts of the structures a budget bounds are estimates,
// and their limits (which give a precise message) should come first.
func WatchSlack(budget int64) int64 { return AddSat(budget, budget/4+64<<20) }

// A Watcher reads the heap every interval in a goroutine and calls its
// function once, with the heap's bytes, when they pass the ceiling: a last
// guard, for the structures no count covers (parsing, equilibria), that
// stops the run before the Go runtime dies out of memory (under an
// address-space limit it dies with "fatal error: out of memory", which no
// recover catches).
type Watcher struct {
	ceiling atomic.Int64
	done    chan struct{}
	once    sync.Once
}

// Watch starts a Watcher; exceeded runs on its goroutine.
func Watch(ceiling int64, interval time.Duration, exceeded func(heap int64)) *Watcher {
	w := &Watcher{done: make(chan struct{})}
	w.ceiling.Store(ceiling)
	go func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-t.C:
				if h := HeapBytes(); h > w.ceiling.Load() {
					exceeded(h)
					return
				}
			}
		}
	}()
	return w
}

// SetCeiling changes the ceiling (the budget is known once the options
// are read; the watch runs from the start).
func (w *Watcher) SetCeiling(c int64) { w.ceiling.Store(c) }

// Ceiling returns the ceiling.
func (w *Watcher) Ceiling() int64 { return w.ceiling.Load() }

// Stop ends the watch; it may be called more than once.
func (w *Watcher) Stop() { w.once.Do(func() { close(w.done) }) }
