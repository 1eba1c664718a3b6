// Package checker is the entry of property checking: New prepares a game
// with its behaviour profile, Check evaluates one property at the initial
// state and returns a Result, Languages and ExportOutcome expose the
// languages a measure depends on. It dispatches on the property, evaluates
// state formulas, resolves plans and behaviours, turns outcome expressions
// into automata, and attaches source positions to every error; the
// algorithms live in its sub-packages (docs/ARCHITECTURE.md):
//
//	ltlf    outcome formulas → deterministic automata (progression)
//	hist    game × automaton × step: the layered passes over histories
//	resp    CAR, CPR, CCR: degrees, plan search, entropy rate
//	solve   games on infinite paths: value iteration, matrix games,
//	        prob0/prob1, sure winning, rewards
//	export  export-outcome chains and properties
//	limit   the resource-limit error they share (LimitError)
//
// Files: checker.go (New, Check, Result), stateformula.go, outcome.go
// (outcomes to automata, horizons), plan.go and behaviour.go (SPEC §2),
// resp.go and metric.go (finite-history operators), patl.go and
// patlreward.go (pATL, SPEC §4), pinf.go (P on the infinite paths of the
// chain a behaviour induces), steady.go (S), exact.go (exact pATL values), languages.go and exportoutcome.go (SPEC §7),
// power.go (SHAPLEY and BANZHAF, SPEC §10.1), blame.go (every agent at once
// for `onus blame`, §10.2), explain.go (witnesses of verdicts, §10.3) and
// equilibria.go (equilibrium queries, §11).
package checker
