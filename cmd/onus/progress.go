package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/checker/progress"
)

// progressFlag is --progress of check, blame, export-outcome and locate.
var progressFlag = &cli.BoolFlag{Name: "progress",
	Usage: "print how far a query running longer than 2 s has got to stderr even when it is not a terminal " +
		"(a log, a pipe): a plain line at most every 5 s; on a terminal one line is redrawn in place anyway " +
		"(onus guide limits#progress-and-partial-results)"}

// progressDelay is how long a query runs before its progress is shown
// (0: progress.Delay; tests set less).
var progressDelay time.Duration

// plainEvery is the least time between two plain progress lines.
const plainEvery = 5 * time.Second

// queryProgress is where a query's progress goes: one line redrawn in
// place when stderr is a terminal, plain lines under --progress
// otherwise, nowhere else.
func queryProgress(c *cli.Context) progress.Func {
	w := c.App.ErrWriter
	if f := terminalProgress(w); f != nil {
		return f
	}
	if c.Bool("progress") {
		return plainProgress(w, plainEvery)
	}
	return nil
}

// terminalProgress shows a long query's progress on one line of w, a
// terminal, redrawn in place and cleared when the query ends; nil when w
// is not a terminal (files, pipes and tests see nothing).
func terminalProgress(w io.Writer) progress.Func {
	if !isTerminal(w) {
		return nil
	}
	return progressLine(w)
}

// progressLine draws statuses on one line of w.
func progressLine(w io.Writer) progress.Func {
	return func(s progress.Status) {
		if s.Done {
			fmt.Fprint(w, "\r\033[K")
			return
		}
		line := "onus: " + s.String()
		if len(line) > 100 {
			line = line[:97] + "..."
		}
		fmt.Fprint(w, "\r\033[K"+line)
	}
}

// plainProgress prints statuses to w as whole lines, "onus: progress:
// ...", the first one shown and then at most one every every, for logs
// and pipes (no carriage returns, nothing to clear).
func plainProgress(w io.Writer, every time.Duration) progress.Func {
	var mu sync.Mutex
	var next time.Time
	return func(s progress.Status) {
		if s.Done {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		now := time.Now()
		if now.Before(next) {
			return
		}
		next = now.Add(every)
		fmt.Fprintln(w, "onus: progress: "+s.String())
	}
}
