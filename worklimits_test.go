package onus

import (
	"strings"
	"testing"
	"time"
)

// gainsModel earns 1 per step in s=1 and nothing in s=2, reached by a
// coin from s=0: R[C<=k] neither settles nor grows by one gain everywhere,
// so a bound of 10^9 needs 10^9 iterations.
const gainsModel = `dtmc
module coin
s : [0..2] init 0;
[] s=0 -> 0.5:(s'=1) + 0.5:(s'=2);
[] s>0 -> true;
endmodule
rewards "r" s=1 : 1; endrewards`

// TestWorkLimitOptions: Options.MaxSteps and Options.Timeout stop a
// bounded operator that needs more iterations with an error for which
// IsLimit holds, naming the setting; a bound that settles is answered
// under a small budget.
func TestWorkLimitOptions(t *testing.T) {
	cases := []struct {
		name     string
		opts     Options
		property string
		want     string // the result, or the error's words
		limit    bool
	}{
		{"within the budget", Options{MaxSteps: 200}, `R{"r"}=? [ C<=100 ]`, "49.5", false},
		{"beyond the budget", Options{MaxSteps: 50}, `R{"r"}=? [ C<=100 ]`, "MaxSteps", true},
		{"a settled bound of 10^9", Options{MaxSteps: 10}, `R{"r"}=? [ I=1000000000 ]`, "0.5", false},
		{"the default budget", Options{}, `R{"r"}=? [ C<=1000000000 ]`, "more than 1000000 iterations", true},
		{"a timeout", Options{MaxSteps: -1, Timeout: time.Nanosecond}, `R{"r"}=? [ C<=1000000000 ]`, "Timeout", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := LoadString("gains.prism", gainsModel, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := m.Check(c.property)
			if c.limit {
				if err == nil || !IsLimit(err) || !strings.Contains(err.Error(), c.want) {
					t.Errorf("error %v, want a limit naming %q", err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := rs[0].String(); got != c.want {
				t.Errorf("%s, want %s", got, c.want)
			}
		})
	}
}
