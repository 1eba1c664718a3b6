package checker

import (
	"math/big"
	"strings"
	"testing"

	"github.com/onus-mc/onus/checker/resp"
	"github.com/onus-mc/onus/prism"
)

// TestPlanTextHugeTimes: a witness whose repeated part comes round more
// than 2^31 − 1 times (a horizon beyond 2^31, --horizon takes more) is
// still written as a plan: a repetition count must fit in 32 bits, so
// the count is written as nested repetitions, and the text parses back
// to a plan of as many steps.
func TestPlanTextHugeTimes(t *testing.T) {
	c := cpdChecker(t, Config{}, 1)
	dc := resp.FullStep{Joint: []int32{c.actionIndex("d1"), c.actionIndex("c2")}}
	dd := resp.FullStep{Joint: []int32{c.actionIndex("d1"), c.actionIndex("d2")}}
	cc := resp.FullStep{Joint: []int32{c.actionIndex("c1"), c.actionIndex("c2")}}
	for _, times := range []int{2147483646, 2147483647, 2147483648, 4294967295, 1<<61 + 12345} {
		for _, loop := range [][]resp.FullStep{{dd}, {dd, cc}} {
			p := &resp.Plan{Prefix: []resp.FullStep{dc}, Loop: loop, Times: times, Suffix: []resp.FullStep{cc}}
			text, ok := c.planText(p)
			if !ok {
				t.Fatalf("%d: not writable", times)
			}
			if strings.Contains(text+" ", "^1 ") {
				t.Errorf("Times %d: %q repeats a part once with ^1", times, text)
			}
			pl, err := prism.ParseBarePlan(prism.NewFileSet(), "witness", text)
			if err != nil {
				t.Errorf("Times %d: %q does not parse: %v", times, text, err)
				continue
			}
			want := new(big.Int).Mul(big.NewInt(int64(len(loop))), big.NewInt(int64(times)))
			want.Add(want, big.NewInt(2))
			if got := planItemsLen(t, pl.Items); got.Cmp(want) != 0 {
				t.Errorf("Times %d: %q has %v steps, want %v", times, text, got, want)
			}
		}
	}
}

// planItemsLen counts the steps of plan items without expanding them.
func planItemsLen(t *testing.T, items []prism.PlanItem) *big.Int {
	sum := new(big.Int)
	for _, it := range items {
		var rep prism.Expr
		one := big.NewInt(1)
		switch it := it.(type) {
		case *prism.PlanStep:
			rep = it.Repeat
		case *prism.PlanGroup:
			rep, one = it.Repeat, planItemsLen(t, it.Items)
		}
		if rep != nil {
			n, ok := new(big.Int).SetString(prism.ExprString(rep), 10)
			if !ok {
				t.Fatalf("repetition %s", prism.ExprString(rep))
			}
			one.Mul(one, n)
		}
		sum.Add(sum, one)
	}
	return sum
}
