package hist

import (
	"github.com/onus-mc/onus/checker/progress"
	"math/big"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// Model is a game with a behaviour profile (SPEC §2): what the passes
// measure histories on. It caches the choice filters of plan steps.
type Model struct {
	g           *translate.Game
	beta        []float64  // β(s)(α) per choice
	betaRat     []*big.Rat // exact β per choice (exact only)
	probRat     []*big.Rat // exact transition probabilities (exact only)
	exact       bool
	exactCounts bool
	// tinyWeights: some β(ch)·P(t) is below 2^-900, so a probability
	// pass may need its careful product (lanes.go).
	tinyWeights  bool
	maxProduct   int
	maxMemory    int64
	maxCountWork int64
	minParallel  int

	allows      map[allowKey]translate.Bitset
	actFilters  map[[2]int32]translate.Bitset
	freeFilters map[[2]int32]translate.Bitset // actionFilter plus the states where the action is missing
	missing     map[[2]int32]bool             // some state lacks the action (unavail.go)
	stuckOwners map[*Step]uint64              // owners some state of whom the step leaves stuck (unavail.go)
	feeds       map[[2]*uint64]*feedFilter    // per pair of filters, free and plain (lanes.go, feedFilter)
	owners      uint64                        // ownersMask cache
	rev         *reverse                      // the reversed game graph (prune.go), once built
	meter       *progress.Meter               // the current query's progress (SetMeter); nil: none
}

// SetMeter makes the passes report their steps to m (nil: to nobody).
func (m *Model) SetMeter(meter *progress.Meter) { m.meter = meter }

// Meter returns the meter SetMeter set (nil: none), for the computations
// over the model outside this package (the plan search).
func (m *Model) Meter() *progress.Meter { return m.meter }

// Config describes a Model.
type Config struct {
	Beta    []float64  // β per choice of the game
	BetaRat []*big.Rat // exact β per choice (Exact only)
	ProbRat []*big.Rat // exact transition probabilities (Exact only)
	Exact   bool       // also measure exact probabilities
	// ExactCounts makes the passes that count histories count them as
	// exact integers (Result.CAcc, CRej) instead of Counts, whose relative
	// error count.go bounds. Exact counts grow by a word every few dozen
	// steps, which makes a pass quadratic in T (MaxCountWork).
	ExactCounts bool
	MaxProduct  int // product states beyond which a pass stops with a *limit.Error
	// MaxMemory bounds the bytes the product and a pass's layers hold, as
	// counted by budget.go (0: no limit); beyond, a *limit.Error.
	MaxMemory int64
	// MaxCountWork bounds the 64-bit limb additions of counts in one pass
	// (0: DefaultMaxCountWork; negative: no limit); beyond, a *limit.Error.
	MaxCountWork int64
	// MinParallel is the work of a step (entries of its layers, or words of
	// big counts to add) from which the passes spread it over the cores
	// (0: a default of 16384). The results do not depend on it.
	MinParallel int
}

// NewModel returns the model of game g under cfg.
func NewModel(g *translate.Game, cfg Config) *Model {
	return &Model{
		g: g, beta: cfg.Beta, betaRat: cfg.BetaRat, probRat: cfg.ProbRat,
		exact: cfg.Exact, exactCounts: cfg.ExactCounts, maxProduct: cfg.MaxProduct, minParallel: cfg.MinParallel,
		maxMemory: cfg.MaxMemory, maxCountWork: countWorkLimit(cfg.MaxCountWork),
		allows:      map[allowKey]translate.Bitset{},
		actFilters:  map[[2]int32]translate.Bitset{},
		freeFilters: map[[2]int32]translate.Bitset{},
		missing:     map[[2]int32]bool{},
		stuckOwners: map[*Step]uint64{},
		feeds:       map[[2]*uint64]*feedFilter{},
		tinyWeights: tinyWeights(g, cfg.Beta),
	}
}

// tinyWeights reports whether some product of a choice's weight under β
// and one of its transitions' probabilities is positive and below 2^-900.
func tinyWeights(g *translate.Game, beta []float64) bool {
	if len(beta) < g.NumChoices() {
		return true
	}
	for ch := 0; ch < g.NumChoices(); ch++ {
		for t := g.TransStart[ch]; t < g.TransStart[ch+1]; t++ {
			if v := beta[ch] * g.Prob[t]; v != 0 && v < 0x1p-900 {
				return true
			}
		}
	}
	return false
}

// SetBehaviour sets the behaviour profile of a model made without one
// (the checker computes it only once a query needs it): β per choice, and
// the exact β and transition probabilities of an exact model, as Config
// gives them.
func (m *Model) SetBehaviour(beta []float64, betaRat, probRat []*big.Rat) {
	m.beta, m.betaRat, m.probRat = beta, betaRat, probRat
	m.tinyWeights = tinyWeights(m.g, beta)
}

// Game returns the model's game.
func (m *Model) Game() *translate.Game { return m.g }

// Beta returns β per choice, and its exact values when the model is exact.
func (m *Model) Beta() ([]float64, []*big.Rat) { return m.beta, m.betaRat }

// ProbRat returns the exact transition probabilities (exact models only).
func (m *Model) ProbRat() []*big.Rat { return m.probRat }

// MaxProduct returns the limit of product states (and of search states).
func (m *Model) MaxProduct() int { return m.maxProduct }

// Owner returns the player who chooses in state s of an smg or mdp (an
// mdp's one player owns every state).
func Owner(g *translate.Game, s int) int {
	if g.Owner != nil {
		return int(g.Owner[s])
	}
	return 0
}

// Free, set in a coalition mask, asks for Compat^free_J(π) (SPEC §13)
// instead of Compat_J(π): a player of J whose planned action is not
// enabled in the state reached acts as β says at that step, where under
// the plain mask the history leaves the set. Player bits stay below it
// (at most 62 players).
const Free uint64 = 1 << 63

// Diff, set in a coalition mask without Free, asks for the histories of
// Compat^free_J(π) that are not in Compat_J(π): those that reach, at
// least once, a state where a player of J cannot take its planned action
// and go on as the free reading says. The loss notes measure them
// (checker/unavail.go). Its pass runs as a lane fed by Compat_J(π)'s
// (lanes.go), which costs next to nothing when the histories that get
// stuck are few, where a pass of Compat^free_J(π) costs as much as
// Compat_J(π)'s. Only the passes that run as lanes take it (DiffPasses).
const Diff uint64 = 1 << 62

// DiffPasses reports whether passes with counts as asked (exact integers
// or not) run as lanes and so take Diff masks.
func (p *Product) DiffPasses(counts bool) bool {
	return !(counts && p.m.exactCounts) && !p.m.exact
}

// Allowed returns the choices compatible with step st for coalition j (a
// bit mask of players, with Free for Compat^free_J), or nil when every
// choice is.
func (m *Model) Allowed(st *Step, j uint64) translate.Bitset {
	free := j&(Free|Diff) != 0 // a Diff lane's own histories follow the free reading
	j &^= Free | Diff
	if st.Free() || j == 0 {
		return nil
	}
	g := m.g
	if g.Type != prism.TypeCSG {
		// In an smg the owner decides whether the step applies.
		if j&m.ownersMask()&^Free == 0 {
			return nil
		}
	}
	key := allowKey{st.sig(j), j, free}
	if g.Type == prism.TypeCSG {
		key.j = 0 // the signature already holds the constrained players
	}
	if b, ok := m.allows[key]; ok {
		return b
	}
	var b translate.Bitset
	if g.Type == prism.TypeCSG {
		// The intersection of the per-player action filters.
		for p, a := range st.Act {
			if a < 0 || j&(1<<uint(p)) == 0 {
				continue
			}
			f := m.actionFilter(p, a)
			if free {
				f = m.freeActionFilter(p, a)
			}
			if b == nil {
				b = append(translate.Bitset(nil), f...)
				continue
			}
			for w := range b {
				b[w] &= f[w]
			}
		}
	} else {
		b = translate.NewBitset(g.NumChoices())
		for s := 0; s < g.NumStates; s++ {
			lo, hi := g.Choices(s)
			o := Owner(m.g, s)
			constrained := j&(1<<uint(o)) != 0
			if constrained && free && !st.enabled(g, s) {
				constrained = false // the owner cannot follow: it acts as β says
			}
			for ch := lo; ch < hi; ch++ {
				if !constrained || st.Matches(m.g, ch, ch-lo) {
					b.Set(ch)
				}
			}
		}
	}
	m.allows[key] = b
	return b
}

// actionFilter returns the choices of a csg in which player p plays action a.
func (m *Model) actionFilter(p int, a int32) translate.Bitset {
	key := [2]int32{int32(p), a}
	if b, ok := m.actFilters[key]; ok {
		return b
	}
	g := m.g
	n := len(m.g.Players)
	b := translate.NewBitset(g.NumChoices())
	for ch := 0; ch < g.NumChoices(); ch++ {
		if g.Joint[ch*n+p] == a {
			b.Set(ch)
		}
	}
	m.actFilters[key] = b
	return b
}

// ownersMask is the set of players owning some state (smg, mdp).
func (m *Model) ownersMask() uint64 {
	if m.owners != 0 {
		return m.owners
	}
	mask := uint64(1)
	if m.g.Owner != nil {
		mask = 0
		for _, o := range m.g.Owner {
			if o >= 0 && o < 64 {
				mask |= 1 << uint(o)
			}
		}
	}
	m.owners = mask | 1<<63 // non-zero once computed
	return m.owners
}

// countWorkLimit is the effective Config.MaxCountWork (0 = no limit).
func countWorkLimit(n int64) int64 {
	switch {
	case n == 0:
		return DefaultMaxCountWork
	case n < 0:
		return 0
	}
	return n
}
