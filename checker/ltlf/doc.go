// Package ltlf turns outcome formulas — LTL over finite histories (SPEC §3)
// — into deterministic automata by progression.
//
// A Factory hash-conses formula nodes over numbered atoms and keeps them in
// a normal form (negation on atoms only, disjunctive normal form, merged
// bounds), so that the residuals progression reaches are finitely many. An
// Automaton reads one letter per game state (the truth vector of the atoms
// there): Prog is its transition function, Final its acceptance at the last
// position of a history. Classify tells co-safe from safety formulas, which
// decides how a formula is solved on infinite paths.
//
// Anchor turns the bounds of operators that start at a known position
// into deadlines (absolute positions), so that F≤k is one automaton state
// rather than k: a layered pass reads the deadline off its step counter
// (Due, ProgDue).
//
// The package knows nothing of PRISM syntax or games: the checker maps
// outcome expressions to atoms and formulas, and passes atoms as state sets.
package ltlf
