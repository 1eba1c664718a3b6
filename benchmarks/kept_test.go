package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A rewrite of RESULTS.md keeps the sections other tools appended and
// replaces its own.
func TestKeepSections(t *testing.T) {
	for _, tc := range []struct{ name, old, report, want string }{
		{"no old file", "", "# R\n\n## A\nnew a\n", "# R\n\n## A\nnew a\n"},
		{"own sections replaced", "# R\n\n## A\nold a\n", "# R\n\n## A\nnew a\n", "# R\n\n## A\nnew a\n"},
		{"others kept in order", "# R\n\n## A\nold a\n\n## Campaign\nc\n\n## Other\no\n", "# R\n\n## A\nnew a\n",
			"# R\n\n## A\nnew a\n\n## Campaign\nc\n\n## Other\no\n"},
		{"report without a final blank line", "## Campaign\nc\n", "# R\n## A\na\n", "# R\n## A\na\n\n## Campaign\nc\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "RESULTS.md")
			if tc.old != "" {
				if err := os.WriteFile(path, []byte(tc.old), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := keepSections(tc.report, path); got != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
