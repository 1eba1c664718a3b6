package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A Measurement is one timed run of a case (or, for the naive group, one
// row of a Go benchmark).
type Measurement struct {
	Case    *Case
	Label   string  // the row's name within its case ("" for single-run cases)
	X       float64 // x coordinate in figures (horizon, states, ...)
	Series  string  // the figure series
	Seconds float64
	CPU     float64 // user + system seconds of the process; 0 when not measured
	PeakMiB float64 // peak resident set of the process; 0 when not measured
	Answer  string  // canonical answer; "" when the case has none
	Err     error   // the run failed (not a changed answer: that is found later)
}

// runOnus runs the onus binary with args, measuring wall time and the peak
// resident memory the kernel reports for the child.
// Exit code 1 counts as success when failOK is set (`--test` exits 1 when a
// property does not match).
func runOnus(env *Env, args []string, failOK bool) (stdout []byte, secs, peakMiB float64, err error) {
	r := runOnusTimed(env, args, failOK)
	return r.stdout, r.secs, r.peakMiB, r.err
}

// timedRun is one run of onus: its output, wall and CPU (user + system)
// seconds, and peak resident memory.
type timedRun struct {
	stdout        []byte
	secs, cpuSecs float64
	peakMiB       float64
	err           error
}

// runOnusTimed is runOnus that also reports the child's CPU time, which a
// machine busy with other work changes less than the wall time.
func runOnusTimed(env *Env, args []string, failOK bool) timedRun {
	ctx, cancel := context.WithTimeout(context.Background(), env.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, env.Bin, args...)
	cmd.Dir = env.Root
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := timedRun{secs: time.Since(start).Seconds()}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.peakMiB = float64(ru.Maxrss) / 1024 // Linux reports KiB
		}
		r.cpuSecs = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	}
	r.stdout = out.Bytes()
	if ctx.Err() != nil {
		r.err = fmt.Errorf("timed out after %s", env.Timeout)
		return r
	}
	var exit *exec.ExitError
	if failOK && errors.As(err, &exit) && exit.ExitCode() == 1 {
		err = nil
	}
	if err != nil {
		msg := strings.TrimSpace(errb.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		r.err = fmt.Errorf("%v: %s", err, msg)
	}
	return r
}

// checkAnswer canonicalises the --json output of `onus check`: each result's
// constants and value, numbers to ten significant digits (so that a change
// in the last bits of a float sum is not a changed answer).
func checkAnswer(stdout []byte) (string, error) {
	var doc struct {
		Results []struct {
			Constants map[string]any `json:"constants"`
			Value     any            `json:"value"`
			Error     string         `json:"error"`
		} `json:"results"`
	}
	if err := json.Unmarshal(stdout, &doc); err != nil {
		return "", fmt.Errorf("reading onus's JSON: %v", err)
	}
	if len(doc.Results) == 0 {
		return "", errors.New("onus printed no result")
	}
	var parts []string
	for _, r := range doc.Results {
		s := canonical(r.Value)
		if r.Error != "" {
			s = "error"
		}
		if len(r.Constants) > 0 {
			s = canonical(r.Constants) + ":" + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " "), nil
}

// canonical prints a decoded JSON value with sorted keys and short numbers.
func canonical(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'g', 10, 64)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(k + "=" + canonical(x[k]))
		}
		b.WriteByte('}')
		return b.String()
	case []any:
		var parts []string
		for _, y := range x {
			parts = append(parts, canonical(y))
		}
		return "[" + strings.Join(parts, ",") + "]"
	default:
		return fmt.Sprint(x)
	}
}

// buildAnswer reads the size from the --json output of `onus build`.
func buildAnswer(stdout []byte) (string, error) {
	var doc struct {
		States, Transitions, Choices int64
	}
	if err := json.Unmarshal(stdout, &doc); err != nil {
		return "", fmt.Errorf("reading onus's JSON: %v", err)
	}
	return fmt.Sprintf("%d states, %d transitions, %d choices", doc.States, doc.Transitions, doc.Choices), nil
}

// testAnswer reads the closing "N passed, M failed" line of `onus check --test`.
func testAnswer(stdout []byte) (string, error) {
	lines := strings.Split(strings.TrimSpace(string(stdout)), "\n")
	last := lines[len(lines)-1]
	if !strings.Contains(last, "passed") {
		return "", fmt.Errorf("no test summary in the output")
	}
	return last, nil
}

// blameAnswer canonicalises the --json output of `onus blame`: every
// agent's and coalition's numbers.
// locateAnswer is the groups of onus locate with a share: name and the
// exact indices (the estimate and its standard error when sampled).
func locateAnswer(stdout []byte) (string, error) {
	var doc struct {
		Groups []map[string]any `json:"groups"`
	}
	if err := json.Unmarshal(stdout, &doc); err != nil {
		return "", fmt.Errorf("reading onus's JSON: %v", err)
	}
	var kept []any
	for _, g := range doc.Groups {
		if sh, _ := g["shapley"].(float64); sh == 0 {
			continue
		}
		delete(g, "states")
		delete(g, "swings")
		kept = append(kept, g)
	}
	return canonical(map[string]any{"groups": kept}), nil
}

func blameAnswer(stdout []byte) (string, error) {
	var doc struct {
		Agents     []map[string]any `json:"agents"`
		Coalitions []map[string]any `json:"coalitions"`
	}
	if err := json.Unmarshal(stdout, &doc); err != nil {
		return "", fmt.Errorf("reading onus's JSON: %v", err)
	}
	if len(doc.Agents) == 0 {
		return "", errors.New("onus blame printed no agent")
	}
	for _, a := range doc.Agents {
		delete(a, "seconds")
	}
	return canonical(map[string]any{"agents": toAny(doc.Agents), "coalitions": toAny(doc.Coalitions)}), nil
}

func toAny(ms []map[string]any) []any {
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}
