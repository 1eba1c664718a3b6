package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// profileEnv names a file to write a CPU profile of the run to, for the
// developers (docs/ARCHITECTURE.md#profiling): `ONUS_CPUPROFILE=cpu.out
// onus check …` then `go tool pprof onus cpu.out`. The profile covers the
// process that does the work (the supervised child), from its start to
// its exit.
const profileEnv = "ONUS_CPUPROFILE"

// startProfile starts the CPU profile named by ONUS_CPUPROFILE, if any, and
// returns the function that stops it. A profile that cannot be started is
// reported on stderr and the run goes on without it.
func startProfile(stderr io.Writer) (stop func()) {
	name := os.Getenv(profileEnv)
	if name == "" {
		return func() {}
	}
	f, err := os.Create(name)
	if err != nil {
		fmt.Fprintf(stderr, "onus: %s: %v\n", profileEnv, err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(stderr, "onus: %s: %v\n", profileEnv, err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
