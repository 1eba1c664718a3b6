package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestMain lets the test binary run as onus itself (ONUS_TEST_MAIN=1),
// under the address-space limit ONUS_TEST_AS (bytes) and with the heap
// watch's ceiling ONUS_TEST_WATCH_CEILING (bytes) if given, so that the
// tests below run onus in a process of its own (supervising its child, as
// the binary does), as the reproducers of issue 14 do with prlimit.
func TestMain(m *testing.M) {
	if os.Getenv("ONUS_TEST_MAIN") == "1" {
		if as, err := strconv.ParseUint(os.Getenv("ONUS_TEST_AS"), 10, 64); err == nil && as > 0 {
			if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: as, Max: as}); err != nil {
				os.Stderr.WriteString("setrlimit: " + err.Error() + "\n")
				os.Exit(99)
			}
		}
		if n, err := strconv.ParseInt(os.Getenv("ONUS_TEST_WATCH_CEILING"), 10, 64); err == nil {
			watchCeiling = func(int64) int64 { return n }
		}
		if sig, err := strconv.Atoi(os.Getenv("ONUS_TEST_SIGNAL_AT_COMMIT")); err == nil {
			commitOutputs = func() error {
				syscall.Kill(os.Getpid(), syscall.Signal(sig))
				select {}
			}
		}
		os.Args = append([]string{"onus"}, os.Args[1:]...)
		main()
		return
	}
	os.Exit(m.Run())
}

// onusProcess runs the test binary as onus in dir, under an address-space
// limit of as bytes (0: none).
func onusProcess(t *testing.T, dir string, as int64, env []string, args ...string) (int, string, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ONUS_TEST_MAIN=1", "ONUS_TEST_AS="+strconv.FormatInt(as, 10))
	cmd.Env = append(cmd.Env, env...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errb.String()
}

// TestAddressSpaceLimit is reproducer 10 at a small size: under a 2 GiB
// address-space limit and no --max-memory, a build that needs 1.5 GiB
// stops with exit 3 and the --max-memory message, where the default used
// to be half of RAM and the Go runtime died out of memory (exit 2).
func TestAddressSpaceLimit(t *testing.T) {
	code, _, errs := onusProcess(t, "testdata/robust", 2<<30, nil, "build", "dense.prism", "--const", "N=999")
	if code != exitLimit || !strings.Contains(errs, "(--max-memory)") || strings.Contains(errs, "fatal error") {
		t.Errorf("exit %d, want %d and a --max-memory message\n%s", code, exitLimit, firstLines(errs, 5))
	}
}

// TestMemoryWatch checks that the watch of the heap stops a run with exit
// 3, a message naming --max-memory and no output file, whatever the run is
// doing (here a long bounded pATL pass; the watch's ceiling is set to a
// few bytes, as if the run outgrew it).
func TestMemoryWatch(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "res.txt")
	code, out, errs := onusProcess(t, "testdata/robust", 0, []string{"ONUS_TEST_WATCH_CEILING=1"}, "check", "dense.prism", "--const", "N=9",
		"--pf", "P=? [ G<=200000 x<=2000 ]", "--export-results", res)
	if code != exitLimit || !strings.Contains(errs, "(the limit --max-memory); raise the limit with --max-memory") {
		t.Errorf("exit %d, want %d and a --max-memory message\n%s%s", code, exitLimit, out, firstLines(errs, 5))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the run left %d files", len(entries))
	}
}

// TestWatchCoversParsing checks that a --max-memory on the command line
// bounds parsing too: the watch takes it before the files are read (a
// 9 MB model parses into about 150 MiB, past the watch's 65 MiB at 1M).
func TestWatchCoversParsing(t *testing.T) {
	var b strings.Builder
	b.WriteString("dtmc\nmodule m\n  x : [0..1] init 0;\n")
	for range 250000 {
		b.WriteString("  [] x=0 -> 0.5:(x'=1) + 0.5:(x'=0);\n")
	}
	b.WriteString("endmodule\n")
	path := filepath.Join(t.TempDir(), "big.prism")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := onusProcess(t, ".", 0, nil, "build", path, "--max-memory", "1M")
	if code != exitLimit || !strings.Contains(errs, "more than 1 MiB (the limit --max-memory)") {
		t.Errorf("exit %d, want %d and the watch's message\n%s", code, exitLimit, firstLines(errs, 5))
	}
}

// TestChildDies: a supervised child killed at the end of a successful
// run, its outputs written but not yet renamed into place, leaves none of
// them, nor the directory it made: the parent removes what the child named
// on the pipe (SIGKILL), or the child itself (SIGXCPU). A file that
// existed before stays as it was.
func TestChildDies(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "p.svg")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs("../../examples")
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]string{
		{"export", filepath.Join(abs, "attack.prism"), "--dir", "new/sub"},
		{"check", filepath.Join(abs, "cpd.prism"), filepath.Join(abs, "cpd.props"), "--const", "t=1:4", "--prop", "4", "--plot", "p.svg", "--export-results", "r.csv"},
	}
	for _, args := range rows {
		// SIGKILL: the child cannot clean up, the parent does. SIGXCPU
		// (the CPU-time limit, ulimit -t): the child stops with exit 3
		// and cleans up itself.
		for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGXCPU} {
			code, _, errs := onusProcess(t, dir, 0, []string{"ONUS_TEST_SIGNAL_AT_COMMIT=" + strconv.Itoa(int(sig))}, args...)
			want := "onus was killed (SIGKILL)"
			if sig == syscall.SIGXCPU {
				want = "of CPU time, its limit (ulimit -t)"
			}
			if code != exitLimit || !strings.Contains(errs, want) {
				t.Errorf("%s, %v: exit %d, want %d and %q\n%s", args[0], sig, code, exitLimit, want, firstLines(errs, 5))
			}
			if got := listTree(t, dir); len(got) != 1 || got[0] != "p.svg" {
				t.Errorf("%s: the directory holds %v, want only p.svg", args[0], got)
			}
			if b, _ := os.ReadFile(old); string(b) != "old" {
				t.Errorf("%s: p.svg holds %q, want old", args[0], b)
			}
		}
	}
}

// TestChildCode: the supervising parent passes on the exit code its child
// reported, and turns a child that died without reporting (the Go
// runtime's "fatal error: out of memory" exits 2) or was killed with
// SIGKILL (the system's OOM killer) into exit code 3.
func TestChildCode(t *testing.T) {
	rows := []struct {
		script   string
		reported int
		want     int
	}{
		{"exit 0", 0, exitOK},
		{"exit 1", 1, exitFailed},
		{"exit 2", 2, exitBadInput},
		{"exit 2", -1, exitLimit}, // the runtime died
		{"kill -KILL $$", -1, exitLimit},
		{"kill -TERM $$", -1, 128 + 15},
	}
	for _, r := range rows {
		err := exec.Command("sh", "-c", r.script).Run()
		var msg strings.Builder
		got := childCode(&msg, err, r.reported)
		if got != r.want || (got == exitLimit) != strings.Contains(msg.String(), "resource limit exceeded") {
			t.Errorf("%s (reported %d): exit %d, want %d; %q", r.script, r.reported, got, r.want, msg.String())
		}
	}
}
