package translate

import (
	"cmp"
	"math/bits"
	"slices"
)

// store interns state vectors. When the packed valuation (each variable
// offset by its lower bound, in its range's bit width, first variable most
// significant) fits in 64 bits the key is a uint64; otherwise a string of
// the packed fields. Both keys sort like the valuations (§4.12). When the
// packed valuation has at most denseBits bits, a table indexed by the key
// replaces the map: no hashing, and the states come out in key order by a
// scan instead of a sort. Longer keys of up to 64 bits go to the same
// table cut into pages made on demand (pagetable.go), or to a hash table
// (keyset.go) when the states are too sparse for pages.
type store struct {
	n     int
	lo    []int64
	width []uint
	fits  bool
	dense []int32    // index by key: state+1, 0 for none (when the key is short)
	pages *pageTable // keys of up to 64 bits, too long for dense
	m64   *keyTable  // the same when the pages were too sparse
	moved int64      // the bytes of pages and hash table when the keys moved
	mstr  map[string]int32
	vals  []int32
	count int
	max   int
	buf   []byte
	shift []uint   // fits: the position of each variable's field in the key
	mask  []uint64 // fits: each variable's field, in place
}

func newStore(vars []Var, max int) *store {
	st := &store{n: len(vars), max: max}
	total := uint(0)
	for _, v := range vars {
		st.lo = append(st.lo, int64(v.Lo))
		w := uint(bits.Len64(uint64(int64(v.Hi) - int64(v.Lo))))
		st.width = append(st.width, w)
		total += w
	}
	st.fits = total <= 64
	if st.fits {
		pos := total
		for _, w := range st.width {
			pos -= w
			st.shift = append(st.shift, pos)
			st.mask = append(st.mask, (uint64(1)<<w-1)<<pos)
		}
	}
	switch {
	case total <= denseBits:
		st.dense = make([]int32, 1<<total)
	case st.fits:
		st.pages = newPageTable()
	default:
		st.mstr = map[string]int32{}
	}
	return st
}

// denseBits is the longest key the store indexes by a table (2^24 int32s
// are 64 MiB: less than a map of a tenth as many states).
const denseBits = 24

func (st *store) key64(s []int32) uint64 {
	var k uint64
	for i := 0; i < st.n; i++ {
		k = k<<st.width[i] | uint64(int64(s[i])-st.lo[i])
	}
	return k
}

func (st *store) keyStr(s []int32) []byte {
	b := st.buf[:0]
	for i := 0; i < st.n; i++ {
		x := uint32(int64(s[i]) - st.lo[i])
		b = append(b, byte(x>>24), byte(x>>16), byte(x>>8), byte(x))
	}
	st.buf = b
	return b
}

// find returns the index of state s, adding it if new. It panics with a
// *LimitError when the store would exceed its limit.
func (st *store) find(s []int32) (int32, bool) {
	if st.dense != nil {
		k := st.key64(s)
		if i := st.dense[k]; i > 0 {
			return i - 1, false
		}
		i := st.add(s)
		st.dense[k] = i + 1
		return i, true
	}
	if st.fits {
		k := st.key64(s)
		if i := st.get(k); i >= 0 {
			return i, false
		}
		i := st.add(s)
		st.put(k, i)
		return i, true
	}
	k := st.keyStr(s)
	if i, ok := st.mstr[string(k)]; ok {
		return i, false
	}
	i := st.add(s)
	st.mstr[string(k)] = i
	return i, true
}

// findKey is find for a packed key (when the key fits in 64 bits); s is
// scratch for the valuation of a new state.
func (st *store) findKey(k uint64, s []int32) int32 {
	if st.dense != nil {
		if i := st.dense[k]; i > 0 {
			return i - 1
		}
	} else if i := st.get(k); i >= 0 {
		return i
	}
	for v := range s {
		s[v] = int32(int64((k&st.mask[v])>>st.shift[v]) + st.lo[v])
	}
	i := st.add(s)
	if st.dense != nil {
		st.dense[k] = i + 1
	} else {
		st.put(k, i)
	}
	return i
}

