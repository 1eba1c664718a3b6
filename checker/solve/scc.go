package solve

import (
	"slices"

	"github.com/onus-mc/onus/checker/limit"
)

// SCCs returns the strongly connected components of the graph with nodes
// 0..n-1 (n < 2^31) and the edges succ reports, in reverse topological
// order (a component comes before every component that can reach it), each
// as its nodes in increasing order. Tarjan's algorithm, with an explicit
// stack so that long chains cannot overflow the goroutine stack. The
// successors of the nodes on the depth-first path share one buffer and
// the components one array of n nodes, so that a graph of 10^7 nodes
// costs a few words per node and no allocation per node. It reads the
// deadline (--timeout, Ctrl-C) every 4096 nodes: a 10^7-node graph takes
// about a second.
func SCCs(n int, succ func(i int, edge func(j int))) [][]int {
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int32
	flat := make([]int, 0, n) // the components' nodes, back to back
	var ends []int            // where each component ends in flat
	next := int32(0)
	// A frame's successors are buf[lo:] while it is on top (the frames
	// above it truncate buf to their lo when they return); k is the next
	// one to visit.
	type frame struct {
		v     int32
		lo, k int
	}
	var call []frame
	var buf []int32
	push := func(j int) { buf = append(buf, int32(j)) }
	open := func(v int32) {
		if next&4095 == 4095 {
			limit.CheckDeadline()
		}
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		lo := len(buf)
		succ(int(v), push)
		call = append(call, frame{v: v, lo: lo, k: lo})
	}
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		open(int32(root))
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.k < len(buf) {
				w := buf[f.k]
				f.k++
				switch {
				case index[w] < 0:
					open(w)
				case onStack[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			buf = buf[:f.lo]
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			start := len(flat)
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				flat = append(flat, int(w))
				if w == v {
					break
				}
			}
			slices.Sort(flat[start:])
			ends = append(ends, len(flat))
		}
	}
	comps := make([][]int, len(ends))
	start := 0
	for k, end := range ends {
		comps[k] = flat[start:end:end]
		start = end
	}
	return comps
}

// BottomSCCs returns the bottom components of the graph (those no edge
// leaves), in the order SCCs lists them, each as its nodes in increasing
// order: where almost every path of a finite Markov chain ends.
func BottomSCCs(n int, succ func(i int, edge func(j int))) [][]int {
	// SCCs lists a component after every component it can reach, so the
	// successors outside a component are numbered by the time it comes.
	comp := make([]int, n)
	var out [][]int
	for k, c := range SCCs(n, succ) {
		for _, s := range c {
			comp[s] = k
		}
		bottom := true
		for _, s := range c {
			succ(s, func(j int) { bottom = bottom && comp[j] == k })
		}
		if bottom {
			out = append(out, c)
		}
	}
	return out
}
