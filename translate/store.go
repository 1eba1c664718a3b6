package translate

import (
	"math/bits"
)

// store interns state vectors. When the packed valuation (each variable
// offset by its lower bound, in its range's bit width, first variable most
// significant) fits in 64 bits the key is a uint64; otherwise a string of
// the packed fields. Both keys sort like the valuations (§4.12).
type store struct {
	n     int
	lo    []int64
	width []uint
	fits  bool
	m64   map[uint64]int32
	mstr  map[string]int32
	vals  []int32
	count int
	max   int
	buf   []byte
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
		st.m64 = map[uint64]int32{}
	} else {
		st.mstr = map[string]int32{}
	}
	return st
}

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
	if st.fits {
		k := st.key64(s)
		if i, ok := st.m64[k]; ok {
			return i, false
		}
		i := st.add(s)
		st.m64[k] = i
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

func (st *store) add(s []int32) int32 {
	if st.count >= st.max {
		panic(&LimitError{Resource: States, Limit: int64(st.max)})
	}
	st.vals = append(st.vals, s[:st.n]...)
	st.count++
	return int32(st.count - 1)
}

func (st *store) state(i int32) []int32 {
	return st.vals[int(i)*st.n : int(i+1)*st.n]
}
