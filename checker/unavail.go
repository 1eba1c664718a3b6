package checker

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// This file handles plans that cannot be followed (SPEC §13): a player of a
// coalition J whose planned action is not enabled in the state a history
// reaches. Config.Unavailable says what the sets Compat_J(π) mean then, and
// lossNotes reports, for every coalition a top-level query measures, the
// histories on which the two readings differ.

// Unavailable says what a plan means where a player cannot take its planned
// action (the action is not enabled in the state reached).
type Unavailable int

const (
	// UnavailableDrop: the history leaves Compat_J(π) there (the paper's
	// definition; the default).
	UnavailableDrop Unavailable = iota
	// UnavailableFree: the player acts as β says at that step and the
	// history stays in Compat^free_J(π).
	UnavailableFree
)

func (u Unavailable) String() string {
	if u == UnavailableFree {
		return "free"
	}
	return "drop"
}

// ParseUnavailable reads "drop" or "free".
func ParseUnavailable(s string) (Unavailable, error) {
	switch s {
	case "drop", "":
		return UnavailableDrop, nil
	case "free":
		return UnavailableFree, nil
	}
	return UnavailableDrop, fmt.Errorf("unknown reading %q of plans that cannot be followed (drop or free)", s)
}

// PlanLoss describes, for one coalition J, the histories on which Compat_J(π)
// and Compat^free_J(π) differ: those that reach a state where a player of J
// cannot take its planned action. Compat_J(π) lacks them (drop), the free
// reading keeps them.
type PlanLoss struct {
	Plan      string   // the plan's name ("" for a plan written inline)
	Coalition []string // J
	// Where it first happens: Step (1-based), the first Player of J there
	// whose planned Action (as written in the step; "-" for idle) is not
	// enabled, and an example State (the first in the model's order) with
	// its variables' values.
	Step      int
	Player    string
	Action    string
	State     int
	StateText string
	// P(Compat^free_J(π)) − P(Compat_J(π)) under β, exactly under
	// Config.Exact, and the number of those histories when the query
	// counts histories and knows the counts exactly (always under
	// Config.Exact; nil otherwise). CountText is the number to four
	// significant digits when Count is nil but the counts determine it.
	Prob      float64
	ProbExact *big.Rat
	Count     *big.Int
	CountText string
	Kept      bool      // the free reading was in force: the histories are in the values
	Pos       prism.Pos // the plan step of Step
}

// GuidePlans is the section of the user guide on plans that cannot be
// followed, which the notes cite.
const GuidePlans = "docs/guide/plans.md#plans-that-cannot-be-followed"

// Message words the loss for a person, as onus prints it in a note.
func (l *PlanLoss) Message() string { return LossMessage([]*PlanLoss{l}) }

// FreeReading names the free reading of plans that cannot be followed in
// the checker's messages, as the library's options set it. The command
// line puts its own flag in its place (FreeReadingFlag).
const FreeReading = "the free reading (Unavailable: free)"

// FreeReadingFlag is FreeReading on the command line.
const FreeReadingFlag = "--unavailable free"

// LossMessage words, in one note, the losses of several coalitions that
// are first stuck at the same step, player and state.
func LossMessage(ls []*PlanLoss) string {
	l := ls[0]
	plan, name := "the plan", "π"
	if l.Plan != "" {
		plan, name = "plan "+l.Plan, l.Plan
	}
	action := l.Action
	if action == "-" {
		action = "idle"
	}
	head := fmt.Sprintf("%s, step %d: %s cannot %s in %s (not enabled there)", plan, l.Step, l.Player, takeText(action), l.StateText)
	compat := func(l *PlanLoss) string { return fmt.Sprintf("Compat_{%s}(%s)", strings.Join(l.Coalition, ","), name) }
	if len(ls) == 1 {
		set := "{" + strings.Join(l.Coalition, ",") + "}"
		mass := l.mass(true)
		if l.Kept {
			return fmt.Sprintf("%s; %s lets %s act as β says there, which keeps in %s the histories where %s cannot follow the plan (%s); drop would leave them out (see %s)",
				head, FreeReading, l.Player, compat(l), set, mass, GuidePlans)
		}
		return fmt.Sprintf("%s; the histories where %s cannot follow the plan (%s) are not in %s, so its values leave them out; %s keeps them (see %s)",
			head, set, mass, compat(l), FreeReading, GuidePlans)
	}
	units := "probability under β"
	if l.Count != nil || l.CountText != "" {
		units += " (histories)"
	}
	var parts []string
	for _, x := range ls {
		parts = append(parts, compat(x)+" "+x.mass(false))
	}
	list := units + ": " + strings.Join(parts, ", ")
	if l.Kept {
		return fmt.Sprintf("%s; %s lets %s act as β says there and keeps the histories where a coalition cannot follow the plan, which drop would leave out of its set — %s (see %s)",
			head, FreeReading, l.Player, list, GuidePlans)
	}
	return fmt.Sprintf("%s; the histories where a coalition cannot follow the plan are not in its set, and its values leave them out — %s; %s keeps them (see %s)",
		head, list, FreeReading, GuidePlans)
}

