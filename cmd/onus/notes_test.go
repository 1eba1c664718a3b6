package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHorizonNotes: an unbounded operator judged within the plan's length
// gets a note (docs/guide/outcomes.md#the-horizon-note); the value is unchanged.
func TestHorizonNotes(t *testing.T) {
	const cpd = "../../examples/cpd.prism"
	plan := "pi=[c1,c2]^3"
	cases := []struct {
		name  string
		args  []string
		notes string
	}{
		{"F from the plan", []string{"--pf", `CPR(p1, pi)=? [ F "payoff1" ]`},
			"--pf:1:17: note: F is judged within the horizon T = 3 set by the plan's length; give --horizon to look further\n"},
		{"U and G", []string{"--pf", `CAR(p1, pi) [ "fine" U "reward" ]`, "--pf", `CPR(p2, pi)#=? [ G !"payoff2" ]`},
			"--pf 1:1:22: note: U is judged within the horizon T = 3 set by the plan's length; give --horizon to look further\n" +
				"--pf 2:1:18: note: G is judged within the horizon T = 3 set by the plan's length; give --horizon to look further\n"},
		{"--horizon given", []string{"--pf", `CPR(p1, pi)=? [ F "payoff1" ]`, "--horizon", "3"}, ""},
		{"bounded outcome", []string{"--pf", `CPR(p1, pi)=? [ F<=3 "payoff1" ]`}, ""},
		{"horizon from the outcome", []string{"--pf", `CPR(p1, pi)=? [ (F "payoff1") & (F<=4 "fine") ]`}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"check", cpd, "--plan", plan}, c.args...)
			code, out, errs := onus(t, args...)
			if code != 0 || errs != c.notes {
				t.Fatalf("exit %d, stderr:\n%s\nwant exit 0 and\n%s", code, errs, c.notes)
			}
			// The note does not change the value: the same query with
			// --horizon 3 gives the same output.
			if c.notes != "" {
				_, same, _ := onus(t, append(args, "--horizon", "3")...)
				if timing.ReplaceAllString(same, "${1}X") != timing.ReplaceAllString(out, "${1}X") {
					t.Fatalf("with --horizon 3:\n%s\nwithout:\n%s", same, out)
				}
			}
		})
	}
}

func TestHorizonNotesJSON(t *testing.T) {
	code, out, _ := onus(t, "check", "--json", "../../examples/cpd.prism", "--plan", "pi=[c1,c2]^3",
		"--pf", `CPR(p1, pi)=? [ F "payoff1" ]`, "--pf", `CPR(p1, pi)=? [ F<=3 "payoff1" ]`)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Results []struct {
			Notes []string `json:"notes"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want := "F is judged within the horizon T = 3 set by the plan's length; give --horizon to look further"
	if len(got.Results) != 2 || len(got.Results[0].Notes) != 1 || got.Results[0].Notes[0] != want || got.Results[1].Notes != nil {
		t.Fatalf("notes %+v, want [[%s] []]", got.Results, want)
	}
	if strings.Count(out, `"notes"`) != 1 {
		t.Fatalf("a result without notes prints \"notes\":\n%s", out)
	}
}
