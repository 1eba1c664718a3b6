package prism

// ActionsOf returns the model's action labels in PRISM's order (reference
// §4.1 step 3): modules in file order, their commands in order, each
// command's labels left to right, every label once. A renamed module
// contributes its renamed labels at its own position. Reward items and
// player definitions add no actions. Action index k (1-based, as PRISM
// numbers them) is ActionsOf(m)[k-1]. Broken renamings (unknown base) add
// nothing.
func ActionsOf(m *ModelFile) []string {
	if m == nil {
		return nil
	}
	c := newChecker(NewFileSet(), m)
	c.buildModules()
	c.buildActions()
	return c.actions
}
