package translate

import (
	"slices"
	"strings"
)

// csgChoices builds the choices of the current state of a csg: one per
// joint action (reference §4.8), ordered lexicographically by the tuple of
// the players' action indices (idle = 0). It finds the enabled commands,
// the moves each player has, and then the joint actions; or, in a state
// of a shape seen before, takes them from there (csgshape.go).
func (x *explorer) csgChoices() {
	if noShapes {
		x.csgEnabled()
		x.csgJointActions(x.csgMoves())
		return
	}
	if shape := x.csgKnownShape(); shape != nil {
		x.csgReplay(shape)
		return
	}
	x.shapes.startShape()
	x.csgEnabled()
	x.csgJointActions(x.csgMoves())
	x.shapes.endShape()
}

// csgEnabled collects the enabled commands of each module in the current
// state, enforcing the per-state rules (one unlabelled command, one action
// per player in a command, no two commands with the same labels), and
// indexes them by action for jointChoice.
func (x *explorer) csgEnabled() {
	b := x.b
	s := x.s2
	if x.csgIdx == nil {
		x.csgIdx = make([]actionIndex, len(b.modules))
		for mi := range x.csgIdx {
			x.csgIdx[mi].byAct = make([][]int32, len(b.actions))
		}
		x.seenPlayer = make([]bool, len(b.players))
	}
	for mi, m := range b.modules {
		en := x.enabled[mi][:0]
		ix := &x.csgIdx[mi]
		ix.reset()
		unl := 0
		for _, c := range m.cmds {
			if !c.guard(s) {
				continue
			}
			if len(c.labels) == 0 {
				unl++
				if unl > 1 {
					fail(c.pos, "module %s has more than one enabled unlabelled command in state %s", m.name, x.stateString(s[:x.n]))
				}
			} else {
				x.checkPlayers(c)
				// commands with the same set of labels share the first
				for _, o := range ix.byAct[c.labels[0]] {
					if sameLabels(en[o].labels, c.labels) {
						fail(c.pos, "module %s has multiple active commands labelled [%s] in state %s", m.name, x.labelList(c.labels), x.stateString(s[:x.n]))
					}
				}
			}
			ix.add(int32(len(en)), c.labels)
			en = append(en, c)
		}
		x.enabled[mi] = en
	}
}

// checkPlayers fails if command c carries two actions of one player.
func (x *explorer) checkPlayers(c *command) {
	b := x.b
	seen := x.seenPlayer
	defer clear(seen)
	for _, a := range c.labels {
		p := b.actionOwner[a]
		if p < 0 {
			continue
		}
		if seen[p] {
			fail(c.pos, "command has two actions of player %s", b.players[p])
		}
		seen[p] = true
	}
}

// csgMoves returns the moves of each player in the current state: the
// actions of the enabled commands of its modules, ascending.
func (x *explorer) csgMoves() [][]int32 {
	b := x.b
	if x.moves == nil {
		x.moves = make([][]int32, len(b.players))
	}
	moves := x.moves
	for p := range moves {
		moves[p] = moves[p][:0]
	}
	for mi := range b.modules {
		p := b.modOwner[mi]
		if p < 0 {
			continue
		}
		for _, c := range x.enabled[mi] {
			moves[p] = append(moves[p], int32(c.labels[0]))
		}
	}
	for p := range moves {
		slices.Sort(moves[p])
		moves[p] = slices.Compact(moves[p])
	}
	return moves
}

// csgJointActions enumerates the joint actions of moves, player 0
// outermost, adds a choice for each that the modules can take, and checks
// that the surviving joint actions form the product of the players' moves.
func (x *explorer) csgJointActions(moves [][]int32) {
	b := x.b
	np := len(b.players)
	if x.tuple == nil {
		x.tuple, x.tuplePos, x.used = make([]int32, np), make([]int, np), make([][]bool, np)
		x.matched = make([][]*command, len(b.modules))
	}
	tuple, pos, matched := x.tuple, x.tuplePos, x.matched
	for p := range tuple {
		tuple[p], pos[p] = 0, 0
		if len(moves[p]) > 0 {
			tuple[p] = moves[p][0]
		}
	}
	survivors := 0
	// used[p][i]: player p's i-th move (its only entry, idle, if it has
	// none) is part of a surviving joint action
	used := x.used
	for p := range used {
		used[p] = slices.Grow(used[p][:0], max(1, len(moves[p])))[:max(1, len(moves[p]))]
		clear(used[p])
	}
	for {
		if x.jointChoice(tuple, matched) {
			survivors++
			for p := range tuple {
				used[p][pos[p]] = true
			}
		}
		k := np - 1
		for ; k >= 0; k-- {
			if len(moves[k]) == 0 {
				continue
			}
			pos[k]++
			if pos[k] < len(moves[k]) {
				tuple[k] = moves[k][pos[k]]
				break
			}
			pos[k] = 0
			tuple[k] = moves[k][0]
		}
		if k < 0 {
			break
		}
	}
	if survivors > 0 {
		full := 1
		for p := range used {
			full *= countTrue(used[p])
		}
		if full != survivors {
			fail(b.modules[0].pos, "error in model specification: the joint actions in state %s do not form the product of the players' actions (a player module using an action set must cover every combination)", x.stateString(x.s2[:x.n]))
		}
	}
}

