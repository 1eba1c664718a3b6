package resp

import (
	"sync"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Kind is a responsibility operator.
type Kind int

// The responsibility operators of SPEC §5.
const (
	CAR Kind = iota // causal active responsibility
	CPR             // causal passive responsibility
	CCR             // contributive responsibility
)

// Query is one responsibility operator prepared at one start state: the
// agent's responsibility for the outcome whose automaton Product pairs with
// the game, under a plan, on histories of length T.
type Query struct {
	Kind    Kind
	Agent   int          // the agent's player index
	Players int          // the number of players (at most 62)
	Steps   []*hist.Step // the plan, one step per position (nil: free)
	T       int          // the horizon
	Product *hist.Product
	Start   int32 // the start product state
	// Counts: the passes count histories (for the # and H degrees and for
	// exported languages); without, only probabilities and emptiness.
	Counts bool
	Exact  bool // also exact probabilities (the model must be exact)
	// Free measures Compat^free_J(π) instead of Compat_J(π) (SPEC §13): a
	// player of J whose planned action is not enabled acts as β says. The
	// plan searches (Avoidable) are the same either way: full plans must
	// be executable.
	Free bool

	memo *memo // passes and plan searches, shared by the queries of For
}

// memo holds what a query has computed, by coalition mask: the passes
// over Compat_J(π) and the answers of Avoidable. Queries that differ only
// in the operator and the agent share it.
type memo struct {
	passes map[uint64]*hist.Result
	// The searches' and sweeps' answers, each computed once even when
	// coalitions running in parallel ask at once (parallel.go); mu guards
	// the tables, the filters of the model and the progress counts.
	avoid map[uint64]*once[bool]
	reach map[uint64]*once[Emptiness] // sweeps (reach.go) of coalitions not measured
	mu    sync.Mutex
	// closed: the product is explored within the horizon (parallel.go).
	closed, closedKnown bool
	// Caches of the searches: filters by plan step and mask, and the names
	// of smg states (parallel.go).
	allows map[stepMask]translate.Bitset
	names  map[int][][]hist.Opt
	// The coalitions running in parallel, for progress lines.
	task        string
	done, total int
	// planned is the mask of the players the plan constrains at some
	// step (computed once, with hasPlanned).
	planned    uint64
	hasPlanned bool
}

// Planned returns the mask of the players the plan constrains at some step
// (in an smg or mdp, every player once some step is not free: a step
// constrains whoever owns the state reached). Compat_J(π) and the plan
// searches depend on J only through J ∩ Planned, so coalitions that agree
// there share their sweeps and searches (CCR's 2^(n-1) coalitions, the
// power indices' 2^n).
func (q *Query) Planned() uint64 {
	m := q.shared()
	if m.hasPlanned {
		return m.planned
	}
	csg := q.Product.Model().Game().Type == prism.TypeCSG
	var mask uint64
	var last *hist.Step
	for _, st := range q.Steps {
		if st == nil || st == last || st.Free() {
			continue
		}
		last = st
		if !csg {
			mask = q.all()
			break
		}
		for p, a := range st.Act {
			if a >= 0 {
				mask |= 1 << uint(p)
			}
		}
	}
	m.planned, m.hasPlanned = mask, true
	return mask
}

func (q *Query) shared() *memo {
	if q.memo == nil {
		q.memo = &memo{passes: map[uint64]*hist.Result{}, avoid: map[uint64]*once[bool]{}, reach: map[uint64]*once[Emptiness]{}}
	}
	return q.memo
}

// For returns the query of operator kind for agent with q's plan, outcome
// and horizon; the two share their passes and plan searches, so that every
// pass is run once across the operators and agents of one plan and outcome
// (onus blame).
func (q *Query) For(kind Kind, agent int) *Query {
	q.shared()
	r := *q
	r.Kind, r.Agent = kind, agent
	return &r
}

// all returns the mask of Ag.
func (q *Query) all() uint64 { return uint64(1)<<uint(q.Players) - 1 }

// All returns the mask of Ag, every player.
func (q *Query) All() uint64 { return q.all() }

// Pass returns the measurement of Compat_J(π) for coalition mask j.
func (q *Query) Pass(j uint64) *hist.Result { return q.pass(j) }

// Compat returns the mask of the pass over coalition j's compatible
// histories: j, with hist.Free under Free.
func (q *Query) Compat(j uint64) uint64 {
	if q.Free && j != 0 {
		return j | hist.Free
	}
	return j
}

// pass returns the measurement of Compat_J(π) for coalition mask j.
func (q *Query) pass(j uint64) *hist.Result {
	j &= q.Planned() // Compat_J depends on J ∩ Planned only
	m := q.shared()
	if r, ok := m.passes[j]; ok && (r.Counted || !q.Counts) {
		return r
	}
	r := q.Product.Pass(q.Start, q.Steps, q.T, q.Compat(j), q.Counts)
	m.passes[j] = r
	return r
}

// measure runs the passes of the coalitions in js not measured yet, all
// at once, so that they share their layers while the plan's filters for
// them agree (package hist, Passes).
func (q *Query) measure(js ...uint64) { q.measureWith(nil, js...) }

// PassBatch is the number of coalitions whose passes run together.
const PassBatch = 64

// Prefetch runs, all at once, the passes the degrees need, and those of
// the raw coalition masks extra (Compat masks, with hist.Free for the
// other reading: the passes the loss notes ask for later, which the
// product keeps). They share their walks and their layers where the plan
// filters them alike (package hist). Compat_Ag(π) is among them only when
// a degree needs its measures (CCR): the check that the plan can be
// carried out needs only its emptiness, which a sweep of its reachable
// states gives. (The boolean operator runs its passes one by one: it often
// needs few.) For CCR the list is every coalition, J ∋ i and J∖{i}: what
// Values needs for the power indices and onus blame.
func (q *Query) Prefetch(extra ...uint64) {
	i := uint64(1) << uint(q.Agent)
	js := []uint64{0}
	switch q.Kind {
	case CAR:
		js = append(js, i)
	case CPR:
		js = append(js, q.all()&^i)
	default:
		for _, j := range q.Coalitions() {
			js = append(js, j, j&^i)
		}
	}
	q.measureWith(extra, js...)
}

// Holds reports "every history of Compat_J(π) satisfies ψ" (from the pass
// if it has run, else by the sweep of reach.go).
func (q *Query) Holds(j uint64) bool { return !q.Empty(j).AnyRej }

// Qualitative evaluates the boolean operator.
func (q *Query) Qualitative() bool {
	i := uint64(1) << uint(q.Agent)
	switch q.Kind {
	case CAR:
		return q.Holds(i) && q.Avoidable(0)
	case CPR:
		return q.Holds(q.all()) && q.Avoidable(q.all()&^i)
	}
	if !q.Holds(q.all()) {
		return false
	}
	// The coalitions run in parallel (parallel.go); any one that holds
	// and can avoid ψ decides, as the first one would in order.
	cs := q.Coalitions()
	return q.each("CCR coalitions", len(cs), func(n int) bool {
		j := cs[n]
		return q.Holds(j) && q.Avoidable(j&^i)
	})
}

// Coalitions lists the masks J ⊆ Ag with the agent in J.
func (q *Query) Coalitions() []uint64 {
	i := uint64(1) << uint(q.Agent)
	var out []uint64
	for j := uint64(0); j <= q.all(); j++ {
		if j&i != 0 {
			out = append(out, j)
		}
	}
	return out
}

// Measured returns the passes run so far, by coalition mask.
func (q *Query) Measured() map[uint64]*hist.Result { return q.shared().passes }
