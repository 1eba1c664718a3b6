package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestMain lets the test binary run as onus itself (ONUS_TEST_MAIN=1),
// under the address-space limit ONUS_TEST_AS (bytes) if given, so that
// the tests below run onus in a process of its own, as the reproducers of
// issue 14 do with prlimit.
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

// The limits' table (issue 14, reproducers 03 and 04 at small sizes): each
// row expects an exit code, lines of stderr (each somewhere in it) and
// pieces of stdout in order.
var limitRows = []struct {
	name   string
	args   []string
	code   int
	stderr []string
	stdout []string
}{
	// 03: a range of 10^9 values is not expanded: the unknown name is
	// reported at once, and a build sweep streams
	{"--const range of an unknown constant", []string{"build", "sweep.prism", "--const", "Z=1:1000000000"}, exitBadInput,
		[]string{"sweep.prism: error: --const Z: the model and properties declare no constant Z"}, nil},
	{"--const range of 10^9 builds one value at a time", []string{"build", "sweep.prism", "--const", "N=1:1000000000", "--max-states", "3"}, exitLimit,
		[]string{"onus: error: the model has more than 3 states (raise the limit with --max-states)"},
		[]string{"Model constants: N=1", "States:      2", "Model constants: N=2", "States:      3"}},
	{"a check sweep whose results cannot fit is refused", []string{"check", "sweep.prism", "--const", "N=1:1000000000", "--max-memory", "256M", "--pf", "P=? [ F x=N ]"}, exitLimit,
		[]string{"onus: error: resource limit exceeded: more than 268435456 bytes for the results of the sweep of the constants (--max-memory)"}, nil},
	{"--const double range of 10^7 values streams", []string{"build", "sweep.prism", "--const", "N=1,q=0:0.0000001:1"}, exitBadInput,
		[]string{"sweep.prism: error: --const q: the model and properties declare no constant q"}, nil},
	// 04: limits beyond what onus can number are clamped, with a note
	{"--max-states 2^63-1", []string{"check", "sweep.prism", "--const", "N=2", "--pf", "P=? [ X x=1 ]", "--max-states", "9223372036854775807"}, exitOK,
		[]string{"onus: note: --max-states 9223372036854775807 is more states than onus can number (32-bit ints): the limit is 2147483646"},
		[]string{"Result: 1\n"}},
	{"--max-transitions 2^63-1", []string{"build", "sweep.prism", "--const", "N=2", "--max-transitions", "9223372036854775807"}, exitOK,
		[]string{"onus: note: --max-transitions 9223372036854775807 is more transitions than onus can number (32-bit ints): the limit is 2147483646"},
		[]string{"States:      3"}},
	{"clamping notes in JSON", []string{"check", "--json", "sweep.prism", "--const", "N=2", "--pf", "P=? [ X x=1 ]", "--max-states", "9223372036854775807"}, exitOK,
		nil, []string{`"notes": [`, `"--max-states 9223372036854775807 is more states than onus can number (32-bit ints): the limit is 2147483646"`, `"results": [`}},
	{"--max-memory beyond the machine", []string{"build", "sweep.prism", "--const", "N=2", "--max-memory", "1000000T"}, exitOK,
		[]string{"onus: note: --max-memory 1000000T is more than onus may use under "}, []string{"States:      3"}},
}

func TestLimitTable(t *testing.T) {
	t.Chdir("testdata/robust")
	for _, row := range limitRows {
		t.Run(row.name, func(t *testing.T) {
			code, out, errs := onus(t, row.args...)
			if code != row.code {
				t.Errorf("onus %s: exit %d, want %d\n%s", strings.Join(row.args, " "), code, row.code, errs)
			}
			for _, want := range row.stderr {
				if !strings.Contains(errs, want) {
					t.Errorf("stderr lacks %q\n%s", want, errs)
				}
			}
			rest := out
			for _, want := range row.stdout {
				i := strings.Index(rest, want)
				if i < 0 {
					t.Errorf("stdout lacks %q (in order)\n%s", want, out)
					break
				}
				rest = rest[i+len(want):]
			}
		})
	}
}

// TestAddressSpaceLimit is reproducer 10 at a small size: under a 2 GiB
// address-space limit and no --max-memory, a build that needs 1.5 GiB
// stops with exit 3 and the --max-memory message, where the default used
// to be half of RAM and the Go runtime died out of memory (exit 2).
func TestAddressSpaceLimit(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_AS is read on linux")
	}
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

// TestNoPartialFile checks that an output file that cannot be put in place
// leaves neither it nor its temporary file.
func TestNoPartialFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "res")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, errs := onus(t, "check", "testdata/robust/sweep.prism", "--const", "N=2", "--pf", "P=? [ F x=2 ]", "--export-results", target)
	if code == exitOK {
		t.Fatalf("writing the results over a directory succeeded\n%s", errs)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the directory holds %v, want only res", names)
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
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
