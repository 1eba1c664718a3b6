package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// The classes of a run (doc.go says what each means).
const (
	ClassOK      = "ok"
	ClassRuntime = "runtime"
	ClassSlow    = "slow"
	ClassTimeout = "timeout"
	ClassOOM     = "oom"
	ClassSignal  = "signal"
	ClassPartial = "partial"
	ClassSilent  = "silent"
	ClassExit    = "exit"
)

// classes in the table's order.
var classes = []string{ClassOK, ClassRuntime, ClassSlow, ClassTimeout, ClassOOM, ClassSignal, ClassPartial, ClassSilent, ClassExit}

var (
	goroutineRE = regexp.MustCompile(`(?m)^goroutine [0-9]+ \[`)
	runtimeRE   = regexp.MustCompile(`(?m)^(panic: .*|fatal error: .*|runtime: .*|onus: internal error.*)$`)
	frameRE     = regexp.MustCompile(`(?m)^(github\.com/onus-mc/onus/[^\s(]+)`)
	digitsRE    = regexp.MustCompile(`[0-9]+`)
	quotedRE    = regexp.MustCompile(`"[^"]*"|'[^']*'`)
	posRE       = regexp.MustCompile(`^\S*:[0-9]+:[0-9]+: `)
)

// classify says what kind of run o was, and why, in one line.
func classify(run *Run, o *Outcome, lim Limits) (class, reason string) {
	all := append(append([]byte(nil), o.Stderr...), o.Stdout...)
	trace := goroutineRE.Match(all) || runtimeRE.Match(o.Stderr)
	switch {
	case trace || o.Exit == 4:
		return ClassRuntime, runtimeReason(all, o)
	case o.WallKilled && o.CPU > lim.CPU:
		return ClassSlow, fmt.Sprintf("killed at the wall-clock limit after %s, with %s of CPU", o.Wall.Round(time.Second), o.CPU.Round(time.Second/10))
	case o.WallKilled:
		return ClassTimeout, fmt.Sprintf("killed at the wall-clock limit after %s with %s of CPU", o.Wall.Round(time.Second), o.CPU.Round(time.Second/10))
	case o.Signal == "killed" && o.CPU > lim.CPU:
		return ClassSlow, fmt.Sprintf("killed at the CPU limit (%s of CPU)", o.CPU.Round(time.Second/10))
	case o.Signal == "CPU time limit exceeded":
		return ClassSlow, fmt.Sprintf("killed at the CPU limit (%s of CPU)", o.CPU.Round(time.Second/10))
	case o.Exit != 3 && o.CPU > lim.CPU:
		return ClassSlow, fmt.Sprintf("exit %d after %s of CPU: %s", o.Exit, o.CPU.Round(time.Second/10), lastLine(o.Stderr))
	case o.Signal == "killed":
		return ClassOOM, fmt.Sprintf("killed by signal 9 (peak %d MiB)", o.MaxRSSKiB/1024)
	case o.Signal == "file size limit exceeded":
		return ClassOK, "stopped at the harness's file-size limit"
	case o.Signal != "":
		return ClassSignal, "killed by " + o.Signal
	case o.Exit != 0 && o.Exit != 1 && (len(o.Outputs) > 0 || len(o.Replaced) > 0):
		var what []string
		if len(o.Outputs) > 0 {
			what = append(what, "left "+strings.Join(o.Outputs, " "))
		}
		if len(o.Replaced) > 0 {
			what = append(what, "changed "+strings.Join(o.Replaced, " "))
		}
		return ClassPartial, fmt.Sprintf("exit %d %s: %s", o.Exit, strings.Join(what, ", "), lastLine(o.Stderr))
	case o.Exit == 1 && !testRun(run):
		return ClassExit, "exit 1 without --test: " + lastLine(o.Stderr)
	case o.Exit == 2 || o.Exit == 3:
		if !bytes.Contains(o.Stderr, []byte("error:")) && !bytes.HasPrefix(o.Stderr, []byte("usage: ")) {
			return ClassSilent, fmt.Sprintf("exit %d with no error on stderr (%s)", o.Exit, lastLine(o.Stderr))
		}
		return ClassOK, lastLine(o.Stderr)
	case o.Exit == 0 || o.Exit == 1:
		return ClassOK, ""
	}
	return ClassExit, fmt.Sprintf("exit %d: %s", o.Exit, lastLine(o.Stderr))
}

func testRun(run *Run) bool {
	for _, w := range run.Args {
		switch w {
		case "--test", "-test", "-testall":
			return true
		}
	}
	return false
}

// runtimeReason is the runtime error's message and the first onus frame.
func runtimeReason(all []byte, o *Outcome) string {
	msg := fmt.Sprintf("exit %d", o.Exit)
	if m := runtimeRE.FindSubmatch(all); m != nil {
		msg += ": " + string(m[1])
	}
	if f := frameRE.FindSubmatch(all); f != nil {
		msg += " at " + strings.TrimPrefix(string(f[1]), "github.com/onus-mc/onus/")
	}
	return msg
}

// lastLine is the last non-blank line of b, shortened.
func lastLine(b []byte) string {
	ls := strings.Split(strings.TrimRight(string(b), "\n "), "\n")
	l := strings.TrimSpace(ls[len(ls)-1])
	if len(l) > 160 {
		l = l[:157] + "..."
	}
	return l
}

// signature groups bad runs of one cause: the class, the command and the
// reason without its numbers, quotations and position.
func signature(cmd, class, reason string) string {
	r := posRE.ReplaceAllString(reason, "")
	r = quotedRE.ReplaceAllString(r, "Q")
	r = digitsRE.ReplaceAllString(r, "N")
	if class == ClassSlow || class == ClassTimeout || class == ClassOOM {
		r = "" // the reason is only the time or the memory
	}
	if class == ClassPartial {
		// the files left, without the message
		r, _, _ = strings.Cut(r, ":")
	}
	return class + " " + cmd + " " + r
}
