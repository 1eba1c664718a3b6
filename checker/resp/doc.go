// Package resp holds the responsibility operators of SPEC §5 and §6 — CAR,
// CPR and CCR — and the information measures built on the same languages:
// their degrees by count, probability and entropy, log2(1+count), and the
// entropy rate of an unbounded outcome (Hinf).
//
// A Query is one operator prepared at one start state: the product of the
// game with the outcome's automaton (package hist), the agent, the plan
// resolved into steps and the horizon. Qualitative decides the boolean
// operator; Degrees computes D^C, D^P and D^H from the passes over
// Compat_J(π), each run once per coalition, all together (Prefetch) so that
// they share their layers; Avoidable searches the executable full plans
// (open-loop, one joint action per step) for one whose histories all
// violate the outcome, forward over antichains of ⊆-minimal supports
// (search.go, antichain.go, growing.go; the soundness argument is in
// search.go, the merge of a level that only grows in growing.go), and
// Holds decides emptiness by a sweep of the reachable product states
// (reach.go); both stop once their sets and the plan's steps repeat.
// AvoidingPlan reads a witness off the same forward search, run again
// with a link from every support kept to the one it came from
// (witness.go; dfs.go keeps a depth-first search as the tests'
// reference), as a Plan: prefix, a part repeated up to the horizon where
// the search stopped at a repeated level, suffix (plan.go). Coalitions
// that differ only in players the plan never constrains share all of it
// (Planned).
//
// Values measures every coalition J ⊆ Ag once — v_C(J), v_P(J) and the
// avoidance a(J) of SPEC §10.1 — and Shapley and Banzhaf turn them into
// each agent's power indices. For derives the query of another operator or
// agent that shares the passes and plan searches already run (onus blame).
//
// The package knows games, products and plans but no PRISM syntax: the
// checker resolves the operator and its plan, and positions errors.
// Later additions that measure responsibility (witnesses) belong here.
package resp
