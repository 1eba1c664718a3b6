package prism

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bigModel generates a model with n modules of 20 commands each, with
// long guards, probabilistic updates and a long formula.
func bigModel(n int) string {
	var b strings.Builder
	b.WriteString("smg\nconst int N = 10;\nformula f = ")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "x0=%d & y0<N | ", i)
	}
	b.WriteString("true;\n")
	for m := 0; m < n; m++ {
		fmt.Fprintf(&b, "module m%d\n  x%d : [0..N] init 0;\n  y%d : bool;\n", m, m, m)
		for c := 0; c < 20; c++ {
			fmt.Fprintf(&b, "  [a%d_%d] x%d<N & (y%d | x%d>%d) & !(x%d=%d) -> 0.25:(x%d'=x%d+1)&(y%d'=!y%d) + 0.75:(x%d'=min(N,x%d+2));\n",
				m, c, m, m, m, c%10, m, c, m, m, m, m, m, m)
		}
		b.WriteString("endmodule\n")
	}
	return b.String()
}

// TestParseBig parses a model of about 470 KB (4000 commands) and checks
// the tree; BenchmarkParseBig times it.
func TestParseBig(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	m, err := ParseModel(NewFileSet(), "big.prism", bigModel(200))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Modules) != 200 || len(m.Modules[199].Commands) != 20 {
		t.Fatalf("parsed %d modules", len(m.Modules))
	}
}

func BenchmarkParseBig(b *testing.B) {
	src := bigModel(200)
	for b.Loop() {
		if _, err := ParseModel(NewFileSet(), "big.prism", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseAloha(b *testing.B) {
	p := filepath.Join(corpusDir, "models/csgs/aloha/aloha_backoff2.prism")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Skipf("corpus absent: %v", err)
	}
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if _, err := ParseModel(NewFileSet(), p, string(src)); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseConcurrent parses the corpus from several goroutines at once
// (the generated parser shares its DFA cache between parsers) and checks
// that each gives the same result as a sequential parse.
func TestParseConcurrent(t *testing.T) {
	files := corpusFiles(t, ".prism")
	want := make([]string, len(files))
	srcs := make([]string, len(files))
	summary := func(m *ModelFile) string {
		var b strings.Builder
		for _, mod := range m.Modules {
			for _, c := range mod.Commands {
				b.WriteString(ExprString(c.Guard) + ";")
			}
		}
		return b.String()
	}
	for i, p := range files {
		srcs[i] = readFile(t, p)
		m, err := ParseModel(NewFileSet(), p, srcs[i])
		if err != nil {
			t.Fatal(err)
		}
		want[i] = summary(m)
	}
	errs := make(chan string, 4*len(files))
	done := make(chan struct{})
	for w := 0; w < 4; w++ {
		go func(w int) {
			defer func() { done <- struct{}{} }()
			for k := range files {
				i := (k + w*7) % len(files)
				m, err := ParseModel(NewFileSet(), files[i], srcs[i])
				if err != nil {
					errs <- err.Error()
				} else if got := summary(m); got != want[i] {
					errs <- files[i] + ": different result in parallel"
				}
			}
		}(w)
	}
	for w := 0; w < 4; w++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
