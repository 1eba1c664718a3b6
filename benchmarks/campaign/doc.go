// Command campaign is onus's mutation campaign (issue 14): it runs the
// onus binary many times on mutated inputs and checks that every run keeps
// the exit-code contract.
//
//	go build -o /tmp/onus ./cmd/onus
//	go run ./benchmarks/campaign -runs 15000 -seed 1 -jobs 2 -bin /tmp/onus -out /tmp/campaign
//
// Each run starts from a seed invocation (every `$ onus ...` example of the
// user guide, every example model and props file, the corpus models and
// PRISM-games' verify/ suite) and applies one to three mutations: of the
// model, properties, plans, traces and counterexample files (spans deleted
// or repeated, numbers made huge or negative, tokens and lines spliced,
// deep nesting, long sums, bytes that are not UTF-8), of the formulas
// given on the command line, and of the argv (flags added, dropped,
// duplicated or given odd values, files swapped for /dev/null, /dev/zero,
// a directory or a missing path, the subcommand swapped; with and without
// --json and --explain). Every subcommand is covered: check, blame,
// simulate, build, export, export-outcome, locate and prism.
//
// A run works in its own directory holding copies of its inputs, under
// prlimit: a 6 GiB address-space limit (-as), a CPU-time limit a little
// above -cpu, a 512 MiB file-size limit, and a wall-clock limit (-timeout,
// scaled by the machine's load). It is classified as
//
//	ok       exit 0, 2 or 3 (1 for --test mismatches), no runtime trace
//	runtime  a Go runtime error: "panic:", "fatal error:", a goroutine
//	         dump, or exit 4 (an internal error)
//	slow     more than -cpu of CPU time without exit 3 (CPU time, so that
//	         the machine's load does not count as a hang)
//	timeout  killed at the wall-clock limit before using -cpu of CPU
//	oom      killed by signal 9 (exit 137)
//	signal   killed by another signal
//	partial  a failing run (exit 2, 3 or a kill) left an output file (a
//	         temporary one included) or changed one of its input files
//	         (the run's own copies; a -mainlog file excepted)
//	silent   exit 2 or 3 with neither an "error:" line on stderr nor
//	         the usage line a command given no arguments prints
//	exit     any other exit code
//
// Bad runs are minimised (delta debugging over the argv and the lines of
// the mutated files, keeping the class) and written to -out with a
// repro.sh each; -out also gets table.md (counts per class and
// subcommand), bad.md and runs.tsv. known.go lists the bad classes that
// other branches are fixing (named by issue and branch); a full run writes
// its table into benchmarks/RESULTS.md (the section "The mutation
// campaign"), which `go run ./benchmarks` keeps (benchmarks/kept.go).
//
// TestCampaign runs a small campaign (60 runs) and fails on any bad run
// that known.go does not name; it is skipped where prlimit is missing.
package main
