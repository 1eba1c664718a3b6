package hist_test

import (
	"errors"
	"testing"

	"github.com/onus-mc/onus/checker/hist"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/ltlf"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// TestBudget checks the deterministic limits of a pass: the count
// additions (MaxCountWork) and the bytes of the product and layers
// (MaxMemory) stop it with a *limit.Error naming the limit, and a pass
// within both gives its count (2^T histories of a two-choice loop).
func TestBudget(t *testing.T) {
	g := &translate.Game{
		Type: prism.TypeMDP, NumStates: 1, Players: []string{"1"}, Actions: []string{""},
		ChoiceStart: []int32{0, 2}, ChoiceAction: []int32{0, 0},
		TransStart: []int32{0, 1, 2}, Target: []int32{0, 0}, Prob: []float64{1, 1},
	}
	rows := []struct {
		name string
		cfg  hist.Config
		T    int
		want string // "" for no limit
	}{
		{"within the default limits", hist.Config{}, 200, ""},
		{"count work", hist.Config{MaxCountWork: 1000}, 5000,
			"resource limit exceeded: more than 1000 64-bit additions of history counts (counts grow with the horizon, so counting is quadratic in it)"},
		{"memory", hist.Config{MaxMemory: 4096}, 300000,
			"resource limit exceeded: more than 4096 bytes for the product and its passes (the limit MaxMemory)"},
		{"no count limit", hist.Config{MaxCountWork: -1}, 200, ""},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			row.cfg.Beta, row.cfg.MaxProduct, row.cfg.ExactCounts = []float64{0.5, 0.5}, 1000, true
			m := hist.NewModel(g, row.cfg)
			f := ltlf.NewFactory()
			p := hist.NewProduct(m, ltlf.NewAutomaton(f, ltlf.True, nil, 1))
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						e, ok := r.(*limit.Error)
						if !ok {
							panic(r)
						}
						err = e
					}
				}()
				res := p.Pass(p.Start(0), nil, row.T, 0, true)
				if res.CAcc.BitLen() != row.T+1 {
					t.Errorf("count has %d bits, want %d (2^T)", res.CAcc.BitLen(), row.T+1)
				}
				return nil
			}()
			var le *limit.Error
			if row.want == "" && err != nil || row.want != "" && (!errors.As(err, &le) || err.Error() != row.want) {
				t.Errorf("got %v, want %q", err, row.want)
			}
		})
	}
}
