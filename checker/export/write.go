package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

// This file writes the exports of ExportOutcome: per language NAME the
// chain as DIR/NAME.tra, .sta, .lab (PRISM's explicit dtmc format, by
// translate's writers) and DIR/NAME.props, and one DIR/manifest.json.

// ManifestInfo describes the run in the manifest.
type ManifestInfo struct {
	Model       string `json:"model"`
	Property    string `json:"property"`
	Constants   string `json:"constants,omitempty"` // PRISM's -const form, a=1,b=2
	OutcomeFrom int    `json:"outcome_from"`
	Horizon     int    `json:"horizon"`
}

// Manifest is DIR/manifest.json.
type Manifest struct {
	ManifestInfo
	Languages []ManifestLanguage `json:"languages"`
}

// ManifestLanguage is one language in the manifest.
type ManifestLanguage struct {
	Name        string   `json:"name"`    // file base name
	Meaning     string   `json:"meaning"` // e.g. Compat_{p1}(pi) ∩ L_psi
	Coalition   []string `json:"coalition"`
	Negated     bool     `json:"negated"`
	Count       string   `json:"count"`                // C(L), decimal
	Prob        float64  `json:"prob"`                 // onus's P(L)
	ProbExact   string   `json:"prob_exact,omitempty"` // under --exact
	States      int      `json:"states"`               // of the chain
	Transitions int      `json:"transitions"`
	Property    string   `json:"property"` // the text of NAME.props
}

// Write writes every export into dir (which must exist) and
// returns the manifest it wrote.
func Write(dir string, exps []*OutcomeExport, info ManifestInfo) (*Manifest, error) {
	m := &Manifest{ManifestInfo: info, Languages: []ManifestLanguage{}}
	for _, x := range exps {
		l := x.Lang
		if err := translate.Export(dir, l.Name, x.Chain); err != nil {
			return nil, err
		}
		prop := prism.ExprString(x.Prop)
		ml := ManifestLanguage{
			Name: l.Name, Meaning: l.Meaning, Coalition: append([]string{}, l.Coalition...), Negated: l.Negated,
			Count: l.Count.String(), Prob: l.Prob,
			States: x.Chain.NumStates, Transitions: x.Chain.NumTransitions(), Property: prop,
		}
		if l.ProbExact != nil {
			ml.ProbExact = l.ProbExact.RatString()
		}
		src := fmt.Sprintf("// %s = %s (onus: count %s, P(L) = %s)\n// prism -importmodel %s.tra,sta,lab -dtmc %s.props\n%s\n",
			l.Name, l.Meaning, ml.Count, probText(ml), l.Name, l.Name, prop)
		if err := atomicfile.WriteFile(filepath.Join(dir, l.Name+".props"), []byte(src)); err != nil {
			return nil, err
		}
		m.Languages = append(m.Languages, ml)
	}
	fh, err := atomicfile.Create(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	defer fh.Abort()
	w := bufio.NewWriter(fh)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return m, fh.Commit()
}

func probText(l ManifestLanguage) string {
	s := fmt.Sprint(l.Prob)
	if l.ProbExact != "" {
		s += " = " + l.ProbExact
	}
	return s
}
