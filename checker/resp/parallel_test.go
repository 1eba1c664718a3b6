package resp

import (
	"errors"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// chainQuery is a query on an mdp whose states 0 → 1 → … → n−1 form a
// chain (the last loops), with outcome F<=1 "s1", explored lazily.
func chainQuery(n, T int) *Query {
	g := &translate.Game{Type: prism.TypeMDP, NumStates: n, Players: []string{"p"}}
	for s := 0; s < n; s++ {
		g.ChoiceStart = append(g.ChoiceStart, int32(s))
		g.TransStart = append(g.TransStart, int32(s))
		g.Target = append(g.Target, int32(min(s+1, n-1)))
		g.Prob = append(g.Prob, 1)
	}
	g.ChoiceStart = append(g.ChoiceStart, int32(n))
	g.TransStart = append(g.TransStart, int32(n))
	beta := make([]float64, n)
	for i := range beta {
		beta[i] = 1
	}
	m := hist.NewModel(g, hist.Config{Beta: beta, MaxProduct: 1 << 24})
	at1 := translate.NewBitset(n)
	at1.Set(1)
	f := ltlf.NewFactory()
	psi := f.Temporal(ltlf.F, 1, 0, f.Atom(0))
	p := hist.NewProduct(m, ltlf.NewAutomaton(f, psi, []ltlf.StateSet{at1}, n))
	return &Query{Kind: CCR, Players: 1, T: T, Product: p, Start: p.Root(0)}
}

// TestClosed: the product is explored within the horizon when that stays
// within the budget, and left alone (sequential coalitions) when not.
func TestClosed(t *testing.T) {
	cases := []struct {
		name     string
		n, T     int
		want     bool
		explored int // product states explored afterwards
	}{
		{"short horizon", 1000, 10, true, 10},
		{"whole chain", 100, 1000, true, 100},
		{"beyond the budget", 1 << 17, 1 << 17, false, 1 << 16},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := chainQuery(c.n, c.T)
			if got := q.closed(); got != c.want {
				t.Fatalf("closed() = %v, want %v", got, c.want)
			}
			if got := q.Product.Explored(); got < c.explored || got > c.explored+1 {
				t.Errorf("explored %d states, want %d", got, c.explored)
			}
			if got := q.closed(); got != c.want { // memoised
				t.Errorf("second closed() = %v", got)
			}
		})
	}
}

// TestEach: every index runs once, stop ends the handing out, a panic (a
// resource limit) comes back on the caller's goroutine, and one
// goroutine or a product not closed gives the same answers in order.
func TestEach(t *testing.T) {
	lim := &limit.Error{What: "test", Limit: 1}
	cases := []struct {
		name      string
		procs     int
		n         int
		stopAt    int // index whose f returns true (-1: none)
		panicAt   int // index whose f panics (-1: none)
		want      bool
		wantPanic bool
		wantAll   bool // every index ran
		unclosed  bool // on a product too large to explore first: in order
	}{
		{"all, parallel", 2, 50, -1, -1, false, false, true, false},
		{"all, one goroutine", 1, 50, -1, -1, false, false, true, false},
		{"stop, parallel", 2, 50, 7, -1, true, false, false, false},
		{"stop, one goroutine", 1, 50, 7, -1, true, false, false, false},
		{"panic, parallel", 2, 50, -1, 9, false, true, false, false},
		{"panic, one goroutine", 1, 50, -1, 9, false, true, false, false},
		{"all, product not closed", 2, 50, -1, -1, false, false, true, true},
		{"stop, product not closed", 2, 50, 7, -1, true, false, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(c.procs))
			q := chainQuery(20, 5)
			if c.unclosed {
				q = chainQuery(1<<17, 1<<17)
			}
			var mu sync.Mutex
			ran := map[int]int{}
			var order []int
			var got bool
			var bad any
			func() {
				defer func() { bad = recover() }()
				got = q.each("test", c.n, func(i int) bool {
					mu.Lock()
					ran[i]++
					order = append(order, i)
					mu.Unlock()
					if i == c.panicAt {
						panic(lim)
					}
					return i == c.stopAt
				})
			}()
			if c.wantPanic {
				if err, ok := bad.(error); !ok || !errors.Is(err, lim) {
					t.Fatalf("panic %v, want the limit error", bad)
				}
				return
			}
			if bad != nil {
				t.Fatalf("panic %v", bad)
			}
			if got != c.want {
				t.Errorf("each = %v, want %v", got, c.want)
			}
			for i, k := range ran {
				if k != 1 {
					t.Errorf("index %d ran %d times", i, k)
				}
			}
			if c.wantAll && len(ran) != c.n {
				t.Errorf("%d of %d indices ran", len(ran), c.n)
			}
			if c.stopAt >= 0 && ran[c.stopAt] != 1 {
				t.Errorf("index %d did not run", c.stopAt)
			}
			if c.unclosed && !slices.IsSorted(order) || c.unclosed && c.stopAt >= 0 && len(order) != c.stopAt+1 {
				t.Errorf("not closed: ran %v, want in order up to the stop", order)
			}
			if q.coalitionsDone() != "" {
				t.Errorf("progress count left set: %q", q.coalitionsDone())
			}
		})
	}
}

