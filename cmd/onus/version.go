package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

// This file is `onus version` and `onus --version`: one line naming the
// version, the commit it was built from (when the Go toolchain recorded
// it) and the Go toolchain.

const version = "0.1.0-dev"

func init() {
	// --version prints the same line as `onus version`.
	cli.VersionPrinter = func(c *cli.Context) { fmt.Fprintln(c.App.Writer, versionLine()) }
}

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:        "version",
		Usage:       "print onus's version, the commit it was built from and the Go toolchain",
		Description: "Prints one line, as onus --version does.\n\nExample:\n  onus version\n\nGuide: onus guide cli#help-version-and-the-guide",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("version takes no arguments (got %d); see onus help version", c.NArg())
			}
			fmt.Fprintln(c.App.Writer, versionLine())
			return nil
		},
	}
}

// versionLine is e.g. "onus version 0.1.0-dev, commit 0e76156a2c1f
// (modified), go1.26.8 linux/amd64"; the commit is there when onus was
// built from a checkout by go build or go install.
func versionLine() string {
	s := "onus version " + version
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, modified := "", false
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.modified":
				modified = kv.Value == "true"
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" {
			s += ", commit " + rev
			if modified {
				s += " (modified)"
			}
		}
	}
	return s + ", " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
}
