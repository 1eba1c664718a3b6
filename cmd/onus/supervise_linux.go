package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
)

// A Go runtime that runs out of memory despite the budgets and the heap
// watch (one allocation larger than the room left under ulimit -v) dies
// with "fatal error: out of memory" and exit code 2, the code of bad
// input, and no program can catch that in itself. So the onus binary runs
// the command in a child process of itself and waits: a child that ends
// without saying how (its exit code, on the pipe below) died in the
// runtime or was killed, which is a resource limit, exit code 3.

// supervisedEnv marks the child, and names the descriptor of its pipe.
const supervisedEnv = "ONUS_SUPERVISED_FD"

// supervise runs onus's command line in a child process and returns its
// exit code; ok is false when no child could be started (then the caller
// runs the command itself). In the child it returns ok false at once.
func supervise(args []string) (code int, ok bool) {
	if os.Getenv(supervisedEnv) != "" {
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
	said := make(chan int, 1)
	go func() {
		var b [8]byte
		n, _ := r.Read(b[:])
		c, err := strconv.Atoi(string(b[:n]))
		if err != nil {
			c = -1
		}
		said <- c
	}()
	err = cmd.Wait()
	c := <-said
	r.Close()
	return childCode(os.Stderr, err, c), true
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
	case st.Signaled() && st.Signal() == syscall.SIGKILL:
		fmt.Fprintln(stderr, "onus: error: resource limit exceeded: onus was killed (SIGKILL), as the system does when memory runs out; give a lower --max-memory")
		return exitLimit
	case st.Signaled():
		return 128 + int(st.Signal())
	case reported >= 0 && ee.ExitCode() == reported:
		return reported
	}
	fmt.Fprintln(stderr, "onus: error: resource limit exceeded: the Go runtime ran out of memory or stack (its message is above); give a lower --max-memory, or raise ulimit -v")
	return exitLimit
}

// reportExit tells the supervising parent, if any, the exit code the
// command ends with, just before it exits.
func reportExit(code int) {
	fd, err := strconv.Atoi(os.Getenv(supervisedEnv))
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "supervisor")
	fmt.Fprint(f, code)
	f.Close()
}
