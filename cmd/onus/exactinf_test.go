package main

import (
	"encoding/json"
	"testing"
)

// TestExactInfiniteJSON: P on infinite paths and S, and arithmetic and
// filters over them, carry their exact rationals in --json under
// --exact, and none without it.
func TestExactInfiniteJSON(t *testing.T) {
	const courier = "../../examples/courier.prism"
	const weather = "../../examples/weather.prism"
	cases := []struct {
		args  []string
		exact string
	}{
		{[]string{courier, "--exact", "--pf", `P=? [ F "delivered" ]`}, "59/70"},
		{[]string{courier, "--pf", `P=? [ F "delivered" ]`}, ""},
		{[]string{weather, "--exact", "--pf", `S=? [ "rain" ]`}, "12/47"},
		{[]string{weather, "--exact", "--pf", `P=? [ G !"rain" ]`}, "0"},
		// arithmetic and filters over them, exact where every operand is
		{[]string{courier, "--exact", "--pf", `1 - P=? [ F "delivered" ]`}, "11/70"},
		{[]string{courier, "--pf", `1 - P=? [ F "delivered" ]`}, ""},
		{[]string{courier, "--exact", "--pf", `filter(max, P=? [ F "delivered" ], "init")`}, "59/70"},
		{[]string{courier, "--exact", "--pf", `log(P=? [ F "delivered" ], 2)`}, ""},
		{[]string{weather, "--exact", "--pf", `1 - 2 * S=? [ "rain" ]`}, "23/47"},
	}
	for _, c := range cases {
		code, out, errs := onus(t, append([]string{"check", "--json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		var got struct {
			Results []struct {
				Exact *string `json:"exact"`
			} `json:"results"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		switch {
		case len(got.Results) != 1:
			t.Errorf("%v: %d results", c.args, len(got.Results))
		case c.exact == "" && got.Results[0].Exact != nil:
			t.Errorf("%v: exact %q, want none", c.args, *got.Results[0].Exact)
		case c.exact != "" && (got.Results[0].Exact == nil || *got.Results[0].Exact != c.exact):
			t.Errorf("%v: exact %v, want %q", c.args, got.Results[0].Exact, c.exact)
		}
	}
}
