package limit

import (
	"runtime/metrics"
	"sync"
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

// WatchSlack is how far the heap may pass a budget before Watch stops the
// run: the counts of the structures a budget bounds are estimates, and
// their limits (which give a precise message) should come first.
func WatchSlack(budget int64) int64 { return AddSat(budget, budget/4+64<<20) }

// Watch reads the heap every interval in a goroutine and calls exceeded
// once, with the heap's bytes, when they pass ceiling: a last guard, for
// the structures no count covers, that stops the run before the Go runtime
// dies out of memory (an address-space limit makes it die with
// "fatal error: out of memory", which no recover catches). stop ends the
// watch; exceeded runs on the watch's goroutine.
func Watch(ceiling int64, interval time.Duration, exceeded func(heap int64)) (stop func()) {
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if h := HeapBytes(); h > ceiling {
					exceeded(h)
					return
				}
			}
		}
	}()
	return func() { once.Do(func() { close(done) }) }
}
