package translate

import (
	"fmt"
	"strings"

	"github.com/onus-mc/onus/prism"
)

// syncChoices builds the choices of the current state of a dtmc, mdp or
// smg (reference §4.5): unlabelled commands module by module, then each
// action in index order with standard blocking synchronisation.
func (x *explorer) syncChoices() {
	b := x.b
	s := x.s2
	for mi, m := range b.modules {
		for _, c := range m.unlab {
			if !c.guard(s) {
				continue
			}
			x.parts = append(x.parts[:0], participant{c: c, br: x.branches(c)})
			// PRISM decides ownership on all generated choices, before
			// duplicates are dropped.
			x.emit(0, x.parts)
			x.curOwner = append(x.curOwner, int32(b.modOwner[mi]))
			x.curPos = append(x.curPos, c.pos)
			x.curAct = append(x.curAct, 0)
		}
	}
	for a := 1; a < len(b.actions); a++ {
		mods := x.actMods[a]
		if len(mods) == 0 {
			continue
		}
		blocked := false
		for _, mi := range mods {
			en := x.enabled[mi][:0]
			for _, c := range b.modules[mi].byAct[a] {
				if c.guard(s) {
					en = append(en, c)
				}
			}
			x.enabled[mi] = en
			if len(en) == 0 {
				blocked = true
				break
			}
		}
		if blocked {
			continue
		}
		combo := x.combo[:0]
		for range mods {
			combo = append(combo, 0)
		}
		x.combo = combo
		for {
			parts := x.parts[:0]
			for k, mi := range mods {
				c := x.enabled[mi][combo[k]]
				parts = append(parts, participant{c: c, br: x.branches(c)})
			}
			x.parts = parts
			x.emit(int32(a), parts)
			x.curOwner = append(x.curOwner, int32(b.actionOwner[a]))
			x.curPos = append(x.curPos, parts[0].c.pos)
			x.curAct = append(x.curAct, int32(a))
			k := 0
			for ; k < len(mods); k++ {
				combo[k]++
				if combo[k] < len(x.enabled[mods[k]]) {
					break
				}
				combo[k] = 0
			}
			if k == len(mods) {
				break
			}
		}
	}
}

// smgOwner decides who owns the current state (reference §4.7).
func (x *explorer) smgOwner(dead bool) int32 {
	if dead {
		return 0
	}
	owner := int32(-1)
	for i, o := range x.curOwner {
		if o < 0 {
			continue
		}
		if owner >= 0 && o != owner {
			fail(x.curPos[i], "choices for both player %s and player %s in state %s: a state of an smg must belong to one player",
				x.b.players[owner], x.b.players[o], x.stateString(x.s2[:x.n]))
		}
		owner = o
	}
	if owner >= 0 {
		return owner
	}
	if len(x.curOwner) == 1 {
		return 0
	}
	var names []string
	for _, a := range x.curAct {
		if a > 0 {
			names = append(names, "["+x.b.actions[a]+"]")
		} else {
			names = append(names, "[]")
		}
	}
	fail(x.curPos[0], "%s", fmt.Sprintf("there are multiple choices (%s) in state %s not assigned to any player",
		strings.Join(names, ","), x.stateString(x.s2[:x.n])))
	return 0
}

var _ = prism.NoPos
