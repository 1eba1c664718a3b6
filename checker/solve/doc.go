// Package solve holds the algorithms of games on infinite paths (SPEC §4):
// the fixpoints behind pATL's coalition operators and reward operators.
//
// Everything runs on an Arena — the game itself (GameArena) or its product
// with an outcome automaton (ProductArena) — seen by a coalition through a
// View: who chooses where in an smg or mdp, the matrix of joint actions in
// a csg. A Solver optimises one step per state (max/min by the chooser, a
// matrix game solved by linear programming in a csg) and builds on it, one
// algorithm per file:
//
//	solver.go      one-step optimisation (Bellman operator)
//	matrixgame.go  values of zero-sum one-shot games (LP)
//	reach.go       bounded and unbounded reachability by value iteration
//	prob01.go      graph analysis: probability 1 and positive probability
//	scc.go         strongly connected components (Tarjan, iterative)
//	sure.go        sure winning: CPre and its fixpoints
//	operators.go   F, U, G, W and R over state sets (Path, Until, Weak)
//	total.go       R[C] and R[Fc φ]: total rewards and where they are infinite
//	steady.go      S and R[S] on a dtmc: bottom components, stationary distributions
//	chain.go       path operators on a Markov chain solved directly (ChainPath,
//	               and ExactPath over the rationals for --exact)
//	eliminate.go   sparse Gaussian elimination of a chain's equations, over
//	               float64 or big.Rat (Markowitz order)
//	modular.go     exact systems solved modulo primes, rational reconstruction
//	modelim.go     the elimination modulo a prime: sorted rows, Montgomery
//	               products, the first prime's steps replayed by the others
//	steadyexact.go S and R[S] on a dtmc over the rationals (ExactSteady,
//	               ExactSteadyRewards)
//	chainreward.go R[F φ] and R[C] on a chain over the rationals
//	               (ExactReachRewards, ExactTotalRewards)
//	exact.go       exact values of unbounded reachability on turn-based games
//	rewards.go     R[C<=k], R[I=k], R[F φ] and R[Fc φ]
//	zeroreward.go  R[F0 φ] on turn-based games
//	strategy.go    optimal memoryless profiles read off the values (PathProfile)
//
// Multi-objective queries on mdps are the sub-package multi (linear
// programming over the product with the objectives' automata).
//
// The package knows games (translate.Game) but no PRISM syntax: the checker
// evaluates the operands to state sets and positions errors.
package solve
