package main

import (
	"os"
	"strings"
)

// Other tools append their own sections to benchmarks/RESULTS.md (the
// mutation campaign's "## The mutation campaign (issue 14)", helpers'
// measurements): a run of the suite that rewrites the file keeps every
// "## " section of the old file whose heading the new report does not
// write, after the new report, in their old order.

// keepSections appends to report the sections of the file at path that
// report lacks. A missing file keeps nothing.
func keepSections(report, path string) string {
	old, err := os.ReadFile(path)
	if err != nil {
		return report
	}
	have := map[string]bool{}
	for _, s := range sections(report) {
		have[s.heading] = true
	}
	var b strings.Builder
	b.WriteString(report)
	for _, s := range sections(string(old)) {
		if have[s.heading] {
			continue
		}
		if !strings.HasSuffix(b.String(), "\n\n") {
			b.WriteString("\n")
		}
		b.WriteString(strings.TrimRight(s.text, "\n") + "\n")
	}
	return b.String()
}

type section struct{ heading, text string }

// sections splits a markdown document at its "## " headings (what comes
// before the first is not a section).
func sections(doc string) []section {
	var out []section
	lines := strings.SplitAfter(doc, "\n")
	cur := -1
	for _, l := range lines {
		if strings.HasPrefix(l, "## ") {
			out = append(out, section{heading: strings.TrimSpace(l)})
			cur = len(out) - 1
		}
		if cur >= 0 {
			out[cur].text += l
		}
	}
	return out
}
