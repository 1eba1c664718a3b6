package translate

import (
	"encoding/binary"
	"slices"
	"strings"
	"unsafe"
)

// The joint actions of a csg state, and the commands that take part in
// each, depend only on which commands are enabled in it: its shape. A
// csg of many states has few shapes (robots has four), so the explorer
// works out the joint actions of a shape once, in the first state that
// has it (csgEnabled, csgMoves, csgJointActions, which also check the
// rules of csgs), and in the other states of that shape only evaluates
// the guards and then the branches of the recorded commands.
//
// The errors and their order are those of the full computation: a state
// whose guards could break a rule (a second enabled unlabelled command
// in a module, a command with two actions of one player, two enabled
// commands with the same labels) takes the full computation, which finds
// the same error at the same command; a shape is recorded only when its
// state passed every check; and the recorded joint actions evaluate
// their branches and emit their choices in the order the full
// computation does.
type csgShapes struct {
	words    int      // words of a shape's bit set of commands
	key      []uint64 // the current state's shape: bit gid per enabled command
	buf      []byte   // the key as a map key
	index    map[string]int32
	shapes   []csgShape // by index
	last     int32      // the shape of the last state looked up, or -1
	lastKey  []uint64
	stored   int  // tuple entries and participants of all shapes
	full     bool // no more shapes are recorded (maxShapes, maxShapeEntries)
	unl      []int
	twoOfOne []bool  // by gid: the command has two actions of one player
	sameAs   [][]int // by gid: earlier commands of its module with the same labels

	// the shape being recorded (rec), while the full computation runs
	rec      bool
	recJoint []int32
	recParts []*command
	recStart []int32
}

// noShapes turns the shapes off, for tests that compare with them on.
var noShapes = false

// csgShape is the joint actions of one shape, in the order of the choices.
type csgShape struct {
	joints    []int32    // np entries per joint action
	parts     []*command // the participants of each, in module order
	partStart []int32    // per joint action, its first participant; one more at the end
}

// The most shapes recorded, and the most tuple entries and participants
// in all of them (16 MiB at most on a 64-bit machine).
const (
	maxShapes       = 1 << 12
	maxShapeEntries = 1 << 21
)

func (x *explorer) newCSGShapes() *csgShapes {
	b := x.b
	sh := &csgShapes{words: (len(x.cmds) + 63) / 64, index: map[string]int32{}, last: -1}
	sh.key = make([]uint64, sh.words)
	sh.lastKey = make([]uint64, sh.words)
	sh.unl = make([]int, len(b.modules))
	sh.twoOfOne = make([]bool, len(x.cmds))
	sh.sameAs = make([][]int, len(x.cmds))
	seen := make([]bool, len(b.players))
	for _, c := range x.cmds {
		clear(seen)
		for _, a := range c.labels {
			if p := b.actionOwner[a]; p >= 0 {
				sh.twoOfOne[c.gid] = sh.twoOfOne[c.gid] || seen[p]
				seen[p] = true
			}
		}
	}
	for _, m := range b.modules {
		for j, c := range m.cmds {
			for _, o := range m.cmds[:j] {
				if len(c.labels) > 0 && len(o.labels) > 0 && sameLabels(o.labels, c.labels) {
					sh.sameAs[c.gid] = append(sh.sameAs[c.gid], o.gid)
				}
			}
		}
	}
	return sh
}

// csgKnownShape evaluates the guards in the current state and returns
// its shape if it is recorded; nil if it is not, or if the state may
// break a rule of csgs (then the full computation finds the error).
func (x *explorer) csgKnownShape() *csgShape {
	if x.shapes == nil {
		x.shapes = x.newCSGShapes()
	}
	sh := x.shapes
	key := sh.key
	clear(key)
	s := x.s2
	for mi, m := range x.b.modules {
		sh.unl[mi] = 0
		for _, c := range m.cmds {
			if !c.guard(s) {
				continue
			}
			if len(c.labels) == 0 {
				sh.unl[mi]++
				if sh.unl[mi] > 1 {
					return nil
				}
			} else {
				if sh.twoOfOne[c.gid] {
					return nil
				}
				for _, o := range sh.sameAs[c.gid] {
					if key[o/64]&(1<<(o%64)) != 0 {
						return nil
					}
				}
			}
			key[c.gid/64] |= 1 << (c.gid % 64)
		}
	}
	if sh.last >= 0 && slices.Equal(key, sh.lastKey) {
		return &sh.shapes[sh.last]
	}
	i, ok := sh.index[sh.keyString()]
	if !ok {
		return nil
	}
	sh.last = i
	copy(sh.lastKey, key)
	return &sh.shapes[i]
}

// keyString returns the current shape's key as a string that aliases
// sh.buf (valid until the next call).
func (sh *csgShapes) keyString() string {
	sh.buf = sh.buf[:0]
	for _, w := range sh.key {
		sh.buf = binary.LittleEndian.AppendUint64(sh.buf, w)
	}
	return unsafe.String(unsafe.SliceData(sh.buf), len(sh.buf))
}

// csgReplay adds the choices of a recorded shape to the current state.
func (x *explorer) csgReplay(shape *csgShape) {
	np := len(x.b.players)
	for j := 0; j+1 < len(shape.partStart); j++ {
		parts := x.parts[:0]
		for _, c := range shape.parts[shape.partStart[j]:shape.partStart[j+1]] {
			parts = append(parts, participant{c: c, br: x.branches(c)})
		}
		x.parts = parts
		x.emit(0, parts)
		x.chJoint = grow(x.chJoint, np)
		x.chJoint = append(x.chJoint, shape.joints[j*np:(j+1)*np]...)
	}
}

// startShape starts recording the joint actions of the current state,
// whose shape is in sh.key, unless no more shapes are recorded.
func (sh *csgShapes) startShape() {
	sh.rec = !sh.full
	sh.recJoint, sh.recParts, sh.recStart = sh.recJoint[:0], sh.recParts[:0], sh.recStart[:0]
}

// recordJoint records one joint action of the state and its participants.
func (sh *csgShapes) recordJoint(tuple []int32, parts []participant) {
	if sh == nil || !sh.rec {
		return
	}
	if sh.stored+len(sh.recJoint)+len(sh.recParts)+len(tuple)+len(parts) > maxShapeEntries {
		sh.rec = false // too large to keep
		return
	}
	sh.recJoint = append(sh.recJoint, tuple...)
	sh.recStart = append(sh.recStart, int32(len(sh.recParts)))
	for _, p := range parts {
		sh.recParts = append(sh.recParts, p.c)
	}
}

// endShape keeps the shape recorded, once every check passed.
func (sh *csgShapes) endShape() {
	if !sh.rec {
		return
	}
	sh.rec = false
	n := len(sh.recJoint) + len(sh.recParts)
	if len(sh.shapes) >= maxShapes || sh.stored+n > maxShapeEntries {
		sh.full = true
		return
	}
	sh.stored += n
	shape := csgShape{
		joints:    slices.Clone(sh.recJoint),
		parts:     slices.Clone(sh.recParts),
		partStart: append(slices.Clone(sh.recStart), int32(len(sh.recParts))),
	}
	sh.index[strings.Clone(sh.keyString())] = int32(len(sh.shapes))
	sh.shapes = append(sh.shapes, shape)
}
