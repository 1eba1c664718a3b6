// Command tidy post-processes the Go code that antlr-ng generates so that it passes
// `go vet` and `gofmt`: the generator ends every rule function with an
// unreachable `goto errorExit` (to keep the label used), which vet reports.
// The goto is moved in front of its label, where it is reachable and a no-op.
// Usage (from grammar/): go run ./internal/tidy FILE.go...
package main

import (
	"fmt"
	"go/format"
	"os"
	"strings"
)

const trick = "goto errorExit // Trick to prevent compiler error if the label is not used"

func main() {
	for _, name := range os.Args[1:] {
		if err := tidy(name); err != nil {
			fmt.Fprintln(os.Stderr, "tidy:", err)
			os.Exit(1)
		}
	}
}

func tidy(name string) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	s := string(b)
	s = strings.ReplaceAll(s, "\t"+trick+"\n", "")
	s = strings.ReplaceAll(s, "\nerrorExit:\n", "\n\tgoto errorExit\nerrorExit:\n")
	out, err := format.Source([]byte(s))
	if err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return os.WriteFile(name, out, 0o644)
}
