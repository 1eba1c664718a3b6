package onus

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/onus-mc/onus/checker/progress"
)

// TestBuildProgress: model construction reports to Options.Progress how
// many states it has found, as a query reports its steps (the robots at
// N=100: 10^4 states, a report about every 4096 states expanded).
func TestBuildProgress(t *testing.T) {
	var mu sync.Mutex
	var got []progress.Status
	m, err := Load("examples/robots.prism", Options{
		Const:         map[string]any{"N": 100, "cross": 40},
		ProgressDelay: time.Nanosecond,
		Progress: func(s progress.Status) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, s)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Build(map[string]any{"N": 100, "cross": 40}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	var seen bool
	for _, s := range got {
		if s.Task == "building the model" && strings.Contains(s.Detail, " states found, ") && strings.HasSuffix(s.Detail, " expanded") {
			seen = true
		}
	}
	if !seen || len(got) == 0 || !got[len(got)-1].Done {
		t.Errorf("statuses %#v: want one counting the states found and expanded, and the last Done", got)
	}
}
