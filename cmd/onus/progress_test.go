package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/onus-mc/onus/checker/limit"
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

// TestStoppedRun: a run that a limit stops has printed the results of
// the properties before it, names the limit, and says which query it
// stopped and how far that query had got; text and JSON.
func TestStoppedRun(t *testing.T) {
	robots := "../../examples/robots.prism"
	first := `P=? [ F<=2 "crash" ]`
	for _, tc := range []struct {
		name   string
		args   []string
		stdout []string
		note   *regexp.Regexp // the last stderr line
	}{
		{"a timeout in a long pass", []string{robots, "--const", "N=300,cross=50", "--pf", first,
			"--pf", `CCR(r1,[go1,go2]^3000)=? [F<=3000 "crash"]`, "--timeout", "500ms"},
			[]string{"Model checking: " + first, "Result: 0\n"},
			regexp.MustCompile(`^onus: note: stopped in CCR\(r1, \[go1,go2\]\^3000\)=\? \[ F<=3000 "crash" \]: histories: step [0-9]+ of 3000, [0-9]+ coalitions in [0-9]+ passes$`)},
		{"max-states, text", []string{robots, "--const", "N=40,cross=5", "--pf", first,
			"--pf", `P=? [ G<=100 (a<b => (F<=3 a>=b)) ]`, "--max-states", "2000"},
			[]string{"Model checking: " + first, "Result: 0\n"},
			regexp.MustCompile(`^onus: note: stopped in P=\? \[ G<=100 \(a < b => \(F<=3 a >= b\)\) \]: histories: step 23 of 103$`)},
		{"max-states, JSON", []string{robots, "--const", "N=40,cross=5", "--pf", first,
			"--pf", `P=? [ G<=100 (a<b => (F<=3 a>=b)) ]`, "--max-states", "2000", "--json"},
			[]string{`"property": "P=? [ F<=2 \"crash\" ]"`, `"value": 0,`,
				`"stopped": "resource limit exceeded: more than 2000 product states; stopped in P=? [ G<=100 (a < b => (F<=3 a >= b)) ]: histories: step 23 of 103"`},
			regexp.MustCompile(`^onus: note: stopped in P=\? \[ G<=100 \(a < b => \(F<=3 a >= b\)\) \]: histories: step 23 of 103$`)},
		{"a bounded iteration", []string{"../../examples/weather.prism", "--pf", `R{"sales"}=? [ C<=1000 ]`, "--max-steps", "20"}, nil,
			regexp.MustCompile(`^onus: note: stopped in R\{"sales"\}=\? \[ C<=1000 \]: bounded iteration: step 20 of 1000$`)},
		{"an equilibrium", []string{"testdata/robust/repeated.prism", "--pf", `<<p1:p2>>max=? (R{"u1"}[C<=1000000000] + R{"u2"}[C<=1000000000])`, "--max-steps", "1000"}, nil,
			regexp.MustCompile(`^onus: note: stopped in <<p1:p2>> max=\? .*: equilibrium: stage games: step [0-9]+ of 1000000000$`)},
		{"a sweep prints what it has", []string{robots, "--const", "N=40,cross=5:6", "--pf", first,
			"--pf", `P=? [ G<=100 (a<b => (F<=3 a>=b)) ]`, "--max-states", "2000"},
			[]string{"Model checking: " + first, "Constants: N=40,cross=5", "Result: 0\n"},
			regexp.MustCompile(`^onus: note: stopped in P=\? \[ G<=100 \(a < b => \(F<=3 a >= b\)\) \]: histories: step 23 of 103$`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := onus(t, append([]string{"check"}, tc.args...)...)
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if code != exitLimit || len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-2], "onus: error: resource limit exceeded: ") ||
				!tc.note.MatchString(lines[len(lines)-1]) {
				t.Errorf("exit %d, stderr\n%s\nwant exit 3, the limit's error and a note matching %s", code, errs, tc.note)
			}
			wantInOrder(t, out, tc.stdout)
		})
	}
}

// TestProgressOnPipe: --progress prints plain progress lines to a
// stderr that is not a terminal; without it nothing is shown there.
func TestProgressOnPipe(t *testing.T) {
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = time.Nanosecond
	args := []string{"check", "../../examples/robots.prism", "--const", "N=40,cross=5", "--pf", `CAR(r1,[go1,go2]^200)=? [F<=200 "crash"]`}
	for _, tc := range []struct {
		flag bool
		want bool
	}{{false, false}, {true, true}} {
		a := args
		if tc.flag {
			a = append(a, "--progress")
		}
		code, _, errs := onus(t, a...)
		got := strings.Contains(errs, "onus: progress: CAR(r1, [go1,go2]^200)=? [ F<=200 \"crash\" ]: histories: step ")
		if code != exitOK || got != tc.want || strings.Contains(errs, "\r") {
			t.Errorf("--progress %v: exit %d, stderr %q; want progress lines %v, no carriage return", tc.flag, code, errs, tc.want)
		}
	}
}

