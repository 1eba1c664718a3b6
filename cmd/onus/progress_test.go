package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/progress"
)

func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	if terminalProgress(&b) != nil {
		t.Fatal("a buffer is not a terminal: no progress")
	}
	f := progressLine(&b)
	f(progress.Status{Task: "q", Step: 3, Steps: 10})
	f(progress.Status{Task: strings.Repeat("x", 200)})
	f(progress.Status{Done: true})
	want := "\r\033[Konus: q: step 3 of 10" + "\r\033[Konus: " + strings.Repeat("x", 91) + "..." + "\r\033[K"
	if got := b.String(); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
