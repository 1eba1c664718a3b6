package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/onus-mc/onus/internal/atomicfile"
)

// stopAtCPULimit makes the process that runs the command stop with exit
// code 3 when it reaches its CPU-time limit (ulimit -t, prlimit --cpu):
// the kernel sends SIGXCPU at the soft limit, which the Go runtime
// ignores, and SIGKILL at the hard one, which the supervising parent could
// only report as a kill. Like the memory watch, it removes the run's
// temporary outputs before it exits.
func stopAtCPULimit(stderr io.Writer) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGXCPU)
	go func() {
		<-c
		used := "its CPU-time limit"
		var ru syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
			s := float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
			used = fmt.Sprintf("%.1f s of CPU time, its limit", s)
		}
		fmt.Fprintf(stderr, "onus: error: resource limit exceeded: onus used %s (ulimit -t); raise it, or bound the run with --timeout or --max-steps\n", used)
		atomicfile.RemovePending()
		reportExit(exitLimit)
		os.Exit(exitLimit)
	}()
}
