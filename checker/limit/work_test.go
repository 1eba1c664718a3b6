package limit

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// stepsUntilStop counts the Steps taken before one panics with an *Error
// (at most max), and returns that error.
func stepsUntilStop(max int) (n int, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(*Error)
		}
	}()
	for n = 0; n < max; n++ {
		Step()
	}
	return n, nil
}

func TestWorkLimits(t *testing.T) {
	defer SetWork(-1, 0)
	cases := []struct {
		name     string
		maxSteps int64
		timeout  time.Duration
		sleep    time.Duration
		run      int // steps tried
		want     int // steps taken before the stop (run: none)
		setting  string
	}{
		{"a budget of 10", 10, 0, 0, 100, 10, SettingMaxSteps},
		{"no budget", -1, 0, 0, 5000, 5000, ""},
		{"the default budget", 0, 0, 0, 5000, 5000, ""},
		{"a deadline passed", -1, time.Nanosecond, time.Millisecond, 1000, 63, SettingTimeout},
		{"a deadline not yet", -1, time.Hour, 0, 1000, 1000, ""},
		{"a deadline beyond a Duration", -1, math.MaxInt64, 0, 1000, 1000, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			SetWork(c.maxSteps, c.timeout)
			time.Sleep(c.sleep)
			n, err := stepsUntilStop(c.run)
			if n != c.want {
				t.Errorf("%d steps before the stop, want %d", n, c.want)
			}
			switch {
			case c.setting == "" && err != nil:
				t.Errorf("stopped: %v", err)
			case c.setting != "" && (err == nil || err.Setting != c.setting):
				t.Errorf("stop %v, want one of the setting %s", err, c.setting)
			}
			if Steps() != int64(n+boolInt(err != nil)) {
				t.Errorf("Steps() = %d after %d steps", Steps(), n)
			}
		})
	}
}

// TestStepN: counting several iterations at once stops at the budget and
// reads the deadline whenever the count passes a multiple of 64.
func TestStepN(t *testing.T) {
	defer SetWork(-1, 0)
	stop := func(f func()) (err *Error) {
		defer func() {
			if r := recover(); r != nil {
				err = r.(*Error)
			}
		}()
		f()
		return nil
	}
	SetWork(100, 0)
	if err := stop(func() { StepN(60); StepN(40) }); err != nil {
		t.Errorf("100 of 100: %v", err)
	}
	if err := stop(func() { StepN(1) }); err == nil || err.Setting != SettingMaxSteps {
		t.Errorf("101 of 100: %v", err)
	}
	SetWork(-1, time.Nanosecond)
	time.Sleep(time.Millisecond)
	if err := stop(func() { StepN(50) }); err != nil {
		t.Errorf("50 steps read the deadline: %v", err)
	}
	if err := stop(func() { StepN(30) }); err == nil || err.Setting != SettingTimeout {
		t.Errorf("passing 64 did not read the deadline: %v", err)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestExpiredMessage(t *testing.T) {
	defer SetWork(-1, 0)
	SetWork(-1, time.Nanosecond)
	time.Sleep(time.Millisecond)
	err := Expired()
	if err == nil {
		t.Fatal("no error after the deadline")
	}
	var le *Error
	if !errors.As(error(err), &le) || !strings.Contains(err.Error(), "time limit of 1ns") {
		t.Errorf("message %q", err.Error())
	}
	SetWork(-1, 0)
	if Expired() != nil {
		t.Error("a deadline without a timeout")
	}
}

func TestInterrupt(t *testing.T) {
	defer SetWork(-1, 0)
	SetWork(-1, 0)
	if Expired() != nil {
		t.Fatal("expired before Interrupt")
	}
	Interrupt()
	if err := Expired(); err == nil || err.Setting != SettingInterrupt || err.Text != "interrupted (Ctrl-C)" {
		t.Errorf("after Interrupt: %v", err)
	}
	SetWork(-1, 0)
	if Expired() != nil {
		t.Error("SetWork clears an interrupt")
	}
}