func TestPlainProgressEvery(t *testing.T) {
	var b bytes.Buffer
	f := plainProgress(&b, time.Hour)
	f(progress.Status{Task: "q", Step: 1, Steps: 10})
	f(progress.Status{Task: "q", Step: 2, Steps: 10})
	f(progress.Status{Done: true})
	if got, want := b.String(), "onus: progress: q: step 1 of 10\n"; got != want {
		t.Errorf("got %q, want %q: the first line, then none within the hour, nothing to clear", got, want)
	}
}

// TestSweepProgressOnPipe: a sweep under --progress counts its results
// in plain lines.
func TestSweepProgressOnPipe(t *testing.T) {
	code, _, errs := onus(t, "check", "../../examples/cpd.prism", "../../examples/cpd.props", "--const", "t=1:3", "--prop", "4", "--progress")
	if code != exitOK || !strings.Contains(errs, "onus: progress: 1 of 3 results\n") {
		t.Errorf("exit %d, stderr %q; want a line counting the results", code, errs)
	}
}

// interruptEvery presses Ctrl-C (limit.Interrupt, which the SIGINT watch
// calls) every d, again and again since a run's SetWork clears it at its
// start, until done is called; done leaves no interrupt for the next test.
func interruptEvery(d time.Duration) (done func()) {
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stop)
		for {
			select {
			case <-stopped:
				return
			case <-time.After(d):
				limit.Interrupt()
			}
		}
	}()
	return func() {
		close(stopped)
		<-stop
		limit.SetWork(-1, 0)
	}
}

// TestInterrupted: Ctrl-C (limit.Interrupt, which the SIGINT watch
// calls) stops a long query as --timeout does, with the results before
// it printed, a note saying where it stopped, and exit code 130.
func TestInterrupted(t *testing.T) {
	done := interruptEvery(300 * time.Millisecond)
	code, out, errs := onus(t, "check", "../../examples/robots.prism", "--const", "N=100,cross=50", "--pf", `P=? [ F<=2 "crash" ]`,
		"--pf", `CCR(r1,[go1,go2]^3000)=? [F<=3000 "crash"]`)
	done()
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	note := regexp.MustCompile(`^onus: note: stopped in CCR\(r1, \[go1,go2\]\^3000\)=\? \[ F<=3000 "crash" \]: histories: step [0-9]+ of 3000, `)
	if code != exitInterrupted || len(lines) < 2 || lines[len(lines)-2] != "onus: interrupted (Ctrl-C)" || !note.MatchString(lines[len(lines)-1]) {
		t.Errorf("exit %d, stderr\n%s\nwant exit 130, onus: interrupted (Ctrl-C) and where it stopped", code, errs)
	}
	wantInOrder(t, out, []string{`Model checking: P=? [ F<=2 "crash" ]`, "Result: 0\n"})
}

// TestPrismStopped: onus prism prints the results before a limit in its
// log, then the limit's error, as PRISM does for a failing property.
func TestPrismStopped(t *testing.T) {
	props := filepath.Join(t.TempDir(), "p.props")
	if err := os.WriteFile(props, []byte("P=? [ F<=2 \"crash\" ];\nCCR(r1,[go1,go2]^3000)=? [F<=3000 \"crash\"];\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := onus(t, "prism", "../../examples/robots.prism", props, "-const", "N=300,cross=50", "-timeout", "1")
	if code != exitLimit || !strings.Contains(errs, "onus: note: stopped in CCR(r1, [go1,go2]^3000)=? [ F<=3000 \"crash\" ]: histories: step ") {
		t.Errorf("exit %d, stderr %q; want exit 3 and where it stopped", code, errs)
	}
	if !strings.Contains(errs, "(raise it with -timeout)") || strings.Contains(errs, "--timeout") {
		t.Errorf("stderr %q: want PRISM's switch -timeout named, as in the log", errs)
	}
	wantInOrder(t, out, []string{`Model checking: P=? [ F<=2 "crash" ]`, "Result: 0.0\n", "Error: resource limit exceeded: the run took longer than its time limit of 1s (raise it with -timeout)."})
}
