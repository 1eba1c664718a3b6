package translate

import (
	"errors"
	"fmt"
	"os"
	"testing"
)

// TestLimits checks each limit of Config on a 1001-state chain with 2
// transitions a state (one exact rational each under Exact): below the
// limit the model builds, beyond it Build returns the LimitError naming it.
func TestLimits(t *testing.T) {
	const src = "mdp\nmodule m x:[0..1000]; [a] x<1000 -> (x'=x+1); [b] x<1000 -> (x'=max(0,x-1)); endmodule"
	m, err := buildSrc(t, "m.prism", src, "", false)
	if err != nil || m.Game.NumStates != 1001 || m.Game.NumTransitions() != 2001 {
		t.Fatalf("unlimited build: %v", err)
	}
	rows := []struct {
		name string
		cfg  Config
		want *LimitError // nil: builds
	}{
		{"states", Config{MaxStates: 1000}, &LimitError{States, 1000}},
		{"states enough", Config{MaxStates: 1001}, nil},
		{"transitions", Config{MaxTransitions: 2000}, &LimitError{Transitions, 2000}},
		{"transitions enough", Config{MaxTransitions: 2001}, nil},
		// The estimate is about 130 KB, 600 KB with exact rationals.
		{"memory", Config{MaxMemory: 64 << 10}, &LimitError{Memory, 64 << 10}},
		{"memory enough", Config{MaxMemory: 256 << 10}, nil},
		{"memory exact", Config{MaxMemory: 256 << 10, Exact: true}, &LimitError{Memory, 256 << 10}},
		{"memory exact enough", Config{MaxMemory: 1 << 20, Exact: true}, nil},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			_, err := Build(m.Fset, m.File, nil, row.cfg)
			if row.want == nil {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				return
			}
			le, ok := err.(*LimitError)
			if !ok || *le != *row.want {
				t.Fatalf("err = %v (%T), want %v", err, err, row.want)
			}
		})
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{512: "512 bytes", 1 << 10: "1 KiB", 64 << 20: "64 MiB", 3 << 29: "1.5 GiB", 1 << 40: "1 TiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestPoll checks that Config.Poll is called while states are expanded
// and that its error stops the build and comes back from Build as it is.
func TestPoll(t *testing.T) {
	const src = "mdp\nmodule m x:[0..100000]; [a] x<100000 -> (x'=x+1); endmodule"
	m, err := buildSrc(t, "m.prism", src, "", false)
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	rows := []struct {
		name      string
		stopAfter int  // calls before Poll fails; 0: never
		twoPasses bool // explore twice, as a large model (24 calls a pass)
		want      error
	}{
		{"never stops", 0, false, nil},
		{"stops at the first call", 1, false, stop},
		{"never stops in two passes", 0, true, nil},
		{"stops in the second pass", 30, true, stop},
	}
	saved := keepTransitions
	defer func() { keepTransitions = saved }()
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			calls := 0
			poll := func() error {
				calls++
				if row.stopAfter > 0 && calls >= row.stopAfter {
					return stop
				}
				return nil
			}
			keepTransitions = saved
			if row.twoPasses {
				keepTransitions = -1
			}
			_, err := Build(m.Fset, m.File, nil, Config{Poll: poll})
			if err != row.want {
				t.Fatalf("err = %v, want %v", err, row.want)
			}
			if calls == 0 {
				t.Fatal("Poll was never called")
			}
		})
	}
}

// TestMemoryLimitExact checks that a model whose estimate at the end of
// the first pass is E builds under MaxMemory E and stops under E-1:
// no estimate made before the end, when fewer states are expanded,
// exceeds the final one, so that stopping early never refuses a model
// that fits. The models have wide frontiers (a tree), pages that move
// to a hash table, csg shapes, and two passes.
func TestMemoryLimitExact(t *testing.T) {
	rows := []struct{ name, src, consts string }{
		{"tree", "mdp\nmodule m x:[0..200000]; [] x<100000 -> 0.5:(x'=2*x+1) + 0.5:(x'=2*x+2); endmodule", ""},
		{"sparse pages", "mdp\nmodule m x:[0..4000]; z:[0..100000]; [] x<4000 -> 0.5:(x'=x+1) + 0.5:(x'=min(4000,x+7)); endmodule", ""},
		{"robots", "", "N=60,cross=7"},
		{"counters", "", "N=30"},
	}
	for i, file := range map[int]string{2: "../examples/robots.prism", 3: "testdata/counters.prism"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rows[i].src = string(src)
	}
	saved := keepTransitions
	defer func() { keepTransitions, firstPassDone = saved, nil }()
	for _, row := range rows {
		for _, keep := range []int{saved, -1} {
			t.Run(fmt.Sprintf("%s keep=%d", row.name, keep), func(t *testing.T) {
				keepTransitions = keep
				var est int64
				firstPassDone = func(e int64) { est = e }
				m, err := buildSrc(t, "m.prism", row.src, row.consts, false)
				if err != nil {
					t.Fatal(err)
				}
				firstPassDone = nil
				if _, err := Build(m.Fset, m.File, nil, Config{Consts: constsFrom(t, row.consts), MaxMemory: est}); err != nil {
					t.Fatalf("MaxMemory %d (the estimate): %v", est, err)
				}
				_, err = Build(m.Fset, m.File, nil, Config{Consts: constsFrom(t, row.consts), MaxMemory: est - 1})
				if le, ok := err.(*LimitError); !ok || le.Resource != Memory {
					t.Fatalf("MaxMemory %d (the estimate less 1): err = %v", est-1, err)
				}
			})
		}
	}
}