// sameLabels reports whether two label lists hold the same set of actions.
func sameLabels(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

func (x *explorer) labelList(l []int) string {
	var names []string
	for _, a := range l {
		names = append(names, x.b.actions[a])
	}
	return strings.Join(names, ",")
}

// jointTables are what jointChoice needs to know of the model to look at
// only the modules and actions a joint action concerns (a csg of many
// players has many modules, most of which carry none of a player's
// actions).
type jointTables struct {
	// per module: the players whose moves (the first labels of the
	// commands of their modules) the module's commands carry
	modPlayers [][]int
	// per action: the player modules with a command whose first label it is
	coverMods [][]int
	// per action: stamp when it is in the current joint action
	marks []int32
	stamp int32
}

func newJointTables(b *builder) *jointTables {
	jt := &jointTables{modPlayers: make([][]int, len(b.modules)), coverMods: make([][]int, len(b.actions)),
		marks: make([]int32, len(b.actions))}
	moves := make([]map[int]bool, len(b.players))
	for p := range moves {
		moves[p] = map[int]bool{}
	}
	for mi, m := range b.modules {
		p := b.modOwner[mi]
		if p < 0 {
			continue
		}
		for _, c := range m.cmds {
			if len(c.labels) > 0 {
				moves[p][c.labels[0]] = true
				if l := jt.coverMods[c.labels[0]]; len(l) == 0 || l[len(l)-1] != mi {
					jt.coverMods[c.labels[0]] = append(l, mi)
				}
			}
		}
	}
	for mi, m := range b.modules {
		for p := range moves {
			for a := range moves[p] {
				if m.alpha[a] {
					jt.modPlayers[mi] = append(jt.modPlayers[mi], p)
					break
				}
			}
		}
	}
	return jt
}

// mark makes inTuple answer for the actions of tuple.
func (jt *jointTables) mark(tuple []int32) {
	jt.stamp++
	if jt.stamp == 0 { // wrapped: no mark may survive
		clear(jt.marks)
		jt.stamp = 1
	}
	for _, a := range tuple {
		jt.marks[a] = jt.stamp
	}
}

// inTuple reports whether action a is in the joint action last marked.
func (jt *jointTables) inTuple(a int) bool { return jt.marks[a] == jt.stamp }

// jointChoice adds the choice of joint action tuple, if it survives the
// coverage rule; it reports whether it did.
func (x *explorer) jointChoice(tuple []int32, matched [][]*command) bool {
	b := x.b
	if x.joint == nil {
		x.joint = newJointTables(b)
	}
	jt := x.joint
	jt.mark(tuple)
	for mi := range b.modules {
		ms := matched[mi][:0]
		en := x.enabled[mi]
		for _, i := range x.csgIdx[mi].candidates(tuple, jt.modPlayers[mi]) {
			c := en[i]
			ok := true
			for _, a := range c.labels {
				if !jt.inTuple(a) {
					ok = false
					break
				}
			}
			if ok {
				ms = append(ms, c)
			}
		}
		// more specific commands win
		out := ms[:0]
		for _, c := range ms {
			drop := false
			for _, o := range ms {
				if o == c || len(o.labels) == 0 {
					continue
				}
				if len(c.labels) == 0 || (o.labels[0] == c.labels[0] && len(o.labels) > len(c.labels)) {
					drop = true
					break
				}
			}
			if !drop {
				out = append(out, c)
			}
		}
		matched[mi] = out
	}
	// coverage: every action of the tuple is the first label of a matching
	// player-module command
	for _, a := range tuple {
		if a == 0 {
			continue
		}
		covered := false
		for _, mi := range jt.coverMods[a] {
			for _, c := range matched[mi] {
				if int32(c.labels[0]) == a {
					covered = true
				}
			}
		}
		if !covered {
			return false
		}
	}
	parts := x.parts[:0]
	for mi, m := range b.modules {
		switch len(matched[mi]) {
		case 0:
		case 1:
			c := matched[mi][0]
			parts = append(parts, participant{c: c, br: x.branches(c)})
		default:
			fail(matched[mi][1].pos, "module %s has multiple active commands for joint action [%s] in state %s", m.name, x.jointString(tuple), x.stateString(x.s2[:x.n]))
		}
	}
	x.parts = parts
	if len(parts) == 0 {
		return false
	}
	x.shapes.recordJoint(tuple, parts)
	x.emit(0, parts)
	x.chJoint = grow(x.chJoint, len(tuple))
	x.chJoint = append(x.chJoint, tuple...)
	return true
}

func (x *explorer) jointString(t []int32) string {
	var parts []string
	for _, a := range t {
		if a == 0 {
			parts = append(parts, "-")
		} else {
			parts = append(parts, x.b.actions[a])
		}
	}
	return strings.Join(parts, ",")
}

func countTrue(b []bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}