// TestEachProgress: while coalitions run, the searches' progress lines
// say how many are done.
func TestEachProgress(t *testing.T) {
	q := chainQuery(20, 5)
	q.closed() // its own progress line would come first
	var mu sync.Mutex
	var lines []string
	meter := progress.StartAfter(func(s progress.Status) {
		mu.Lock()
		lines = append(lines, s.String())
		mu.Unlock()
	}, 0)
	q.Product.Model().SetMeter(meter)
	defer q.Product.Model().SetMeter(nil)
	var details []string
	q.each("coalitions", 3, func(i int) bool {
		mu.Lock()
		details = append(details, q.coalitionsDone())
		mu.Unlock()
		time.Sleep(time.Millisecond)
		return false
	})
	for _, d := range details {
		if !strings.HasPrefix(d, "coalitions done ") || !strings.HasSuffix(d, " of 3") {
			t.Errorf("detail %q", d)
		}
	}
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "coalitions: step ") {
		t.Errorf("progress lines %q", lines)
	}
}

// TestClosedDue: once closed, the product answers every step's successors
// of the states reachable before the horizon without growing, those at a
// state's Due position included, so that the coalitions' searches may read it at once (run
// with -race). The outcome F<=2 "s1" has its deadline at step 2; the
// horizons are before, at and beyond it.
func TestClosedDue(t *testing.T) {
	for _, T := range []int{2, 3, 6} {
		q := chainQuery(6, T)
		g := q.Product.Model().Game()
		// A second transition from every state back to the start, so that
		// the levels hold several states.
		g2 := *g
		g2.TransStart, g2.Target, g2.Prob = []int32{0}, nil, nil
		for s := 0; s < g.NumStates; s++ {
			g2.Target = append(g2.Target, g.Target[s], 0)
			g2.Prob = append(g2.Prob, 0.5, 0.5)
			g2.TransStart = append(g2.TransStart, int32(len(g2.Target)))
		}
		m := hist.NewModel(&g2, hist.Config{Beta: []float64{1, 1, 1, 1, 1, 1}, MaxProduct: 1 << 20})
		at1 := translate.NewBitset(g.NumStates)
		at1.Set(1)
		f := ltlf.NewFactory()
		p := hist.NewProduct(m, ltlf.NewAutomaton(f, f.Anchor(f.Temporal(ltlf.F, 2, 0, f.Atom(0))), []ltlf.StateSet{at1}, g.NumStates))
		q = &Query{Kind: CCR, Players: 1, T: T, Product: p, Start: p.Root(0)}
		if !q.closed() {
			t.Fatalf("T = %d: not closed", T)
		}
		size := p.Size()
		walk := func() []int {
			var sizes []int
			level := []int32{q.Start}
			for k := 0; k < T; k++ {
				seen := map[int32]bool{}
				var next []int32
				for _, id := range level {
					for _, to := range p.Successors(id, k) {
						if !seen[to] {
							seen[to] = true
							next = append(next, to)
						}
					}
				}
				sizes = append(sizes, len(next))
				level = next
			}
			return sizes
		}
		var wg sync.WaitGroup
		got := make([][]int, 2)
		for w := range got {
			wg.Add(1)
			go func() { defer wg.Done(); got[w] = walk() }()
		}
		wg.Wait()
		if !slices.Equal(got[0], got[1]) {
			t.Errorf("T = %d: levels %v and %v", T, got[0], got[1])
		}
		if p.Size() != size {
			t.Errorf("T = %d: the product grew from %d to %d states after closed()", T, size, p.Size())
		}
	}
}
