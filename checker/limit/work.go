package limit

import (
	"fmt"
	"sync/atomic"
	"time"
)

// This file holds the process-wide work limit: a budget of iterations
// shared by every iterative loop whose length a property or a flag sets
// (step-bounded operators, the stages of bounded equilibria), and a
// deadline that those loops and the passes over histories check. Beyond
// either, the loop stops with a panic carrying an *Error, which the
// checker's entry points return as the error of the query.

// DefaultMaxSteps is the budget of iterations when SetWork is given 0.
const DefaultMaxSteps = 1_000_000

// Settings that raise the work limits, as Error.Setting names them.
const (
	SettingMaxSteps = "MaxSteps"
	SettingTimeout  = "Timeout"
	// SettingInterrupt marks the stop that Interrupt asked for (Ctrl-C):
	// no setting raises it.
	SettingInterrupt = "Interrupt"
)

// work is the state of the process-wide limit. The deadline is in
// nanoseconds since start (0: none), so that a check is one atomic load
// and one monotonic clock reading.
var work struct {
	maxSteps atomic.Int64
	used     atomic.Int64
	deadline atomic.Int64
	timeout  atomic.Int64
	start    time.Time
	// stop is set by Interrupt: the next deadline check stops the run.
	stop atomic.Bool
	// readings counts the deadline's readings (Readings).
	readings atomic.Int64
}

// Until the first SetWork there is no budget and no deadline: the
// checker's packages used directly (and their tests) run unbounded, and
// the front ends (onus's command line, Options of package onus) set the
// limit for each run.
func init() {
	work.start = time.Now()
	work.maxSteps.Store(-1)
}

// SetWork starts a new budget of maxSteps iterations (0: DefaultMaxSteps;
// negative: no budget) and a deadline timeout from now (0: none). The
// budget and the deadline hold for every query of the process from then
// on: the front end calls SetWork once per run.
func SetWork(maxSteps int64, timeout time.Duration) {
	if maxSteps == 0 {
		maxSteps = DefaultMaxSteps
	}
	work.maxSteps.Store(maxSteps)
	work.used.Store(0)
	work.timeout.Store(int64(timeout))
	d := int64(time.Since(work.start) + timeout)
	if timeout <= 0 || d <= 0 {
		d = 0 // none, or beyond what a Duration holds (centuries)
	}
	work.deadline.Store(d)
	work.stop.Store(false)
}

// Interrupt asks the running computation to stop at its next deadline
// check, as a passed deadline does, with an *Error whose Setting is
// SettingInterrupt (the front end's Ctrl-C). SetWork clears it.
func Interrupt() { work.stop.Store(true) }

// Steps returns the iterations counted since the last SetWork.
func Steps() int64 { return work.used.Load() }

// Step counts one iteration of a loop (one sweep over its states) and
// stops the loop, with a panic carrying an *Error, when the budget is
// spent or the deadline has passed. The deadline is read every 64th
// iteration, and at every one when the budget is nearly spent.
func Step() { StepN(1) }

// StepN counts n iterations at once (an equilibrium's stage counts each
// stage game it solves), as Step does.
func StepN(n int64) { stepN(n, whatIterations) }

// whatIterations is what Step counts, as its Error names it.
const whatIterations = "iterations of step-bounded operators and equilibrium stage games (a bound that large needs as many)"

// stepN counts n steps of what, as StepN does.
func stepN(n int64, what string) {
	u := work.used.Add(n)
	if m := work.maxSteps.Load(); m > 0 && u > m {
		panic(&Error{What: what, Limit: int(m), Setting: SettingMaxSteps})
	}
	if u&63 < n {
		CheckDeadline() // u passed a multiple of 64
	}
}

// CheckDeadline stops the caller, with a panic carrying an *Error, when
// the deadline of SetWork has passed. It is cheap enough for every few
// thousand states of a loop.
func CheckDeadline() {
	if err := Expired(); err != nil {
		panic(err)
	}
}

// Readings returns how many times the deadline has been read (Expired,
// CheckDeadline) since the process started: the tests of a long loop
// count them to see that it polls within, whatever the clock says.
func Readings() int64 { return work.readings.Load() }

// Expired returns the *Error of a passed deadline or of Interrupt, or
// nil.
func Expired() *Error {
	work.readings.Add(1)
	if work.stop.Load() {
		return &Error{Text: "interrupted (Ctrl-C)", Setting: SettingInterrupt}
	}
	d := work.deadline.Load()
	if d == 0 || int64(time.Since(work.start)) < d {
		return nil
	}
	t := time.Duration(work.timeout.Load())
	return &Error{Text: fmt.Sprintf("the run took longer than its time limit of %v", t), Setting: SettingTimeout}
}
