package limit

import (
	"strings"
	"testing"
)

// passOutcome runs BeginPass(T) and then T PassSteps (at most run), and
// returns the steps taken and the *Error that stopped them.
func passOutcome(T, run int) (n int, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(*Error)
		}
	}()
	BeginPass(T)
	for n = 0; n < min(T, run); n++ {
		PassStep()
	}
	return n, nil
}

func TestPassesShareTheBudget(t *testing.T) {
	defer SetWork(-1, 0)
	cases := []struct {
		name     string
		maxSteps int64
		used     int64 // steps spent before the pass
		T, run   int
		want     int  // steps taken
		stopped  bool // with an *Error naming the passes
	}{
		{"within the budget", 10, 0, 10, 10, 10, false},
		{"a horizon beyond the budget is refused at once", 10, 0, 11, 11, 0, true},
		{"beyond what is left", 10, 5, 6, 6, 0, true},
		{"just what is left", 10, 5, 5, 5, 5, false},
		{"no budget", -1, 0, 1 << 31, 1000, 1000, false},
		{"a pass that stops early pays its steps", 10, 0, 8, 3, 3, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			SetWork(c.maxSteps, 0)
			work.used.Store(c.used)
			n, err := passOutcome(c.T, c.run)
			if n != c.want || (err != nil) != c.stopped {
				t.Fatalf("%d steps, stop %v; want %d steps, stopped %v", n, err, c.want, c.stopped)
			}
			if err != nil && (err.Setting != SettingMaxSteps || !strings.Contains(err.Error(), "passes over histories")) {
				t.Errorf("stop %v names neither --max-steps nor the passes", err)
			}
			if got := Steps(); got != c.used+int64(n) {
				t.Errorf("Steps() = %d, want %d", got, c.used+int64(n))
			}
		})
	}
}

func TestSweepCountsItsAssignments(t *testing.T) {
	defer SetWork(-1, 0)
	cases := []struct {
		name     string
		maxSteps int64
		n        int
		refused  bool
		steps    int64 // counted after the sweep
	}{
		{"one assignment is free", 10, 1, false, 0},
		{"a sweep within the budget", 10, 10, false, 10},
		{"a sweep beyond it", 10, 11, true, 0},
		{"10^9 at the default budget", 0, 1_000_000_000, true, 0},
		{"no budget", -1, 1_000_000_000, false, 1_000_000_000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			SetWork(c.maxSteps, 0)
			err := Sweep(c.n)
			if (err != nil) != c.refused {
				t.Fatalf("Sweep(%d) = %v, refused want %v", c.n, err, c.refused)
			}
			if err != nil && !strings.Contains(err.Error(), "sweep of the constants") {
				t.Errorf("refusal %v does not name the sweep", err)
			}
			if Steps() != c.steps {
				t.Errorf("Steps() = %d, want %d", Steps(), c.steps)
			}
		})
	}
}
