package main

import (
	"fmt"
	"io"

	"github.com/onus-mc/onus/checker/progress"
)

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
