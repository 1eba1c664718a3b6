package translate

import "slices"

// actionIndex indexes the enabled commands of one module of a csg in the
// current state by action, so that the commands a joint action can match
// are found without scanning them all (a model whose players have K
// actions each has K^2 joint actions per state).
type actionIndex struct {
	byAct   [][]int32 // per action: positions of the enabled commands carrying it
	touched []int32   // the actions with a nonempty byAct entry
	unl     []int32   // positions of the enabled unlabelled commands
	cand    []int32   // scratch for candidates
}

func (ix *actionIndex) reset() {
	for _, a := range ix.touched {
		ix.byAct[a] = ix.byAct[a][:0]
	}
	ix.touched = ix.touched[:0]
	ix.unl = ix.unl[:0]
}

// add indexes the enabled command at position i with the given labels.
func (ix *actionIndex) add(i int32, labels []int) {
	if len(labels) == 0 {
		ix.unl = append(ix.unl, i)
		return
	}
	for _, a := range labels {
		l := ix.byAct[a]
		if len(l) > 0 && l[len(l)-1] == i {
			continue // a label repeated in one command
		}
		if len(l) == 0 {
			ix.touched = append(ix.touched, int32(a))
		}
		ix.byAct[a] = append(l, i)
	}
}

// candidates returns, ascending, the positions of the enabled commands
// that carry no label or one of the actions of tuple: a superset of those
// whose labels all lie in tuple. Only the moves of the given players are
// looked at: the others are not in the module's alphabet.
func (ix *actionIndex) candidates(tuple []int32, players []int) []int32 {
	c := append(ix.cand[:0], ix.unl...)
	for _, p := range players {
		if a := tuple[p]; a > 0 {
			c = append(c, ix.byAct[a]...)
		}
	}
	for i := 1; i < len(c); i++ {
		if c[i] <= c[i-1] {
			slices.Sort(c)
			c = slices.Compact(c)
			break
		}
	}
	ix.cand = c
	return c
}
