package main

import (
	"os"
	"strconv"
	"strings"
)

// resultsHeading is the campaign's section of benchmarks/RESULTS.md.
const resultsHeading = "## The mutation campaign (issue 14)"

// section is the campaign's section: how it ran, the table and the bad
// runs (new ones first).
func (s *Summary) section() string {
	var b strings.Builder
	b.WriteString(resultsHeading + "\n\n")
	b.WriteString("Written by `go run ./benchmarks/campaign` (benchmarks/campaign/doc.go says what each class means; ")
	b.WriteString("`go run ./benchmarks` keeps this section). Known bad classes are being fixed on the branches benchmarks/campaign/known.go names.\n\n")
	b.WriteString(s.header())
	b.WriteString("\n")
	b.WriteString(s.table())
	b.WriteString("\n")
	b.WriteString(s.badSummary())
	return b.String()
}

// badSummary counts the bad runs by signature, with one example each.
func (s *Summary) badSummary() string {
	type group struct {
		n   int
		ex  *Result
		sig string
	}
	var order []string
	groups := map[string]*group{}
	for _, r := range s.Results {
		if !r.Bad() {
			continue
		}
		g, ok := groups[r.Sig]
		if !ok {
			g = &group{ex: r, sig: r.Sig}
			groups[r.Sig] = g
			order = append(order, r.Sig)
		}
		g.n++
	}
	if len(order) == 0 {
		return "No bad run.\n"
	}
	var b strings.Builder
	b.WriteString("Bad runs by cause (one example each, minimised where the campaign minimised it; the argv names the run's own, often mutated, copies of its files, which -out's bad/RUN/repro.sh holds):\n\n")
	for _, sig := range order {
		g := groups[sig]
		who := "new"
		if g.ex.Known != nil {
			who = "known, item " + g.ex.Known.Item + " (" + g.ex.Known.Branch + ")"
		}
		argv := g.ex.Run.Args
		if g.ex.Min != nil {
			argv = g.ex.Min.Args
		}
		b.WriteString("- " + itoa(g.n) + " × " + g.ex.Class + " in " + g.ex.Run.Cmd() + ", " + who + ": " + strings.ReplaceAll(g.ex.Reason, "|", "\\|") +
			"; e.g. run " + itoa(g.ex.Run.ID) + ": `onus " + argvText(argv) + "`\n")
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

// writeResults puts the section into path, replacing an earlier one.
func (s *Summary) writeResults(path string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(path, []byte(replaceSection(string(old), resultsHeading, s.section())), 0o644)
}

// replaceSection replaces the "## " section with the heading in doc (up
// to the next "## " heading), or appends it.
func replaceSection(doc, heading, section string) string {
	i := strings.Index(doc, heading+"\n")
	if i < 0 || (i > 0 && doc[i-1] != '\n') {
		if doc != "" && !strings.HasSuffix(doc, "\n\n") {
			doc = strings.TrimRight(doc, "\n") + "\n\n"
		}
		return doc + section
	}
	rest := doc[i+len(heading)+1:]
	end := strings.Index(rest, "\n## ")
	tail := ""
	if end >= 0 {
		tail = rest[end+1:]
	}
	return doc[:i] + section + sep(tail) + tail
}

func sep(tail string) string {
	if tail == "" {
		return ""
	}
	return "\n"
}
