package checker

import (
	"strings"
	"testing"
)

func TestFoldSteps(t *testing.T) {
	cases := []struct{ in, want string }{
		{"a", "a"},
		{"a a a", "a^3"},
		{"a b a b a b", "(a b)^3"},
		{"a a b a b", "a^2 b a b"}, // greedy: the longest cover at each position
		{"a b c a b c d", "(a b c)^2 d"},
		{"a b", "a b"},
		{"a a b b b", "a^2 b^3"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := foldSteps(strings.Fields(c.in)); got != c.want {
				t.Errorf("foldSteps(%s) = %s, want %s", c.in, got, c.want)
			}
		})
	}
}
