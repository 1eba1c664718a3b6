package translate

import "math/bits"

// keyTable maps packed state keys (uint64) to state indices by open
// addressing with linear probing: one array of slots, no allocation per
// state, one cache line touched by most lookups. It replaces a Go map for
// stores whose keys fit in 64 bits but are too long for a direct table.
type keyTable struct {
	slots []keySlot
	shift uint // 64 - log2(len(slots))
	count int
}

// keySlot holds a key and its state index plus one (0: an empty slot).
type keySlot struct {
	key uint64
	val int32
}

const keyTableMinBits = 10

func newKeyTable() *keyTable {
	return &keyTable{slots: make([]keySlot, 1<<keyTableMinBits), shift: 64 - keyTableMinBits}
}

// hash spreads a key over the table (the finaliser of MurmurHash3, whose
// constants are public; packed keys differ in few bits).
func (t *keyTable) hash(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k >> t.shift
}

// get returns the index of key k, or -1.
func (t *keyTable) get(k uint64) int32 {
	mask := uint64(len(t.slots) - 1)
	for h := t.hash(k); ; h = (h + 1) & mask {
		s := &t.slots[h]
		if s.val == 0 {
			return -1
		}
		if s.key == k {
			return s.val - 1
		}
	}
}

// put adds key k (absent) with index i.
func (t *keyTable) put(k uint64, i int32) {
	if 4*(t.count+1) > 3*len(t.slots) {
		t.grow()
	}
	t.insert(k, i+1)
	t.count++
}

func (t *keyTable) insert(k uint64, val int32) {
	mask := uint64(len(t.slots) - 1)
	h := t.hash(k)
	for t.slots[h].val != 0 {
		h = (h + 1) & mask
	}
	t.slots[h] = keySlot{k, val}
}

func (t *keyTable) grow() {
	old := t.slots
	n := bits.Len(uint(len(old))) // log2(len(old)) + 1
	t.slots = make([]keySlot, 1<<n)
	t.shift = uint(64 - n)
	for _, s := range old {
		if s.val != 0 {
			t.insert(s.key, s.val)
		}
	}
}

// renumber replaces every index i by inv[i].
func (t *keyTable) renumber(inv []int32) {
	for j := range t.slots {
		if v := t.slots[j].val; v != 0 {
			t.slots[j].val = inv[v-1] + 1
		}
	}
}

// bytes is the table's size.
func (t *keyTable) bytes() int64 { return 16 * int64(len(t.slots)) }
