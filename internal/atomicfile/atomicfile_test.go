package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAtomicFile checks that a committed file appears whole, an aborted
// one leaves the old file and no temporary, and RemovePending cleans up.
func TestAtomicFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := WriteFile(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("partial")
	f.Abort()
	f.Abort()
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Errorf("after Abort the file holds %q", b)
	}
	g, err := Create(filepath.Join(dir, "new.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g.WriteString("half")
	RemovePending()
	if err := g.Commit(); err != nil {
		t.Logf("commit after RemovePending: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != "out.txt" {
		t.Errorf("directory holds %v, want only out.txt", names)
	}
	h, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	h.WriteString("two")
	if err := h.Commit(); err != nil {
		t.Fatal(err)
	}
	h.Abort() // after Commit: nothing
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("after Commit the file holds %q", b)
	}
}
