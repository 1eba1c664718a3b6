package hist

import "github.com/onus-mc/onus/checker/limit"

// This file counts, deterministically, what the product and the passes
// hold and do, for Config.MaxMemory and Config.MaxCountWork: the counts
// depend only on the model, the query and the horizon, never on timing.

// DefaultMaxCountWork is the limit on 64-bit limb additions of history
// counts in one pass when Config.MaxCountWork is 0. Counts grow by a bit or
// two a step, so a counted pass is quadratic in the horizon: #=? on a
// 4-state game reaches this limit near T = 4·10^5 (about a minute).
const DefaultMaxCountWork = 1 << 34

// productStateBytes estimates the bytes per discovered product state: S,
// Q, Due and the passes' slot (4 each), Acc (1), its node (32); and
// indexEntryBytes those of an entry of the index map (~48; the states in
// a table of product.go count the tables' bytes instead).
const (
	productStateBytes = 4*4 + 1 + 32
	indexEntryBytes   = 48
)

// bytes estimates the memory the product holds.
func (p *Product) bytes() int64 {
	return int64(len(p.S))*productStateBytes + int64(p.mapped)*indexEntryBytes + p.tableBytes() +
		4*int64(len(p.Succ)+len(p.closeSucc)) + 8*int64(len(p.SuccStart)) + 4*int64(len(p.closeAt))
}

// bytes estimates the memory of a layer: per entry its product state (4),
// its entry (32: probability and Count), exact count limbs (8 each, or a
// big integer's words plus its header) and an exact rational (~64).
func (l *layer) bytes() int64 {
	n := int64(len(l.active))
	b := n * 36
	switch {
	case l.w > 0:
		b += 8 * n * int64(l.w)
	case l.w == bigCounts:
		for i := range l.big {
			b += 32 + 8*int64(len(l.big[i].Bits()))
		}
	}
	return b + 64*int64(len(l.rat))
}

// countWords is the limbs of counts the layer holds: the additions its
// step made.
func (l *layer) countWords() int64 {
	switch {
	case l.w > 0:
		return int64(len(l.active)) * int64(l.w)
	case l.w == bigCounts:
		var w int64
		for i := range l.big {
			w += int64(len(l.big[i].Bits()))
		}
		return w
	}
	return 0
}

// checkBudget stops a pass (a panic with a *limit.Error, as for product
// states) when the product and the current layers of its runs outgrow
// MaxMemory, or the count additions so far outgrow MaxCountWork.
func (p *Product) checkBudget(tasks []task, work *int64) {
	m := p.m
	if m.maxMemory <= 0 && m.maxCountWork <= 0 {
		return
	}
	mem := p.bytes()
	for _, t := range tasks {
		mem += 2 * t.r.cur.bytes() // the next layer grows to the same size
		*work += t.r.cur.countWords()
	}
	if m.maxMemory > 0 && mem > m.maxMemory {
		panic(&limit.Error{What: "bytes for the product and its passes", Limit: int(m.maxMemory), Setting: "MaxMemory"})
	}
	if m.maxCountWork > 0 && *work > m.maxCountWork {
		panic(&limit.Error{What: "64-bit additions of history counts (counts grow with the horizon, so counting is quadratic in it)", Limit: int(m.maxCountWork)})
	}
}
