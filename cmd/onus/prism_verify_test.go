package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/onus-mc/onus/prism"
)

// TestPrismVerify runs PRISM-games' own regression properties
// (prism-corpus/verify/**/*.props, with each line of the .args file) through
// `onus check --test`, one property at a time, and requires every property
// whose operators onus supports to match its RESULT. Properties with
// steady-state rewards, filters or equilibria are skipped with a message. onus's time per
// property is logged next to PRISM-games' (TIMINGS.tsv).
func TestPrismVerify(t *testing.T) {
	corpus, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "prism-corpus"))
	root := filepath.Join(corpus, "verify")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("conformance corpus not found at %s: %v", root, err)
	}
	var propsFiles []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".props") {
			propsFiles = append(propsFiles, path)
		}
		return nil
	})
	slices.Sort(propsFiles)
	if len(propsFiles) == 0 {
		t.Fatalf("no .props files under %s", root)
	}
	prismTimes := readTimings(t, filepath.Join(corpus, "TIMINGS.tsv"))

	passed, skipped, values := 0, 0, 0
	var onusTotal, prismTotal float64
	var table strings.Builder
	for _, pf := range propsFiles {
		rel, _ := filepath.Rel(root, pf)
		model := pf[:strings.Index(pf, ".prism")+len(".prism")]
		argLines := verifyArgs(t, pf+".args")
		src, err := os.ReadFile(pf)
		if err != nil {
			t.Fatal(err)
		}
		props, err := prism.ParseProps(prism.NewFileSet(), pf, string(src))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		for i, p := range props.Properties {
			text := strings.TrimSpace(p.Text)
			if why := unsupportedOp(p.Expr); why != "" {
				t.Logf("skip %s #%d %s: %s not supported", rel, i+1, text, why)
				skipped++
				continue
			}
			for _, args := range argLines {
				var out, errb bytes.Buffer
				cmd := append([]string{"check", model, pf, "--test", "--prop", strconv.Itoa(i + 1)}, args...)
				start := time.Now()
				code := run(cmd, &out, &errb)
				secs := time.Since(start).Seconds()
				if code != 0 || !strings.Contains(out.String(), "PASS") {
					t.Errorf("%s #%d %s %v: exit %d\n%s%s", rel, i+1, text, args, code, out.String(), errb.String())
					continue
				}
				passed++
				var np, nf int
				fmt.Sscanf(lastLine(out.String()), "%d passed, %d failed", &np, &nf)
				values += np
				key := rel + "\t" + normProp(text)
				pt, ok := prismTimes[key]
				pstr := "-"
				if ok {
					// Duplicated properties share PRISM's rows.
					n := 0
					for _, q := range props.Properties {
						if normProp(strings.TrimSpace(q.Text)) == normProp(text) {
							n++
						}
					}
					pstr = fmt.Sprintf("%.3f", pt/float64(n*len(argLines)))
					prismTotal += pt / float64(n*len(argLines))
				}
				onusTotal += secs
				fmt.Fprintf(&table, "  %-40s #%-2d %8.3f %8s  %s\n", rel, i+1, secs, pstr, text)
			}
		}
	}
	t.Logf("onus (whole run: parse, build, check) vs PRISM-games (check only), seconds per property:\n%s  total: onus %.3f s, PRISM %.3f s",
		table.String(), onusTotal, prismTotal)
	t.Logf("%d properties pass (%d RESULT values, one per constant value), %d properties skipped (unsupported operators)", passed, values, skipped)
	if passed == 0 {
		t.Errorf("no property passed")
	}
}

// verifyArgs reads a .args file: one run a line, PRISM switches translated
// (-const → --const; -ex and -m, engine choices, are dropped). Duplicate
// runs are merged. No file: one run without arguments.
func verifyArgs(t *testing.T, path string) [][]string {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return [][]string{nil}
	}
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	seen := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var args []string
		for j := 0; j < len(f); j++ {
			switch f[j] {
			case "-const":
				if j+1 < len(f) {
					args = append(args, "--const", f[j+1])
					j++
				}
			case "-ex", "-m", "-explicit", "-mtbdd", "-s", "-sparse", "-h", "-hybrid":
			default:
				t.Fatalf("%s: unknown PRISM switch %q", path, f[j])
			}
		}
		k := strings.Join(args, " ")
		if !seen[k] {
			seen[k] = true
			out = append(out, args)
		}
	}
	if len(out) == 0 {
		out = append(out, nil)
	}
	return out
}

// unsupportedOp names an operator of e that onus does not check, or "".
func unsupportedOp(e prism.Expr) string {
	switch x := e.(type) {
	case nil:
		return ""
	case *prism.RewardOp:
		if x.ContentKind == 'S' {
			return "the steady-state reward S"
		}
		return unsupportedOp(x.Target)
	case *prism.FilterExpr:
		return "filter"
	case *prism.MultiNash:
		return "equilibrium"
	case *prism.Strategy:
		return unsupportedOp(x.Op)
	case *prism.ProbOp:
		return unsupportedOp(x.Path)
	case *prism.Temporal:
		if s := unsupportedOp(x.Left); s != "" {
			return s
		}
		return unsupportedOp(x.Right)
	case *prism.Unary:
		return unsupportedOp(x.X)
	case *prism.Paren:
		return unsupportedOp(x.X)
	case *prism.Binary:
		if s := unsupportedOp(x.X); s != "" {
			return s
		}
		return unsupportedOp(x.Y)
	case *prism.Cond:
		for _, y := range []prism.Expr{x.Cond, x.Then, x.Else} {
			if s := unsupportedOp(y); s != "" {
				return s
			}
		}
	}
	return ""
}

// normProp strips whitespace and a final ';' so that a property's source
// text matches PRISM's printed form.
func normProp(s string) string {
	s = strings.TrimSuffix(strings.TrimSpace(s), ";")
	return strings.Join(strings.Fields(s), "")
}

// readTimings sums PRISM's check_seconds per (props file, property).
func readTimings(t *testing.T, path string) map[string]float64 {
	out := map[string]float64{}
	f, err := os.Open(path)
	if err != nil {
		t.Logf("no PRISM timings: %v", err)
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 7 {
			continue
		}
		v, err := strconv.ParseFloat(cols[5], 64)
		if err != nil {
			continue
		}
		out[cols[1]+"\t"+normProp(cols[3])] += v
	}
	return out
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndex(s, "\n")+1:]
}
