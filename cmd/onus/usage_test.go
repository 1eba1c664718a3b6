package main

import (
	"io"
	"regexp"
	"strings"
	"testing"
)

// TestBareUsage: a bare `onus`, and every bare command that needs
// arguments, print one usage line on stderr and exit with code 2, as any
// other bad command line does (golden file usage.txt).
func TestBareUsage(t *testing.T) {
	var got strings.Builder
	cases := [][]string{{}}
	for _, c := range newApp(io.Discard, io.Discard).Commands {
		if needsArgs(c) {
			cases = append(cases, []string{c.Name})
		}
	}
	for _, args := range cases {
		code, out, errs := onus(t, args...)
		if code != exitBadInput || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "usage: onus ") {
			t.Errorf("onus %s: exit %d, stdout %q, stderr %q; want exit 2 and one usage line", strings.Join(args, " "), code, out, errs)
		}
		got.WriteString("$ onus " + strings.Join(args, " ") + "\n" + errs)
	}
	checkGolden(t, "usage", got.String())
}

// TestHelpCommand: `onus help` is `onus --help` (golden help.txt), and
// `onus help CMD` is `onus CMD --help`, for every command; an unknown
// command is an error naming the nearest command.
func TestHelpCommand(t *testing.T) {
	code, top, _ := onus(t, "--help")
	if code != exitOK {
		t.Fatalf("--help: exit %d", code)
	}
	if _, out, _ := onus(t, "help"); out != top {
		t.Errorf("onus help differs from onus --help:\n%s", out)
	}
	checkGolden(t, "help", top)
	for _, c := range newApp(io.Discard, io.Discard).Commands {
		code1, viaHelp, _ := onus(t, "help", c.Name)
		code2, viaFlag, _ := onus(t, c.Name, "--help")
		if code1 != exitOK || code2 != exitOK || viaHelp != viaFlag || !strings.Contains(viaHelp, "onus "+c.Name) {
			t.Errorf("onus help %s (exit %d) and onus %s --help (exit %d) differ:\n%s\n---\n%s", c.Name, code1, c.Name, code2, viaHelp, viaFlag)
		}
		if !strings.Contains(top, "   "+c.Name) {
			t.Errorf("onus --help does not list %s", c.Name)
		}
	}
	if code, _, errs := onus(t, "help", "chekc"); code != exitBadInput || errs != "onus: error: unknown command \"chekc\"; did you mean check? (onus help lists the commands)\n" {
		t.Errorf("help of an unknown command: exit %d, %q", code, errs)
	}
	if code, _, errs := onus(t, "check", "--frob"); code != exitBadInput || !strings.HasSuffix(errs, "(see onus help check)\n") {
		t.Errorf("an unknown option: exit %d, %q", code, errs)
	}
	if code, _, errs := onus(t, "--frob"); code != exitBadInput || !strings.HasSuffix(errs, "(see onus help)\n") || strings.Contains(errs, "onus onus") {
		t.Errorf("an unknown global option: exit %d, %q", code, errs)
	}
}

// TestVersion: `onus version`, --version and -v print the same line.
func TestVersion(t *testing.T) {
	line := regexp.MustCompile(`^onus version ` + regexp.QuoteMeta(version) + `(, commit [0-9a-f]{1,12}( \(modified\))?)?, go\S+ \S+/\S+\n$`)
	var first string
	for _, args := range [][]string{{"version"}, {"--version"}, {"-v"}} {
		code, out, errs := onus(t, args...)
		if code != exitOK || !line.MatchString(out) || errs != "" {
			t.Errorf("onus %s: exit %d, %q %q", args[0], code, out, errs)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("onus %s prints %q, onus version %q", args[0], out, first)
		}
	}
	if code, _, _ := onus(t, "version", "x"); code != exitBadInput {
		t.Errorf("version with an argument: exit %d", code)
	}
}

// TestSuggestCommand: a mistyped command names the nearest one.
func TestSuggestCommand(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	for word, want := range map[string]string{"chek": "check", "blam": "blame", "exprot": "export", "simul": "simulate", "xyzzy": ""} {
		got := suggestCommand(app, word)
		if want == "" && got != "" || want != "" && got != "; did you mean "+want+"?" {
			t.Errorf("%s: %q, want %s", word, got, want)
		}
	}
}
