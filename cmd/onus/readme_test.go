package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeCommands runs every `$ onus ...` (and `$ cat FILE`) shown in
// the README (indented or fenced), from the repository root, and compares the output with the
// lines shown under it, so that the README's walkthroughs stay real and
// current. Files the commands write (--plot, --dir, --html) go to a temporary
// directory; a `| sed -n '/A/,/B/p'` after a command is applied as sed
// would.
func TestReadmeCommands(t *testing.T) {
	src, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir("../..")
	runs := readmeRuns(string(src))
	if len(runs) < 8 {
		t.Fatalf("found only %d commands in the README", len(runs))
	}
	checkRuns(t, runs)
}

// TestGuideCommands runs the worked examples of the user guide
// (docs/guide/*.md), written as the README's are: a `$ onus ...` line in
// a fenced or indented block, then exactly what it prints. Every number a
// guide section shows is thereby checked.
func TestGuideCommands(t *testing.T) {
	files, err := filepath.Glob("../../docs/guide/*.md")
	if err != nil {
		t.Fatal(err)
	}
	srcs := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[filepath.Base(f)] = string(b)
	}
	t.Chdir("../..")
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			if *updateGuide {
				srcs[name] = rewriteGuide(t, srcs[name])
				if err := os.WriteFile(filepath.Join("docs", "guide", name), []byte(srcs[name]), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			runs := readmeRuns(srcs[name])
			floor, ok := guideFloor[name]
			if !ok {
				floor = 1
			}
			if len(runs) < floor {
				t.Errorf("%s shows %d checked commands, fewer than its floor %d", name, len(runs), floor)
			}
			checkRuns(t, runs)
		})
	}
}

var updateGuide = flag.Bool("update-guide", false, "rewrite the outputs shown under the guide's $ onus commands with what onus prints")

// guideFloor is the least number of checked commands each page of the
// guide shows, so that a page cannot lose its worked examples unnoticed.
// A page not listed needs at least one.
var guideFloor = map[string]int{
	"README.md":         0, // the index
	"start.md":          4,
	"models.md":         5,
	"outcomes.md":       7,
	"plans.md":          7,
	"responsibility.md": 13,
	"metrics.md":        5,
	"blame.md":          4,
	"explain.md":        3,
	"traces.md":         4,
	"patl.md":           14,
	"equilibria.md":     3,
	"locate.md":         15,
	"precision.md":      3,
	"output.md":         10,
	"cli.md":            7,
	"limits.md":         19,
	"prism.md":          9,
	// library.md's Go examples are checked by TestGuideExamples (the
	// repository root's guide_test.go)
	"library.md": 1,
}

// rewriteGuide replaces the output under every `$ onus ...` of a fenced
// block with what the command prints now (-update-guide: a writer's
// tool; review the diff).
func rewriteGuide(t *testing.T, src string) string {
	t.Helper()
	tmp := t.TempDir()
	lines := strings.Split(src, "\n")
	var out []string
	fenced := false
	for i := 0; i < len(lines); {
		l := lines[i]
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			out = append(out, l)
			i++
			continue
		}
		cmd, ok := strings.CutPrefix(l, "$ ")
		if !fenced || !ok {
			out = append(out, l)
			i++
			continue
		}
		out = append(out, l)
		for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
			i++
			out = append(out, lines[i])
			cmd = strings.TrimSuffix(cmd, `\`) + " " + strings.TrimSpace(lines[i])
		}
		i++
		for i < len(lines) && !strings.HasPrefix(lines[i], "$ ") && !strings.HasPrefix(lines[i], "```") {
			i++
		}
		if !strings.HasPrefix(cmd, "onus ") && !strings.HasPrefix(cmd, "cat ") {
			continue
		}
		got, err := readmeRun{cmd: cmd}.output(tmp)
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		got = strings.TrimRight(got, "\n")
		if got != "" {
			out = append(out, strings.Split(got, "\n")...)
		}
		if i < len(lines) && strings.HasPrefix(lines[i], "$ ") {
			out = append(out, "")
		}
	}
	return strings.Join(out, "\n")
}

