package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
	{"--const range of 10^9 builds one value at a time", []string{"build", "sweep.prism", "--const", "N=1:1000000000", "--max-steps", "1000000000", "--max-states", "3"}, exitLimit,
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
			wantInOrder(t, out, row.stdout)
		})
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
