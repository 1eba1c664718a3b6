package translate

import (
	"errors"
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
