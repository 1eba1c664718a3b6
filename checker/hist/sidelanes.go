package hist

import (
	"slices"

	"github.com/onus-mc/onus/translate"
)

// This file walks the Diff lanes of a call beside the walks of their
// plain coalitions, in side walks of their own. A lane's entries are a
// column of its walk's rows, so a Diff lane in the walk of its plain
// coalition, though it holds a handful of states, would widen every row
// of that walk (blame on the 10^6-state robots at T = 1000 peaked at
// 2.64 GB with its three Diff lanes in the walks, 2.18 GB with them
// aside, and took about 4 % more CPU). A side walk holds the Diff lanes and, for
// each, a plain lane standing in for its coalition J: before every step
// its entries are set to those of J's lane in the main walk at the states
// where J is stuck (refill), the only ones a Diff lane is fed from, so
// the side walk's rows hold the few states the stuck histories reach and
// the Diff lane's numbers are those it has in the walk of J, term for
// term. The stand-ins' own results are not used.

// sideRun is a side walk and the main walk whose coalitions it stands in
// for.
type sideRun struct {
	r, main *laneRun
	tmp     laneLayer
	stuck   map[*uint64]*pidList // per feedStates bitset, its states' product ids
	copy    []int32              // scratch: rows of main's current layer to copy
}

// pidList is the product ids, in order, whose game state is in a set,
// among the first scanned product states.
type pidList struct {
	pids    []int32
	scanned int
}

// stuckPids returns, in order, the product ids explored so far whose game
// state is in fs. Each product state is looked at once per set: the list
// grows with the product.
func (sd *sideRun) stuckPids(fs translate.Bitset) []int32 {
	if len(fs) == 0 {
		return nil
	}
	if sd.stuck == nil {
		sd.stuck = map[*uint64]*pidList{}
	}
	l := sd.stuck[&fs[0]]
	if l == nil {
		l = &pidList{}
		sd.stuck[&fs[0]] = l
	}
	states := sd.r.p.S
	for pid := l.scanned; pid < len(states); pid++ {
		if fs.Has(int(states[pid])) {
			l.pids = append(l.pids, int32(pid))
		}
	}
	l.scanned = len(states)
	return l.pids
}

// refill sets the stand-in lanes of the side walk to the entries of their
// coalitions' lanes in the main walk at the states where some Diff lane
// is fed at this step (feedStates, set by split), and clears them
// elsewhere. Both walks' layers are in order of product state.
func (sd *sideRun) refill(js []uint64) {
	r, main := sd.r, sd.main
	var stand uint64                     // the stand-in lanes
	from := make([]int, 0, len(r.lanes)) // per side lane, the main lane it stands in for (-1)
	for l, members := range r.lanes {
		from = append(from, -1)
		if members == nil || r.feeder[l] >= 0 {
			continue
		}
		stand |= 1 << uint(l)
		from[l] = sd.mainLane(js, js[members[0]])
	}
	var want uint64 // the main lanes stood in for
	for _, m := range from {
		if m >= 0 {
			want |= 1 << uint(m)
		}
	}
	cur, mc := r.cur, main.cur
	L, ML := r.L, main.L
	// The rows of main's layer to copy: at a state where some lane feeds,
	// with an entry of a lane stood in for (found by search: main's layer
	// is in order of product state, and the stuck states are few).
	sd.copy = sd.copy[:0]
	if want != 0 {
		for _, pid := range sd.stuckPids(r.feedStates) {
			if j, ok := slices.BinarySearch(mc.active, pid); ok && mc.has[j]&want != 0 {
				sd.copy = append(sd.copy, int32(j))
			}
		}
	}
	out := &sd.tmp
	out.reset()
	i, c := 0, 0
	for i < len(cur.active) || c < len(sd.copy) {
		j := -1 // the main row to copy at this product state
		if c < len(sd.copy) {
			j = int(sd.copy[c])
		}
		var pid int32
		var h uint64
		var row []entry
		switch {
		case i < len(cur.active) && (j < 0 || cur.active[i] <= mc.active[j]):
			pid, h, row = cur.active[i], cur.has[i]&^stand, cur.ent[i*L:i*L+L]
			i++
		default:
			pid, h, row = mc.active[j], 0, zeroRow[:L]
		}
		n := len(out.active)
		out.active = append(out.active, pid)
		out.has = append(out.has, h)
		out.ent = append(out.ent, row...)
		dr := out.ent[n*L : n*L+L]
		for l := range dr {
			if h&(1<<uint(l)) == 0 {
				dr[l] = entry{}
			}
		}
		if j >= 0 && mc.active[j] == pid {
			for l, m := range from {
				if m >= 0 && mc.has[j]&(1<<uint(m)) != 0 {
					dr[l] = mc.ent[j*ML+m]
					out.has[n] |= 1 << uint(l)
				}
			}
			c++
		}
		if out.has[n] == 0 {
			out.active, out.has, out.ent = out.active[:n], out.has[:n], out.ent[:n*L]
		}
	}
	cur.active = append(cur.active[:0], out.active...)
	cur.has = append(cur.has[:0], out.has...)
	cur.ent = append(cur.ent[:0], out.ent...)
}

// mainLane is the lane of the main walk that holds coalition j (a plain
// mask), or -1 once it has none (its histories are gone).
func (sd *sideRun) mainLane(js []uint64, j uint64) int {
	return slices.IndexFunc(sd.main.lanes, func(ms []int) bool {
		return slices.ContainsFunc(ms, func(i int) bool { return js[i] == j })
	})
}

// keep is the mask of the side walk's stand-in lanes whose coalitions
// still have a lane in the main walk: they live on, empty or not, to feed
// their Diff lanes.
func (sd *sideRun) keep(js []uint64) uint64 {
	var keep uint64
	for l, members := range sd.r.lanes {
		if members == nil || sd.r.feeder[l] >= 0 {
			continue
		}
		if sd.mainLane(js, js[members[0]]) >= 0 {
			keep |= 1 << uint(l)
		}
	}
	return keep
}

// splitWalk parts walk g (indices into js) into its plain coalitions,
// with the plain coalition of each Diff coalition that lacks it, and the
// members of its side walks: the Diff coalitions, at most maxLanes/2 a
// side walk, each with a stand-in for its plain coalition, so that a side
// walk's lanes, stand-ins split by their filters included, never exceed
// maxLanes. New coalitions are appended to js.
func splitWalk(g []int, js []uint64) (plain []int, sides [][]int, _ []uint64) {
	var diffs []int
	for _, i := range g {
		if js[i]&Diff != 0 {
			diffs = append(diffs, i)
		} else {
			plain = append(plain, i)
		}
	}
	for _, d := range diffs {
		base := js[d] &^ Diff
		if !slices.ContainsFunc(plain, func(k int) bool { return js[k] == base }) {
			js = append(js[:len(js):len(js)], base)
			plain = append(plain, len(js)-1)
		}
	}
	for len(diffs) > 0 {
		chunk := diffs[:min(len(diffs), maxLanes/2)]
		diffs = diffs[len(chunk):]
		var bases []uint64
		var members []int
		for _, d := range chunk {
			if base := js[d] &^ Diff; !slices.Contains(bases, base) {
				bases = append(bases, base)
				js = append(js[:len(js):len(js)], base)
				members = append(members, len(js)-1)
			}
		}
		sides = append(sides, append(members, chunk...))
	}
	return plain, sides, js
}