// mass prints the probability (and count) of the loss; long spells out
// the units ("probability 0.2 under β, 8 histories"), else "0.2 (8)".
func (l *PlanLoss) mass(long bool) string {
	if !long {
		switch {
		case l.Count != nil:
			return shortFloat(l.Prob) + " (" + l.Count.String() + ")"
		case l.CountText != "":
			return shortFloat(l.Prob) + " (about " + l.CountText + ")"
		}
		return shortFloat(l.Prob)
	}
	s := "probability " + shortFloat(l.Prob) + " under β"
	if l.Count != nil {
		n := "histories"
		if l.Count.Cmp(big.NewInt(1)) == 0 {
			n = "history"
		}
		s += ", " + l.Count.String() + " " + n
	} else if l.CountText != "" {
		s += ", about " + l.CountText + " histories"
	}
	return s
}

func takeText(action string) string {
	if action == "idle" {
		return "idle"
	}
	return "take " + action
}

// shortFloat prints a probability with at most 4 significant digits.
func shortFloat(x float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.4g", x), ".")
}

// lossPasses returns the masks of the passes lossNotes(q, …, js) will
// run over the whole horizon, both readings of every coalition of js whose
// plan cannot always be followed, so that they can run along with the
// degrees' (Query.Prefetch).
func (c *Checker) lossPasses(q *resp.Query, js []uint64) []uint64 {
	if !q.Counts && len(q.Steps) < q.T {
		return nil // lossNotes stops its passes at the plan's end
	}
	s0 := int(q.Product.S[q.Start])
	var out []uint64
	for _, j := range js {
		if c.hist.FirstLoss(s0, q.Steps, q.T, j) == nil {
			continue
		}
		out = append(out, q.Compat(j&q.Planned()), lossMask(q, j))
	}
	return out
}

// lossMask is the pass of coalition j's loss note beside the query's own:
// the difference of the two readings (hist.Diff) where the passes take
// it, else the other reading.
func lossMask(q *resp.Query, j uint64) uint64 {
	switch {
	case q.Free:
		return j
	case q.Product.DiffPasses(q.Counts):
		return j | hist.Diff
	}
	return j | hist.Free
}

