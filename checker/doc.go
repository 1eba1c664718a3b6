// Package checker evaluates γATL properties on an explicit game: the
// outcome languages of finite histories, their counts, probabilities and
// entropies, and the responsibility operators CAR, CPR and CCR with their
// degrees (SPEC §2, §3, §5, §6).
//
// Every language is computed by one dynamic-programming pass over the
// product of the game and a deterministic automaton of the outcome, layered
// by step; histories and plans are never enumerated.
//
// Beside the responsibility queries it checks pATL on games (SPEC §4):
// coalition operators by value iteration, with csg states solved as matrix
// games by linear programming (patl.go, valueiter.go, matrixgame.go), P=?
// on the infinite paths of the chain a behaviour profile induces (pinf.go),
// and it builds the Markov chains that `onus export-outcome` writes
// (exportoutcome*.go).
//
// With Config.Explain, qualitative verdicts carry an Explanation (SPEC
// §10.3, explain.go): the witness plan the plan search found, or a
// counterexample history, and the reason in words.
package checker
