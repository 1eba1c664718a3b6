// Package certify checks an equilibrium answer independently of the
// algorithm that found it.
//
// Package equil answers an equilibrium query with each coalition's value
// and, on request, the strategy profile behind them (equil.Profile: the
// stage rule of every state and round, and the cooperative choices played
// once one objective is decided). Check takes that profile as plain data
// and recomputes, with its own simple dynamic programming over the game
// and none of equil's code:
//
//   - the value of the profile for each coalition, from the objectives'
//     definitions (reachability, until, next, instantaneous, cumulative
//     and reachability rewards), to compare with the reported values;
//   - for each coalition, its best response when the other coalition's
//     strategy is fixed: a Markov decision process in which the coalition
//     picks its own actions (knowing its recommendation, for correlated
//     profiles), solved by backward induction over the rounds and by
//     value iteration once play is stationary.
//
// The answer is certified when, in every state and round, no coalition
// gains more than the tolerance by deviating alone, and the profile's
// values equal the reported ones within the tolerance. Certification is
// subgame perfect: it is checked from every state, not only the initial
// one.
//
// The semantics checked are those of the profile (equil.Profile's doc):
// backward induction over the rounds for bounded objectives; for
// unbounded ones, the game cut after the rounds of value iteration (an
// objective still undecided at the cut counts as unmet and collects
// nothing more), whose values converge to the reported limit; once one
// objective is decided, the other is played out to its end.
package certify
