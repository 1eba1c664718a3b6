package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/onus-mc/onus/docs/guide"
)

// This file is `onus guide [TOPIC]`: the user guide (docs/guide/*.md,
// embedded by package guide) printed from the binary, so that help texts
// and messages can cite `onus guide TOPIC#SECTION` wherever onus is
// installed.

func guideCommand() *cli.Command {
	return &cli.Command{
		Name:      "guide",
		Usage:     "read the user guide: what every measure, operator and option means",
		ArgsUsage: "[TOPIC[#SECTION]]",
		Description: "Without TOPIC, lists the topics of the user guide; with TOPIC, prints that\n" +
			"page (Markdown, as docs/guide/TOPIC.md in onus's repository), and with\n" +
			"TOPIC#SECTION only that section (the anchor of its heading, as help texts\n" +
			"and messages cite it).\n\n" +
			"Examples:\n" +
			"  onus guide\n" +
			"  onus guide blame#the-blame-table",
		Action: runGuide,
	}
}

func runGuide(c *cli.Context) error {
	w := c.App.Writer
	switch c.NArg() {
	case 0:
		fmt.Fprintln(w, "The onus user guide. onus guide TOPIC prints a topic, onus guide TOPIC#SECTION one")
		fmt.Fprintln(w, "of its sections; the same pages are docs/guide/TOPIC.md in onus's repository.")
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, t := range guide.Topics() {
			fmt.Fprintf(tw, "  %s\t%s\n", t.Name, t.Title)
		}
		return tw.Flush()
	case 1:
		text, err := guide.Lookup(c.Args().First())
		if err != nil {
			return usagef("%v", err)
		}
		fmt.Fprint(w, text)
		if !strings.HasSuffix(text, "\n") {
			fmt.Fprintln(w)
		}
		return nil
	}
	return usagef("guide takes at most one TOPIC (got %d arguments); see onus help guide", c.NArg())
}
