package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var (
	testRuns = flag.Int("campaign.runs", 60, "runs of TestCampaign")
	testSeed = flag.Int64("campaign.seed", 1, "seed of TestCampaign")
)

// TestCampaign runs a small mutation campaign (60 runs by default; go test
// ./benchmarks/campaign -campaign.runs N -campaign.seed S for others) and
// fails on any bad run that known.go does not name as being fixed on
// another branch.
func TestCampaign(t *testing.T) {
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("prlimit (util-linux) is not installed: the campaign needs it to limit each run's address space and CPU time")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "onus")
	build := exec.Command("go", "build", "-o", bin, "./cmd/onus")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building onus: %v\n%s", err, out)
	}
	var log strings.Builder
	cfg := Config{
		Root: root, Corpus: filepath.Join(root, "..", "shared", "prism-corpus"), Bin: bin,
		Runs: *testRuns, Seed: *testSeed, Jobs: 2, Work: t.TempDir(), Minimize: 1, MinimizeTime: 15 * time.Second, SkipKnown: true, Only: -1, Log: &log,
		Limits: Limits{AS: 6 << 30, CPU: 20 * time.Second, Wall: 30 * time.Second, FSize: 512 << 20},
	}
	s, err := runCampaign(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Results) != *testRuns {
		t.Fatalf("%d results for %d runs", len(s.Results), *testRuns)
	}
	for _, r := range s.Results {
		if !r.Bad() {
			continue
		}
		argv := r.Run.Args
		if r.Min != nil {
			argv = r.Min.Args
		}
		if r.Known != nil {
			t.Logf("run %d: %s, known (issue 14 item %s, being fixed on branch %s): %s\n\tonus %s", r.Run.ID, r.Class, r.Known.Item, r.Known.Branch, r.Reason, argvText(argv))
			continue
		}
		t.Errorf("run %d: %s: %s\n\tonus %s\n\t(seed %s; mutations: %s)\n\tstderr: %s", r.Run.ID, r.Class, r.Reason, argvText(argv),
			r.Run.Seed, strings.Join(r.Run.Ops, "; "), lastLine(r.Out.Stderr))
	}
	if t.Failed() {
		dir := filepath.Join(os.TempDir(), "onus-campaign-test")
		if err := s.writeOut(dir); err == nil {
			t.Logf("the bad runs' files and repro.sh are in %s", dir)
		}
	}
}

