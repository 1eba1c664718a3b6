// Package hist measures languages of finite histories (SPEC §2, §3): the
// histories of length T from a start state whose joint actions agree with
// a plan on a coalition J, split by whether they satisfy an outcome.
//
// A Model is the game with its behaviour profile β and the choice filters
// of plan steps (Compat_J). A Product pairs the game with the deterministic
// automaton of one outcome (package ltlf), explored on demand: only the
// states the passes reach within their horizon. Pass runs one
// dynamic-programming pass over the product, layered by step (two layers
// alive, only their reached states stored), and returns a Result: whether
// each side is empty, the number of histories (multi-word integers), their
// probability (scaled floats that cannot underflow) and, for exact models,
// exact rationals. Passes runs the passes of several coalitions at once,
// sharing layers while the plan filters them alike, and spreads steps over
// the cores without changing a result. With counts as floats (the
// default) the coalitions' passes are lanes of at most two walks
// (lanes.go): one read of a state's successors and one lookup of each
// destination serve every lane, a lane adds a state's transitions to one
// target at once (groups.go: target groups per filter, laid out like the
// walk's per-state nodes in order of product state), a layer that grows
// ball by ball is walked into a dense array of rows (dense.go), layers are
// kept in order of product state so that a lane's numbers do not depend on
// its companions, and the two walks run on two cores. Passes that ran
// are kept per start, plan, horizon and coalition. A deadline of the
// automaton (ltlf.Anchor) is read off the pass's step counter:
// Product.Successors gives a state's successors at a step. Histories and plans are never
// enumerated.
// For explanations only, Violation (witness.go) finds one history of a
// language's complement: a counterexample (SPEC §10.3).
// A coalition mask with Free asks for Compat^free_J instead of Compat_J
// (SPEC §13): a player of J whose planned action is not enabled acts as β
// says there; FirstLoss (unavail.go) finds where the two first differ.
// A mask with Diff asks for the histories the two readings differ by: a
// lane fed by Compat_J's at the states where J is stuck, walked in a side
// walk of its own (sidelanes.go), which costs next to nothing where few
// histories get stuck; a walk that runs only to feed such lanes keeps
// just the rows from which a stuck state is still within reach
// (prune.go). After the plan's last constrained step, a lane whose
// reachable product states cost no more than its rows finishes by one
// backward programme over them, shared by every lane that takes it
// (settled.go).
//
// The package knows games and automata but no PRISM syntax: the checker
// resolves plans into Steps and positions errors.
package hist
