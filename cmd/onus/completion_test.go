package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/onus-mc/onus/docs/guide"
)

// completionCase is a command line typed up to the cursor (the last word
// is the one being completed) and the words a shell should offer; files
// means the shell completes file names there.
type completionCase struct {
	words []string
	want  []string
	files bool
}

func completionCases() []completionCase {
	var topics []string
	for _, t := range guide.Topics() {
		topics = append(topics, t.Name)
	}
	return []completionCase{
		{words: []string{"onus", "ch"}, want: []string{"check"}},
		{words: []string{"onus", "export"}, want: []string{"export", "export-outcome"}},
		{words: []string{"onus", "check", "--outc"}, want: []string{"--outcome-from"}},
		{words: []string{"onus", "check", "--outcome-from", ""}, want: []string{"0", "1"}},
		{words: []string{"onus", "blame", "--ex"}, want: []string{"--exact", "--explain", "--export-results"}},
		{words: []string{"onus", "blame", "examples/cpd.prism", "--w"}, want: []string{"--wide"}},
		{words: []string{"onus", "completion", ""}, want: shells},
		{words: []string{"onus", "guide", ""}, want: topics},
		{words: []string{"onus", "demo", "-"}, want: []string{"--help", "-t"}},
		{words: []string{"onus", "check", "examples/cpd.p"}, files: true},
		{words: []string{"onus", "check", "--behaviour", "examples/cpd.p"}, files: true},
	}
}

// TestCompletionScripts loads each shell's script into that shell (when
// it is installed) and asks it to complete the cases above.
func TestCompletionScripts(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	for _, sh := range shells {
		t.Run(sh, func(t *testing.T) {
			bin, err := exec.LookPath(sh)
			if err != nil {
				t.Skipf("%s is not installed", sh)
			}
			code, script, errs := onus(t, "completion", sh)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errs)
			}
			file := filepath.Join(dir, "onus."+sh)
			if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, c := range completionCases() {
				got := askShell(t, bin, sh, file, c.words)
				if c.files {
					if !hasFile(got, sh) {
						t.Errorf("%s: %q completes to %q, want file names", sh, strings.Join(c.words, " "), got)
					}
					continue
				}
				sort.Strings(got)
				want := append([]string(nil), c.want...)
				sort.Strings(want)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: %q completes to %q, want %q", sh, strings.Join(c.words, " "), got, want)
				}
			}
		})
	}
}

// hasFile reports whether a shell offered file names (the zsh stub of
// _files prints FILES).
func hasFile(got []string, sh string) bool {
	for _, g := range got {
		if g == "examples/cpd.prism" || sh == "zsh" && g == "FILES" {
			return true
		}
	}
	return false
}

// askShell runs the completion of words in the shell and returns what it
// offers. bash calls the function as readline would; zsh runs it with
// stubs of its completion builtins; fish answers complete -C.
func askShell(t *testing.T, bin, sh, file string, words []string) []string {
	t.Helper()
	var quoted []string
	for _, w := range words {
		quoted = append(quoted, shellQuote(w))
	}
	var script string
	switch sh {
	case "bash":
		script = "source " + shellQuote(file) + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" +
			itoa(len(words)-1) + "\n_onus\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
	case "zsh":
		// the stubs offer what the real builtins would: words starting
		// with the current one
		script = `compadd() { [[ $1 == -- ]] && shift; local w; for w in "$@"; do [[ $w == ${(b)words[CURRENT]}* ]] && print -- $w; done; return 0 }
_describe() { shift 3; local e; for e in ${(P)1}; do e=${e%%:*}; [[ $e == ${(b)words[CURRENT]}* ]] && print -- $e; done; return 0 }
_files() { print FILES }
compdef() { : }
source ` + shellQuote(file) + "\nwords=(" + strings.Join(quoted, " ") + ")\nCURRENT=" + itoa(len(words)) + "\n_onus\n"
	case "fish":
		script = "source " + shellQuote(file) + "\ncomplete -C " + shellQuote(strings.Join(words, " ")) + "\n"
	}
	cmd := exec.Command(bin, "-c", script)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", sh, err, out)
	}
	var got []string
	for _, l := range strings.Split(string(out), "\n") {
		l, _, _ = strings.Cut(l, "\t") // fish: word, tab, description
		if l != "" {
			got = append(got, l)
		}
	}
	return got
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestCompletionKnowsEveryOption: the scripts name every command and
// option of the app, so that a new option is completed without edits.
func TestCompletionKnowsEveryOption(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	for _, sh := range shells {
		_, script, _ := onus(t, "completion", sh)
		for _, c := range app.Commands {
			if !strings.Contains(script, c.Name) {
				t.Errorf("%s: no command %s", sh, c.Name)
			}
			for _, f := range c.VisibleFlags() {
				for _, n := range f.Names() {
					if len(n) > 1 && !strings.Contains(script, n) {
						t.Errorf("%s: no option --%s of %s", sh, n, c.Name)
					}
				}
			}
		}
	}
	if code, _, errs := onus(t, "completion", "tcsh"); code != exitBadInput || !strings.Contains(errs, "unknown shell") {
		t.Errorf("an unknown shell: exit %d, %s", code, errs)
	}
}
