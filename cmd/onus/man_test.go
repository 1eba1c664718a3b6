package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestManPage: docs/onus.1 is what `onus man` prints (go test ./cmd/onus
// -run TestManPage -update rewrites it), it names every command and
// option, and groff reads it without a warning (when groff is installed).
func TestManPage(t *testing.T) {
	code, page, errs := onus(t, "man")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	const path = "../../docs/onus.1"
	if *update {
		if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil || string(want) != page {
		t.Errorf("docs/onus.1 is not what onus man prints (%v): run go test ./cmd/onus -run TestManPage -update", err)
	}
	for _, c := range newApp(nil, nil).Commands {
		if !strings.Contains(page, ".SS \"onus "+roffText(c.Name)) {
			t.Errorf("no section for %s", c.Name)
		}
		for _, f := range c.VisibleFlags() {
			if n := f.Names()[0]; !strings.Contains(page, `\fB\-\-`+strings.ReplaceAll(n, "-", `\-`)+`\fR`) && len(n) > 1 {
				t.Errorf("%s: no option --%s", c.Name, n)
			}
		}
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("groff is not installed")
	}
	cmd := exec.Command(groff, "-man", "-ww", "-z", "-Tutf8")
	cmd.Stdin = strings.NewReader(page)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("groff: %v\n%s", err, out)
	}
}
