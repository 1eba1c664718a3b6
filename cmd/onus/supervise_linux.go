package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
	"syscall"

	"github.com/onus-mc/onus/internal/atomicfile"
)

// A Go runtime that runs out of memory despite the budgets and the heap
// watch (one allocation larger than the room left under ulimit -v) dies
// with "fatal error: out of memory" and exit code 2, the code of bad
// input, and no program can catch that in itself. So the onus binary runs
// the command in a child process of itself and waits: a child that ends
// without saying how (its exit code, on the pipe below) died in the
// runtime or was killed, which is a resource limit, exit code 3.
//
// The child also names on the pipe every temporary output file and
// directory it creates (internal/atomicfile): a child that dies cannot
// remove them, so the parent does, unless the run succeeded.

// supervisedEnv marks the child, and names the descriptor of its pipe.
const supervisedEnv = "ONUS_SUPERVISED_FD"

// The child's messages on the pipe, each ended by a NUL byte (no path
// holds one): outputPrefix and an absolute path, or exitPrefix and the
// exit code.
const (
	outputPrefix = 'T'
	exitPrefix   = 'X'
)

// supervise runs onus's command line in a child process and returns its
// exit code; ok is false when no child could be started (then the caller
// runs the command itself). In the child it returns ok false at once,
// after telling internal/atomicfile to name its outputs on the pipe.
func supervise(args []string) (code int, ok bool) {
	if os.Getenv(supervisedEnv) != "" {
		if f := supervisorPipe(); f != nil {
			atomicfile.SetRecorder(func(path string) {
				f.Write(append([]byte{outputPrefix}, path+"\x00"...))
			})
		}
		return 0, false
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	r, w, err := os.Pipe()
	if err != nil {
		return 0, false
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.ExtraFiles = []*os.File{w} // descriptor 3 in the child
	cmd.Env = append(os.Environ(), supervisedEnv+"=3")
	// The child dies with its parent (a timeout that kills onus kills
	// the command), and signals sent to the parent are passed on.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return 0, false
	}
	w.Close()
	go func() {
		for sig := range sigs {
			cmd.Process.Signal(sig)
		}
	}()
	said := make(chan childReport, 1)
	go func() {
		b, _ := io.ReadAll(r)
		said <- parseChildReport(b)
	}()
	err = cmd.Wait()
	rep := <-said
	r.Close()
	code = childCode(os.Stderr, err, rep.code)
	if code != exitOK && code != exitFailed {
		rep.removeOutputs()
	}
	return code, true
}

// childReport is what the child said on the pipe.
type childReport struct {
	code    int      // its exit code, -1 if it said none
	outputs []string // its temporary outputs and new directories, in order
}

func parseChildReport(b []byte) childReport {
	rep := childReport{code: -1}
	for _, m := range bytes.Split(b, []byte{0}) {
		if len(m) == 0 {
			continue
		}
		switch m[0] {
		case outputPrefix:
			rep.outputs = append(rep.outputs, string(m[1:]))
		case exitPrefix:
			if c, err := strconv.Atoi(string(m[1:])); err == nil {
				rep.code = c
			}
		}
	}
	return rep
}

// removeOutputs removes what a failed child may have left: its temporary
// files, then the directories it created if they are empty (last first;
// a child that cleaned up after itself leaves nothing to remove).
func (rep childReport) removeOutputs() {
	for i := len(rep.outputs) - 1; i >= 0; i-- {
		os.Remove(rep.outputs[i])
	}
}

// childCode is the exit code of onus for a child that ended with err
// (from Wait) and reported code reported (-1: none); a limit's message
// goes to stderr.
func childCode(stderr io.Writer, err error, reported int) int {
	var ee *exec.ExitError
	if err == nil {
		return exitOK
	}
	if !errors.As(err, &ee) {
		return exitInternal
	}
	st, _ := ee.Sys().(syscall.WaitStatus)
	switch {
	case st.Signaled() && st.Signal() == syscall.SIGKILL && atCPULimit(ee.ProcessState):
		// ulimit -t sets the soft limit equal to the hard one: no
		// SIGXCPU comes first (cpulimit_linux.go), only the kill.
		fmt.Fprintf(stderr, "onus: error: resource limit exceeded: onus was killed at its CPU-time limit (ulimit -t) after %.1f s of CPU time; raise it, or bound the run with --timeout or --max-steps\n",
			(ee.ProcessState.UserTime() + ee.ProcessState.SystemTime()).Seconds())
		return exitLimit
	case st.Signaled() && st.Signal() == syscall.SIGKILL:
		fmt.Fprintln(stderr, "onus: error: resource limit exceeded: onus was killed (SIGKILL), as the system does when memory runs out; give a lower --max-memory")
		return exitLimit
	case st.Signaled():
		return 128 + int(st.Signal())
	case reported >= 0 && ee.ExitCode() == reported:
		return reported
	case ee.ExitCode() == exitInterrupted:
		return exitInterrupted // Ctrl-C, past its grace (interrupt.go)
	}
	fmt.Fprintln(stderr, "onus: error: resource limit exceeded: the Go runtime ran out of memory or stack (its message is above); give a lower --max-memory, or raise ulimit -v")
	return exitLimit
}

// atCPULimit reports whether a process killed with SIGKILL had used up
// the hard CPU-time limit it inherited from this one.
func atCPULimit(ps *os.ProcessState) bool {
	var lim syscall.Rlimit
	if ps == nil || syscall.Getrlimit(syscall.RLIMIT_CPU, &lim) != nil || lim.Max == ^uint64(0) {
		return false
	}
	return (ps.UserTime() + ps.SystemTime()).Seconds() >= float64(lim.Max)-0.5
}

// reportExit tells the supervising parent, if any, the exit code the
// command ends with, just before it exits.
func reportExit(code int) {
	if f := supervisorPipe(); f != nil {
		fmt.Fprintf(f, "%c%d\x00", exitPrefix, code)
	}
}

var pipeOnce struct {
	sync.Once
	f *os.File
}

// supervisorPipe is the child's end of the pipe to its parent, or nil in
// a process not supervised.
func supervisorPipe() *os.File {
	pipeOnce.Do(func() {
		if fd, err := strconv.Atoi(os.Getenv(supervisedEnv)); err == nil {
			pipeOnce.f = os.NewFile(uintptr(fd), "supervisor")
		}
	})
	return pipeOnce.f
}
