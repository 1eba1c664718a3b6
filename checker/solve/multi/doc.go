// Package multi answers multi-objective queries on an mdp, PRISM's
// multi(...): several objectives — probabilities of path formulas and
// expected total rewards — each either bounded (P>=p, R<=r) or, for at
// most one of them, optimised (Pmax=?, Rmin=?). With bounds only it decides
// whether one strategy meets them all; with one optimised objective it
// gives the best value a strategy meeting the bounds can reach.
//
// The mdp is multiplied with the deterministic automaton of each path
// formula (package ltlf: co-safe formulas are satisfied once their
// residual is true, safety formulas as long as it is not false), so that
// every objective is decided by where the play ends up: a run of an mdp
// settles, with probability 1, in an end component, and in an end
// component of the product each automaton's verdict is fixed. The
// strategies are then those of the linear programme of Etessami,
// Kwiatkowska, Vardi and Yannakakis (and Forejt et al. for total rewards):
// y(u,a) ≥ 0 is the expected number of times choice a is taken in product
// state u, z(u) ≥ 0 the probability that the play settles for ever in the
// end component of u, and every unit of probability flows from the
// initial state into some z:
//
//	Σ_a y(u,a) + z(u) − Σ_{v,b} P(v,b,u)·y(v,b) = [u initial]
//
// A probability objective is Σ z(u) over the states whose verdict is
// "satisfied", a total reward Σ y(u,a)·r(u,a). When some objective is a
// reward, the play may settle only in end components where every reward is
// 0 (elsewhere a minimised reward would be infinite); a maximised reward
// with a positive reward inside an end component is refused, as
// PRISM-games refuses it. The programme is solved by a dense tableau
// simplex (simplex.go), gonum's lp.Simplex being the fallback when it fails
// numerically: gonum's solves three linear systems a pivot, far slower.
package multi
