package main

import (
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// htmlSpan is a shaded part of the report.
type htmlSpan struct {
	class, style, title, text string
}

// parseReport reads the report as XML (it is XHTML) and returns its parts,
// failing on any external resource.
func parseReport(t *testing.T, path string) []htmlSpan {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d := xml.NewDecoder(f)
	d.Strict = true
	var spans []htmlSpan
	var stack []*htmlSpan
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the report is not well-formed XHTML: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			for _, a := range x.Attr {
				if a.Name.Local == "src" || a.Name.Local == "href" || strings.Contains(a.Value, "url(") {
					t.Fatalf("external resource %s=%q", a.Name.Local, a.Value)
				}
			}
			switch x.Name.Local {
			case "script", "link", "img", "iframe":
				t.Fatalf("the report has a <%s>", x.Name.Local)
			case "span":
				s := &htmlSpan{}
				for _, a := range x.Attr {
					switch a.Name.Local {
					case "class":
						s.class = a.Value
					case "style":
						s.style = a.Value
					case "title":
						s.title = a.Value
					}
				}
				stack = append(stack, s)
			}
		case xml.CharData:
			for _, s := range stack {
				s.text += string(x)
			}
		case xml.EndElement:
			if x.Name.Local == "span" {
				spans = append(spans, *stack[len(stack)-1])
				stack = stack[:len(stack)-1]
			}
		}
	}
	return spans
}

// TestLocateHTML: the report parses, has no external resources, and shades
// the module, commands and variable at fault with their values and swing
// coalitions.
func TestLocateHTML(t *testing.T) {
	dir := "../../examples/locate/"
	out := filepath.Join(t.TempDir(), "r.html")
	code, _, errs := onus(t, "locate", dir+"sensor.prism", "--objective", `P>=1 [G !"crash"]`, "--group", "modules", "--exact", "--html", out)
	if code != exitOK {
		t.Fatal(errs)
	}
	spans := parseReport(t, out)
	find := func(class, textPrefix string) htmlSpan {
		for _, s := range spans {
			if strings.Contains(s.class, class) && strings.HasPrefix(strings.TrimSpace(s.text), textPrefix) {
				return s
			}
		}
		t.Fatalf("no %s span starting %q", class, textPrefix)
		return htmlSpan{}
	}
	sensor := find("module", "module sensor")
	if !strings.Contains(sensor.title, "sensor: shapley 2/3, banzhaf 3/4, count 48") || !strings.Contains(sensor.title, "swings alone") || sensor.style == "" {
		t.Errorf("module sensor: %+v", sensor)
	}
	d1 := find("module", "module driver1")
	if !strings.Contains(d1.title, "shapley 1/6") || !strings.Contains(d1.title, "swings when joining {driver2}") {
		t.Errorf("module driver1: %q", d1.title)
	}
	road := find("module", "module road")
	if road.style != "" || !strings.Contains(road.title, "shapley 0") {
		t.Errorf("module road is shaded: %+v", road)
	}
	cmd := find("command", "[] mode=0 -> (mode'=2)")
	if !strings.Contains(cmd.title, "a command of sensor") || cmd.style == "" {
		t.Errorf("command: %+v", cmd)
	}
	mode := find("variable", "mode : [0..2]")
	if !strings.Contains(mode.title, "variable mode: 0.6667") {
		t.Errorf("variable mode: %q", mode.title)
	}
	// A state grouping shades the commands that are wrong choices in
	// responsible states.
	out2 := filepath.Join(t.TempDir(), "n.html")
	if code, _, errs := onus(t, "locate", dir+"network.prism", "--objective", `P>=1 [F "goal"]`, "--html", out2); code != exitOK {
		t.Fatal(errs)
	}
	spans = parseReport(t, out2)
	// At n=4 the link to 5 is the wrong choice, the link to 6 the right one.
	c := find("command", "[] n=4 -> (n'=5)")
	if !strings.Contains(c.title, "command unnamed_action_line_18: 0.5833") || !strings.Contains(c.title, "a wrong choice in (n=4)") {
		t.Errorf("command n=4 to 5: %q", c.title)
	}
	if c := find("command", "[] n=4 -> (n'=6)"); c.style != "" {
		t.Errorf("command n=4 to 6 is shaded: %q", c.title)
	}
	// The README's gallery: the give-up command of the retransmission
	// model is the wrong choice in both responsible states, the
	// retransmission is not shaded.
	out3 := filepath.Join(t.TempDir(), "r.html")
	if code, _, errs := onus(t, "locate", dir+"retransmit.prism", "--objective", `P>=1 [G !"early"]`, "--html", out3); code != exitOK {
		t.Fatal(errs)
	}
	spans = parseReport(t, out3)
	g := find("command", "[give_up]")
	if g.style == "" || !strings.Contains(g.title, "a wrong choice in (s=1,r=2)") || !strings.Contains(g.title, "a wrong choice in (s=1,r=3)") {
		t.Errorf("give_up: %+v", g)
	}
	if c := find("command", "[retry]"); c.style != "" {
		t.Errorf("retry is shaded: %q", c.title)
	}
}
