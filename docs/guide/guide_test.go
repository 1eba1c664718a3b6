package guide

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pending are pages the index links that other branches of the project
// add (plans, the library, limits, ...): a link to one of them is not an
// error while it is missing, and is checked like any other once it
// exists.
var pending = map[string]bool{}

func TestAnchor(t *testing.T) {
	cases := []struct{ heading, want string }{
		{"The blame table", "the-blame-table"},
		{"The paper's errata", "the-papers-errata"},
		{"Power indices: SHAPLEY and BANZHAF", "power-indices-shapley-and-banzhaf"},
		{"CAR false with degrees 1 1 1", "car-false-with-degrees-1-1-1"},
		{"Explanations: --explain", "explanations---explain"},
		{"Compat_J(π)", "compat_jπ"},
		{"Metrics of an outcome: #=?, H=?", "metrics-of-an-outcome--h"},
	}
	for _, c := range cases {
		t.Run(c.heading, func(t *testing.T) {
			if got := Anchor(c.heading); got != c.want {
				t.Errorf("Anchor(%q) = %q, want %q", c.heading, got, c.want)
			}
		})
	}
}

func TestHeadingsAndSection(t *testing.T) {
	text := "# Title\n\n## A b\n\ntext a\n\n### Sub\n\nsub text\n\n```\n# not a heading\n```\n\n## A b\n\nsecond\n"
	hs := Headings(text)
	var anchors []string
	for _, h := range hs {
		anchors = append(anchors, fmt.Sprintf("%d:%s", h.Level, h.Anchor))
	}
	if got := strings.Join(anchors, " "); got != "1:title 2:a-b 3:sub 2:a-b-1" {
		t.Errorf("headings %s", got)
	}
	sec, ok := Section(text, "a-b")
	if !ok || sec != "## A b\n\ntext a\n\n### Sub\n\nsub text\n\n```\n# not a heading\n```\n" {
		t.Errorf("section a-b: %v %q", ok, sec)
	}
	if sec, ok := Section(text, "a-b-1"); !ok || sec != "## A b\n\nsecond\n" {
		t.Errorf("section a-b-1: %v %q", ok, sec)
	}
	if _, ok := Section(text, "nope"); ok {
		t.Error("a missing section was found")
	}
}

// TestTopics: the index links every page, each page has a title, and
// Lookup finds pages and sections and names what exists when it fails.
func TestTopics(t *testing.T) {
	topics := Topics()
	if len(topics) < 10 {
		t.Fatalf("only %d topics", len(topics))
	}
	index, _ := Page("")
	for _, tp := range topics {
		if tp.Title == "" {
			t.Errorf("%s has no title", tp.Name)
		}
		if !strings.Contains(index, "]("+tp.Name+".md)") {
			t.Errorf("the index does not link %s.md", tp.Name)
		}
	}
	for _, ref := range []string{"blame", "blame.md", "docs/guide/blame.md", "blame#the-blame-table", "index", ""} {
		if _, err := Lookup(ref); err != nil {
			t.Errorf("Lookup(%q): %v", ref, err)
		}
	}
	if _, err := Lookup("nope"); err == nil || !strings.Contains(err.Error(), "blame") {
		t.Errorf("an unknown topic: %v", err)
	}
	if _, err := Lookup("blame#nope"); err == nil || !strings.Contains(err.Error(), "the-blame-table") {
		t.Errorf("an unknown section: %v", err)
	}
}

// linkTargetRE matches a Markdown link target: (path[#anchor]) or (#anchor).
var linkTargetRE = regexp.MustCompile(`\]\(([^)\s]*)\)`)

// TestLinks: every relative link of the guide's pages and of the
// repository's README.md that points into the guide (or from the guide
// to another Markdown file) reaches a file that exists and, with an
// anchor, a heading of that file.
func TestLinks(t *testing.T) {
	pages, _ := fs.Glob(files, "*.md")
	sources := map[string]string{} // path relative to the repository root → text
	for _, p := range pages {
		b, _ := files.ReadFile(p)
		sources[filepath.Join("docs", "guide", p)] = string(b)
	}
	if b, err := os.ReadFile("../../README.md"); err == nil {
		sources["README.md"] = string(b)
	}
	n := 0
	for src, text := range sources {
		for _, m := range linkTargetRE.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := src
			if file != "" {
				path = filepath.Join(filepath.Dir(src), file)
			}
			if src == "README.md" && !strings.HasPrefix(path, filepath.Join("docs", "guide")) {
				continue // the README's other links are not the guide's business
			}
			n++
			b, err := os.ReadFile(filepath.Join("..", "..", path))
			if err != nil {
				if !pending[filepath.Base(path)] || filepath.Dir(path) != filepath.Join("docs", "guide") {
					t.Errorf("%s: link to %s: %v", src, target, err)
				}
				continue
			}
			if anchor == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			if _, ok := Section(string(b), anchor); !ok {
				t.Errorf("%s: link to %s: no heading with anchor %q in %s", src, target, anchor, path)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d links checked", n)
	}
}

func ExampleLookup() {
	text, err := Lookup("cli#exit-codes")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.SplitN(text, "\n", 2)[0])
	// Output: ## Exit codes
}

func ExampleAnchor() {
	fmt.Println(Anchor("The paper's errata"))
	// Output: the-papers-errata
}

// TestNoSpecificationReferences: users read the README, the help and
// messages (cmd/) and docs/, and none of them has the specification, so
// none cites it by its file name or section numbers: cite the guide.
func TestNoSpecificationReferences(t *testing.T) {
	root := filepath.Join("..", "..")
	word := strings.ToUpper("spec")
	var paths []string
	for _, dir := range []string{"cmd", "docs"} {
		filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".png") {
				paths = append(paths, p)
			}
			return nil
		})
	}
	paths = append(paths, filepath.Join(root, "README.md"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, word) {
				t.Errorf("%s:%d: %s", p, i+1, strings.TrimSpace(line))
			}
		}
	}
	if len(paths) < 50 {
		t.Errorf("only %d files read", len(paths))
	}
}
