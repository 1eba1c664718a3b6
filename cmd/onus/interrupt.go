package main

import (
	"os"
	"os/signal"
	"time"

	"github.com/onus-mc/onus/checker/limit"
)

// interruptGrace is how long a computation has, after Ctrl-C, to reach
// its next deadline check and stop with its partial results; past it,
// or at a second Ctrl-C, onus exits at once.
const interruptGrace = 3 * time.Second

// watchInterrupt makes Ctrl-C (SIGINT) stop the run as a passed
// --timeout does (limit.Interrupt): the results so far are printed and a
// note says where it stopped, with exit code 130. A second Ctrl-C, a
// second or more after the first (the terminal's and onus's parent
// process's copies of one Ctrl-C come together), or a computation that
// does not stop within interruptGrace, ends onus at once with exit code
// 130. The function it returns stops the watch.
func watchInterrupt() func() {
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
		case <-done:
			return
		}
		limit.Interrupt()
		first := time.Now()
		grace := time.NewTimer(interruptGrace)
		defer grace.Stop()
		for {
			select {
			case <-done:
				return
			case <-sigs:
				if time.Since(first) >= time.Second {
					os.Exit(exitInterrupted)
				}
			case <-grace.C:
				os.Exit(exitInterrupted)
			}
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}
