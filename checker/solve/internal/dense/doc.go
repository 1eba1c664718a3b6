// Package dense solves small linear programs by a dense two-phase tableau
// simplex: the stage games of equilibria (correlated equilibria, package
// nfg) and the matrix games of zero-sum csg queries (package solve) are
// LPs of tens of rows solved in every state of every sweep, where a
// general solver such as gonum's takes milliseconds each. Callers check
// the answer with Feasible and fall back on gonum's solver when it fails.
package dense
