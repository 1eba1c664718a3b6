package main

import (
	"io"
	"testing"
)

// The speed of the power indices and of blame (docs/guide/blame.md); run with
// go test ./cmd/onus -run '^$' -bench 'Blame|Shapley'. Timings are reported,
// never asserted.

func benchRun(b *testing.B, args ...string) {
	for b.Loop() {
		if code := run(args, io.Discard, io.Discard); code != exitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkBlameCPD8: blame on the 8-player CPD, t = 20 (256 coalitions).
func BenchmarkBlameCPD8(b *testing.B) {
	benchRun(b, "blame", "../../examples/cpd_n.prism", "../../examples/cpd_n.props", "--const", "n=8,t=20",
		"--plan", "alternate", "--outcome", `G<=t ("fine"|"reward")`, "--coalitions")
}

// BenchmarkShapley12: SHAPLEY=? for one of 12 voters (4096 coalitions).
func BenchmarkShapley12(b *testing.B) {
	benchRun(b, "check", "testdata/vote12.prism", "--pf", `SHAPLEY(p1, [#0]^12)=? [ F "carried" ]`)
}

// BenchmarkShapley12Exact: the same with exact rationals.
func BenchmarkShapley12Exact(b *testing.B) {
	benchRun(b, "check", "testdata/vote12.prism", "--pf", `SHAPLEY(p1, [#0]^12)=? [ F "carried" ]`, "--exact")
}

// BenchmarkBlameVote12: blame on the 12 voters.
func BenchmarkBlameVote12(b *testing.B) {
	benchRun(b, "blame", "testdata/vote12.prism", "--plan", "[#0]^12", "--outcome", `F "carried"`)
}
