package locate

import (
	"fmt"
	"math/big"

	"github.com/onus-mc/onus/checker/limit"
)

// refine computes the indices on blocks of groups (SPEC §12.4, --refine):
// it starts from one block holding every group with a choice and values
// the block game through its minimal winning coalitions. A block in none
// of them is a null player: all such blocks are merged into one. A block
// of several groups in one is split: into the groups with a state where a
// choice leaves P1's winning region when the block completes that minimal
// coalition (where the block's decisions matter) and the rest, or into
// halves when that separates nothing. (How blocks are split changes how
// fast the refinement ends, not the indices of the partition it ends
// with.) When no block of several groups is in a minimal winning
// coalition, the final partition is the singletons and the merged block
// (a null player), and its indices are exact.
func refine(gm *Game, v *view, opt Options) (*Result, error) {
	if gm.Obj.Value {
		return nil, fmt.Errorf("--refine needs a P>=1 objective (the blocks are split where the simple game changes)")
	}
	var all []int
	for g := range gm.Groups {
		poll(g)
		if v.choices[g] > 1 {
			all = append(all, g)
		}
	}
	var blocks [][]int
	if len(all) > 0 {
		blocks = [][]int{all}
	}
	solves := 0
	var lastMins []uint64
	for round := 1; len(blocks) > 0; round++ {
		if len(blocks) > 64 {
			return nil, &limit.Error{What: "blocks that matter (use --samples)", Limit: 64}
		}
		ws := workers(v, gm.Obj, blocks)
		mins, n, err := mwcs(ws, fmt.Sprintf("refinement round %d, %d blocks: minimal winning coalitions", round, len(blocks)))
		solves += n
		if err != nil {
			return nil, err
		}
		lastMins = mins
		var in uint64
		for _, m := range mins {
			in |= m
		}
		var next [][]int
		var rest []int
		split := false
		for b, blk := range blocks {
			bit := uint64(1) << uint(b)
			switch {
			case in&bit == 0:
				rest = append(rest, blk...)
				continue
			case len(blk) == 1:
				next = append(next, blk)
				continue
			}
			split = true
			var m uint64
			for _, x := range mins {
				if x&bit != 0 {
					m = x
					break
				}
			}
			w := ws[0]
			holds := func(g int) bool { return m&(1<<uint(g)) != 0 }
			w.own(holds)
			win := w.region()
			solves++
			var hot, cold []int
			for i, g := range blk {
				poll(i)
				h := false
				for _, s := range v.members[g] {
					if w.critical(int(s), win) {
						h = true
						break
					}
				}
				if h {
					hot = append(hot, g)
				} else {
					cold = append(cold, g)
				}
			}
			if len(hot) == 0 || len(cold) == 0 {
				hot, cold = blk[:len(blk)/2], blk[len(blk)/2:]
			}
			// A few groups that matter become players of their own at once,
			// which saves the rounds of halving them.
			for _, part := range [][]int{hot, cold} {
				if len(part) <= smallBlock {
					for _, g := range part {
						next = append(next, []int{g})
					}
				} else {
					next = append(next, part)
				}
			}
		}
		if !split {
			break
		}
		if len(rest) > 0 {
			next = append(next, rest)
		}
		blocks = next
	}
	// The final partition: the singleton blocks, and one block of the
	// rest (null: no block of several groups is in a minimal winning
	// coalition of the last game, and groups without a choice never
	// swing). Its minimal winning coalitions are the last game's, so no
	// more coalitions are solved.
	res := &Result{Solves: solves}
	var single []int // block index of each singleton
	inBlock := make([]bool, len(gm.Groups))
	for b, blk := range blocks {
		if len(blk) == 1 {
			single = append(single, b)
			inBlock[blk[0]] = true
		}
	}
	var rest []int
	for g := range gm.Groups {
		if !inBlock[g] {
			rest = append(rest, g)
		}
	}
	for _, b := range single {
		gr := gm.Groups[blocks[b][0]]
		res.Values = append(res.Values, Value{Name: gr.Name, States: gr.States, ShapleyExact: new(big.Rat), BanzhafExact: new(big.Rat), Count: new(big.Int)})
	}
	if len(rest) > 0 {
		var states []int32
		for _, g := range rest {
			states = append(states, gm.Groups[g].States...)
		}
		res.Values = append(res.Values, Value{Name: fmt.Sprintf("other states (%d groups)", len(rest)), States: states,
			ShapleyExact: new(big.Rat), BanzhafExact: new(big.Rat), Count: new(big.Int)})
	}
	res.Players = len(single)
	if len(single) == 0 {
		return res, nil
	}
	pos := map[int]int{}
	for i, b := range single {
		pos[b] = i
	}
	var remapped []uint64
	for _, m := range lastMins {
		var c uint64
		for b := range blocks {
			if m&(1<<uint(b)) != 0 {
				i, ok := pos[b]
				if !ok {
					return nil, fmt.Errorf("internal error: a block of several groups swings after refinement")
				}
				c |= 1 << uint(i)
			}
		}
		remapped = append(remapped, c)
	}
	eff := make([]int, len(single))
	for i := range eff {
		eff[i] = i
	}
	nulls := 0
	if len(rest) > 0 {
		nulls = 1
	}
	indicesFromMinimal(remapped, len(single), eff, nulls, res.Values, v.meter)
	res.VAll, res.VNone = b2f(len(remapped) > 0), b2f(len(remapped) == 1 && remapped[0] == 0)
	return res, nil
}

// smallBlock is the size up to which a block that is split becomes
// singletons.
const smallBlock = 8

// blockStates returns the states each block holds.
func blockStates(v *view, blocks [][]int) [][]int32 {
	out := make([][]int32, len(blocks))
	n := 0
	for b, blk := range blocks {
		for _, g := range blk {
			n++
			poll(n) // a block may hold 10^6 groups
			out[b] = append(out[b], v.members[g]...)
		}
	}
	return out
}

// critical reports whether some choice of view state s can leave the
// region win.
func (w *worker) critical(s int, win []bool) bool {
	g := &w.tb
	if !win[s] {
		return false
	}
	lo, hi := g.Choices(s)
	for c := lo; c < hi; c++ {
		tlo, thi := g.Transitions(c)
		for t := tlo; t < thi; t++ {
			if !win[g.Target[t]] {
				return true
			}
		}
	}
	return false
}
