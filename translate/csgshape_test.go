package translate

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestCSGShapesAgree builds every csg of the corpus, and csgs whose
// errors come in a late state, with the joint actions of each shape
// recorded and replayed and with them worked out in every state: the
// games, or the errors, must be the same.
func TestCSGShapesAgree(t *testing.T) {
	type row struct{ name, src, consts string }
	const players = "csg\nplayer p1 m1 endplayer\nplayer p2 m2 endplayer\n"
	const m2 = "module m2 y:[0..9]; [c] y<9 -> 0.5:(y'=y+1) + 0.5:true; [d] true -> true; endmodule\n"
	rows := []row{
		{"bad probability at x=3", players + "module m1 x:[0..9]; [a] x<9 -> (x=3?2:0.5):(x'=x+1) + 0.5:true; [b] true -> true; endmodule\n" + m2, ""},
		{"update out of range at x=4", players + "module m1 x:[0..9]; [a] x<9 -> 0.5:(x'=x+(x=4?10:1)) + 0.5:true; [b] true -> true; endmodule\n" + m2, ""},
		{"two unlabelled commands at x=6", players + "module m1 x:[0..9]; [a] x<9 -> 0.5:(x'=x+1) + 0.5:true; [b] true -> true; endmodule\n" + m2 +
			"module m3 z:[0..1]; [] x>=5 -> true; [] x>=6 -> true; endmodule\n", ""},
		{"two commands with one label at y=7", players + "module m1 x:[0..9]; [a] x<9 -> 0.5:(x'=x+1) + 0.5:true; [b] true -> true; endmodule\n" +
			"module m2 y:[0..9]; [c] y<9 -> 0.5:(y'=y+1) + 0.5:true; [d] true -> true; [d] y=7 -> true; endmodule\n", ""},
		{"robots", "", "N=30,cross=7"},
	}
	if src, err := os.ReadFile("../examples/robots.prism"); err == nil {
		rows[len(rows)-1].src = string(src)
	} else {
		rows = rows[:len(rows)-1]
	}
	if data, err := os.ReadFile(filepath.Join(corpusDir, "MANIFEST.tsv")); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
			f := strings.Split(line, "\t")
			if f[2] != "csg" || (testing.Short() && strings.Contains(f[0], "jamming")) {
				continue
			}
			src, err := os.ReadFile(filepath.Join(corpusDir, f[0]))
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, row{f[0], string(src), f[1]})
		}
	}
	defer func() { noShapes = false }()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			noShapes = false
			m1, err1 := buildSrc(t, "m.prism", r.src, r.consts, false)
			noShapes = true
			m2, err2 := buildSrc(t, "m.prism", r.src, r.consts, false)
			if fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("errors differ:\n shapes: %v\n without: %v", err1, err2)
			}
			if err1 != nil {
				if !strings.HasPrefix(r.name, "robots") && strings.Contains(r.name, " at ") && !strings.Contains(err1.Error(), "state") {
					t.Fatalf("error %v names no state", err1)
				}
				return
			}
			if strings.Contains(r.name, " at ") {
				t.Fatal("built a model that has an error")
			}
			if !reflect.DeepEqual(m1.Game, m2.Game) {
				t.Fatalf("games differ: %d/%d states, %d/%d transitions", m1.Game.NumStates, m2.Game.NumStates, m1.Game.NumTransitions(), m2.Game.NumTransitions())
			}
		})
	}
}
