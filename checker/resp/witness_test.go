package resp

import (
	"testing"

	"github.com/onus-mc/onus/checker/hist"
)

func TestWritable(t *testing.T) {
	idx := func(k int32) []hist.Opt { return []hist.Opt{{Label: -1, Index: k}} }
	lab := func(a int32) []hist.Opt { return []hist.Opt{{Label: a, Index: -1}} }
	cases := []struct {
		name string
		plan []FullStep
		want bool
	}{
		{"csg", []FullStep{{Joint: []int32{1, 2}}}, true},
		{"one owner", []FullStep{{Names: [][]hist.Opt{idx(0), nil}}}, true},
		{"shared index", []FullStep{{Names: [][]hist.Opt{idx(1), idx(1)}}}, true},
		{"two indices", []FullStep{{Names: [][]hist.Opt{idx(0), idx(1)}}}, false},
		{"label and index", []FullStep{{Names: [][]hist.Opt{lab(3), idx(0)}}, {Names: [][]hist.Opt{nil, idx(0)}}}, false},
		{"second step", []FullStep{{Names: [][]hist.Opt{lab(3), nil}}, {Names: [][]hist.Opt{lab(3), lab(4)}}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Writable(c.plan); got != c.want {
				t.Errorf("Writable = %v, want %v", got, c.want)
			}
		})
	}
}