// The campaign's pieces on their own: words, sections, ddmin, classes.
func TestShellWords(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
	}{
		{`check a.prism --pf 'P=? [ F "x" ]'`, []string{"check", "a.prism", "--pf", `P=? [ F "x" ]`}},
		{`blame m --outcome "X \"fine\"" | head`, []string{"blame", "m", "--outcome", `X "fine"`}},
		{`build x\ y # comment`, []string{"build", "x y"}},
		{`a ''`, []string{"a", ""}},
	} {
		if got := shellWords(tc.line); strings.Join(got, "\x00") != strings.Join(tc.want, "\x00") {
			t.Errorf("shellWords(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestReplaceSection(t *testing.T) {
	h := "## C"
	for _, tc := range []struct{ doc, want string }{
		{"", "## C\nnew\n"},
		{"# R\n\n## A\na\n", "# R\n\n## A\na\n\n## C\nnew\n"},
		{"# R\n\n## C\nold\n\n## D\nd\n", "# R\n\n## C\nnew\n\n## D\nd\n"},
		{"# R\n\n## C\nold\n", "# R\n\n## C\nnew\n"},
	} {
		if got := replaceSection(tc.doc, h, h+"\nnew\n"); got != tc.want {
			t.Errorf("replaceSection(%q) = %q, want %q", tc.doc, got, tc.want)
		}
	}
}

func TestDdmin(t *testing.T) {
	xs := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	got := ddmin(xs, func(ys []int) bool {
		has3, has7 := false, false
		for _, y := range ys {
			has3 = has3 || y == 3
			has7 = has7 || y == 7
		}
		return has3 && has7
	})
	if len(got) != 2 || got[0] != 3 || got[1] != 7 {
		t.Errorf("ddmin = %v, want [3 7]", got)
	}
}

func TestClassify(t *testing.T) {
	lim := Limits{CPU: 20 * time.Second}
	plain := &Run{Args: []string{"check", "m.prism"}}
	for _, tc := range []struct {
		name string
		run  *Run
		o    Outcome
		want string
	}{
		{"exit 0", plain, Outcome{Exit: 0}, ClassOK},
		{"exit 2 with an error", plain, Outcome{Exit: 2, Stderr: []byte("m.prism:1:1: error: x\n")}, ClassOK},
		{"exit 2 usage", plain, Outcome{Exit: 2, Stderr: []byte("usage: onus build [OPTIONS] MODEL\n")}, ClassOK},
		{"exit 2 silent", plain, Outcome{Exit: 2}, ClassSilent},
		{"fatal error", plain, Outcome{Exit: 2, Stderr: []byte("fatal error: stack overflow\n\ngoroutine 1 [running]:\n")}, ClassRuntime},
		{"panic", plain, Outcome{Exit: 2, Stderr: []byte("panic: boom\n\ngoroutine 1 [running]:\n")}, ClassRuntime},
		{"internal error", plain, Outcome{Exit: 4, Stderr: []byte("onus: internal error (please report): x\n")}, ClassRuntime},
		{"slow exit 0", plain, Outcome{Exit: 0, CPU: 21 * time.Second}, ClassSlow},
		{"slow exit 3 is fine", plain, Outcome{Exit: 3, CPU: 21 * time.Second, Stderr: []byte("onus: error: limit\n")}, ClassOK},
		{"SIGXCPU", plain, Outcome{Exit: -1, Signal: "CPU time limit exceeded", CPU: 25 * time.Second}, ClassSlow},
		{"wall", plain, Outcome{Exit: -1, Signal: "killed", WallKilled: true}, ClassTimeout},
		{"wall after the CPU limit", plain, Outcome{Exit: -1, Signal: "killed", WallKilled: true, CPU: 21 * time.Second}, ClassSlow},
		{"OOM kill", plain, Outcome{Exit: -1, Signal: "killed", CPU: time.Second}, ClassOOM},
		{"partial", plain, Outcome{Exit: 2, Outputs: []string{"out/m.tra"}, Stderr: []byte("onus: error: x\n")}, ClassPartial},
		{"an input replaced", plain, Outcome{Exit: 3, Replaced: []string{"m.prism"}, Stderr: []byte("onus: error: x\n")}, ClassPartial},
		{"an input replaced by a run that succeeded", plain, Outcome{Exit: 0, Replaced: []string{"m.prism"}}, ClassOK},
		{"exit 1 with --test", &Run{Args: []string{"check", "--test"}}, Outcome{Exit: 1}, ClassOK},
		{"exit 1 without --test", plain, Outcome{Exit: 1}, ClassExit},
		{"exit 5", plain, Outcome{Exit: 5}, ClassExit},
	} {
		if got, why := classify(tc.run, &tc.o, lim); got != tc.want {
			t.Errorf("%s: %s (%s), want %s", tc.name, got, why, tc.want)
		}
	}
}

// The same seed and run number give the same run; the mutations keep the
// argv one the kernel takes.
func TestDrawDeterministic(t *testing.T) {
	seeds := []*Seed{{Args: []string{"check", "m.prism", "--pf", "P=? [ F x=1 ]"}, Files: map[string][]byte{"m.prism": []byte("smg\nmodule m x : [0..3] init 0; endmodule\n")}}}
	flags := map[string][]Flag{"check": {{"--json", false}, {"--horizon", true}, {"--pf", true}}}
	m := newMutator(seeds, flags)
	for id := 0; id < 300; id++ {
		a, b := m.Draw(7, id), m.Draw(7, id)
		if strings.Join(a.Args, "\x00") != strings.Join(b.Args, "\x00") || string(a.Files["m.prism"]) != string(b.Files["m.prism"]) {
			t.Fatalf("run %d drawn twice differs: %q, %q", id, a.Args, b.Args)
		}
		for _, w := range a.Args {
			if strings.Contains(w, "\x00") || len(w) > maxArg {
				t.Fatalf("run %d: an argument the kernel refuses (%d bytes)", id, len(w))
			}
		}
	}
}
