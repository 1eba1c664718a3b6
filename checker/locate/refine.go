package locate

import (
	"fmt"
	"math/big"

	"github.com/onus-mc/onus/checker/limit"
)

// refine computes the indices on blocks of groups (SPEC §12.4, --refine):
// it starts from one block holding every group with a choice, values the
// block game, and splits each block of several groups that swings in some
// coalition: into the groups that hold a state of P1's winning region when
// the block joins a coalition it swings in (where the block matters) and
// the rest, or into halves when that separates nothing. When no block of
// several groups swings any more, those blocks are null players: they are
// merged into one block, and the indices of the final partition are exact.
func refine(gm *Game, v *view, opt Options) (*Result, error) {
	if gm.Obj.Value {
		return nil, fmt.Errorf("--refine needs a P>=1 objective (the blocks are split where the simple game changes)")
	}
	var all []int
	for g := range gm.Groups {
		if v.choices[g] > 1 {
			all = append(all, g)
		}
	}
	blocks := [][]int{all}
	if len(all) == 0 {
		blocks = nil
	}
	solves := 0
	for {
		if len(blocks) > MaxExact {
			return nil, &limit.Error{What: "blocks that matter for exact indices (use --samples)", Limit: MaxExact}
		}
		if len(blocks) == 0 {
			break
		}
		ws := workers(v, gm.Obj, blocks)
		t := fillSimple(ws)
		solves += t.solves
		var next [][]int
		split := false
		for b, blk := range blocks {
			c, ok := swingOf(t, b)
			if len(blk) == 1 || !ok {
				next = append(next, blk)
				continue
			}
			split = true
			w := ws[0]
			in := func(g int) bool { return g == b || c&(1<<uint(g)) != 0 }
			w.own(in)
			win := w.region()
			solves++
			var hot, cold []int
			for _, g := range blk {
				h := false
				for _, s := range v.members[g] {
					if win[s] {
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
			next = append(next, hot, cold)
		}
		blocks = next
		if !split {
			break
		}
	}
	// The final partition: swinging singletons, and one block of the rest.
	var final [][]int
	var rest []int
	inBlock := make([]bool, len(gm.Groups))
	for _, blk := range blocks {
		if len(blk) == 1 {
			final = append(final, blk)
			inBlock[blk[0]] = true
		}
	}
	for g := range gm.Groups {
		if !inBlock[g] {
			rest = append(rest, g)
		}
	}
	sub := &Game{G: gm.G, Init: gm.Init, Obj: gm.Obj, Mode: gm.Mode, Path: gm.Path, Ungrouped: gm.Ungrouped}
	for _, blk := range final {
		sub.Groups = append(sub.Groups, gm.Groups[blk[0]])
	}
	if len(rest) > 0 {
		var states []int32
		for _, g := range rest {
			states = append(states, gm.Groups[g].States...)
		}
		sub.Groups = append(sub.Groups, Group{Name: fmt.Sprintf("other states (%d groups)", len(rest)), States: states})
	}
	sv := newView(sub)
	res, err := runGroups(sub, sv, Options{})
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		// The merged block never swings (refinement stopped), whatever the
		// view's choice count says.
		last := &res.Values[len(res.Values)-1]
		if last.Shapley != 0 {
			return nil, fmt.Errorf("internal error: the merged block of refinement swings")
		}
		last.ShapleyExact, last.BanzhafExact, last.Count = new(big.Rat), new(big.Rat), new(big.Int)
	}
	res.Solves += solves
	return res, nil
}

// blockStates returns the states each block holds.
func blockStates(v *view, blocks [][]int) [][]int32 {
	out := make([][]int32, len(blocks))
	for b, blk := range blocks {
		for _, g := range blk {
			out[b] = append(out[b], v.members[g]...)
		}
	}
	return out
}

// swingOf returns a smallest coalition (without player b) in which b
// swings, if any.
func swingOf(t *table, b int) (uint64, bool) {
	bit := uint64(1) << uint(b)
	best, found := uint64(0), false
	for c := uint64(0); c < uint64(len(t.win)); c++ {
		if c&bit == 0 && t.win[c|bit] && !t.win[c] {
			if !found || popcount(c) < popcount(best) {
				best, found = c, true
			}
		}
	}
	return best, found
}
