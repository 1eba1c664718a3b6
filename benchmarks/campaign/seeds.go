package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A Seed is a valid invocation the campaign mutates: the argv after the
// binary, with every input file named by a plain name of the run's
// directory, and the contents of those files.
type Seed struct {
	Args   []string
	Files  map[string][]byte // name in the run's directory -> content
	Origin string            // where the seed comes from (for the report)
}

// Cmd is the seed's subcommand.
func (s *Seed) Cmd() string {
	if len(s.Args) == 0 {
		return ""
	}
	return s.Args[0]
}

// subcommands are the commands the campaign exercises.
var subcommands = []string{"check", "blame", "simulate", "build", "export", "export-outcome", "locate", "prism"}

func isSubcommand(w string) bool {
	for _, c := range subcommands {
		if c == w {
			return true
		}
	}
	return false
}

// fileRefRE finds paths with a slash inside a word (a whole argument,
// @FILE, NAME=@FILE, NAME=@"FILE"): those naming a file of the repository
// or the corpus become inputs of the seed.
var fileRefRE = regexp.MustCompile(`(?:\.\./shared/prism-corpus|[A-Za-z0-9_-]+|/[A-Za-z0-9_.-]+)(?:/[A-Za-z0-9_.+-]+)+`)

// seedBuilder collects seeds, reading each input file once.
type seedBuilder struct {
	root  string
	files map[string][]byte // absolute path -> content
	seeds []*Seed
}

// add makes a seed of argv, whose file words are relative to the
// repository root or absolute. Words naming no existing file are kept.
func (b *seedBuilder) add(origin string, argv []string) {
	if len(argv) == 0 || !isSubcommand(argv[0]) {
		return
	}
	s := &Seed{Files: map[string][]byte{}, Origin: origin}
	names := map[string]string{} // absolute path -> name in the run dir
	for _, w := range argv {
		w = fileRefRE.ReplaceAllStringFunc(w, func(ref string) string {
			abs := ref
			if !filepath.IsAbs(ref) {
				abs = filepath.Join(b.root, ref)
			}
			if n, ok := names[abs]; ok {
				return n
			}
			st, err := os.Stat(abs)
			if err != nil || !st.Mode().IsRegular() || st.Size() > 4<<20 {
				return ref
			}
			data, ok := b.files[abs]
			if !ok {
				if data, err = os.ReadFile(abs); err != nil {
					return ref
				}
				b.files[abs] = data
			}
			n := filepath.Base(abs)
			for i := 2; s.Files[n] != nil; i++ {
				n = fmt.Sprintf("%d-%s", i, filepath.Base(abs))
			}
			names[abs] = n
			s.Files[n] = data
			b.addReferenced(s, filepath.Dir(abs), data)
			return n
		})
		s.Args = append(s.Args, w)
	}
	b.seeds = append(b.seeds, s)
}

// traceRefRE finds the files a props file names: @"FILE" or @FILE.
var traceRefRE = regexp.MustCompile(`@"?([A-Za-z0-9_.-]+)`)

// addReferenced adds the files beside an input that the input names
// (a props file's traces), under their own names.
func (b *seedBuilder) addReferenced(s *Seed, dir string, data []byte) {
	for _, m := range traceRefRE.FindAllSubmatch(data, -1) {
		n := string(m[1])
		if s.Files[n] != nil {
			continue
		}
		p := filepath.Join(dir, n)
		if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() || st.Size() > 4<<20 {
			continue
		}
		if d, err := os.ReadFile(p); err == nil {
			s.Files[n] = d
		}
	}
}

// loadSeeds gathers the seeds: the user guide's examples, the example
// models, the corpus models and PRISM-games' verify/ suite.
func loadSeeds(root, corpus string) ([]*Seed, error) {
	b := &seedBuilder{root: root, files: map[string][]byte{}}
	guides, _ := filepath.Glob(filepath.Join(root, "docs", "guide", "*.md"))
	guides = append(guides, filepath.Join(root, "README.md"))
	for _, g := range guides {
		if err := b.guide(g); err != nil {
			return nil, err
		}
	}
	b.examples()
	if corpus != "" {
		if _, err := os.Stat(corpus); err == nil {
			b.corpusModels(corpus)
			b.corpusVerify(corpus)
		}
	}
	if len(b.seeds) == 0 {
		return nil, fmt.Errorf("no seeds under %s", root)
	}
	return b.seeds, nil
}

