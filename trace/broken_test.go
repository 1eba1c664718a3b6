package trace

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// A trace that is not a history of the model fails at its line and column.
func TestBrokenTraces(t *testing.T) {
	needCorpus(t)
	const (
		csg = "csgs/simple/medium_access2.prism"
		smg = "smgs/simple/dice.prism"
	)
	consts := map[string]string{csg: "emax=2,q1=0.9,q2=0.75", smg: "N=3"}
	tests := []struct {
		file, model, want string
	}{
		{"header_action.txt", csg, `1:1: error: column 1 of the header must be "action", not "act"`},
		{"one_line.txt", csg, `1:1: error: the header must start with ` + "`action step`" + `, then the variables`},
		{"unknown_column.txt", csg, `1:15: error: column "s3" is no variable of the model`},
		{"missing_variable.txt", csg, `1:1: error: the header has no column for variable e2`},
		{"not_initial.txt", csg, `2:13: error: this state is no initial state of the model`},
		{"first_action.txt", csg, `2:1: error: the first row's action must be -, not "[t1,t2]"`},
		{"step_number.txt", csg, `3:9: error: step "2": expected 1 (row 2 of the path)`},
		{"unknown_action.txt", csg, `3:5: error: unknown action "x2"`},
		{"wrong_player.txt", csg, `3:2: error: "t2" is not an action of player p1 (entry 1), but of p2`},
		{"not_available.txt", csg, `5:1: error: the joint action [t1,w2] is not available in state (false,1,0,1,0)`},
		{"not_successor.txt", csg, `4:23: error: this state is no successor of (false,1,1,1,1) under [w1,w2]`},
		{"short_row.txt", csg, `3:1: error: this row has 6 fields but the header has 7 columns`},
		{"bad_bool.txt", csg, `2:5: error: c is a boolean: expected true or false, not "no"`},
		{"out_of_range.txt", csg, `2:13: error: value 3 of e1 is outside its range 0..2`},
		{"smg_label.csv", smg, `3:1: error: no choice labelled toss2 is available in state (0,0,0,0,0,0)`},
		{"smg_module.csv", smg, `3:1: error: "player3" is neither an action [label] nor a module of the model`},
		{"smg_no_unlabelled.csv", smg, `3:1: error: module player1 has no enabled unlabelled command in state (0,0,0,0,0,0)`},
		{"smg_range.csv", smg, `5:15: error: value 7 of x is outside its range 0..6`},
		{"smg_not_successor.csv", smg, `4:22: error: this state is no successor of (1,0,5,0,0,0) under [again1]`},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			fset := prism.NewFileSet()
			m, _ := build(t, fset, filepath.Join(corpus, "models", tc.model), consts[tc.model], "", "")
			path := filepath.Join("testdata", "broken", tc.file)
			_, err := Load(fset, m, path, prism.NoPos)
			if err == nil {
				t.Fatal("no error")
			}
			if _, ok := err.(prism.ErrorList); !ok {
				t.Errorf("error %T is not a positioned prism.ErrorList", err)
			}
			got := strings.TrimPrefix(err.Error(), path+":")
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
