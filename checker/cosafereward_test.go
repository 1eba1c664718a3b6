package checker

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// costMDP: from s=0, action a moves to s=1 or s=2 (½ each), action b to
// s=1; s=1 and s=2 return to s=0. Every step costs 1.
const costMDP = `mdp
module M
  s : [0..2] init 0;
  [a] s=0 -> 0.5:(s'=1) + 0.5:(s'=2);
  [b] s=0 -> (s'=1);
  [] s>0 -> (s'=0);
endmodule
rewards "r" true : 1; endrewards
`

// TestCoSafeRewards checks co-safe reward objectives against values
// computed by hand. Rmin[F s=2]: V0 = 1 + ½·(1+V0), so 3. Rmin[(F s=1) &
// (F s=2)]: a first, then from s=1 one step back and W = 1 + ½·(1+W) = 3
// to see s=2, or from s=2 one step back and b: 1 + ½·4 + ½·2 = 4 (b first
// gives 1 + 4 = 5).
func TestCoSafeRewards(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		prop string
		want float64
	}{
		{`R{"r"}min=? [ X true ]`, 1},
		{`R{"r"}min=? [ X X true ]`, 2},
		{`R{"r"}min=? [ !(X false) ]`, 1},
		{`R{"r"}min=? [ !(X true) ]`, inf},
		{`R{"r"}min=? [ X X X false ]`, inf},
		{`R{"r"}min=? [ true ]`, 0},
		{`R{"r"}min=? [ s=1 ]`, inf},
		{`R{"r"}min=? [ F X s=2 ]`, 3},
		{`R{"r"}max=? [ F X s=2 ]`, inf},
		{`R{"r"}min=? [ (F s=1) & (F s=2) ]`, 4},
		{`R{"r"}min=? [ !(G !(s=2)) ]`, 3},
		{`R{"r"}min=? [ s!=2 U (s=1 & (X s=0)) ]`, 2},
		{`<<>> R{"r"}min=? [ (F s=1) & (F s=2) ]`, inf},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, costMDP, tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Kind != KindNumber || !(res.Number == tc.want || math.Abs(res.Number-tc.want) < 1e-5*tc.want) {
				t.Errorf("got %v, want %v", res.Number, tc.want)
			}
		})
	}
}

// TestCoSafeRewardErrors checks PRISM-games' refusals.
func TestCoSafeRewardErrors(t *testing.T) {
	for _, tc := range []struct{ model, prop, want string }{
		{costMDP, `R{"r"}min=? [ F G s=1 ]`, `p.props:1:1: error: R operator contains a path formula that is not syntactically co-safe: F G s = 1`},
		{costMDP, `R{"r"}min=? [ !(F s=1) ]`, `p.props:1:1: error: R operator contains a path formula that is not syntactically co-safe: !(F s = 1)`},
		{costMDP, `R{"r"}min=? [ F<=3 s=1 ]`, `p.props:1:1: error: R operator cannot contain a bounded F operator: F<=3 s = 1`},
		{costMDP, `R{"r"}min=? [ X (s=0 U<=2 s=1) ]`, `p.props:1:22: error: R operator cannot contain a temporal operator with a time bound (as PRISM-games): s = 0 U<=2 s = 1`},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			_, err := checkProps(t, tc.model, tc.prop+"\n", Config{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestCoSafeRewardsRobot checks the worked values of the reference
// (prism-games-equilibria.md §3 C1) on PRISM-games' robot.prism.
func TestCoSafeRewardsRobot(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "shared", "prism-corpus", "verify", "smgs", "rewards", "robot.prism"))
	if err != nil {
		t.Skipf("corpus not found: %v", err)
	}
	inf := math.Inf(1)
	for _, tc := range []struct {
		prop string
		want float64
	}{
		{`<<one>> Rmin=? [ (F "goal1") | (F "goal2") ]`, 1.2},
		{`<<one>> Rmax=? [ (F "goal1") | (F "goal2") ]`, 3.5},
		{`<<one>> Rmin=? [ F "goal2" ]`, 19.0 / 15},
		{`<<one>> Rmin=? [ X X "goal2" ]`, inf},
		{`<<one>> Rmin=? [ X X ("goal1" | "goal2") ]`, 2},
		{`<<one>> Rmin=? [ true ]`, 0},
		{`<<one>> Rmin=? [ false ]`, inf},
		{`<<one>> Rmin=? [ "goal1" ]`, inf},
		{`<<one>> Rmin=? [ !(G !"goal2") ]`, 19.0 / 15},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, string(src), tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if !(res.Number == tc.want || math.Abs(res.Number-tc.want) < 1e-5*tc.want) {
				t.Errorf("got %v, want %v", res.Number, tc.want)
			}
		})
	}
}

// TestCoSafeRewardsIff: X under <=> is strong on both sides, so a
// biconditional of next-state facts becomes certain only once the next
// state is read (the reward of step 0). (X s=2) <=> (X s=1) never holds:
// the next state of s=0 is s=1 or s=2.
func TestCoSafeRewardsIff(t *testing.T) {
	for _, tc := range []struct {
		prop string
		want float64
	}{
		{`R{"r"}min=? [ (X s=1) <=> (X s=1) ]`, 1},
		{`R{"r"}min=? [ (X s=2) <=> (X s=1) ]`, math.Inf(1)},
		{`R{"r"}min=? [ (X s=0) <=> (X s=0 & s=1) ]`, 1},
	} {
		t.Run(tc.prop, func(t *testing.T) {
			res, err := checkProps(t, costMDP, tc.prop+"\n", Config{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Number != tc.want {
				t.Errorf("got %v, want %v", res.Number, tc.want)
			}
		})
	}
}
