package naive

// Loss is what the enumerator finds about the histories in which a
// coalition cannot follow a plan (SPEC §13), literally: the histories of
// Compat^free_J(π) that are not in Compat_J(π), and among them the first
// step (0-based) at which a player of J cannot take its planned action,
// the least state in which that happens at that step, and the first such
// player there.
type Loss struct {
	Histories           []int
	Step, State, Player int
}

// Lost returns the histories lost to Compat_J(π) by plan steps that a
// player of J cannot take, or nil if there are none.
func (e *Enum) Lost(plan []Step, J []bool) *Loss {
	free, drop := e.Free, map[int]bool{}
	e.Free = false
	for _, n := range e.CompatSet(plan, J) {
		drop[n] = true
	}
	e.Free = true
	out := &Loss{Step: -1}
	for _, n := range e.CompatSet(plan, J) {
		if drop[n] {
			continue
		}
		out.Histories = append(out.Histories, n)
		h := &e.Hist[n]
	steps:
		for k, st := range plan {
			if k >= e.T {
				break
			}
			s := h.States[k]
			for p := range J {
				if J[p] && e.constrains(st, s, p) && !e.canFollow(st, s, p) {
					if out.Step < 0 || k < out.Step || (k == out.Step && s < out.State) {
						out.Step, out.State, out.Player = k, s, p
					}
					break steps
				}
			}
		}
	}
	e.Free = free
	if len(out.Histories) == 0 {
		return nil
	}
	return out
}
