package solve

import "slices"

// SCCs returns the strongly connected components of the graph with nodes
// 0..n-1 and the edges succ reports, in reverse topological order (a
// component comes before every component that can reach it), each as its
// nodes in increasing order. Tarjan's algorithm, with an explicit stack so
// that long chains cannot overflow the goroutine stack.
func SCCs(n int, succ func(i int, edge func(j int))) [][]int {
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack, out []int
	var comps [][]int
	next := int32(0)
	type frame struct {
		v     int
		succs []int
		k     int
	}
	var call []frame
	var buf []int
	open := func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		buf = buf[:0]
		succ(v, func(j int) { buf = append(buf, j) })
		call = append(call, frame{v: v, succs: append([]int(nil), buf...)})
	}
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		open(root)
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.k < len(f.succs) {
				w := f.succs[f.k]
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
			call = call[:len(call)-1]
			if len(call) > 0 {
				p := call[len(call)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			out = out[:0]
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				out = append(out, w)
				if w == v {
					break
				}
			}
			comp := append([]int(nil), out...)
			slices.Sort(comp)
			comps = append(comps, comp)
		}
	}
	return comps
}
