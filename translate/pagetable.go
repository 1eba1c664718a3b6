package translate

import (
	"cmp"
	"slices"
)

// pageTable maps packed state keys to state indices as a direct table
// indexed by the key would (store.dense), cut into pages of pageSize
// consecutive keys that are made when a key in them is first stored. A
// directory (a keyTable) finds a page by its number, the key's high bits,
// and a small cache of the pages used last skips the directory for most
// lookups. The successors of a state mostly differ from it in one
// variable by a little, so they fall in the state's page or in a page
// used a moment ago: a lookup touches memory the last ones touched, where
// a hash table's are a cache miss each. The states come out in key order
// by a scan of the pages in page order, without a sort.
//
// A model whose keys are spread thinly over their range would fill a
// page per few states; put reports when the pages hold more than a hash
// table of the same keys would (sparse), and the store then moves the
// keys into a keyTable.
type pageTable struct {
	dir   *keyTable // page number → index in pages
	pages [][]int32 // per page: state+1 of each key in it, 0 for none
	ids   []uint64  // the page number of each page
	count int
	// the pages used last, by number: a page holds the successors of
	// one state, the other those of the state's neighbours
	cacheID   [pageCache]uint64
	cachePage [pageCache][]int32
	cacheNext int
}

const (
	pageBits  = 10
	pageSize  = 1 << pageBits
	pageBytes = 4 * pageSize
	pageCache = 4
	// A page table is sparse when its pages take more than
	// sparseBytesPerKey bytes a key (a keyTable takes 21 to 43) and more
	// than sparseFloor bytes in all. (A breadth-first search of a model
	// of two variables reaches the pages of d rows when it has found
	// about d^2/2 states: robots' pages take 32 bytes a state at d=256.)
	sparseBytesPerKey = 32
	sparseFloor       = 2 << 20
)

func newPageTable() *pageTable { return &pageTable{dir: newKeyTable()} }

// page returns page number id, or nil if it has not been made.
func (t *pageTable) page(id uint64) []int32 {
	for j := range t.cacheID {
		if t.cacheID[j] == id && t.cachePage[j] != nil {
			return t.cachePage[j]
		}
	}
	i := t.dir.get(id)
	if i < 0 {
		return nil
	}
	p := t.pages[i]
	t.remember(id, p)
	return p
}

// remember puts page p, number id, in the cache in place of the oldest.
func (t *pageTable) remember(id uint64, p []int32) {
	t.cacheID[t.cacheNext], t.cachePage[t.cacheNext] = id, p
	t.cacheNext = (t.cacheNext + 1) % pageCache
}

// get returns the index of key k, or -1.
func (t *pageTable) get(k uint64) int32 {
	p := t.page(k >> pageBits)
	if p == nil {
		return -1
	}
	return p[k&(pageSize-1)] - 1
}

// put adds key k (absent) with index i; it reports whether the table has
// become sparse.
func (t *pageTable) put(k uint64, i int32) (sparse bool) {
	id := k >> pageBits
	p := t.page(id)
	if p == nil {
		p = make([]int32, pageSize)
		t.dir.put(id, int32(len(t.pages)))
		t.pages = append(t.pages, p)
		t.ids = append(t.ids, id)
		t.remember(id, p)
		sparse = t.pageBytes() > max(sparseFloor, sparseBytesPerKey*int64(t.count+1))
	}
	p[k&(pageSize-1)] = i + 1
	t.count++
	return sparse
}

func (t *pageTable) pageBytes() int64 { return pageBytes * int64(len(t.pages)) }

// bytes is the table's size: its pages, their headers and numbers, and
// the directory.
func (t *pageTable) bytes() int64 {
	return t.pageBytes() + 32*int64(cap(t.pages)) + t.dir.bytes()
}

// keyTable returns a keyTable of the same keys and indices.
func (t *pageTable) keyTable() *keyTable {
	kt := newKeyTable()
	for j, p := range t.pages {
		base := t.ids[j] << pageBits
		for off, v := range p {
			if v > 0 {
				kt.put(base|uint64(off), v-1)
			}
		}
	}
	return kt
}

// renumber numbers the keys in increasing order, from 0, and returns the
// old index of each new one.
func (t *pageTable) renumber() []int32 {
	byID := make([]int32, len(t.pages))
	for j := range byID {
		byID[j] = int32(j)
	}
	slices.SortFunc(byID, func(a, b int32) int { return cmp.Compare(t.ids[a], t.ids[b]) })
	order := make([]int32, 0, t.count)
	for _, j := range byID {
		p := t.pages[j]
		for off, v := range p {
			if v > 0 {
				order = append(order, v-1)
				p[off] = int32(len(order))
			}
		}
	}
	return order
}
