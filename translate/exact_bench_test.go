package translate

import (
	"path/filepath"
	"testing"
)

// BenchmarkBuildExactInvestors builds two_investors_csg with months=12 in
// exact mode (Config.Exact: a big.Rat per transition besides the double).
func BenchmarkBuildExactInvestors(b *testing.B) {
	path := filepath.Join(corpusDir, "models/csgs/investors/two_investors_csg.prism")
	needCorpus(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m, err := buildFile(b, path, "months=12", true)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Game.NumTransitions()), "transitions")
	}
}

// BenchmarkBuildExactCounters builds testdata/counters.prism with N=40 in
// exact mode.
func BenchmarkBuildExactCounters(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := buildFile(b, "testdata/counters.prism", "N=40", true); err != nil {
			b.Fatal(err)
		}
	}
}
