// Package equil computes equilibrium queries on concurrent stochastic
// games (csg): two coalitions, each with its own objective, play a
// subgame-perfect equilibrium chosen by a criterion (SPEC §11, reference
// prism-games-equilibria.md §1).
//
// The input is plain data (Query: coalitions as player indices, objectives
// as kinds with bounds, state sets and reward vectors), not PRISM syntax;
// checker/equilibria.go translates properties into it. In every state the
// coalitions play a stage game (package nfg) whose payoffs are the
// continuation values:
//
//   - every objective bounded: backward induction (finite.go);
//   - every objective unbounded: value iteration from zero, the limit of
//     the finite horizons, stopped as PRISM-games stops it (infinite.go);
//   - one of each: the bounded objective becomes a reachability objective
//     on a product with a step counter, then value iteration (mixed.go).
//
// Where a coalition has reached (or lost) its objective, it is
// indifferent and the other coalition's value is the cooperative optimum,
// the game read as an MDP over joint choices (coop.go).
//
// On request (Config.Profile) the answer carries the strategy profile
// that attains it (profile.go: the stage rule of every state and round,
// the cooperative choices), which package certify checks independently
// and WriteStrategy writes in PRISM-games' strategy format (strategy.go).
package equil