// checkRuns runs each command from the repository root and compares its
// output with the lines shown under it.
func checkRuns(t *testing.T, runs []readmeRun) {
	t.Helper()
	tmp := t.TempDir()
	for _, r := range runs {
		t.Run(r.cmd, func(t *testing.T) {
			if strings.Contains(r.cmd, "../shared/") {
				if _, err := os.Stat("../shared"); err != nil {
					t.Skipf("the command reads the conformance corpus, not at ../shared: %v", err)
				}
			}
			got, err := r.output(tmp)
			if err != nil {
				t.Fatal(err)
			}
			if norm(got) != norm(r.want) {
				t.Errorf("output differs from the README:\n--- got\n%s\n--- README\n%s", got, r.want)
			}
		})
	}
}

// readmeRun is one command of the README and the output shown under it.
type readmeRun struct {
	cmd, want string
}

// readmeRuns finds the `$ ` lines of indented blocks (`    $ `) and of
// fenced blocks, joined over trailing backslashes, and the lines after
// each up to the next command or the end of the block.
func readmeRuns(src string) []readmeRun {
	lines := strings.Split(src, "\n")
	var out []readmeRun
	fenced := false
	for i := 0; i < len(lines); {
		if strings.HasPrefix(lines[i], "```") {
			fenced = !fenced
			i++
			continue
		}
		indent := "    "
		if fenced {
			indent = ""
		}
		cmd, ok := strings.CutPrefix(lines[i], indent+"$ ")
		if !ok {
			i++
			continue
		}
		for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
			i++
			cmd = strings.TrimSuffix(cmd, `\`) + " " + strings.TrimSpace(lines[i])
		}
		i++
		var want []string
		for i < len(lines) && !strings.HasPrefix(lines[i], indent+"$ ") {
			l := lines[i]
			if fenced && strings.HasPrefix(l, "```") || !fenced && l != "" && !strings.HasPrefix(l, indent) {
				break
			}
			want = append(want, strings.TrimPrefix(l, indent))
			i++
		}
		if strings.HasPrefix(cmd, "onus ") || strings.HasPrefix(cmd, "cat ") {
			out = append(out, readmeRun{cmd: cmd, want: strings.Join(want, "\n")})
		}
	}
	return out
}

// sedRangeRE is the one filter the README uses.
var sedRangeRE = regexp.MustCompile(`^sed -n '/(.*)/,/(.*)/p'$`)

// output runs the command in-process (files it writes go to tmp).
func (r readmeRun) output(tmp string) (string, error) {
	cmd, filter, _ := strings.Cut(r.cmd, " | ")
	args := shellWords(cmd)
	var out string
	if args[0] == "cat" {
		file := args[1]
		if _, err := os.Stat(filepath.Join(tmp, file)); err == nil {
			file = filepath.Join(tmp, file) // written by an earlier command
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return "", err
		}
		out = string(b)
	} else {
		var back []string // temporary path, path as written
		for k := 1; k+1 < len(args); k++ {
			switch args[k] {
			case "--plot", "--dir", "--export-results", "--out", "--html":
				if strings.HasPrefix(args[k+1], "stdout") {
					continue // printed, not written
				}
				p := filepath.Join(tmp, filepath.Base(args[k+1]))
				back = append(back, p, args[k+1])
				args[k+1] = p
			}
		}
		var stdout, stderr strings.Builder
		run(args[1:], &stdout, &stderr)
		out = strings.NewReplacer(back...).Replace(stdout.String() + stderr.String())
	}
	if filter == "" {
		return out, nil
	}
	m := sedRangeRE.FindStringSubmatch(strings.TrimSpace(filter))
	if m == nil {
		return "", os.ErrInvalid
	}
	from, to := regexp.MustCompile(m[1]), regexp.MustCompile(m[2])
	var kept []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case in:
			kept = append(kept, l)
			in = !to.MatchString(l)
		case from.MatchString(l):
			kept = append(kept, l)
			in = true
		}
	}
	return strings.Join(kept, "\n"), nil
}

// shellWords splits a command line as a shell would for the README's
// commands: words separated by blanks, single quotes taken literally.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for _, c := range s {
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			w.WriteRune(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// norm drops trailing blanks and blank lines and masks timings.
func norm(s string) string {
	s = timing.ReplaceAllString(s, "${1}TIME")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// TestDemoGallery: the gallery commands `onus demo` lists run from a
// checkout.
func TestDemoGallery(t *testing.T) {
	t.Chdir("../..")
	for _, g := range galleryStudies {
		t.Run(g.what, func(t *testing.T) {
			args := shellWords(g.cmd)
			var stdout, stderr strings.Builder
			if code := run(args[1:], &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "agent") {
				t.Fatalf("%s: exit %d\n%s%s", g.cmd, code, stdout.String(), stderr.String())
			}
		})
	}
}
