package main

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPrismVerifyPrism runs PRISM-games' regression suite
// (prism-corpus/verify) through `onus prism` as prism-auto runs PRISM: for
// each model, each of its props files and each line of their .args files,
// one run with PRISM's own switches and -testall. Every "Testing result:"
// must be PASS (UNSUPPORTED is counted apart), and for the first .args line
// the "Result:" values must agree, in PRISM's order, with what PRISM-games
// printed (TIMINGS.tsv): within 1e-5 relative, or the same error.
func TestPrismVerifyPrism(t *testing.T) {
	corpus, root, propsFiles := verifyCorpus(t)
	printed := readPrismResults(t, filepath.Join(corpus, "TIMINGS.tsv"))
	pass, unsupported, runs, same, compared := 0, 0, 0, 0, 0
	for _, pf := range propsFiles {
		rel, _ := filepath.Rel(root, pf)
		model := verifyModel(pf)
		if model == "" {
			t.Errorf("%s: no model file for it", rel)
			continue
		}
		lines := crossArgs(rawArgs(t, model+".args"), rawArgs(t, pf+".args"))
		for k, args := range lines {
			runs++
			cmd := append([]string{"prism", model, pf}, args...)
			cmd = append(cmd, "-testall")
			var out, errb bytes.Buffer
			code := run(cmd, &out, &errb)
			log := out.String()
			if code != 0 {
				t.Errorf("%s %v: exit %d\n%s%s", rel, args, code, log, errb.String())
				continue
			}
			var results []string
			for _, l := range strings.Split(log, "\n") {
				switch {
				case strings.HasPrefix(l, "Testing result: PASS"):
					pass++
				case strings.HasPrefix(l, "Testing result: UNSUPPORTED"):
					unsupported++
					t.Logf("%s %v: %s", rel, args, l)
				case strings.HasPrefix(l, "Testing result:"):
					t.Errorf("%s %v: %s", rel, args, l)
				case strings.HasPrefix(l, "Result: "):
					results = append(results, strings.TrimPrefix(l, "Result: "))
				case strings.HasPrefix(l, "Error: "):
					results = append(results, strings.TrimSuffix(l, "."))
				}
			}
			if k > 0 {
				continue
			}
			want := printed[filepath.ToSlash(rel)]
			if len(want) != len(results) {
				t.Errorf("%s %v: %d results, PRISM-games printed %d", rel, args, len(results), len(want))
				continue
			}
			for i := range want {
				compared++
				switch {
				case want[i] == results[i]:
					same++
				case !sameResult(want[i], results[i]):
					t.Errorf("%s %v: result %d is %s, PRISM-games printed %s", rel, args, i+1, results[i], want[i])
				}
			}
		}
	}
	t.Logf("%d runs: %d Testing results PASS, %d UNSUPPORTED; %d results compared with PRISM-games' log, %d printed identically, the rest within 1e-5",
		runs, pass, unsupported, compared, same)
	if pass < minPrismPasses {
		t.Errorf("%d PASS, want at least %d", pass, minPrismPasses)
	}
}

// minPrismPasses is the number of "Testing result: PASS" lines onus prism
// printed on the suite when this floor was last raised.
const minPrismPasses = 371

// rawArgs reads a .args file as prism-auto does: one run per non-empty
// line not starting with #, switches as written; no file is one run
// without switches.
func rawArgs(t *testing.T, path string) [][]string {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return [][]string{nil}
	}
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Fields(line))
	}
	if len(out) == 0 {
		out = append(out, nil)
	}
	return out
}

// readPrismResults returns, per props file (relative to verify/), the
// results PRISM-games printed in order.
func readPrismResults(t *testing.T, path string) map[string][]string {
	out := map[string][]string{}
	f, err := os.Open(path)
	if err != nil {
		t.Logf("no PRISM results: %v", err)
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 5 {
			continue
		}
		out[cols[1]] = append(out[cols[1]], strings.TrimSuffix(cols[4], "."))
	}
	return out
}

// sameResult compares a result with PRISM's: numbers within 1e-5
// relative (ranges end by end), errors by being errors.
func sameResult(prism, onus string) bool {
	if strings.HasPrefix(prism, "Error") || strings.HasPrefix(onus, "Error") {
		return strings.HasPrefix(prism, "Error") && strings.HasPrefix(onus, "Error")
	}
	if strings.HasPrefix(prism, "[") {
		a := strings.Split(strings.Trim(prism, "[]"), ",")
		b := strings.Split(strings.Trim(onus, "[]"), ",")
		return len(a) == 2 && len(b) == 2 && sameResult(a[0], b[0]) && sameResult(a[1], b[1])
	}
	x, err1 := strconv.ParseFloat(prism, 64)
	y, err2 := strconv.ParseFloat(strings.Fields(onus)[0], 64)
	if err1 != nil || err2 != nil {
		return prism == onus
	}
	if x == y {
		return true
	}
	return math.Abs(x-y) <= 1e-5*math.Abs(x)
}

// TestPrismExportSuite runs PRISM-games' export suite (prism-corpus/export)
// through onus prism as prism-auto does: each non-comment line of a
// model's .auto files is one run, its export files renamed into a
// temporary directory, and every golden file the switches name (BASE.EXT,
// or BASE1.EXT, BASE2.EXT, ... for several reward structures; .all for
// every extension) must come out byte for byte.
func TestPrismExportSuite(t *testing.T) {
	corpus, _ := filepath.Abs(filepath.Join("..", "..", "..", "shared", "prism-corpus"))
	autos, _ := filepath.Glob(filepath.Join(corpus, "export", "*", "*.auto"))
	if len(autos) == 0 {
		t.Skipf("no export suite under %s", corpus)
	}
	compared := 0
	for _, auto := range autos {
		dir := filepath.Dir(auto)
		model := verifyModel(strings.TrimSuffix(auto, ".auto") + ".props")
		for _, line := range strings.Split(readText(t, auto), "\n") {
			args := strings.Fields(line)
			if len(args) == 0 || strings.HasPrefix(args[0], "#") {
				continue
			}
			tmp := t.TempDir()
			var golden []string
			for i := 0; i+1 < len(args); i++ {
				if !strings.HasPrefix(args[i], "-export") {
					continue
				}
				base, exts, _ := strings.Cut(args[i+1], ".prism.")
				for _, ext := range map[bool][]string{true: {"tra", "sta", "lab", "srew", "trew"}, false: {exts}}[exts == "all"] {
					name := filepath.Base(base) + ".prism"
					if _, err := os.Stat(filepath.Join(dir, name+"."+ext)); err == nil {
						golden = append(golden, name+"."+ext)
					}
					for k := 1; ; k++ {
						n := name + strconv.Itoa(k) + "." + ext
						if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
							break
						}
						golden = append(golden, n)
					}
				}
				args[i+1] = filepath.Join(tmp, args[i+1])
			}
			var out, errb bytes.Buffer
			if code := run(append([]string{"prism", model}, args...), &out, &errb); code != 0 {
				t.Fatalf("%s: exit %d\n%s%s", line, code, out.String(), errb.String())
			}
			if len(golden) == 0 {
				t.Errorf("%s: no golden file to compare", line)
			}
			for _, g := range golden {
				compared++
				if got, want := readText(t, filepath.Join(tmp, g)), readText(t, filepath.Join(dir, g)); got != want {
					t.Errorf("%s: %s differs from PRISM-games' file", line, g)
				}
			}
		}
	}
	t.Logf("%d exported files equal to PRISM-games' ones", compared)
	if compared < 28 {
		t.Errorf("compared %d files, want at least 28 (prism-auto's count)", compared)
	}
}
