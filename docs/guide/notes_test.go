package guide

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// notes are the notes and warnings onus prints, each by a fixed part of
// its text, with the section of the guide that explains it and shows it
// (TestGuideCommands in cmd/onus checks the examples' output).
var notes = []struct{ text, ref string }{
	{"is judged within the horizon T = ", "outcomes#the-horizon-note"},
	{"does not apply to <<...>> and [[...]] queries", "outcomes#the-horizon-note"},
	{"names no action of ", "plans#players-a-step-does-not-name"},
	{" (not enabled there)", "plans#plans-that-cannot-be-followed"},
	{" has negative shares (", "plans#negative-shares"},
	{" has negative shares (", "blame#negative-shares"},
	{" is more states than onus can number (32-bit ints)", "limits#limits-beyond-the-machine"},
	{" is more transitions than onus can number (32-bit ints)", "limits#limits-beyond-the-machine"},
	{" is more than onus may use under ", "limits#limits-beyond-the-machine"},
	{"note: stopped in ", "limits#work-limits---max-steps-and---timeout"},
	{"only its behaviour declarations are read", "responsibility#the-behaviour-profile"},
	{"deadlocks detected and fixed in ", "models#building-a-model"},
	{"a dtmc has no choices, so no part of it is responsible", "locate#notes"},
	{" has no effect: ", "prism#a-first-run"},
	{"no strategy exported for this property: ", "prism#strategies--exportstrat"},
	{"; the value printed is a float (", "precision#exact-probabilities-on-infinite-paths"},
	{"; the value printed is a float (", "precision#exact-rewards-on-a-dtmc"},
}

// TestNotesDocumented: every note of the table is printed by the code
// (its text is in a Go source file of the repository, so that the table
// follows the code) and explained in its section of the guide.
func TestNotesDocumented(t *testing.T) {
	code := repoFiles(t, false, ".go")
	all := strings.Join(mapValues(code), "\n")
	for _, n := range notes {
		if !strings.Contains(all, n.text) {
			t.Errorf("no Go source prints %q: update the table", n.text)
		}
		sec, err := Lookup(n.ref)
		if err != nil {
			t.Errorf("%q: %v", n.text, err)
			continue
		}
		if !strings.Contains(strings.Join(strings.Fields(sec), " "), strings.TrimSpace(n.text)) {
			t.Errorf("the guide's section %s does not show the note %q", n.ref, n.text)
		}
	}
}

// citeRE matches a citation of the guide: onus guide TOPIC[#SECTION] or
// [docs/]guide/TOPIC.md[#SECTION].
var citeRE = regexp.MustCompile(`onus guide ([a-z0-9_-]+(?:#[a-z0-9_-]+)?)|guide/([a-z0-9_-]+)\.md(#[a-z0-9_-]+)?`)

// TestCodeCitations: every topic and section of the guide that the Go
// sources of the repository (messages, notes, help texts, doc comments,
// tests) and its other Markdown files (docs/*.md, ...) cite exists, so
// that a note's "see docs/guide/X.md#y" leads somewhere.
func TestCodeCitations(t *testing.T) {
	n := 0
	for path, text := range repoFiles(t, true, ".go", ".md") {
		for i, line := range strings.Split(text, "\n") {
			for _, m := range citeRE.FindAllStringSubmatch(line, -1) {
				ref := m[1]
				if ref == "" {
					ref = m[2] + m[3]
				}
				n++
				if _, err := Lookup(ref); err != nil {
					t.Errorf("%s:%d: %s: %v", path, i+1, m[0], err)
				}
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d citations of the guide found", n)
	}
}

// repoFiles returns the files of the repository whose names end in one
// of exts (Go tests too when tests is set) by path, leaving out testdata
// and hidden directories.
func repoFiles(t *testing.T, tests bool, exts ...string) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..")
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !slices.ContainsFunc(exts, func(e string) bool { return strings.HasSuffix(p, e) }) ||
			!tests && strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[p] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("only %d files found", len(out))
	}
	return out
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
