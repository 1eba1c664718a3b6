package prism

import (
	"strings"
	"testing"
)

// BenchmarkParseChain parses a property that is one sum of 100,000 terms
// (s*2-1 + ...), the shape of robustness reproducers 01 and 02.
func BenchmarkParseChain(b *testing.B) {
	src := "P=? [ X s=" + strings.Repeat("s*2-1+", 100000) + "0 ]\n"
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseProps(NewFileSet(), "chain.props", src); err != nil {
			b.Fatal(err)
		}
	}
}
