package translate

import (
	"math/big"

	"github.com/onus-mc/onus/prism"
)

// permute puts the arrays of a first pass that kept everything (states in
// exploration order) into the order of the renumbered store: order[new]
// is the old index of each state. Targets are renumbered and each choice's
// transitions sorted by target, as the second pass leaves them.
func (x *explorer) permute(order []int32) {
	b := x.b
	N := len(order)
	np := len(b.players)
	inv := make([]int32, N)
	for newI, old := range order {
		inv[old] = int32(newI)
	}
	nch, ntr := len(x.chTrans), len(x.trTarget)
	x.stChoice = append(x.stChoice, int32(nch))
	x.chTrans = append(x.chTrans, int32(ntr))
	csg := b.typ == prism.TypeCSG
	stChoice := make([]int32, 0, N+1)
	stDead := make([]bool, 0, N)
	var stOwner []int32
	if x.stOwner != nil {
		stOwner = make([]int32, 0, N)
	}
	var chAction, chJoint []int32
	if csg {
		chJoint = make([]int32, 0, nch*np)
	} else {
		chAction = make([]int32, 0, nch)
	}
	chTrans := make([]int32, 0, nch+1)
	trTarget := make([]int32, 0, ntr)
	trProb := make([]float64, 0, ntr)
	var trRat []*big.Rat
	if x.exact {
		trRat = make([]*big.Rat, 0, ntr)
	}
	var mixStart, mixAct []int32
	var mixW []float64
	var mixWRat []xrat
	if b.typ == prism.TypeDTMC {
		if x.exact {
			mixWRat = make([]xrat, 0, len(x.mixWRat))
		}
		mixStart = make([]int32, 0, N)
		mixAct = make([]int32, 0, len(x.mixAct))
		mixW = make([]float64, 0, len(x.mixW))
	}
	for _, old := range order {
		stChoice = append(stChoice, int32(len(chTrans)))
		stDead = append(stDead, x.stDead[old])
		if stOwner != nil {
			stOwner = append(stOwner, x.stOwner[old])
		}
		for c := x.stChoice[old]; c < x.stChoice[old+1]; c++ {
			if csg {
				chJoint = append(chJoint, x.chJoint[int(c)*np:int(c+1)*np]...)
			} else {
				chAction = append(chAction, x.chAction[c])
			}
			lo := len(trTarget)
			chTrans = append(chTrans, int32(lo))
			for t := x.chTrans[c]; t < x.chTrans[c+1]; t++ {
				trTarget = append(trTarget, inv[x.trTarget[t]])
			}
			trProb = append(trProb, x.trProb[x.chTrans[c]:x.chTrans[c+1]]...)
			if x.exact {
				trRat = append(trRat, x.trRat[x.chTrans[c]:x.chTrans[c+1]]...)
			}
			sortTrans(trTarget, trProb, trRat, lo, len(trTarget))
		}
		if mixStart != nil {
			mixStart = append(mixStart, int32(len(mixAct)))
			lo, hi := int(x.mixStart[old]), len(x.mixAct)
			if int(old)+1 < len(x.mixStart) {
				hi = int(x.mixStart[old+1])
			}
			mixAct = append(mixAct, x.mixAct[lo:hi]...)
			mixW = append(mixW, x.mixW[lo:hi]...)
			if x.exact {
				mixWRat = append(mixWRat, x.mixWRat[lo:hi]...)
			}
		}
	}
	x.stChoice, x.stDead, x.stOwner = stChoice, stDead, stOwner
	x.chAction, x.chJoint, x.chTrans = chAction, chJoint, chTrans
	x.trTarget, x.trProb, x.trRat = trTarget, trProb, trRat
	x.mixStart, x.mixAct, x.mixW, x.mixWRat = mixStart, mixAct, mixW, mixWRat
}
