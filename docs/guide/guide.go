package guide

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

//go:embed *.md
var files embed.FS

// Index is the name of the guide's index page.
const Index = "README"

// Topic is one page of the guide.
type Topic struct {
	Name  string // the file name without .md, e.g. "blame"
	Title string // the page's first heading
}

// Topics lists the pages in the order the index links them, then any page
// the index does not link, by name; the index itself is left out.
func Topics() []Topic {
	index, _ := files.ReadFile(Index + ".md")
	seen := map[string]bool{Index: true}
	var names []string
	for _, m := range linkRE.FindAllStringSubmatch(string(index), -1) {
		name := strings.TrimSuffix(m[1], ".md")
		if !seen[name] && exists(name) {
			seen[name] = true
			names = append(names, name)
		}
	}
	entries, _ := fs.ReadDir(files, ".")
	var rest []string
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".md")
		if !seen[name] {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	var out []Topic
	for _, name := range append(names, rest...) {
		text, _ := files.ReadFile(name + ".md")
		out = append(out, Topic{Name: name, Title: title(string(text))})
	}
	return out
}

// linkRE matches a relative link to a page of the guide: [text](NAME.md...).
var linkRE = regexp.MustCompile(`\]\(([a-z0-9_-]+\.md)(?:#[^)]*)?\)`)

func exists(name string) bool {
	_, err := fs.Stat(files, name+".md")
	return err == nil
}

// title is the text of a page's first heading.
func title(text string) string {
	for _, h := range Headings(text) {
		return h.Text
	}
	return ""
}

// Page returns the Markdown text of a topic. The name may be given as
// "blame", "blame.md" or "docs/guide/blame.md"; "" and "index" name the
// index.
func Page(name string) (string, error) {
	name = strings.TrimSuffix(path.Base(name), ".md")
	if name == "" || name == "." || name == "index" {
		name = Index
	}
	b, err := files.ReadFile(name + ".md")
	if err != nil {
		return "", &UnknownError{Topic: name}
	}
	return string(b), nil
}

// Lookup returns what `onus guide REF` prints: the page REF names, or
// only its section when REF is TOPIC#ANCHOR.
func Lookup(ref string) (string, error) {
	topic, anchor, _ := strings.Cut(ref, "#")
	text, err := Page(topic)
	if err != nil || anchor == "" {
		return text, err
	}
	sec, ok := Section(text, anchor)
	if !ok {
		return "", &UnknownError{Topic: strings.TrimSuffix(path.Base(topic), ".md"), Anchor: anchor, text: text}
	}
	return sec, nil
}

// UnknownError is a topic or section the guide does not have.
type UnknownError struct {
	Topic, Anchor string
	text          string // the topic's page, when the anchor is unknown
}

func (e *UnknownError) Error() string {
	if e.Anchor == "" {
		var names []string
		for _, t := range Topics() {
			names = append(names, t.Name)
		}
		return fmt.Sprintf("the guide has no topic %q (the topics are %s)", e.Topic, strings.Join(names, ", "))
	}
	var anchors []string
	for _, h := range Headings(e.text) {
		if h.Level > 1 {
			anchors = append(anchors, h.Anchor)
		}
	}
	return fmt.Sprintf("the guide's topic %q has no section %q (its sections are %s)", e.Topic, e.Anchor, strings.Join(anchors, ", "))
}

// Heading is a Markdown heading of a page.
type Heading struct {
	Level  int    // 1 for #, 2 for ##, ...
	Text   string // the heading's text
	Anchor string // its anchor, unique in the page
	Line   int    // its 0-based line
}

// Headings lists the headings of a Markdown text (fenced code left out)
// with their anchors; a repeated anchor gets -1, -2, ... as on GitHub.
func Headings(text string) []Heading {
	var out []Heading
	used := map[string]int{}
	fenced := false
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		level := len(line) - len(strings.TrimLeft(line, "#"))
		rest := line[level:]
		if level > 6 || !strings.HasPrefix(rest, " ") {
			continue
		}
		h := strings.TrimSpace(rest)
		a := Anchor(h)
		if n := used[a]; n > 0 {
			used[a]++
			a = fmt.Sprintf("%s-%d", a, n)
		} else {
			used[a] = 1
		}
		out = append(out, Heading{Level: level, Text: h, Anchor: a, Line: i})
	}
	return out
}

// Anchor is the anchor GitHub gives a heading: lower case, characters
// other than letters, digits, blanks, hyphens and underscores dropped,
// blanks turned into hyphens.
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Section is the part of text under the heading with the given anchor, up
// to the next heading of the same or a higher level.
func Section(text, anchor string) (string, bool) {
	lines := strings.Split(text, "\n")
	hs := Headings(text)
	for i, h := range hs {
		if h.Anchor != anchor {
			continue
		}
		end := len(lines)
		for _, g := range hs[i+1:] {
			if g.Level <= h.Level {
				end = g.Line
				break
			}
		}
		return strings.TrimRight(strings.Join(lines[h.Line:end], "\n"), "\n") + "\n", true
	}
	return "", false
}
