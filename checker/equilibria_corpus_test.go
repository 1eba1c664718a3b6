package checker

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// corpusDir is the PRISM-games corpus (../shared, beside the repository).
var corpusDir = filepath.Join("..", "..", "shared", "prism-corpus")

// The equilibrium properties of PRISM-games' examples for the corpus
// models (their props files are not in the corpus; the properties are
// PRISM-games' own), with the corpus' constants and k=10 for a step bound.
var equilExamples = []struct {
	model, consts string
	props         []string
}{
	{"aloha/aloha_backoff2.prism", "bcmax=2,D=8,q=0.9", []string{
		`<<usr1:usr2>>max=? (P[F s1=3] + P[F s2=3])`,
		`<<usr1:usr2>>min=? (R{"time"}[F s1=3] + R{"time"}[F s2=3])`,
		`<<usr1:usr2>>max=? (P[F (s1=3 & t<=D)] + P[F (s2=3 & t<=D)])`,
	}},
	{"aloha/aloha_backoff3.prism", "bcmax=2,D=8,q=0.9", []string{
		`<<usr1:usr2,usr3>>max=? (P[F s1=3] + P[F s2=3 & s3=3])`,
		`<<usr1:usr2,usr3>>min=? (R{"time"}[F s1=3] + R{"time"}[F s2=3 & s3=3])`,
		`<<usr1:usr2,usr3>>max=? (P[F (s1=3 & t<=D)] + P[F (s2=3 & s3=3 & t<=D)])`,
		`<<usr1:usr2,usr3>>max=? (P[F (s1=3 & t<=D)] + P[F (s2=3 & s3=3)])`,
		`<<usr1:usr2,usr3>>max=? (P[F (s1=3)] + P[F (s2=3 & s3=3 & t<=D)])`,
	}},
	{"investors/two_investors_nash.prism", "months=5,pbar=0.1", []string{
		`<<investor1:investor2>>max=? (R{"profit1"}[F "finished1"] + R{"profit2"}[F "finished2"])`,
	}},
	{"investors/two_investors_nash.prism", "months=6,pbar=0.2", []string{
		`<<investor1:investor2>>max=? (R{"profit1"}[F "finished1"] + R{"profit2"}[F "finished2"])`,
		`<<investor1:investor2>>max=? (R{"profit1_lc"}[F "finished1"] + R{"profit2_ec"}[F "finished2"])`,
		`<<investor1:investor2>>max=? (R{"profit1_lc"}[F "finished1"] + R{"profit2_mc"}[F "finished2"])`,
	}},
	{"power_control/power_control2.prism", "powmax=2,emax=100,fail=0.1", []string{
		`<<user1:user2>>max=? (R{"r1"}[F e1=0] + R{"r2"}[F e2=0])`,
		`<<user1:user2>>max=? (R{"r1"}[C<=10] + R{"r2"}[C<=10])`,
		`<<user1:user2>>max=? (R{"r1"}[F e1=0] + R{"r2"}[C<=10])`,
		`<<user1:user2>>max=? (P[F e1=0] + P[F e2=0])`,
	}},
	{"robot_coordination/robot_coordination2.prism", "l=5,q=0.1", []string{
		`<<robot1:robot2>>max=? (P[ !"crash" U "goal1" ] + P[ !"crash" U "goal2" ])`,
		`<<robot1:robot2>>max=? (P[ !"crash" U<=10 "goal1"] + P[ !"crash" U<=10 "goal2"])`,
		`<<robot1:robot2>>max=? (P[!"crash" U<=10 "goal1"] + P[!"crash" U "goal2"])`,
		`<<robot1:robot2>>min=? (R{"time1"}[F "goal1" ] + R{"time2"}[F "goal2" ])`,
	}},
	{"simple/medium_access2.prism", "emax=2,q1=0.9,q2=0.75", []string{
		`<<p1:p2>>max=? (R{"r1"}[C<=10] + R{"r2"}[C<=10])`,
		`<<p1:p2>>max=? (P[F s1=1] + P[F s2=1])`,
	}},
	{"simple/medium_access3.prism", "emax=2,q1=0.9,q2=0.75,q3=0.75", []string{
		`<<p1:p2,p3>>max=? (R{"r1"}[C<=10] + R{"r23"}[C<=10])`,
	}},
	{"simple/medium_access_count2.prism", "smax=2,emax=2,q1=0.9,q2=0.75", []string{
		`<<p1:p2>>max=? (P[F<=10 sent1=smax] + P[F<=10 sent2=smax])`,
		`<<p1:p2>>max=? (P[F sent1=smax] + P[F sent2=smax])`,
		`<<p1:p2>>max=? (P[F<=10 sent1=smax] + P[F sent2=smax])`,
	}},
}

