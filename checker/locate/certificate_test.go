package locate

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// TestCertificatesAgainstOracle checks every certificate of win.go
// literally: for random games and every coalition c, when c wins each
// coalition holding c's certificate must win in the oracle, and when c
// loses each coalition avoiding the certificate must lose. (A certificate
// that claims too much makes the indices of simple.go, mwc.go and
// sample.go wrong only for the coalitions it settles, which the index
// comparison of oracle_test.go can miss.)
func TestCertificatesAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	games := 400
	if testing.Short() {
		games = 100
	}
	done, settled := 0, 0
	for trial := 0; done < games; trial++ {
		prob := trial%2 == 0
		typ := prism.TypeMDP
		if trial%3 == 1 {
			typ = prism.TypeSMG
		}
		g := randomGame(r, prob, typ)
		n := g.NumStates
		phi := make([]bool, n)
		for s := range phi {
			phi[s] = r.IntN(3) > 0
		}
		obj := Objective{Kind: Kind(trial % 3), Target: phi}
		gm := &Game{G: g, Obj: obj, Groups: Individual(g, not(n))}
		if trial%5 >= 3 {
			// dummies: the states outside the groups stay with P1
			gm.Groups = Individual(g, Relevant(g, 0, obj))
		}
		if trial%4 == 3 {
			obj.Kind = Safe
			gm.Obj = obj
			path := randomPath(r, g, phi)
			if path == nil {
				continue
			}
			gm.Mode, gm.Path = Mode(1+r.IntN(2)), path
		}
		if len(gm.Groups) == 0 {
			continue
		}
		if err := gm.check(); err != nil {
			t.Fatal(err)
		}
		v := newView(gm)
		var players [][]int
		for i := range gm.Groups {
			players = append(players, []int{i})
		}
		w := workers(v, obj, players)[0]
		k := len(players)
		truth := make([]bool, 1<<uint(k))
		for c := range truth {
			in := make([]bool, k)
			for i := range in {
				in[i] = c&(1<<uint(i)) != 0
			}
			var ng *naiveGame
			if gm.Mode == Forward {
				ng = naiveForward(gm, in)
			} else {
				ng = naiveBackward(gm, in)
			}
			truth[c] = ng.region(obj)[gm.Init]
		}
		name := fmt.Sprintf("%d/%v/%v/prob=%v/%v", trial, gm.Mode, obj.Kind, prob, typ)
		for c := range truth {
			in := func(g int) bool { return c&(1<<uint(g)) != 0 }
			w.own(in)
			won, cert := w.certificate(in, w.region())
			if won != truth[c] {
				t.Fatalf("%s: coalition %b: won %v, oracle %v", name, c, won, truth[c])
			}
			for d := range truth {
				ud := uint64(d)
				if (won && ud&cert == cert) || (!won && ud&cert == 0) {
					settled++
				}
				if won && ud&cert == cert && !truth[d] {
					t.Fatalf("%s: coalition %b wins with certificate %b, but %b ⊇ it loses", name, c, cert, d)
				}
				if !won && ud&cert == 0 && truth[d] {
					t.Fatalf("%s: coalition %b loses with certificate %b, but %b avoiding it wins", name, c, cert, d)
				}
			}
		}
		done++
	}
	t.Logf("%d games, %d (coalition, coalition) pairs settled by a certificate", games, settled)
}
