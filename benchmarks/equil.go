package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// equilExamples are PRISM-games' own equilibrium properties (its
// examples' props files) for the corpus models whose PRISM-games times are
// not in TIMINGS-large.tsv, at the corpus' constants.
var equilExamples = []struct {
	model, consts string
	props         []string
}{
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
}

// equilCases: every equilibrium case of the corpus beside PRISM-games,
// end to end: the props files of verify/csgs/nash (PRISM-games' model
// construction and checking times from TIMINGS.tsv plus 0.7 s of JVM
// start), the larger instances of TIMINGS-large.tsv (its end-to-end wall
// time; onus's answer must be PRISM-games' to ten digits), and PRISM-games'
// example properties whose times it does not record.
func equilCases(env *Env) []*Case {
	var cs []*Case
	for _, c := range prismCases(env) {
		if !strings.Contains(c.Name, "csgs/nash/") {
			continue
		}
		e := *c
		e.Group, e.Name = "equil", "equil/verify/"+strings.TrimPrefix(c.Name, "prism/csgs/nash/")
		cs = append(cs, &e)
	}
	rows, err := readTSV(filepath.Join(env.Corpus, "TIMINGS-large.tsv"))
	if err != nil {
		env.Notef("equil: TIMINGS-large.tsv left out: %v", err)
	}
	for _, r := range rows {
		consts := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(r["args"]), "-const"))
		wall, _ := strconv.ParseFloat(r["wall_seconds"], 64)
		want, err := prismAnswer(consts, r["result"])
		if err != nil {
			env.Notef("equil: %s: %v", r["model"], err)
			continue
		}
		cs = append(cs, &Case{
			Group: "equil", Name: fmt.Sprintf("equil/%s %s", filepath.Base(r["model"]), consts), Quick: true,
			Args:   []string{"check", filepath.Join(env.Corpus, "models", r["model"]), "--const", consts, "--pf", r["property"], "--json"},
			Answer: checkAnswer, Want: want, PRISM: wall,
		})
	}
	for _, ex := range equilExamples {
		for k, p := range ex.props {
			cs = append(cs, &Case{
				Group: "equil", Name: fmt.Sprintf("equil/%s %s prop %d", filepath.Base(ex.model), ex.consts, k+1), Quick: true,
				Args:   []string{"check", filepath.Join(env.Corpus, "models", "csgs", ex.model), "--const", ex.consts, "--pf", p, "--json"},
				Answer: checkAnswer,
			})
		}
	}
	return cs
}

// prismAnswer is the answer checkAnswer reads from onus's JSON when its
// value is PRISM-games' result: the constants and the value to ten
// significant digits.
func prismAnswer(consts, result string) (string, error) {
	v, err := strconv.ParseFloat(result, 64)
	if err != nil {
		return "", fmt.Errorf("PRISM-games' result %q: %v", result, err)
	}
	m := map[string]any{}
	for _, part := range strings.Split(consts, ",") {
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			return "", fmt.Errorf("constant %q", part)
		}
		f, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return "", fmt.Errorf("constant %q: %v", part, err)
		}
		m[name] = f
	}
	return canonical(m) + ":" + canonical(v), nil
}
