package chaincheck

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
)

// A hand-made chain: 0 -> 1 (1/4), 0 -> 2 (3/4); 1 -> 3; 2 -> 3 (1/2),
// 2 -> 4 (1/2); 3 and 4 absorbing. Label a on 1 and 3, b on 2.
const (
	tra = "# Transitions (DTMC)\n5 7\n0 1 0.25\n0 2 0.75\n1 3 1\n2 3 0.5\n2 4 0.5\n3 3 1\n4 4 1\n"
	sta = "# States\n(x,f)\n0:(0,false)\n1:(1,true)\n2:(2,false)\n3:(3,true)\n4:(4,false)\n"
	lab = "# Labels\n0=\"init\" 1=\"deadlock\" 2=\"a\" 3=\"b\"\n0: 0\n1: 2\n2: 3\n3: 2\n"
)

func write(t *testing.T, files map[string]string) string {
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestProb(t *testing.T) {
	dir := write(t, map[string]string{"c.tra": tra, "c.sta": sta, "c.lab": lab})
	ch, err := Read(dir, "c")
	if err != nil {
		t.Fatal(err)
	}
	// Paths: 0 1 3 3… (1/4), 0 2 3 3… (3/8), 0 2 4 4… (3/8).
	cases := []struct {
		prop string
		want float64
	}{
		{`P=? [ F "a" ]`, 1.0/4 + 3.0/8},
		{`P=? [ G !"b" ]`, 1.0 / 4},
		{`P=? [ X "b" ]`, 3.0 / 4},
		{`P=? [ X X "a" ]`, 1.0/4 + 3.0/8},
		{`P=? [ !"a" U "b" ]`, 3.0 / 4},
		{`P=? [ "b" U "a" ]`, 0},
		{`P=? [ !"a" W x=4 ]`, 3.0 / 8},
		{`P=? [ !"a" W "b" ]`, 3.0 / 4},
		{`P=? [ "a" R !"b" ]`, 1.0 / 4},
		{`P=? [ F G f ]`, 1.0/4 + 3.0/8},
		{`P=? [ G F (x>=4) ]`, 3.0 / 8},
		{`P=? [ (F x=4) & (X !"a") ]`, 3.0 / 8},
		{`P=? [ X (x+1=3 ? true : false) ]`, 3.0 / 4},
	}
	for _, c := range cases {
		e, err := prism.ParseExpr(prism.NewFileSet(), "p", c.prop)
		if err != nil {
			t.Fatal(err)
		}
		got, paths, err := ch.Prob(e)
		if err != nil || paths != 3 || math.Abs(got-c.want) > 1e-15 {
			t.Errorf("%s: got %v over %d paths (%v), want %v", c.prop, got, paths, err, c.want)
		}
	}
	e, _ := prism.ParseExpr(prism.NewFileSet(), "p", `P=? [ F<=2 "a" ]`)
	if _, _, err := ch.Prob(e); err == nil {
		t.Error("a bounded operator was accepted")
	}
}

func TestFormatErrors(t *testing.T) {
	cases := []struct {
		name, file, src, msg string
	}{
		{"header", "c.tra", strings.Replace(tra, "(DTMC)", "(MDP)", 1), "header"},
		{"count", "c.tra", strings.Replace(tra, "5 7", "5 8", 1), "rows"},
		{"sum", "c.tra", strings.Replace(tra, "2 4 0.5", "2 4 0.25", 1), "sum"},
		{"sorted", "c.tra", strings.Replace(tra, "0 1 0.25\n0 2 0.75", "0 2 0.75\n0 1 0.25", 1), "sorted"},
		{"newline", "c.tra", strings.TrimSuffix(tra, "\n"), "newline"},
		{"sta count", "c.sta", strings.TrimSuffix(sta, "4:(4,false)\n"), "states"},
		{"sta repeat", "c.sta", strings.Replace(sta, "4:(4,false)", "4:(3,true)", 1), "repeats"},
		{"lab first", "c.lab", strings.Replace(lab, `0="init" 1="deadlock"`, `0="deadlock" 1="init"`, 1), "init and deadlock"},
		{"lab init", "c.lab", strings.Replace(lab, "0: 0\n", "", 1), "no initial"},
	}
	for _, c := range cases {
		files := map[string]string{"c.tra": tra, "c.sta": sta, "c.lab": lab}
		files[c.file] = c.src
		_, err := Read(write(t, files), "c")
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want an error about %q", c.name, err, c.msg)
		}
	}
	// A cycle that is not an absorbing self-loop.
	cyc := "# Transitions (DTMC)\n2 2\n0 1 1\n1 0 1\n"
	ch, err := Read(write(t, map[string]string{"c.tra": cyc, "c.sta": "# States\n(x)\n0:(0)\n1:(1)\n", "c.lab": "# Labels\n0=\"init\" 1=\"deadlock\"\n0: 0\n"}), "c")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := prism.ParseExpr(prism.NewFileSet(), "p", `P=? [ F x=1 ]`)
	if _, _, err := ch.Prob(e); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("cycle: %v", err)
	}
}
