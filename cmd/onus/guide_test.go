package main

import (
	"strings"
	"testing"

	"github.com/onus-mc/onus/docs/guide"
)

// TestGuideCommand: `onus guide` lists every topic with its title, prints
// a topic or one section, and refuses an unknown one naming what exists.
func TestGuideCommand(t *testing.T) {
	code, list, _ := onus(t, "guide")
	if code != exitOK {
		t.Fatalf("onus guide: exit %d", code)
	}
	for _, tp := range guide.Topics() {
		if !strings.Contains(list, "  "+tp.Name+"  ") || !strings.Contains(list, tp.Title) {
			t.Errorf("the list of topics lacks %s (%s):\n%s", tp.Name, tp.Title, list)
		}
	}
	page, _ := guide.Page("blame")
	if code, out, _ := onus(t, "guide", "blame"); code != exitOK || out != page {
		t.Errorf("onus guide blame: exit %d, not the page", code)
	}
	if code, out, _ := onus(t, "guide", "docs/guide/blame.md#negative-shares"); code != exitOK ||
		!strings.HasPrefix(out, "## Negative shares\n") || strings.Contains(out, "## Blame as check queries") {
		t.Errorf("onus guide blame#negative-shares: exit %d\n%s", code, out)
	}
	if code, _, errs := onus(t, "guide", "blam"); code != exitBadInput || !strings.Contains(errs, `no topic "blam"`) || !strings.Contains(errs, "blame") {
		t.Errorf("an unknown topic: exit %d, %s", code, errs)
	}
	if code, _, errs := onus(t, "guide", "blame#nope"); code != exitBadInput || !strings.Contains(errs, "the-blame-table") {
		t.Errorf("an unknown section: exit %d, %s", code, errs)
	}
}
