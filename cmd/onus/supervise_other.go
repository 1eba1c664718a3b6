//go:build !linux

package main

import "io"

// supervise runs the command in-process where no child process can be
// tied to its parent's life (supervise_linux.go).
func supervise([]string) (int, bool) { return 0, false }

// reportExit has no parent to tell.
func reportExit(int) {}

// stopAtCPULimit: no SIGXCPU to catch (cpulimit_linux.go).
func stopAtCPULimit(io.Writer) {}
