package atomicfile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// listDir lists dir's entries, with those of its subdirectories as
// "sub/name", sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			rel += "/"
		}
		names = append(names, rel)
		return nil
	})
	slices.Sort(names)
	return names
}

func readOr(p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		return "<none>"
	}
	return string(b)
}

// TestRun checks the outputs of a run: all renamed at CommitAll, none left
// (and an old file untouched) at RemovePending, whatever step the run
// failed at.
func TestRun(t *testing.T) {
	type step func(t *testing.T, dir string)
	write := func(name, data string) step {
		return func(t *testing.T, dir string) {
			if err := MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := WriteFile(filepath.Join(dir, name), []byte(data)); err != nil {
				t.Fatal(err)
			}
		}
	}
	unfinished := func(name string) step {
		return func(t *testing.T, dir string) {
			f, err := Create(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("half")
		}
	}
	tests := []struct {
		name  string
		steps []step
		ok    bool
		want  []string // the directory afterwards
		old   string   // old.txt's content afterwards
	}{
		{"nothing", nil, true, []string{"old.txt"}, "old"},
		{"two files kept", []step{write("a.tra", "A"), write("old.txt", "new")}, true, []string{"a.tra", "old.txt"}, "new"},
		{"two files, failed", []step{write("a.tra", "A"), write("old.txt", "new")}, false, []string{"old.txt"}, "old"},
		{"failed while writing the third", []step{write("a.tra", "A"), write("b.sta", "B"), unfinished("c.lab")}, false, []string{"old.txt"}, "old"},
		{"a new directory, failed", []step{write("out/x/a.tra", "A")}, false, []string{"old.txt"}, "old"},
		{"a new directory, kept", []step{write("out/x/a.tra", "A")}, true, []string{"old.txt", "out/", "out/x/", "out/x/a.tra"}, "old"},
		{"one file twice, the last wins", []step{write("old.txt", "one"), write("old.txt", "two")}, true, []string{"old.txt"}, "two"},
		{"one file twice, failed", []step{write("old.txt", "one"), write("old.txt", "two")}, false, []string{"old.txt"}, "old"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "old.txt"), []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			Begin()
			for _, s := range tc.steps {
				s(t, dir)
			}
			if got := readOr(filepath.Join(dir, "old.txt")); got != "old" {
				t.Errorf("during the run old.txt holds %q", got)
			}
			if tc.ok {
				if err := CommitAll(); err != nil {
					t.Fatal(err)
				}
			} else {
				RemovePending()
			}
			if got := listDir(t, dir); !slices.Equal(got, tc.want) {
				t.Errorf("directory holds %v, want %v", got, tc.want)
			}
			if got := readOr(filepath.Join(dir, "old.txt")); got != tc.old {
				t.Errorf("old.txt holds %q, want %q", got, tc.old)
			}
		})
	}
}

// TestCommitAllRollback checks that a rename failing at the end puts back
// what the renames before it replaced, and removes the rest.
func TestCommitAllRollback(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	os.WriteFile(p("old.txt"), []byte("old"), 0o644)
	Begin()
	for _, n := range []string{"old.txt", "new.txt", "blocked", "last.txt"} {
		if err := WriteFile(p(n), []byte("run")); err != nil {
			t.Fatal(err)
		}
	}
	// A directory that appears at a destination after it was written
	// makes its rename fail.
	os.MkdirAll(p("blocked/inside"), 0o755)
	err := CommitAll()
	if err == nil {
		t.Fatal("CommitAll succeeded over a directory")
	}
	t.Log(err)
	want := []string{"blocked/", "blocked/inside/", "old.txt"}
	if got := listDir(t, dir); !slices.Equal(got, want) {
		t.Errorf("directory holds %v, want %v", got, want)
	}
	if got := readOr(p("old.txt")); got != "old" {
		t.Errorf("old.txt holds %q, want old", got)
	}
}

// TestCreateRefuses checks that destinations no rename could reach are
// refused when the file is created.
func TestCreateRefuses(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"", dir, dir + "/", filepath.Join(dir, "sub") + "/"} {
		if f, err := Create(p); err == nil {
			f.Abort()
			t.Errorf("Create(%q) succeeded", p)
		}
	}
	if got := listDir(t, dir); len(got) != 0 {
		t.Errorf("directory holds %v", got)
	}
	missing := filepath.Join(dir, "no", "out.csv")
	if _, err := Create(missing); err == nil || !strings.Contains(err.Error(), missing+":") {
		t.Errorf("Create in a missing directory: %v, want an error naming %s", err, missing)
	}
}

// TestRecorder checks that the recorder hears of every temporary file and
// created directory, so that removing what it heard of cleans up after a
// process that died before its run ended.
func TestRecorder(t *testing.T) {
	dir := t.TempDir()
	var heard []string
	SetRecorder(func(p string) { heard = append(heard, p) })
	defer SetRecorder(nil)
	Begin()
	if err := MkdirAll(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, "out", "a"), []byte("A")); err != nil {
		t.Fatal(err)
	}
	f, err := Create(filepath.Join(dir, "b"))
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("half")
	// The process dies here: another removes what it heard of, last first.
	for i := len(heard) - 1; i >= 0; i-- {
		if !filepath.IsAbs(heard[i]) {
			t.Errorf("recorded %q, not absolute", heard[i])
		}
		os.Remove(heard[i])
	}
	if got := listDir(t, dir); len(got) != 0 {
		t.Errorf("directory holds %v after removing %v", got, heard)
	}
	f.Close()
	reg.mu.Lock()
	reg.open, reg.staged, reg.dirs, reg.running = nil, nil, nil, false
	reg.mu.Unlock()
}
