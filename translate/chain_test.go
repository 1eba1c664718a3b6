package translate

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestLongChains builds a model whose constant, guard and update are flat
// chains of 50,000 operators under a goroutine stack of 32 MiB: compiling
// them recursively took kilobytes of stack per operator. (The compiled
// closures of a chain still nest, a hundred-odd bytes per operator when
// evaluated, which the default 1 GiB stack holds for any input onus reads.)
func TestLongChains(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(32 << 20))
	const n = 50000
	src := "dtmc\nconst int K = " + strings.Repeat("1+", n) + "1;\n" +
		"module m\n s : [0..3] init 0;\n [] " + strings.Repeat("s>=0 & ", n) + "s<K -> (s'=" +
		strings.Repeat("s-s+", n) + "min(s+1, 3));\nendmodule\n"
	m, err := buildSrc(t, "chain.prism", src, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if m.Game.NumStates != 4 {
		t.Errorf("%d states, want 4", m.Game.NumStates)
	}
	if v := m.Consts["K"]; v.I != n+1 {
		t.Errorf("K = %v, want %d", v, n+1)
	}
}
