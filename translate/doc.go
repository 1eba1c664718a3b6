// Package translate turns a checked PRISM-games model into an explicit Game:
// it resolves constants (from the files and from Config.Consts), expands formulas
// and module renaming, compiles expressions, and explores the reachable
// state space exactly as PRISM-games' explicit engine does for dtmc, mdp,
// smg and csg models. It also writes PRISM's explicit export formats.
//
// The Game type is the interface between the translator and the checker.
//
// How it works: Build resolves constants (forward references allowed) and
// compiles every guard, probability and right-hand side once into closures
// over the state vector ([]int32), with constants folded; formulas are
// expanded at their use and renamed modules are compiled from their base
// with the renaming map applied to names, actions and functions; the
// commonest shapes (a variable against or plus a constant) are compiled into
// one closure (exprfast.go). States are interned by their packed valuation
// (store.go: a direct table for keys of at most 24 bits; for 64-bit keys the
// same table cut into pages made on demand, pagetable.go, or, when the
// states are too sparse for pages, an open-addressing table, keyset.go; a
// map of byte strings otherwise). A
// first, breadth-first pass finds the states, keeping one state's choices
// at a time; the states are sorted by valuation and renumbered (reference
// §4.12), and a second pass expands them in that order into arrays of their
// final sizes, which become the game's (explore.go). A model of at most
// 2^21 transitions keeps the first pass's arrays and permutes them instead
// (permute.go). Every limit, and Config.Poll, is checked in one place of the
// loop, explorer.checkLimits (limits.go): the memory estimate there never
// exceeds its value at the end of the first pass (the states found and not
// yet expanded count as a choice and a transition each), so a model too
// large for Config.MaxMemory stops as soon as the states found say so, and
// one that fits is never stopped. A csg module's
// enabled commands are indexed by action (csgindex.go), so that each joint
// action looks only at the commands carrying its actions, and the joint
// actions of a set of enabled commands are worked out once and replayed in
// every state with the same set (csgshape.go).
//
// Exact probabilities (Config.Exact, Game.ProbExact): a probability that
// reads variables is evaluated with big.Rat once per valuation of the
// variables it reads (exactmemo.go); a choice's products and sums are
// made in int64 fractions in lowest terms, big.Rat only past int64, and
// each distinct value is stored once, shared by its transitions
// (exactrat.go). Under Config.Exact the reward structures get exact
// values too (Rewards.StateExact, TransExact), each item evaluated with
// big.Rat and memoised by the variables it reads (rewardsexact.go). The
// exported files hold the doubles; they are written
// row by row into one buffer with no allocation per row, the text of
// recent numbers kept by their bits (export.go, exportlines.go), and a
// csg's choices in PRISM's order through a permutation (WriteTraOrder).
//
// Where the language reference and PRISM-games' source (simulator/Updater,
// ChoiceListFlexi, ModulesFileModelGenerator) differ, the source wins:
// a command's probabilities must sum to 1 within PRISM's sumRoundOff, an
// absolute 1e-5; a dtmc state's transitions are scaled by 1/(sum of all
// probabilities) before targets are merged; smg ownership is decided on the
// choices before duplicates are dropped; rewards must be non-negative
// except in csg models, whose state and transition rewards may be
// negative (ConstructRewards allows negative values for CSGs).
//
// Deliberate divergences (SPEC §1): an update or initial value outside a
// variable's range is an error, a csg player must own a module, and the
// choices of a csg state are ordered by joint action (players in order,
// action indices ascending, idle first) instead of Java hash order.
package translate
