// Command benchmarks is onus's performance suite: `go run ./benchmarks`.
//
// It builds onus, runs every case end to end (process start to exit, as a
// user runs it), and measures wall time and peak resident memory of each
// run. Every case also checks its answer: model sizes against PRISM-games'
// MANIFEST.tsv or a formula, property values against benchmarks/answers.tsv.
// A changed answer fails the run (exit 1), so the suite doubles as a
// regression test; -update rewrites answers.tsv after an intended change.
//
// A full run writes benchmarks/RESULTS.md (machine, Go version, date, the
// targets of the issues and every table), benchmarks/results.csv (one row a
// measurement) and the figures in benchmarks/figures/. -quick runs the small
// cases only (under two minutes; CI runs it) and writes its report to a
// temporary directory unless -out is given. -filter REGEXP keeps the cases
// whose names match.
//
// A rewrite of RESULTS.md keeps the "## " sections the suite does not
// write itself (kept.go), such as the mutation campaign's: `go run
// ./benchmarks/campaign` (benchmarks/campaign/doc.go) runs onus on
// thousands of mutated inputs and checks the exit-code contract.
//
// -paper does only one thing, in seconds: it redraws the paper's Figures 2–4
// from onus's answers for t = 1..20 into docs/figures/ (paper.go), the
// paper's curves beside onus's values, the paper's errata marked.
//
// The groups:
//
//	build    model construction: every corpus model, and the counters family up to 10^7 states
//	cpd      CAR, CPR and CCR with all degrees on the CPD against the horizon T
//	naive    the test-only literal enumerator beside the engine (go test -bench)
//	bounded  P=? [ F<=k "payoff1" ] on the CPD for long bounds k
//	power    onus blame (8-player CPD), SHAPLEY (12 and 18 voters), check with and without --explain
//	locate   onus locate: exact forward and backward games, --refine on 10^6 states, --samples
//	scale    CAR, CPR and CCR on a game of 10^4 and 10^6 states (examples/robots.prism) at T = 100
//	search   CAR, CPR and CCR verdicts (the plan search) on the robots against T, and at T = 1000 on 10^6 states
//	counts   the same at T = 1000 and 10^4 (counts of thousands of digits), --exact beside at T = 100, blame on 10^6 states
//	prism    each props file of PRISM-games' verify/ suite beside PRISM-games' own time
package main
