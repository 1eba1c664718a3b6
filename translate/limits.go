package translate

import (
	"fmt"
	"math"
	"strconv"
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

// Estimated sizes in bytes. Arrays are counted by their capacity, the
// hash maps of the state store per entry (slot, control byte and load
// factor), exact probabilities per big.Rat (two small big.Ints).
const (
	mapEntry64Bytes  = 32
	mapEntryStrBytes = 48 // plus the key's bytes
	ratBytes         = 112
)

// checkLimits panics with a *LimitError when the explored transitions or
// the estimated memory exceed the configured limits. The memory counted is
// what exploration holds now plus what finish will allocate for the sorted
// game (about the same arrays again, by length), so the limit is met before
// the copy is made. The count depends only on the model, not on the
// garbage collector, so the limit is deterministic.
func (x *explorer) checkLimits() {
	if int64(len(x.trTarget)) > int64(x.b.cfg.MaxTransitions) {
		panic(&LimitError{Resource: Transitions, Limit: int64(x.b.cfg.MaxTransitions)})
	}
	if x.b.cfg.MaxMemory > 0 && x.memory() > x.b.cfg.MaxMemory {
		panic(&LimitError{Resource: Memory, Limit: x.b.cfg.MaxMemory})
	}
}

// memory estimates the bytes held by exploration and needed by finish.
func (x *explorer) memory() int64 {
	st := x.st
	n := int64(st.count)
	held := 4*int64(cap(st.vals)) + 4*int64(cap(x.stChoice)+cap(x.stOwner)) + int64(cap(x.stDead)) +
		4*int64(cap(x.chAction)+cap(x.chJoint)+cap(x.chTrans)) +
		12*int64(cap(x.trTarget)) + 8*int64(cap(x.trRat)) + ratBytes*int64(len(x.trRat))
	if st.fits {
		held += mapEntry64Bytes * n
	} else {
		held += (mapEntryStrBytes + 4*int64(st.n)) * n
	}
	// finish: order, inv and sort keys per state, then the game's arrays
	final := 16*n + 4*int64(len(st.vals)) + 8*n +
		4*int64(len(x.chAction)+len(x.chJoint)+len(x.chTrans)) +
		12*int64(len(x.trTarget)) + 8*int64(len(x.trRat))
	return held + final
}
