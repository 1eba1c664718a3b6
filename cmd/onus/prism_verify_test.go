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
// (prism-corpus/verify/**/*.props, with each line of the .args files) through
// `onus check --test`, one property at a time, and requires every property
// to match its RESULT, except those onus refuses as not supported yet (an
// error saying "not supported"), which are logged and counted. onus's time
// per property is logged next to PRISM-games' (TIMINGS.tsv).
func TestPrismVerify(t *testing.T) {
	corpus, root, propsFiles := verifyCorpus(t)
	prismTimes := readTimings(t, filepath.Join(corpus, "TIMINGS.tsv"))

	passed, skipped, values := 0, 0, 0
	var onusTotal, prismTotal float64
	var table strings.Builder
	for _, pf := range propsFiles {
		rel, _ := filepath.Rel(root, pf)
		model := verifyModel(pf)
		if model == "" {
			t.Errorf("%s: no model file for it", rel)
			continue
		}
		argLines := crossArgs(verifyArgs(t, model+".args"), verifyArgs(t, pf+".args"))
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
			for _, args := range argLines {
				var out, errb bytes.Buffer
				cmd := append([]string{"check", model, pf, "--test", "--prop", strconv.Itoa(i + 1)}, args...)
				start := time.Now()
				code := run(cmd, &out, &errb)
				secs := time.Since(start).Seconds()
				if code != 0 || !strings.Contains(out.String(), "PASS") {
					if all := out.String() + errb.String(); strings.Contains(all, "not supported") {
						t.Logf("skip %s #%d %s %v: %s", rel, i+1, text, args, firstErrorLine(all))
						skipped++
						continue
					}
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
	t.Logf("%d property runs pass (%d RESULT values, one per constant value), %d runs refused as not supported", passed, values, skipped)
	if passed < minVerifyPasses {
		t.Errorf("%d property runs pass, want at least %d (a supported property is now refused?)", passed, minVerifyPasses)
	}
}

// verifyCorpus finds the corpus (skipping the test without it) and the
// .props files of its verify/ folder, sorted.
func verifyCorpus(t *testing.T) (corpus, root string, propsFiles []string) {
	corpus, _ = filepath.Abs(filepath.Join("..", "..", "..", "shared", "prism-corpus"))
	root = filepath.Join(corpus, "verify")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("conformance corpus not found at %s: %v", root, err)
	}
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
	return corpus, root, propsFiles
}

// verifyArgs reads a .args file: one run a line, PRISM switches translated
// (-const → --const; engine choices such as -ex and -m, and -fixdl, which
// onus always does, are dropped). Duplicate
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
			case "-ex", "-m", "-explicit", "-mtbdd", "-s", "-sparse", "-h", "-hybrid", "-fixdl":
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

// minVerifyPasses is how many property runs of the corpus passed when this
// floor was last raised: fewer means something onus answered is now refused.
const minVerifyPasses = 253

// verifyModel returns the model a corpus props file belongs to: the longest
// prefix of its name, cut at a dot, that names a file (x.prism for
// x.prism.bounded.props), or "".
func verifyModel(props string) string {
	for p := strings.TrimSuffix(props, ".props"); strings.Contains(filepath.Base(p), "."); p = p[:strings.LastIndex(p, ".")] {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

// crossArgs combines the runs of a model's .args with those of a props
// file's: every pair, as PRISM's test runner does.
func crossArgs(model, props [][]string) [][]string {
	var out [][]string
	for _, m := range model {
		for _, p := range props {
			out = append(out, append(append([]string(nil), m...), p...))
		}
	}
	return out
}

// firstErrorLine returns the first line of out that holds "error", or its
// first line.
func firstErrorLine(out string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, l := range lines {
		if strings.Contains(l, "error") {
			return strings.TrimSpace(l)
		}
	}
	return lines[0]
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