// guide adds every `$ onus ...` example of one markdown file, joining
// lines continued with a backslash.
func (b *seedBuilder) guide(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "$ onus ") {
			continue
		}
		line := strings.TrimPrefix(l, "$ onus ")
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimSpace(lines[i])
		}
		b.add(fmt.Sprintf("%s:%d", filepath.Base(path), i+1), shellWords(line))
	}
	return nil
}

// examples adds build, simulate, export, check and prism runs of every
// example model, with the constants of its props file's .args.
func (b *seedBuilder) examples() {
	models, _ := filepath.Glob(filepath.Join(b.root, "examples", "*.prism"))
	sort.Strings(models)
	for _, m := range models {
		base := strings.TrimSuffix(m, ".prism")
		consts := constArgs(base + ".props.args")
		origin := "examples/" + filepath.Base(m)
		b.add(origin, append([]string{"build", m}, consts...))
		b.add(origin, append([]string{"simulate", m, "--steps", "5"}, consts...))
		b.add(origin, append([]string{"export", m, "--dir", "out"}, consts...))
		if _, err := os.Stat(base + ".props"); err == nil {
			b.add(origin, append([]string{"check", m, base + ".props"}, consts...))
			b.add(origin, append([]string{"export-outcome", m, base + ".props", "--prop", "1", "--dir", "out"}, consts...))
			b.add(origin, append([]string{"prism", m, base + ".props"}, prismConsts(consts)...))
		}
		if tr, err := filepath.Glob(base + ".trace.txt"); err == nil && len(tr) == 1 {
			b.add(origin, append([]string{"simulate", m, "--steps", "3", "--plan", "@" + tr[0], "--out", "run.txt"}, consts...))
		}
	}
	locs, _ := filepath.Glob(filepath.Join(b.root, "examples", "locate", "*.prism"))
	sort.Strings(locs)
	for _, m := range locs {
		b.add("examples/locate/"+filepath.Base(m), []string{"locate", "--list-groups", m})
		b.add("examples/locate/"+filepath.Base(m), []string{"locate", m, "--objective", "Pmax=? [F true]", "--json"})
	}
}

// constArgs reads the first line of a .args file, keeping --const.
func constArgs(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	line, _, _ := strings.Cut(string(data), "\n")
	w := strings.Fields(line)
	var out []string
	for i := 0; i+1 < len(w); i++ {
		if w[i] == "--const" || w[i] == "-const" {
			out = append(out, "--const", w[i+1])
			i++
		}
	}
	return out
}

// prismConsts turns --const into PRISM's -const.
func prismConsts(args []string) []string {
	out := append([]string(nil), args...)
	for i, w := range out {
		if w == "--const" {
			out[i] = "-const"
		}
	}
	return out
}

// corpusModels adds build, simulate and prism runs of the corpus models
// PRISM-games builds in under 6,000 states (MANIFEST.tsv).
func (b *seedBuilder) corpusModels(corpus string) {
	f, err := os.Open(filepath.Join(corpus, "MANIFEST.tsv"))
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 4 || cols[0] == "file" {
			continue
		}
		if n, err := strconv.Atoi(cols[3]); err == nil && n > 6000 {
			continue
		}
		m := filepath.Join(corpus, cols[0])
		var consts []string
		if cols[1] != "" {
			consts = []string{"--const", cols[1]}
		}
		b.add(cols[0], append([]string{"build", m}, consts...))
		b.add(cols[0], append([]string{"simulate", m, "--steps", "20"}, consts...))
		b.add(cols[0], append([]string{"prism", m, "-exportmodel", "out.all"}, prismConsts(consts)...))
	}
}

// corpusVerify adds check and prism runs of PRISM-games' verify/ suite.
func (b *seedBuilder) corpusVerify(corpus string) {
	var props []string
	filepath.WalkDir(filepath.Join(corpus, "verify"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".props") {
			props = append(props, p)
		}
		return nil
	})
	sort.Strings(props)
	for _, p := range props {
		name := filepath.Base(p)
		i := strings.Index(name, ".prism")
		ext := ".prism"
		if i < 0 {
			i, ext = strings.Index(name, ".nm"), ".nm"
		}
		if i < 0 {
			continue
		}
		m := filepath.Join(filepath.Dir(p), name[:i]+ext)
		if _, err := os.Stat(m); err != nil {
			continue
		}
		consts := constArgs(p + ".args")
		rel, _ := filepath.Rel(corpus, p)
		b.add(rel, append([]string{"check", m, p}, consts...))
		b.add(rel, append([]string{"prism", m, p, "-test"}, prismConsts(consts)...))
	}
}
