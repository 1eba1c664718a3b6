package ltlf

// Classify reports whether formula id is co-safe (no unbounded G, W or R
// in its negation normal form) and whether it is a safety formula (no
// Unbounded F or U).
func (f *Factory) Classify(id int32) (coSafe, safe bool) {
	coSafe, safe = true, true
	seen := map[int32]bool{}
	var visit func(int32)
	visit = func(id int32) {
		if seen[id] || id == True || id == False {
			return
		}
		seen[id] = true
		n := f.nodes[id]
		switch n.kind {
		case fAtom:
			return
		case fNot, fX, fWX:
			visit(n.a)
			return
		case fAnd, fOr:
			for _, x := range n.list {
				visit(x)
			}
			return
		case F, U:
			if n.k == Unbounded {
				safe = false
			}
		case G, W, R:
			if n.k == Unbounded {
				coSafe = false
			}
		}
		visit(n.a)
		if n.kind != F && n.kind != G {
			visit(n.b)
		}
	}
	visit(id)
	return coSafe, safe
}
