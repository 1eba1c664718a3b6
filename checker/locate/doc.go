// Package locate computes where in a model the responsibility for an
// objective lies: power indices (Shapley, Banzhaf, Count) of groups of
// states in the cooperative games of SPEC §12.
//
// A Game fixes the model (a translate.Game of any type), the players of
// the cooperative game (groups of states), who holds the other states, and
// the objective as state sets. Two games are built on it:
//
//   - forward (no counterexample): the states of a coalition's groups
//     belong to the objective player P1, the other grouped states to the
//     adversary P2, and v(C) says whether P1 wins (P>=1 objectives) or how
//     well (Pmax=? objectives);
//   - backward (a counterexample ρ): states outside the coalition that lie
//     on ρ must follow ρ, states off ρ belong to P2 (pessimistic) or P1
//     (optimistic), and v(C) says whether P1 can keep the safety objective.
//
// Every coalition is solved by the algorithms of package solve (almost-sure
// and positive attractors, value iteration) on a turn-based view of the
// model whose owners change with the coalition. A simple game's values are
// filled in level by level through its minimal winning coalitions: a
// coalition with a winning sub-coalition wins, a coalition inside a known
// losing certificate loses, and only the rest is solved; every solve also
// yields a certificate (the groups the outcome depends on) that settles
// many other coalitions. One algorithm per file:
//
//	game.go      the input: model, groups, objective, mode
//	arena.go     the turn-based views (forward; backward with ρ's edges)
//	win.go       one coalition: winning region or value, certificates
//	relevant.go  the relevant states of the forward game
//	groups.go    groupings: individual, labels, variables, players
//	simple.go    the values of every coalition of a simple game
//	indices.go   Shapley, Banzhaf and Count from the values, exact
//	sample.go    Shapley estimated from random orders, with standard errors
//	refine.go    blocks of states split only where they matter
//	actions.go   the action grouping's rewritten game
//
// The package knows games and state sets, no PRISM syntax: the checker's
// entry (checker.Locate) evaluates the objective to sets.
package locate
