package progress

import (
	"testing"
	"time"
)

func TestMeterDelay(t *testing.T) {
	var got []Status
	m := StartAfter(func(s Status) { got = append(got, s) }, 2*time.Second)
	clock := m.start
	m.now = func() time.Time { return clock }
	for i, tc := range []struct {
		at   time.Duration
		step int64
		want int // statuses shown so far
	}{
		{0, 1, 0},
		{time.Second, 2, 0},
		{2 * time.Second, 3, 1},
		{2*time.Second + 100*time.Millisecond, 4, 1},
		{2*time.Second + 300*time.Millisecond, 5, 2},
		{10 * time.Second, 6, 3},
	} {
		clock = m.start.Add(tc.at)
		m.Report(Status{Task: "t", Step: tc.step, Steps: 10})
		if len(got) != tc.want {
			t.Fatalf("row %d: %d statuses shown, want %d", i, len(got), tc.want)
		}
	}
	if got[0].Step != 3 || got[2].Step != 6 || !m.Shown() {
		t.Errorf("shown %v", got)
	}
	m.Finish()
	if len(got) != 4 || !got[3].Done {
		t.Errorf("Finish after statuses were shown sends Done: %v", got)
	}
	quiet := StartAfter(func(s Status) { t.Errorf("shown %v", s) }, time.Hour)
	quiet.Report(Status{Task: "t"})
	quiet.Finish()
}

func TestNilMeter(t *testing.T) {
	var m *Meter
	m.Report(Status{Task: "t"}) // must not panic
	if m.Shown() || Start(nil) != nil {
		t.Error("a nil meter shows nothing")
	}
}

func TestStatusString(t *testing.T) {
	for _, tc := range []struct {
		s    Status
		want string
	}{
		{Status{Task: "CAR(r1, pi): plan search", Step: 40, Steps: 1000, Detail: "1204 supports alive"}, "CAR(r1, pi): plan search: step 40 of 1000, 1204 supports alive"},
		{Status{Task: "value iteration", Step: 7}, "value iteration: step 7"},
		{Status{Task: "SHAPLEY", Detail: "coalitions 5 of 16"}, "SHAPLEY: coalitions 5 of 16"},
		{Status{Task: "build"}, "build"},
	} {
		if got := tc.s.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestTrackKeepsLast(t *testing.T) {
	var shown []Status
	for _, tc := range []struct {
		name  string
		f     Func
		label func(Status) Status
		want  string
	}{
		{"nobody shown", nil, nil, "t: step 7 of 10"},
		{"labelled", func(s Status) { shown = append(shown, s) }, func(s Status) Status {
			s.Task = "q: " + s.Task
			return s
		}, "q: t: step 7 of 10"},
	} {
		m := Track(tc.f, time.Hour, tc.label)
		if _, ok := m.Last(); ok {
			t.Errorf("%s: a status before any report", tc.name)
		}
		for i := int64(1); i <= 7; i++ {
			m.Report(Status{Task: "t", Step: i, Steps: 10})
		}
		m.Finish()
		if s, ok := m.Last(); !ok || s.String() != tc.want {
			t.Errorf("%s: last %q, want %q", tc.name, s.String(), tc.want)
		}
	}
	if len(shown) != 0 {
		t.Errorf("shown before the delay: %v", shown)
	}
	var m *Meter
	if _, ok := m.Last(); ok {
		t.Error("a nil meter has no last status")
	}
}
