package translate

// This file answers which modules could have made an unlabelled choice, for
// traces (SPEC §10.4): PRISM's simulation paths name the module whose
// unlabelled command was taken instead of an action.

// UnlabelledModules returns, in module order, the names of the modules
// with an enabled unlabelled command in state s. A guard that cannot be
// evaluated in s counts as disabled (building the model would have failed
// on it had s been explored with it).
func (m *Model) UnlabelledModules(s int) []string {
	if m == nil || m.b == nil || s < 0 || s >= m.Game.NumStates {
		return nil
	}
	vals := m.Game.State(s)
	var out []string
	for _, mod := range m.b.modules {
		for _, c := range mod.unlab {
			enabled := false
			if m.b.catch(func() { enabled = c.guard(vals) }) != nil {
				enabled = false
			}
			if enabled {
				out = append(out, mod.name)
				break
			}
		}
	}
	return out
}

// ModuleNames returns the names of the model's modules (renamed copies
// included), in module order.
func (m *Model) ModuleNames() []string {
	if m == nil || m.b == nil {
		return nil
	}
	out := make([]string, len(m.b.modules))
	for i, mod := range m.b.modules {
		out[i] = mod.name
	}
	return out
}
