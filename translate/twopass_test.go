package translate

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestTwoPassesAgree builds every model of the corpus twice: as small
// models are built (the first pass keeps everything, then a permutation)
// and as large ones are (a second pass into arrays of their final sizes),
// and requires the same game, or the same error, from both; exact
// probabilities too.
func TestTwoPassesAgree(t *testing.T) {
	needCorpus(t)
	data, err := os.ReadFile(filepath.Join(corpusDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	saved := keepTransitions
	defer func() { keepTransitions = saved }()
	type row struct{ file, consts string }
	var rows []row
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(line, "\t")
		rows = append(rows, row{filepath.Join(corpusDir, f[0]), f[1]})
	}
	rows = append(rows, row{"testdata/counters.prism", "N=12"}, row{"../examples/robots.prism", "N=20,cross=5"})
	for _, r := range rows {
		for _, exact := range []bool{false, true} {
			if strings.Contains(r.file, "jamming") && (exact || testing.Short()) {
				continue // 740,556 transitions: slow with exact rationals
			}
			t.Run(fmt.Sprintf("%s %s exact=%v", filepath.Base(r.file), r.consts, exact), func(t *testing.T) {
				keepTransitions = saved
				m1, err1 := buildFile(t, r.file, r.consts, exact)
				keepTransitions = -1
				m2, err2 := buildFile(t, r.file, r.consts, exact)
				if fmt.Sprint(err1) != fmt.Sprint(err2) {
					t.Fatalf("errors differ:\n permuted: %v\n two passes: %v", err1, err2)
				}
				if err1 != nil {
					return
				}
				if !reflect.DeepEqual(m1.Game, m2.Game) {
					t.Fatalf("games differ: %d/%d states, %d/%d transitions", m1.Game.NumStates, m2.Game.NumStates, m1.Game.NumTransitions(), m2.Game.NumTransitions())
				}
			})
		}
	}
}