// TestEquilibriaCertifiedExamples certifies, with the independent
// best-response check, every equilibrium answer on PRISM-games' example
// models in the corpus.
func TestEquilibriaCertifiedExamples(t *testing.T) {
	dir := filepath.Join(corpusDir, "models", "csgs")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the PRISM-games corpus is not at %s: %v", dir, err)
	}
	if testing.Short() {
		t.Skip("-short: the example models take some seconds")
	}
	for _, ex := range equilExamples {
		src, err := os.ReadFile(filepath.Join(dir, ex.model))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ex.props {
			t.Run(ex.model+" "+ex.consts+" "+p, func(t *testing.T) {
				certifyProps(t, string(src), p+"\n", ex.consts)
			})
		}
	}
}

// TestEquilibriaCertifiedVerify certifies every equilibrium answer of
// PRISM-games' verify suite (verify/csgs/nash), for every line of each
// .args file and every value of its constant ranges.
func TestEquilibriaCertifiedVerify(t *testing.T) {
	dir := filepath.Join(corpusDir, "verify", "csgs", "nash")
	props, _ := filepath.Glob(filepath.Join(dir, "*.props"))
	if len(props) == 0 {
		t.Skipf("the PRISM-games corpus is not at %s", dir)
	}
	for _, pf := range props {
		model := pf[:strings.Index(pf, ".prism")+len(".prism")]
		msrc, err := os.ReadFile(model)
		if err != nil {
			t.Fatal(err)
		}
		psrc, err := os.ReadFile(pf)
		if err != nil {
			t.Fatal(err)
		}
		runs := []string{""}
		if a, err := os.ReadFile(pf + ".args"); err == nil {
			runs = nil
			for _, line := range strings.Split(strings.TrimSpace(string(a)), "\n") {
				runs = append(runs, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "-const")))
			}
		}
		for _, consts := range runs {
			for _, one := range expandConsts(t, consts) {
				t.Run(filepath.Base(pf)+" "+one, func(t *testing.T) {
					certifyProps(t, string(msrc), string(psrc), one)
				})
			}
		}
	}
}

// expandConsts turns "k=1:3,j=2" into one assignment per value of its
// ranges: k=1,j=2; k=2,j=2; k=3,j=2 (as -const text).
func expandConsts(t *testing.T, s string) []string {
	specs, err := translate.ParseConstSpecs(s)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{""}
	for _, sp := range specs {
		var next []string
		for _, prefix := range out {
			for i := 0; i < sp.Len(); i++ {
				v := sp.At(i)
				text := sp.Name + "=" + constText(v)
				if prefix != "" {
					text = prefix + "," + text
				}
				next = append(next, text)
			}
		}
		out = next
	}
	return out
}

func constText(v translate.Value) string {
	switch v.Type {
	case prism.TBool:
		return strconv.FormatBool(v.B)
	case prism.TInt:
		return strconv.FormatInt(v.I, 10)
	}
	return strconv.FormatFloat(v.F, 'g', -1, 64)
}

// certifyProps checks every equilibrium property of props on model (with
// the constants consts) under Explain, and fails unless each answer is
// certified.
func certifyProps(t *testing.T, model, props, consts string) {
	t.Helper()
	fset := prism.NewFileSet()
	mf, err := prism.ParseModel(fset, "m.prism", model)
	if err != nil {
		t.Fatal(err)
	}
	pf, err := prism.ParseProps(fset, "p.props", props)
	if err != nil {
		t.Fatal(err)
	}
	if err := prism.CheckProps(fset, mf, pf); err != nil {
		t.Fatal(err)
	}
	specs, err := translate.ParseConstSpecs(consts)
	if err != nil {
		t.Fatal(err)
	}
	var assign []translate.ConstAssign
	for _, sp := range specs {
		assign = append(assign, translate.ConstAssign{Name: sp.Name, Value: sp.At(0)})
	}
	m, err := translate.Build(fset, mf, pf, translate.Config{Consts: assign})
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(fset, m.Game, m, Config{Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range pf.Properties {
		res, err := c.Check(p.Expr)
		if err != nil {
			t.Errorf("%s: %v", prism.ExprString(p.Expr), err)
			continue
		}
		eq := res.Equilibrium
		if eq == nil {
			continue
		}
		n++
		rep := eq.Certificate
		if rep == nil {
			t.Errorf("%s: no certificate", prism.ExprString(p.Expr))
			continue
		}
		t.Logf("%s: values (%v, %v), %d rounds, max gain (%.3g, %.3g), max difference %.3g",
			prism.ExprString(p.Expr), eq.Values[0], eq.Values[1], rep.Rounds, rep.MaxGain[0], rep.MaxGain[1], rep.MaxDiff)
		if !rep.Certified {
			t.Errorf("%s = (%v, %v): not certified: %s", prism.ExprString(p.Expr), eq.Values[0], eq.Values[1], rep.Reason)
		}
	}
	if n == 0 {
		t.Errorf("no equilibrium property in %q", props)
	}
}
