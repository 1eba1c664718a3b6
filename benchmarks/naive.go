package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
)

// naiveCase times the test-only literal enumerator of the definitions beside
// the engine on D_CAR (b), the paper's example (the CPD under behaviour q), through
// the checker's Go benchmark BenchmarkNaiveVsEngine: the enumerator walks
// all 4^T histories. ONUS_NAIVE_MAX_T raises the benchmark's largest T, and
// ONUS_NAIVE_BUDGET stops it once one enumeration takes longer.
func naiveCase() *Case {
	return &Case{Group: "naive", Name: "naive/enumerator-vs-engine", Quick: true, Run: runNaive}
}

var benchLine = regexp.MustCompile(`^BenchmarkNaiveVsEngine/(naive|engine)/T=(\d+)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op`)

func runNaive(env *Env, c *Case) []Measurement {
	maxT, budget := "12", "60s"
	if env.Quick {
		maxT, budget = "8", "5s"
	}
	ctx, cancel := context.WithTimeout(context.Background(), env.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "./checker", "-run", "^$", "-bench", "NaiveVsEngine", "-benchtime", "1x", "-timeout", "30m")
	cmd.Dir = env.Root
	cmd.Env = append(os.Environ(), "ONUS_NAIVE_MAX_T="+maxT, "ONUS_NAIVE_BUDGET="+budget)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return []Measurement{{Case: c, Err: fmt.Errorf("go test -bench NaiveVsEngine: %v\n%s", err, out.String())}}
	}
	var ms []Measurement
	for _, line := range bytes.Split(out.Bytes(), []byte("\n")) {
		m := benchLine.FindSubmatch(line)
		if m == nil {
			continue
		}
		T, _ := strconv.Atoi(string(m[2]))
		ns, _ := strconv.ParseFloat(string(m[3]), 64)
		series := "engine (layered pass, in process)"
		if string(m[1]) == "naive" {
			series = "literal enumeration (4^T histories)"
		}
		ms = append(ms, Measurement{Case: c, Label: fmt.Sprintf("%s/T=%d", m[1], T), X: float64(T),
			Series: series, Seconds: ns / 1e9, Answer: "1/2"})
	}
	if len(ms) == 0 {
		return []Measurement{{Case: c, Err: fmt.Errorf("no benchmark rows in the output:\n%s", out.String())}}
	}
	return ms
}
