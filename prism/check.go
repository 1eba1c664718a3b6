package prism

import "sort"

// This file holds the entry points of the semantic checker and the scope it
// builds: the shared namespace of constants, formulas and variables, the
// modules (with renamed copies resolved), the players and the actions.

// CheckModel checks a parsed model file against the rules of the PRISM-games
// language (names, types, duplicates, module writes, players, renaming,
// ranges, cycles, unsupported constructs). It returns nil or an ErrorList
// holding every error of the file, sorted by position.
func CheckModel(fset *FileSet, m *ModelFile) error {
	if m == nil {
		return nil
	}
	c := newChecker(fset, m)
	c.checkModel()
	return c.errs.Err()
}

// CheckProps checks a properties file against its model: names, labels,
// constants, types of property operators, plans, behaviours and the
// responsibility operators. Errors of the model itself are not reported
// (call CheckModel for them). It returns nil or a sorted ErrorList.
func CheckProps(fset *FileSet, m *ModelFile, p *PropsFile) error {
	if m == nil || p == nil {
		return nil
	}
	c := newChecker(fset, m)
	c.checkModel()
	if c.tooDeep {
		return c.errs.Err()
	}
	c.errs = nil
	c.checkProps(p)
	return c.errs.Err()
}

// CheckPlan checks one plan declaration against a model: every action must
// be an action of some player, no player may have two actions in one step,
// repetition counts must be constant non-negative ints. Constants of the
// model file only are visible; use CheckProps for plans in a props file.
func CheckPlan(fset *FileSet, m *ModelFile, d *PlanDecl) error {
	if m == nil || d == nil {
		return nil
	}
	c := newChecker(fset, m)
	c.checkModel()
	if c.tooDeep {
		return c.errs.Err()
	}
	c.errs = nil
	c.checkPlan(d.Plan)
	return c.errs.Err()
}

type identKind int

const (
	idConst identKind = iota
	idFormula
	idVar
)

// ident is one entry of the shared namespace of constants, formulas and
// variables, with memoised facts about it.
type ident struct {
	kind  identKind
	name  string
	pos   Pos
	cdecl *ConstDecl
	fdecl *FormulaDecl
	vdecl *VarDecl // for a renamed module's variable: the base declaration
	mod   *modInfo // owning module of a local variable; nil for globals
	props bool     // declared in the props file

	// formula type inference: state 0 new, 1 in progress, 2 done
	state   int8
	typ     valType
	refsVar bool // a formula that reads variables

	// constant evaluation: evalState 0 new, 1 in progress, 2 done
	evalState int8
	val       cval
	valOK     bool
}

// modInfo is a module or renamed module with its commands' action labels
// (renamed where the module is a renamed copy).
type modInfo struct {
	mod    *Module
	base   *Module          // the module whose commands this one has
	ren    map[string]Ident // old name -> new name, for renamed modules
	cmds   []cmdInfo
	player int // index into players, or -1
}

type cmdInfo struct {
	cmd    *Command
	labels []Ident // after renaming; positions point at the new name
}

// rename maps a name through the module's renaming.
func (mi *modInfo) rename(name string) string {
	if n, ok := mi.ren[name]; ok {
		return n.Name
	}
	return name
}

type checker struct {
	fset *FileSet
	m    *ModelFile
	errs ErrorList
	// tooDeep: definitions nest beyond MaxRefDepth, nothing more is checked
	tooDeep bool

	idents  map[string]*ident
	mods    []*modInfo
	modName map[string]*modInfo

	labels map[string]bool // model labels, then props labels

	players    []*Player
	playerName map[string]int
	actions    []string
	actionSet  map[string]bool
	// owner maps an action to the player that owns it: in csg models the
	// first labels of commands in player modules, in smg models the `[a]`
	// items of player definitions.
	owner map[string]int

	rewardNames map[string]bool

	// props
	props     *PropsFile
	plans     map[string]*PlanDecl
	propNames map[string]bool
}

func newChecker(fset *FileSet, m *ModelFile) *checker {
	return &checker{
		fset:        fset,
		m:           m,
		idents:      map[string]*ident{},
		modName:     map[string]*modInfo{},
		labels:      map[string]bool{},
		playerName:  map[string]int{},
		actionSet:   map[string]bool{},
		owner:       map[string]int{},
		rewardNames: map[string]bool{},
		plans:       map[string]*PlanDecl{},
		propNames:   map[string]bool{},
	}
}

