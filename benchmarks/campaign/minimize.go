package main

import (
	"bytes"
	"strings"
	"time"
)

// minimize shrinks a bad run by delta debugging, keeping its signature:
// first the argv (an option with its value is one unit), then the files
// the argv no longer names, then each file's lines. Slow runs get only a
// few trials, since each may take the whole CPU limit, and every run at
// most cfg.MinimizeTime.
func (cfg Config) minimize(bad *Result) *Run {
	budget := 60
	if bad.Class == ClassSlow || bad.Class == ClassTimeout || bad.Class == ClassOOM {
		budget = 6
	}
	cur := cloneRun(bad.Run)
	deadline := time.Now().Add(cfg.MinimizeTime)
	still := func(r *Run) bool {
		if budget <= 0 || time.Now().After(deadline) {
			return false
		}
		budget--
		return cfg.do(r, false).Sig == bad.Sig
	}

	// the argv's units after the command
	units := argUnits(cfg.flags[cur.Cmd()], cur.Args[1:])
	units = ddmin(units, func(us [][]string) bool {
		r := cloneRun(cur)
		r.Args = append([]string{cur.Args[0]}, flatten(us)...)
		return still(r)
	})
	cur.Args = append([]string{cur.Args[0]}, flatten(units)...)

	// files the argv does not name
	r := cloneRun(cur)
	joined := strings.Join(cur.Args, "\x00")
	dropped := false
	for n := range r.Files {
		if !strings.Contains(joined, n) {
			delete(r.Files, n)
			dropped = true
		}
	}
	if dropped && still(r) {
		cur = r
	}

	// each file's lines
	for _, n := range sortedKeys(cur.Files) {
		lines := bytes.SplitAfter(cur.Files[n], []byte("\n"))
		if len(lines) < 2 {
			continue
		}
		lines = ddmin(lines, func(ls [][]byte) bool {
			r := cloneRun(cur)
			r.Files[n] = bytes.Join(ls, nil)
			return still(r)
		})
		cur.Files[n] = bytes.Join(lines, nil)
	}
	return cur
}

// argUnits groups argv words: an option that takes a value with its value.
func argUnits(flags []Flag, words []string) [][]string {
	takes := map[string]bool{}
	for _, f := range flags {
		if f.Value {
			takes[f.Name] = true
		}
	}
	takes["-c"] = true
	var out [][]string
	for i := 0; i < len(words); i++ {
		if takes[words[i]] && i+1 < len(words) {
			out = append(out, []string{words[i], words[i+1]})
			i++
			continue
		}
		out = append(out, []string{words[i]})
	}
	return out
}

func flatten(us [][]string) []string {
	var out []string
	for _, u := range us {
		out = append(out, u...)
	}
	return out
}

// ddmin is Zeller's delta debugging: a smallest-found subsequence of xs
// for which keep holds (keep(xs) is assumed).
func ddmin[T any](xs []T, keep func([]T) bool) []T {
	n := 2
	for len(xs) >= 2 {
		chunk := (len(xs) + n - 1) / n
		reduced := false
		for start := 0; start < len(xs); start += chunk {
			end := min(start+chunk, len(xs))
			rest := append(append([]T(nil), xs[:start]...), xs[end:]...)
			if keep(rest) {
				xs = rest
				n = max(n-1, 2)
				reduced = true
				break
			}
		}
		if !reduced {
			if n >= len(xs) {
				break
			}
			n = min(2*n, len(xs))
		}
	}
	if len(xs) == 1 {
		if keep(nil) {
			return nil
		}
	}
	return xs
}

func cloneRun(r *Run) *Run {
	c := *r
	c.Args = append([]string(nil), r.Args...)
	c.Files = make(map[string][]byte, len(r.Files))
	for k, v := range r.Files {
		c.Files[k] = v
	}
	return &c
}
