package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestEquilibria runs `onus check --test` on the equilibrium models and
// props of checker/equil/testdata: hand-checked values of the reference's
// worked examples through the whole pipeline (options, min and bounded
// forms, players by index, infinity, X and bound 0).
func TestEquilibria(t *testing.T) {
	dir := filepath.Join("..", "..", "checker", "equil", "testdata")
	for _, name := range []string{"branch", "oneshot", "step"} {
		t.Run(name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run([]string{"check", "--test", filepath.Join(dir, name+".prism"), filepath.Join(dir, name+".props")}, &out, &errb)
			if code != 0 || !strings.Contains(lastLine(out.String()), " 0 failed") {
				t.Errorf("exit %d\n%s%s", code, out.String(), errb.String())
			}
		})
	}
}

// TestEquilibriumExplainGolden shows the certificate of equilibrium
// answers under --explain, as text and JSON: the one-shot game of the
// reference's four criteria (nash and corr, social and fair) and the
// infinite horizon of the stopping game.
func TestEquilibriumExplainGolden(t *testing.T) {
	dir := filepath.Join("..", "..", "checker", "equil", "testdata")
	oneshot := []string{"check", filepath.Join(dir, "oneshot.prism"), filepath.Join(dir, "oneshot.props"), "--explain", "--prop", "1", "--prop", "2", "--prop", "3", "--prop", "4"}
	stop := []string{"check", filepath.Join(dir, "stopgame.prism"), "--explain", "--pf", `<<p1:p2>>max=? (R{"r1"}[F "stopped"] + R{"r2"}[F "stopped"])`}
	goldenRuns(t, []goldenRun{
		{"explain_equilibria", oneshot},
		{"explain_equilibria_json", append(append([]string(nil), stop...), "--json")},
		{"explain_equilibria_stop", stop},
	})
}
