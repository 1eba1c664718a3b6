package prism

import (
	"strings"
	"testing"
)

// TestNestingLimit checks that deep nesting stops with a positioned error
// (before ANTLR's prediction, whose time is quadratic in the depth) and
// that nesting just below the limits still parses.
func TestNestingLimit(t *testing.T) {
	update := func(e string) string {
		return "dtmc\nmodule m x:[0..1] init 0;\n[] x=0 -> (x'=" + e + ");\nendmodule\n"
	}
	// On line 3 the update's own `(` is level 1, at column 11; the
	// expression starts at column 15.
	rows := []struct {
		name, src, want string
	}{
		{"10,000 unclosed (", update(strings.Repeat("(", 10000) + "0"),
			"m.prism:3:514: error: nested too deeply: more than 500 levels of brackets and prefix operators"},
		{"10,000 -", update(strings.Repeat("-", 10000) + "0"),
			"m.prism:3:514: error: nested too deeply: more than 500 levels of brackets and prefix operators"},
		{"F chain in a property", "P=? [ " + strings.Repeat("F ", 600) + "true ]",
			"m.prism:1:1005: error: nested too deeply: more than 500 levels of brackets and prefix operators"},
		{"?: chain", update(strings.Repeat("false?1:", 3000) + "0"),
			"m.prism:3:19957: error: nested too deeply: more than 2500 levels of nested rules (chains of =>, ^ or ?:, parentheses)"},
		{"499 -", update(strings.Repeat("-", 496) + "0"), ""},
		{"495 ()", update(strings.Repeat("(", 495) + "0" + strings.Repeat(")", 495)), ""},
		{"2400 ?:", update(strings.Repeat("false?1:", 2400) + "0"), ""},
		{"long flat sum", update(strings.Repeat("0+", 20000) + "0"), ""},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			var err error
			if strings.HasPrefix(row.src, "P=?") {
				_, err = ParseProps(NewFileSet(), "m.prism", row.src)
			} else {
				_, err = ParseModel(NewFileSet(), "m.prism", row.src)
			}
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != row.want {
				t.Errorf("got  %q\nwant %q", got, row.want)
			}
		})
	}
}
