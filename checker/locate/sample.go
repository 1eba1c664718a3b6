package locate

import (
	"math"
	"math/rand/v2"
	"sync"

	"github.com/onus-mc/onus/checker/progress"
)

// sample estimates Shapley values from opt.Samples random orders of the
// players: in each order a player's marginal contribution is v(its
// predecessors and itself) − v(its predecessors). In a simple game exactly
// one player of an order swings (when v(N) = 1 and v(∅) = 0); it is found
// by bisection on the order's prefixes (v is monotone). Order k is drawn
// from a generator seeded with (Seed, k), so the estimates do not depend
// on how the orders are shared among the workers. Orders are drawn in
// batches of sampleBatch and summed in their order after each batch, so
// memory does not grow with opt.Samples and the sums do not depend on the
// workers either.
func sample(ws []*worker, eff []int, opt Options, res *Result) error {
	n := len(eff)
	m := opt.Samples
	batch := min(m, sampleBatch)
	contrib := make([][]float64, batch) // value games: per order of the batch, per player
	pivot := make([]int32, batch)       // simple games: the swinging player or -1
	sum, sq := make([]float64, n), make([]float64, n)
	var mu sync.Mutex
	var next, end, base int
	var first error
	// Simple games with at most 64 players reuse what earlier solves
	// proved: supersets of a winning certificate win, subsets of a losing
	// one lose.
	var wins, loses []uint64
	full := uint64(1)<<uint(min(n, 63)) - 1
	if n == 64 {
		full = ^uint64(0)
	}
	simple := func(w *worker, pos []int, l int) bool {
		in := func(g int) bool { return pos[g] < l }
		if n > 64 {
			w.own(in)
			return w.region()[w.v.init]
		}
		var c uint64
		for g := 0; g < n; g++ {
			if pos[g] < l {
				c |= 1 << uint(g)
			}
		}
		mu.Lock()
		for _, u := range wins {
			if c&u == u {
				mu.Unlock()
				return true
			}
		}
		for _, lo := range loses {
			if c&lo == c {
				mu.Unlock()
				return false
			}
		}
		mu.Unlock()
		w.own(in)
		won, cert := w.certificate(in, w.region())
		mu.Lock()
		// The lists are scanned before every solve: keep the first
		// sampleCerts of each (they settle the most orders).
		if won && len(wins) < sampleCerts {
			wins = append(wins, cert)
		} else if !won && len(loses) < sampleCerts {
			loses = append(loses, full&^cert)
		}
		mu.Unlock()
		return won
	}
	run := func(w *worker) {
		perm := make([]int, n)
		pos := make([]int, n)
		for {
			mu.Lock()
			if next == end || first != nil {
				mu.Unlock()
				return
			}
			k := next
			next++
			mu.Unlock()
			w.v.report(progress.Status{Task: "random orders", Step: int64(k), Steps: int64(m)})
			r := rand.New(rand.NewPCG(opt.Seed, uint64(k)))
			k -= base
			for i := range perm {
				perm[i] = i
			}
			r.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			for i, p := range perm {
				pos[p] = i
			}
			prefix := func(l int) func(int) bool { return func(g int) bool { return pos[g] < l } }
			if !w.obj.Value {
				pivot[k] = -1
				if !simple(w, pos, n) || simple(w, pos, 0) {
					continue
				}
				lo, hi := 0, n // v(prefix lo) = 0, v(prefix hi) = 1
				for hi-lo > 1 {
					mid := (lo + hi) / 2
					if simple(w, pos, mid) {
						hi = mid
					} else {
						lo = mid
					}
				}
				pivot[k] = int32(perm[hi-1])
				continue
			}
			c := contrib[k] // every entry is overwritten below
			if c == nil {
				c = make([]float64, n)
			}
			prev, err := coalitionValue(w, prefix(0))
			for l := 1; l <= n && err == nil; l++ {
				var x float64
				x, err = coalitionValue(w, prefix(l))
				c[perm[l-1]] = x - prev
				prev = x
			}
			if err != nil {
				mu.Lock()
				if first == nil {
					first = err
				}
				mu.Unlock()
				return
			}
			contrib[k] = c
		}
	}
	for base = 0; base < m; base += batch {
		next, end = base, min(m, base+batch)
		onWorkers(ws, run)
		if first != nil {
			return first
		}
		for k := 0; k < end-base; k++ {
			if !ws[0].obj.Value {
				if p := pivot[k]; p >= 0 {
					sum[p]++
					sq[p]++
				}
				continue
			}
			for i, x := range contrib[k] {
				sum[i] += x
				sq[i] += x * x
			}
		}
	}
	for _, w := range ws {
		res.Solves += w.solves
	}
	for i := 0; i < n; i++ {
		mean := sum[i] / float64(m)
		val := &res.Values[eff[i]]
		val.Shapley = mean
		val.ShapleyExact, val.BanzhafExact, val.Count = nil, nil, nil
		if m > 1 {
			variance := (sq[i] - float64(m)*mean*mean) / float64(m-1)
			val.StdErr = math.Sqrt(math.Max(variance, 0) / float64(m))
		}
	}
	return nil
}

// sampleBatch is how many random orders are drawn before their
// contributions are summed.
const sampleBatch = 4096

// sampleCerts bounds each list of certificates --samples reuses.
const sampleCerts = 4096