// lossNotes adds a note for every coalition of js (plain masks) whose
// compatible histories differ between the two readings of unavailable
// actions, for the top-level query q of plan ref.
func (c *Checker) lossNotes(q *resp.Query, ref prism.PlanRef, js []uint64) {
	g := c.g
	s0 := int(q.Product.S[q.Start])
	type found struct {
		j    uint64
		loss *hist.Loss
	}
	var lossy []found
	for _, j := range js {
		if l := c.hist.FirstLoss(s0, q.Steps, q.T, j); l != nil {
			lossy = append(lossy, found{j, l})
		}
	}
	if len(lossy) == 0 {
		return
	}
	// The other reading's passes (or the difference's), all at once.
	masks := make([]uint64, len(lossy))
	for i, f := range lossy {
		masks[i] = lossMask(q, f.j)
	}
	// Without counts only the lost probability is wanted, and after the
	// plan's last step nothing is lost under either reading (a free step
	// keeps every history, β sums to 1), so both readings' passes stop
	// there: a plan of 50 steps judged at T = 3000 costs 50 steps.
	L := q.T
	if !q.Counts {
		L = min(q.T, len(q.Steps))
	}
	other := q.Product.Passes(q.Start, q.Steps, L, masks, q.Counts)
	name := ref.Name
	var losses []*PlanLoss
	for i, f := range lossy {
		st := q.Steps[f.loss.Step]
		l := PlanLoss{
			Plan:      name,
			Coalition: c.playerNames(f.j),
			Step:      f.loss.Step + 1,
			Player:    g.Players[f.loss.Player],
			Action:    c.plannedAction(st, f.loss.Player),
			State:     f.loss.State,
			StateText: c.stateText(f.loss.State),
			Kept:      q.Free,
			Pos:       c.stepPos[st],
		}
		if masks[i]&hist.Diff != 0 {
			lossFromDiff(&l, other[i])
			losses = append(losses, &l)
			continue
		}
		// This reading's pass over the same L steps (over all T it is the
		// query's own).
		var mine *hist.Result
		if L < q.T {
			mine = q.Product.Pass(q.Start, q.Steps, L, q.Compat(f.j), false)
		} else {
			mine = q.Pass(f.j)
		}
		drop, free := mine, other[i]
		if q.Free {
			drop, free = other[i], mine
		}
		pd := drop.PAcc.Add(drop.PRej).Float()
		pf := free.PAcc.Add(free.PRej).Float()
		l.Prob = max(pf-pd, 0)
		if drop.RAcc != nil && free.RAcc != nil {
			l.ProbExact = new(big.Rat).Add(free.RAcc, free.RRej)
			l.ProbExact.Sub(l.ProbExact, drop.RAcc)
			l.ProbExact.Sub(l.ProbExact, drop.RRej)
			l.Prob = resp.RatFloat(l.ProbExact)
		}
		switch {
		case !drop.Counted || !free.Counted:
		case drop.CAcc != nil && drop.CRej != nil && free.CAcc != nil && free.CRej != nil:
			l.Count = new(big.Int).Add(free.CAcc, free.CRej)
			l.Count.Sub(l.Count, drop.CAcc)
			l.Count.Sub(l.Count, drop.CRej)
		default:
			// Counts too large to be exact: their difference, when they
			// are precise enough to give it.
			if n, ok := free.NAcc.Add(free.NRej).Sub(drop.NAcc.Add(drop.NRej)); ok {
				l.CountText = n.Text(4)
			}
		}
		losses = append(losses, &l)
	}
	// One note per place where the plan is first stuck.
	for len(losses) > 0 {
		l0 := losses[0]
		group, rest := []*PlanLoss{l0}, losses[:0:0]
		for _, l := range losses[1:] {
			if l.Pos == l0.Pos && l.Step == l0.Step && l.Player == l0.Player && l.State == l0.State {
				group = append(group, l)
			} else {
				rest = append(rest, l)
			}
		}
		c.addNote(Note{Pos: l0.Pos, Msg: LossMessage(group), Losses: group})
		losses = rest
	}
}

// lossFromDiff sets the loss's probability and count from the pass of
// the histories the two readings differ by (a Diff pass, never exact: the
// passes with exact values take the difference of the two readings').
func lossFromDiff(l *PlanLoss, d *hist.Result) {
	l.Prob = d.PAcc.Add(d.PRej).Float()
	if !d.Counted {
		return
	}
	if d.CAcc != nil && d.CRej != nil {
		l.Count = new(big.Int).Add(d.CAcc, d.CRej)
		return
	}
	l.CountText = d.NAcc.Add(d.NRej).Text(4)
}

// plannedAction is player p's action in step st as written: a csg action
// label or "-" for idle; in an smg or mdp the step's text.
func (c *Checker) plannedAction(st *hist.Step, p int) string {
	if st.Act != nil {
		if a := st.Act[p]; a > 0 {
			return c.g.Actions[a]
		}
		return "-"
	}
	return strings.TrimSuffix(strings.TrimPrefix(st.Text, "["), "]")
}

// stateText prints state s as its variables' values: (x=1,b=true).
func (c *Checker) stateText(s int) string {
	g := c.g
	vals := g.State(s)
	parts := make([]string, len(g.Vars))
	for i, v := range g.Vars {
		switch {
		case v.Bool && vals[i] != 0:
			parts[i] = v.Name + "=true"
		case v.Bool:
			parts[i] = v.Name + "=false"
		default:
			parts[i] = fmt.Sprintf("%s=%d", v.Name, vals[i])
		}
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// respCoalitions lists the coalitions (plain masks, ∅ left out) whose
// compatible histories the value of operator kind for the query's agent
// is computed from: CAR {i}; CPR Ag and Ag∖{i}; CCR every J ∋ i and J∖{i};
// the power indices and blame every J.
func respCoalitions(kind prism.RespKind, q *resp.Query) []uint64 {
	i := uint64(1) << uint(q.Agent)
	all := q.All()
	var js []uint64
	switch {
	case kind.IsPower():
		for j := uint64(1); j <= all; j++ {
			js = append(js, j)
		}
	case kind == prism.CAR:
		js = []uint64{i}
	case kind == prism.CPR:
		js = []uint64{all, all &^ i}
	default:
		seen := map[uint64]bool{}
		for _, j := range q.Coalitions() {
			for _, k := range []uint64{j, j &^ i} {
				if k != 0 && !seen[k] {
					seen[k] = true
					js = append(js, k)
				}
			}
		}
	}
	var out []uint64
	for _, j := range js {
		if j != 0 {
			out = append(out, j)
		}
	}
	return out
}
