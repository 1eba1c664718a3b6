package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Limits are what each run gets.
type Limits struct {
	AS    int64         // address space, bytes (prlimit --as)
	CPU   time.Duration // CPU time beyond which a run is slow
	Wall  time.Duration // wall-clock limit on an idle machine (scaled by the load)
	FSize int64         // largest file a run may write
}

// Outcome is what one run did.
type Outcome struct {
	Exit       int    // exit code; -1 when killed by a signal
	Signal     string // the signal that killed it
	CPU, Wall  time.Duration
	MaxRSSKiB  int64
	Stdout     []byte // head and tail (capWriter)
	Stderr     []byte
	Outputs    []string // files the run wrote, relative to its directory
	Replaced   []string // input files the run changed or removed
	WallKilled bool     // killed at the wall-clock limit
	Err        error    // the harness could not run it
}

// logFiles are the outputs a failing run may leave: the log of onus
// prism's -mainlog FILE[:append], which holds the error as PRISM's does.
func logFiles(args []string) map[string]bool {
	out := map[string]bool{}
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "-mainlog" {
			out[filepath.Clean(strings.TrimSuffix(args[i+1], ":append"))] = true
		}
	}
	return out
}

// execute runs one run in dir (created, and removed afterwards unless
// keep) under the limits.
func execute(bin string, lim Limits, dir string, run *Run, keep bool) Outcome {
	var o Outcome
	if err := os.MkdirAll(filepath.Join(dir, "adir"), 0o755); err != nil {
		o.Err = err
		return o
	}
	if !keep {
		defer os.RemoveAll(dir)
	}
	for n, d := range run.Files {
		if err := os.WriteFile(filepath.Join(dir, n), d, 0o644); err != nil {
			o.Err = err
			return o
		}
	}
	hard := lim.CPU + 7*time.Second
	args := []string{
		"--as=" + strconv.FormatInt(lim.AS, 10),
		fmt.Sprintf("--cpu=%d:%d", int(lim.CPU.Seconds())+5, int(hard.Seconds())),
		"--fsize=" + strconv.FormatInt(lim.FSize, 10),
		"--core=0",
		"--", bin,
	}
	cmd := exec.Command("prlimit", append(args, run.Args...)...)
	cmd.Dir = dir
	cmd.Env = runEnv()
	stdout, stderr := &capWriter{}, &capWriter{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	wall := scaledWall(lim.Wall)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		o.Err = err
		return o
	}
	var mu sync.Mutex
	timer := time.AfterFunc(wall, func() {
		mu.Lock()
		o.WallKilled = true
		mu.Unlock()
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	})
	err := cmd.Wait()
	timer.Stop()
	o.Wall = time.Since(start)
	mu.Lock()
	defer mu.Unlock()
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // anything it left behind
	st := cmd.ProcessState
	if st == nil {
		o.Err = err
		return o
	}
	o.CPU = st.UserTime() + st.SystemTime()
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		o.MaxRSSKiB = ru.Maxrss
	}
	o.Exit = st.ExitCode()
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		o.Exit = -1
		o.Signal = ws.Signal().String()
	}
	o.Stdout, o.Stderr = stdout.Bytes(), stderr.Bytes()
	logs := logFiles(run.Args)
	for n, d := range run.Files {
		if logs[filepath.Clean(n)] {
			continue
		}
		if b, err := os.ReadFile(filepath.Join(dir, n)); err != nil || !bytes.Equal(b, d) {
			o.Replaced = append(o.Replaced, n)
		}
	}
	sort.Strings(o.Replaced)
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if _, in := run.Files[rel]; !in && !logs[filepath.Clean(rel)] {
			o.Outputs = append(o.Outputs, rel)
		}
		return nil
	})
	return o
}

// runEnv is the environment of a run: the harness's, without the Go
// runtime's tuning variables, and with no terminal.
func runEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GOMEMLIMIT", "GOGC", "GOMAXPROCS", "GOTRACEBACK", "GODEBUG", "TERM":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "TERM=dumb")
}

// scaledWall is the wall-clock limit on the machine as loaded now: a
// run shares the cores with load1 runnable processes.
func scaledWall(wall time.Duration) time.Duration {
	f := loadFactor()
	if f > 6 {
		f = 6
	}
	return time.Duration(float64(wall) * f)
}

// loadFactor is the 1-minute load average per core, at least 1.
func loadFactor() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 1
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 1
	}
	l, err := strconv.ParseFloat(f[0], 64)
	if err != nil || l < float64(runtime.NumCPU()) {
		return 1
	}
	return l / float64(runtime.NumCPU())
}

// capWriter keeps the first and the last capHalf bytes of a stream.
type capWriter struct {
	head, tail []byte
	total      int64
}

const capHalf = 64 << 10

func (w *capWriter) Write(p []byte) (int, error) {
	n0 := len(p)
	w.total += int64(len(p))
	if room := capHalf - len(w.head); room > 0 {
		n := min(room, len(p))
		w.head = append(w.head, p[:n]...)
		p = p[n:]
	}
	if len(p) > 0 {
		w.tail = append(w.tail, p...)
		if len(w.tail) > 2*capHalf {
			w.tail = append([]byte(nil), w.tail[len(w.tail)-capHalf:]...)
		}
	}
	return n0, nil
}

// Bytes is the head, and the tail after a marker when bytes were left out.
func (w *capWriter) Bytes() []byte {
	tail := w.tail
	if len(tail) > capHalf {
		tail = tail[len(tail)-capHalf:]
	}
	if int64(len(w.head)+len(tail)) < w.total {
		return bytes.Join([][]byte{w.head, []byte(fmt.Sprintf("\n[... %d bytes left out ...]\n", w.total-int64(len(w.head)+len(tail)))), tail}, nil)
	}
	return append(append([]byte(nil), w.head...), tail...)
}
