package translate

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// benchExport builds a model once and measures writing each of its
// explicit files (to io.Discard through a buffer, as onus writes a file);
// the bytes written per second are PRISM-format text.
func benchExport(b *testing.B, path, consts string) {
	if _, err := os.Stat(path); err != nil {
		b.Skipf("model not found: %v", err)
	}
	m, err := buildFile(b, path, consts, false)
	if err != nil {
		b.Fatal(err)
	}
	g := m.Game
	var order []int // PRISM's order of a csg's choices, as onus prism writes them
	if g.Joint != nil {
		order = PrismChoiceOrder(g)
	}
	writers := []struct {
		name string
		f    func(io.Writer) error
	}{
		{"tra", func(w io.Writer) error { return WriteTraOrder(w, g, order) }},
		{"sta", func(w io.Writer) error { return WriteSta(w, g) }},
		{"lab", func(w io.Writer) error { return WriteLab(w, g) }},
		{"srew", func(w io.Writer) error { return WriteSrew(w, g, 0) }},
		{"trew", func(w io.Writer) error { return WriteTrewOrder(w, g, len(g.Rewards)-1, order) }},
	}
	for _, wr := range writers {
		b.Run(wr.name, func(b *testing.B) {
			if wr.name != "tra" && len(g.Rewards) == 0 && (wr.name == "srew" || wr.name == "trew") {
				b.Skip("no rewards")
			}
			cw := &countWriter{}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				cw.n = 0
				w := bufio.NewWriterSize(cw, exportBuffer)
				if err := wr.f(w); err != nil {
					b.Fatal(err)
				}
				if err := w.Flush(); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(cw.n)
		})
	}
}

// countWriter discards what it is given and counts the bytes.
type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// BenchmarkExportInvestors writes the files of two_investors_csg with
// months=12 (a csg with eight reward structures).
func BenchmarkExportInvestors(b *testing.B) {
	benchExport(b, filepath.Join(corpusDir, "models/csgs/investors/two_investors_csg.prism"), "months=12")
}

// BenchmarkExportCounters writes the files of testdata/counters.prism with
// N=40 (an mdp of 64,000 states).
func BenchmarkExportCounters(b *testing.B) {
	benchExport(b, "testdata/counters.prism", "N=40")
}
