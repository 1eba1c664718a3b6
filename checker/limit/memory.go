package limit

import (
	"bufio"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// A Bound is one limit on the memory of the process, and where it comes
// from.
type Bound struct {
	Bytes  int64
	Source string // one of the Source constants
}

// The sources of a Bound, as messages name them ("under ulimit -v").
const (
	SourceRAM        = "the physical memory"
	SourceAS         = "ulimit -v" // RLIMIT_AS, the address space
	SourceCgroup     = "the cgroup's memory limit"
	SourceGoMemLimit = "GOMEMLIMIT"
)

// Available returns the tightest limit on the memory this process may
// use: the least of the machine's physical memory, the address-space
// limit (RLIMIT_AS), the cgroup's memory limit (v2 memory.max, v1
// memory.limit_in_bytes) and GOMEMLIMIT; ok is false when none can be
// read.
func Available() (b Bound, ok bool) {
	return tightest(bounds())
}

// bounds lists the limits that apply, unordered.
func bounds() []Bound {
	var out []Bound
	if n := memTotal("/proc/meminfo"); n > 0 {
		out = append(out, Bound{n, SourceRAM})
	}
	if n, ok := addressSpaceLimit(); ok {
		out = append(out, Bound{n, SourceAS})
	}
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if n := readLimit(p); n > 0 {
			out = append(out, Bound{n, SourceCgroup})
		}
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		if n := debug.SetMemoryLimit(-1); n > 0 && n < math.MaxInt64 {
			out = append(out, Bound{n, SourceGoMemLimit})
		}
	}
	return out
}

// tightest returns the least bound.
func tightest(bs []Bound) (Bound, bool) {
	if len(bs) == 0 {
		return Bound{}, false
	}
	best := bs[0]
	for _, b := range bs[1:] {
		if b.Bytes < best.Bytes {
			best = b
		}
	}
	return best, true
}

// memTotal reads MemTotal from a meminfo file, in bytes (0 if unread).
func memTotal(path string) int64 { return statusField(path, "MemTotal:") }

// statusField reads a field in kB of a /proc file (meminfo, status), in
// bytes (0 if unread).
func statusField(path, field string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == field {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb > 0 {
				return MulSat(kb, 1024)
			}
		}
	}
	return 0
}

// readLimit reads a cgroup limit file: a number of bytes, or "max" (and
// v1's huge "no limit" value), which give 0.
func readLimit(path string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || n <= 0 || n >= 1<<60 {
		return 0
	}
	return n
}

// FallbackMemory is the default budget when no limit can be read.
const FallbackMemory = 4 << 30

// RuntimeReserve is the address space the Go runtime reserves before the
// heap holds anything (its page summaries and arena index; measured: a
// Go 1.26 onus does not start under 700 MiB of RLIMIT_AS), assumed when
// the process's size (VmSize in /proc/self/status) cannot be read.
const RuntimeReserve = 768 << 20

// reserveSlack is address space kept free beyond the process's size now,
// for the runtime's later reservations (stacks, arena metadata).
const reserveSlack = 128 << 20

// reserved is the address space the process holds now, plus slack.
func reserved() int64 {
	if n := statusField("/proc/self/status", "VmSize:"); n > 0 {
		return n + reserveSlack
	}
	return RuntimeReserve
}

// minUsable is the least heap Usable returns, however tight the limit.
const minUsable = 64 << 20

// Usable is the heap the process can hold under bound b: the bound, less
// the runtime's reservations when it limits address space.
func Usable(b Bound) int64 {
	if b.Source != SourceAS {
		return b.Bytes
	}
	return max(b.Bytes-reserved(), minUsable)
}

// DefaultMaxMemory is the default budget of counted bytes (the CLI's
// --max-memory) under bound b: half of physical memory or of a cgroup's
// or GOMEMLIMIT's limit, which leaves room for what the counts miss and
// for the garbage collector; a third of the heap an address-space limit
// leaves (Usable), in which a slice that doubles needs its old and new
// arrays at once and freed memory is not returned to the limit. Measured
// under ulimit -v 10 GiB (a default of 2.9 GiB): a 15.6·10^6-state build
// whose count is just under the default peaks at 4.0 GiB of address
// space, the runtime's 1.2 GiB included, which leaves the rest for what
// the counts miss (the checker's working arrays); a larger fraction would
// also make a build too large for the limit run longer before it stops.
func DefaultMaxMemory(b Bound, ok bool) int64 {
	if !ok {
		return FallbackMemory
	}
	if b.Source == SourceAS {
		return Usable(b) / 3
	}
	return b.Bytes / 2
}