// get looks key k up in the pages or the hash table (when the key fits
// but is too long for dense), -1 if absent.
func (st *store) get(k uint64) int32 {
	if st.pages != nil {
		return st.pages.get(k)
	}
	return st.m64.get(k)
}

// put adds key k with index i to the pages or the hash table, and moves
// the pages into a hash table when they become sparse.
func (st *store) put(k uint64, i int32) {
	if st.pages == nil {
		st.m64.put(k, i)
		return
	}
	if st.pages.put(k, i) {
		st.m64 = st.pages.keyTable()
		st.moved = st.pages.bytes() + st.m64.bytes()
		st.pages = nil
	}
}

// setField returns key k with variable v's field holding value x.
func (st *store) setField(k uint64, v int, x int32) uint64 {
	return k&^st.mask[v] | uint64(int64(x)-st.lo[v])<<st.shift[v]
}

func (st *store) add(s []int32) int32 {
	if st.count >= st.max {
		panic(&LimitError{Resource: States, Limit: int64(st.max)})
	}
	st.vals = grow(st.vals, st.n)
	st.vals = append(st.vals, s[:st.n]...)
	st.count++
	return int32(st.count - 1)
}

func (st *store) state(i int32) []int32 {
	return st.vals[int(i)*st.n : int(i+1)*st.n]
}

// renumber renumbers the states in key order (the order of their
// valuations): afterwards find and state use the new indices. It returns
// the old index of each new one.
func (st *store) renumber() []int32 {
	var order []int32
	switch {
	case st.pages != nil:
		order = st.pages.renumber()
	case st.dense != nil:
		order = make([]int32, 0, st.count)
		for k, i := range st.dense {
			if i > 0 {
				order = append(order, i-1)
				st.dense[k] = int32(len(order))
			}
		}
	default:
		order = make([]int32, 0, st.count)
		for i := 0; i < st.count; i++ {
			order = append(order, int32(i))
		}
		if st.fits {
			st.sortByKey(order)
		} else {
			slices.SortFunc(order, func(a, c int32) int {
				return slices.Compare(st.state(a), st.state(c))
			})
		}
		inv := make([]int32, st.count)
		for newI, old := range order {
			inv[old] = int32(newI)
		}
		if st.m64 != nil {
			st.m64.renumber(inv)
		}
		for k, i := range st.mstr {
			st.mstr[k] = inv[i]
		}
	}
	vals := make([]int32, 0, len(st.vals))
	for _, old := range order {
		vals = append(vals, st.state(old)...)
	}
	st.vals = vals
	return order
}

// grow makes room for n more elements, doubling the capacity when it runs
// out (append grows large slices by a quarter, which copies the state
// space's arrays several times over).
func grow[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	out := make([]T, len(s), 2*cap(s)+n)
	copy(out, s)
	return out
}

// sortByKey sorts the state indices of order by packed key.
func (st *store) sortByKey(order []int32) {
	total := uint(0)
	for _, w := range st.width {
		total += w
	}
	if total <= 32 {
		// key and index in one word: a sort of plain integers
		packed := make([]uint64, st.count)
		for i := range packed {
			packed[i] = st.key64(st.state(int32(i)))<<32 | uint64(i)
		}
		slices.Sort(packed)
		for j, p := range packed {
			order[j] = int32(uint32(p))
		}
		return
	}
	type keyed struct {
		key uint64
		i   int32
	}
	ks := make([]keyed, st.count)
	for i := range ks {
		ks[i] = keyed{st.key64(st.state(int32(i))), int32(i)}
	}
	slices.SortFunc(ks, func(a, c keyed) int { return cmp.Compare(a.key, c.key) })
	for j, k := range ks {
		order[j] = k.i
	}
}
