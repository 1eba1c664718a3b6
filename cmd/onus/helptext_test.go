package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/docs/guide"
)

// helpTexts are the texts onus's help prints: the app's description and
// every command's description, usage and options.
func helpTexts(app *cli.App) []string {
	texts := []string{app.Usage, app.Description}
	for _, c := range app.Commands {
		texts = append(texts, c.Usage, c.UsageText, c.Description)
		for _, f := range c.VisibleFlags() {
			if d, ok := f.(cli.DocGenerationFlag); ok {
				texts = append(texts, d.GetUsage())
			}
		}
	}
	return texts
}

// helpExamples are the commands a help text shows: indented lines that
// start with "onus ".
func helpExamples(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "  ") && strings.HasPrefix(strings.TrimSpace(l), "onus ") {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

// TestHelpExamples runs every command shown in a help text, from the
// repository root (files they write go to a temporary directory), and
// wants each to succeed; every command but help shows at least one.
func TestHelpExamples(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	var examples []string
	for _, c := range app.Commands {
		ex := helpExamples(c.Description)
		if len(ex) == 0 && c.Name != "help" {
			t.Errorf("onus help %s shows no example", c.Name)
		}
		examples = append(examples, ex...)
	}
	examples = append(examples, helpExamples(app.Description)...)
	t.Chdir("../..")
	tmp := t.TempDir()
	for _, ex := range examples {
		t.Run(ex, func(t *testing.T) {
			args := shellWords(ex)[1:]
			for k := 0; k+1 < len(args); k++ {
				switch args[k] {
				case "--out", "--dir", "--plot", "--export-results":
					args[k+1] = filepath.Join(tmp, filepath.Base(args[k+1]))
				}
			}
			var stdout, stderr strings.Builder
			if code := run(args, &stdout, &stderr); code != exitOK {
				t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
			}
		})
	}
}

// guideRefRE matches a citation of the guide: onus guide TOPIC[#SECTION]
// or docs/guide/TOPIC.md[#SECTION].
var guideRefRE = regexp.MustCompile(`onus guide ([a-z0-9_-]+(?:#[a-z0-9_-]+)?)|docs/guide/([a-z0-9_-]+)\.md(#[a-z0-9_-]+)?`)

// TestGuideCitations: every topic and section of the guide that help
// texts, messages and the code of cmd/onus cite exists.
func TestGuideCitations(t *testing.T) {
	texts := helpTexts(newApp(io.Discard, io.Discard))
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	n := 0
	for _, text := range texts {
		for _, m := range guideRefRE.FindAllStringSubmatch(text, -1) {
			ref := m[1]
			if ref == "" {
				ref = m[2] + m[3]
			}
			n++
			if _, err := guide.Lookup(ref); err != nil {
				t.Errorf("%s: %v", m[0], err)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d citations of the guide found", n)
	}
}
