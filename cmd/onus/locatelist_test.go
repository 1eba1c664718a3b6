package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLocateListGroups: every --group argument --list-groups prints is
// accepted by onus locate, and the modules and actions it names are the
// groups those groupings make (renamed copies of modules included).
func TestLocateListGroups(t *testing.T) {
	models := []string{
		"../../examples/locate/buttons.prism", "../../examples/locate/choices.prism",
		"../../examples/locate/duel.prism", "../../examples/locate/network.prism",
		"../../examples/locate/sensor.prism", "testdata/locate_renamed.prism",
		"../../examples/bridge.prism", "../../examples/cpd.prism",
	}
	arg := regexp.MustCompile(`^(labels\([^)]*\)|variables\([^)]*\)|individual-all|individual|modules|actions|players)\s`)
	obj := []string{"--objective", "P>=1 [G true]"}
	for _, m := range models {
		t.Run(m[strings.LastIndex(m, "/")+1:], func(t *testing.T) {
			code, out, errs := onus(t, "locate", "--list-groups", m)
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, errs)
			}
			listed := map[string]string{} // --group argument → its line
			for _, line := range strings.Split(out, "\n") {
				if a := arg.FindStringSubmatch(line); a != nil {
					listed[a[1]] = line
				}
			}
			for _, want := range []string{"individual", "individual-all"} {
				if listed[want] == "" {
					t.Errorf("%s not listed", want)
				}
			}
			for a := range listed {
				if code, _, errs := onus(t, append([]string{"locate", m, "--group", a}, obj...)...); code != exitOK {
					t.Errorf("--group %s: exit %d\n%s", a, code, errs)
				}
			}
			// The names in "each action: a, b, …" and in "each module (…)
			// and each synchronising action (…)" are the groups made.
			names := func(grouping string) []string {
				r := locateRunJSON(t, append([]string{m, "--group", grouping}, obj...)...)
				var out []string
				for _, g := range r.Groups {
					out = append(out, g.Group)
				}
				slices.Sort(out)
				return out
			}
			if line := listed["actions"]; line != "" {
				_, list, _ := strings.Cut(line, "each action: ")
				want := strings.Split(list, ", ")
				slices.Sort(want)
				if got := names("actions"); !slices.Equal(got, want) {
					t.Errorf("actions grouping makes %v, --list-groups says %v", got, want)
				}
			}
			if line := listed["modules"]; line != "" {
				parens := regexp.MustCompile(`\(([^)]*)\)`).FindAllStringSubmatch(line, -1)
				want := []string{"scheduler"}
				for _, p := range parens {
					if p[1] != "none" {
						want = append(want, strings.Split(p[1], ", ")...)
					}
				}
				slices.Sort(want)
				if got := names("modules"); !slices.Equal(got, want) {
					t.Errorf("modules grouping makes %v, --list-groups says %v", got, want)
				}
			}
			// Every variables(…) line gives the variable's range.
			for a, line := range listed {
				if strings.HasPrefix(a, "variables(") && !regexp.MustCompile(`(\[-?\d+\.\.-?\d+\]|\(bool\))$`).MatchString(line) {
					t.Errorf("no range: %q", line)
				}
			}
		})
	}
}
