package translate

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/onus-mc/onus/prism"
)

func benchBuild(b *testing.B, path, consts string) {
	if _, err := os.Stat(path); err != nil {
		b.Skipf("model not found: %v", err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m, err := buildFile(b, path, consts, false)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Game.NumStates), "states")
		b.ReportMetric(float64(m.Game.NumTransitions()), "transitions")
		b.ReportMetric(float64(m.Game.NumChoices()), "choices")
	}
}

// BenchmarkBuildJamming4 parses and builds jamming4 with slots=25
// (5,965 states, 740,556 transitions).
func BenchmarkBuildJamming4(b *testing.B) {
	benchBuild(b, filepath.Join(corpusDir, "models/csgs/jamming/jamming4.prism"), "slots=25")
}

// BenchmarkBuildCounters100 parses and builds testdata/counters.prism with
// N=100: 1,000,000 states.
func BenchmarkBuildCounters100(b *testing.B) {
	benchBuild(b, "testdata/counters.prism", "N=100")
}

// BenchmarkBuildAloha parses and builds aloha_backoff2 (bcmax=2, D=8, q=0.9).
func BenchmarkBuildAloha(b *testing.B) {
	benchBuild(b, filepath.Join(corpusDir, "models/csgs/aloha/aloha_backoff2.prism"), "bcmax=2,D=8,q=0.9")
}

// BenchmarkBuildCounters215 builds benchmarks/models/counters.prism with
// N=215: 10,077,696 states and 60,326,208 transitions (the 10^7-state
// target of benchmarks/RESULTS.md).
func BenchmarkBuildCounters215(b *testing.B) {
	path := "../benchmarks/models/counters.prism"
	src, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("model not found: %v", err)
	}
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "counters.prism", string(src))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		m, err := Build(fset, mf, nil, Config{Consts: constsFrom(b, "N=215"), MaxStates: 20000000})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Game.NumStates), "states")
		b.ReportMetric(float64(m.Game.NumTransitions()), "transitions")
	}
}

// BenchmarkBuildRobots1000 builds examples/robots.prism with N=1000: a
// csg of 10^6 states with joint actions.
func BenchmarkBuildRobots1000(b *testing.B) {
	benchBuild(b, "../examples/robots.prism", "N=1000,cross=40")
}

// BenchmarkBuildRobotsMemoryStop builds examples/robots.prism with
// N=10000 (10^8 states) under a 2.9 GiB budget, the build of robustness
// reproducer 10: it must stop with a memory LimitError.
func BenchmarkBuildRobotsMemoryStop(b *testing.B) {
	src, err := os.ReadFile("../examples/robots.prism")
	if err != nil {
		b.Skipf("model not found: %v", err)
	}
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "robots.prism", string(src))
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		_, err := Build(fset, mf, nil, Config{Consts: constsFrom(b, "N=10000,cross=1"),
			MaxStates: 1_000_000_000, MaxMemory: 29 << 30 / 10})
		var le *LimitError
		if !errors.As(err, &le) || le.Resource != Memory {
			b.Fatalf("got %v, want the memory limit", err)
		}
	}
}