func (c *checker) errorf(p Pos, format string, args ...any) {
	c.errs.Addf(c.fset, p, format, args...)
}

// declare adds identifiers to the shared namespace in file order, reporting
// each later clash at its own position.
func (c *checker) declare(ids []*ident) {
	sort.SliceStable(ids, func(i, j int) bool { return ids[i].pos < ids[j].pos })
	for _, id := range ids {
		if id.name == "" {
			continue
		}
		if _, dup := c.idents[id.name]; dup {
			c.errorf(id.pos, "duplicate identifier %q", id.name)
			continue
		}
		c.idents[id.name] = id
	}
}

// buildModules registers modules and resolves renamed copies.
func (c *checker) buildModules() {
	m := c.m
	for _, mod := range m.Modules {
		if _, dup := c.modName[mod.Name.Name]; dup {
			c.errorf(mod.Name.NamePos, "duplicate module %q", mod.Name.Name)
			continue
		}
		mi := &modInfo{mod: mod, player: -1}
		c.modName[mod.Name.Name] = mi
		c.mods = append(c.mods, mi)
	}
	for _, mi := range c.mods {
		mod := mi.mod
		if mod.Rename == nil {
			mi.base = mod
			for _, cmd := range mod.Commands {
				mi.cmds = append(mi.cmds, cmdInfo{cmd: cmd, labels: cmd.Labels})
			}
			continue
		}
		r := mod.Rename
		mi.ren = map[string]Ident{}
		for _, p := range r.Pairs {
			if _, dup := mi.ren[p.Old.Name]; dup {
				c.errorf(p.Old.NamePos, "%q is renamed twice", p.Old.Name)
				continue
			}
			mi.ren[p.Old.Name] = p.New
		}
		base := c.modName[r.Base.Name]
		switch {
		case base == nil:
			c.errorf(r.Base.NamePos, "unknown module %q", r.Base.Name)
			continue
		case base.mod.Rename != nil:
			c.errorf(r.Base.NamePos, "module %q is itself a renamed module", r.Base.Name)
			continue
		}
		mi.base = base.mod
		for _, cmd := range base.mod.Commands {
			ci := cmdInfo{cmd: cmd}
			for _, l := range cmd.Labels {
				if n, ok := mi.ren[l.Name]; ok {
					ci.labels = append(ci.labels, n)
				} else {
					ci.labels = append(ci.labels, Ident{NamePos: mod.Name.NamePos, Name: l.Name})
				}
			}
			mi.cmds = append(mi.cmds, ci)
		}
	}
}

// buildNamespace declares constants, formulas, global and local variables,
// and the variables of renamed modules.
func (c *checker) buildNamespace() {
	m := c.m
	var ids []*ident
	for _, d := range m.Consts {
		ids = append(ids, &ident{kind: idConst, name: d.Name.Name, pos: d.Name.NamePos, cdecl: d})
	}
	for _, d := range m.Formulas {
		ids = append(ids, &ident{kind: idFormula, name: d.Name.Name, pos: d.Name.NamePos, fdecl: d})
	}
	for _, d := range m.Globals {
		ids = append(ids, &ident{kind: idVar, name: d.Name.Name, pos: d.Name.NamePos, vdecl: d})
	}
	for _, mi := range c.mods {
		if mi.mod.Rename == nil {
			for _, d := range mi.mod.Vars {
				ids = append(ids, &ident{kind: idVar, name: d.Name.Name, pos: d.Name.NamePos, vdecl: d, mod: mi})
			}
			continue
		}
		if mi.base == nil {
			continue
		}
		for _, d := range mi.base.Vars {
			n, ok := mi.ren[d.Name.Name]
			if !ok {
				c.errorf(mi.mod.Name.NamePos, "module %q must rename variable %q", mi.mod.Name.Name, d.Name.Name)
				continue
			}
			ids = append(ids, &ident{kind: idVar, name: n.Name, pos: n.NamePos, vdecl: d, mod: mi})
		}
	}
	c.declare(ids)
}

// buildActions computes the action list in PRISM order (reference §4.1).
func (c *checker) buildActions() {
	for _, mi := range c.mods {
		for _, ci := range mi.cmds {
			for _, l := range ci.labels {
				if !c.actionSet[l.Name] {
					c.actionSet[l.Name] = true
					c.actions = append(c.actions, l.Name)
				}
			}
		}
	}
}
