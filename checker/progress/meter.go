package progress

import (
	"fmt"
	"sync"
	"time"
)

// Status is one report: which task, how far, and what else is worth
// saying (supports alive, coalitions done).
type Status struct {
	Task   string // what is running, e.g. "CAR(r1, pi): plan search"
	Step   int64  // steps done
	Steps  int64  // steps in all; 0 when unknown
	Detail string // more, e.g. "1,204 supports alive"
	// Done marks the last status of a computation whose progress was
	// shown (Meter.Finish): the receiver clears what it showed.
	Done bool
}

// String words the status as one line, e.g.
// "CAR(r1, pi): plan search: step 40 of 1000, 1204 supports alive".
func (s Status) String() string {
	out := s.Task
	switch {
	case s.Steps > 0:
		out += fmt.Sprintf(": step %d of %d", s.Step, s.Steps)
	case s.Step > 0:
		out += fmt.Sprintf(": step %d", s.Step)
	}
	if s.Detail != "" {
		if s.Step > 0 || s.Steps > 0 {
			out += ", " + s.Detail
		} else {
			out += ": " + s.Detail
		}
	}
	return out
}

// Func receives the statuses a Meter lets through. It is called from the
// goroutine that reports, one call at a time.
type Func func(Status)

// Delay is how long a computation runs before its progress is shown.
const Delay = 2 * time.Second

// Every is the least time between two statuses shown.
const Every = 250 * time.Millisecond

// Meter passes statuses on to a Func once the computation has run longer
// than its delay, at most once per Every. It is safe for concurrent use.
type Meter struct {
	f     Func
	delay time.Duration
	mu    sync.Mutex
	start time.Time
	next  time.Time
	shown bool
	now   func() time.Time // for tests
	// label rewrites each status reported before it is kept or shown
	// (nil: as is); last is the last status reported, shown or not.
	label func(Status) Status
	last  Status
	has   bool
}

// Start returns a meter that reports to f after Delay; nil when f is nil.
func Start(f Func) *Meter { return StartAfter(f, Delay) }

// StartAfter is Start with another delay (0: show every status, at most
// once per Every).
func StartAfter(f Func, delay time.Duration) *Meter {
	if f == nil {
		return nil
	}
	m := &Meter{f: f, delay: delay, now: time.Now}
	m.start = m.now()
	m.next = m.start.Add(delay)
	return m
}

// Track is StartAfter for a computation that may be stopped: the meter
// is never nil, keeps the last status reported to it (Last) whether or
// not it was shown, and rewrites each status with label first (nil: as
// is). With f nil it shows nothing, only keeps the last status.
func Track(f Func, delay time.Duration, label func(Status) Status) *Meter {
	m := &Meter{f: f, delay: delay, now: time.Now, label: label}
	m.start = m.now()
	m.next = m.start.Add(delay)
	return m
}

// Last is the last status reported, shown or not, and whether there was
// one: how far a computation that was stopped had got.
func (m *Meter) Last() (Status, bool) {
	if m == nil {
		return Status{}, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.last, m.has
}

// Report offers a status; it is shown if the delay has passed and the
// last status shown is older than Every. Cheap enough to call once per
// step of a pass.
func (m *Meter) Report(s Status) {
	if m == nil {
		return
	}
	if m.label != nil {
		s = m.label(s)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last, m.has = s, true
	if m.f == nil {
		return
	}
	t := m.now()
	if t.Before(m.next) {
		return
	}
	m.next = t.Add(Every)
	m.shown = true
	m.f(s)
}

// Shown reports whether any status was shown (the caller then clears
// the line it was shown on).
func (m *Meter) Shown() bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.shown
}

// Finish ends the computation: if any status was shown, f receives one
// last status with Done set.
func (m *Meter) Finish() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.shown && m.f != nil {
		m.f(Status{Done: true})
	}
}
