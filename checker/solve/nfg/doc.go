// Package nfg solves two-player normal-form (stage) games, the one-step
// games an equilibrium query solves in every state of a concurrent
// stochastic game (SPEC §11, reference prism-games-equilibria.md §1.5).
//
// A Bimatrix holds both players' payoffs; both players maximise.
// Nash finds every extreme Nash equilibrium by enumerating the vertices of
// the two best-response polytopes and pairing the completely labelled ones
// (this also covers degenerate games, whose equilibria form continua: their
// extreme points are found). Correlated solves the correlated-equilibrium
// linear programs with a dense tableau simplex (checker/solve/internal/
// dense), gonum's simplex the fallback. BestPure answers one-sided games
// without building the equilibria. Select picks the equilibrium a
// criterion (social welfare or fairness) prefers, with PRISM-games'
// tie-breaking.
package nfg
