package translate

import (
	"fmt"
	"math"
	"strconv"

	"github.com/onus-mc/onus/prism"
)

// DefaultMaxTransitions is the transition limit used when
// Config.MaxTransitions is 0: transitions are indexed by int32.
const DefaultMaxTransitions = math.MaxInt32 - 1

// Resource names what a LimitError limits.
type Resource int

// The limited resources.
const (
	States      Resource = iota // Config.MaxStates
	Transitions                 // Config.MaxTransitions
	Memory                      // Config.MaxMemory, in bytes
)

// LimitError reports that model construction exceeded a limit of Config.
type LimitError struct {
	Resource Resource
	Limit    int64
}

// Error says which limit was exceeded, naming the limit by its Config
// field (a front end names its own setting from Resource and Limit).
func (e *LimitError) Error() string {
	switch e.Resource {
	case Transitions:
		return fmt.Sprintf("the model has more than %d transitions (the limit MaxTransitions)", e.Limit)
	case Memory:
		return fmt.Sprintf("model construction needs more than %s (the limit MaxMemory); raise the limit or reduce the model", FormatBytes(e.Limit))
	}
	return fmt.Sprintf("the model has more than %d states (the limit MaxStates)", e.Limit)
}

// FormatBytes prints a byte count in binary units: 512 bytes, 16 MiB, 1.5 GiB.
func FormatBytes(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	x, u := float64(n), 0
	for x >= 1024 && u < len(units)-1 {
		x /= 1024
		u++
	}
	if x == math.Trunc(x) {
		return strconv.FormatFloat(x, 'f', 0, 64) + " " + units[u]
	}
	return strconv.FormatFloat(x, 'f', 1, 64) + " " + units[u]
}

// Estimated sizes in bytes. Arrays and the store's tables are counted by
// their capacity, the store's hash map of long keys per entry (slot,
// control byte and load factor), exact probabilities per big.Rat (two
// small big.Ints).
const (
	mapEntryStrBytes = 48 // plus the key's bytes
	ratBytes         = 112
)

// pollInterval is how many calls of checkLimits (one per state expanded,
// in both passes, and one per 4096 transitions of a state) pass between
// two calls of Config.Poll.
const pollInterval = 4096

// pollError carries the error of Config.Poll out of exploration.
type pollError struct{ err error }

// checkLimits is the one place of the exploration loop where limits are
// checked: it calls Config.Poll every pollInterval calls, and in the first
// pass panics with a *LimitError when the transitions counted or the
// estimated memory exceed the configured limits. The memory counted is
// what the first pass holds now plus what the second will allocate for
// the states and transitions counted so far, so the limit is met before
// the game's arrays are made. The count depends only on the model, not on
// the garbage collector, so the limit is deterministic; the second pass
// repeats the first's counts and checks nothing but Poll.
func (x *explorer) checkLimits() {
	x.polls++
	if x.polls%pollInterval == 0 && x.b.cfg.Poll != nil {
		if err := x.b.cfg.Poll(); err != nil {
			panic(&pollError{err})
		}
	}
	if x.polls%pollInterval == 0 && x.b.cfg.Progress != nil {
		st := BuildStatus{Pass: 2, Expanded: int(x.cur) + 1, Found: x.st.count}
		if x.discover {
			st.Pass = 1
		}
		x.b.cfg.Progress(st)
	}
	if !x.discover {
		return
	}
	if x.totTr+int64(len(x.trTarget)) > int64(x.b.cfg.MaxTransitions) {
		panic(&LimitError{Resource: Transitions, Limit: int64(x.b.cfg.MaxTransitions)})
	}
	if x.b.cfg.MaxMemory > 0 && x.memory() > x.b.cfg.MaxMemory {
		panic(&LimitError{Resource: Memory, Limit: x.b.cfg.MaxMemory})
	}
}

// memory estimates the bytes the first pass holds and the second needs.
func (x *explorer) memory() int64 {
	st := x.st
	n := int64(st.count)
	// the states, and the choices and transitions kept (all of them while
	// the first pass keeps them for permute, else one state's)
	held := 4*int64(cap(st.vals)) + 4*int64(cap(x.stChoice)+cap(x.stOwner)) + int64(cap(x.stDead)) +
		4*int64(cap(x.chAction)+cap(x.chJoint)+cap(x.chTrans)) +
		12*int64(cap(x.trTarget)) + 8*int64(cap(x.trRat)) + ratBytes*int64(len(x.trRat))
	// renumbering: the order, and the sorted values; a sort also its
	// inverse, and the sort keys when they fit in 64 bits
	renum := 4*n + 4*int64(len(st.vals))
	switch {
	case st.dense != nil:
		held += 4 * int64(len(st.dense))
	case st.pages != nil:
		held += st.pages.bytes()
	case st.fits:
		// the pages and the hash table were held together when the
		// keys moved
		held += max(st.m64.bytes(), st.moved)
		renum += 20 * n
	default:
		held += (mapEntryStrBytes + 4*int64(st.n)) * n
		renum += 4 * n
	}
	// the second pass's arrays, which become the game's
	// every state found and not yet expanded will have a choice and a
	// transition at least
	waiting := max(0, n-int64(x.cur)-1)
	ch := x.totCh + int64(len(x.chTrans)) + waiting
	tr := x.totTr + int64(len(x.trTarget)) + waiting
	perChoice := int64(2) // action and first transition
	if x.b.typ == prism.TypeCSG {
		perChoice = 1 + int64(len(x.b.players)) // joint action and first transition
	}
	final := 9*n + 4*ch*perChoice + 12*tr + 12*(x.totMix+int64(len(x.mixAct)))
	if x.exact {
		final += (8 + ratBytes) * tr
	}
	return held + renum + final
}
