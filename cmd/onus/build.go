package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	lib "github.com/onus-mc/onus"
	"github.com/onus-mc/onus/checker/limit"
	"github.com/onus-mc/onus/checker/progress"
	"github.com/onus-mc/onus/prism"
	"github.com/onus-mc/onus/translate"
)

func buildCommand() *cli.Command {
	return &cli.Command{
		Name:      "build",
		Usage:     "build the explicit game of a model and print its size",
		ArgsUsage: "MODEL",
		Description: "Reads a PRISM-games model, builds its reachable state space exactly as\n" +
			"PRISM-games' explicit engine does, and prints the model type, players,\n" +
			"states, initial states, transitions, choices and the construction time.\n" +
			"A constant range builds one model per value.\n\n" +
			"Examples:\n" +
			"  onus build examples/cpd.prism\n" +
			"  onus build examples/robots.prism --const N=2:4,cross=1 --json\n\n" +
			"Guide: onus guide models#building-a-model",
		Flags: append([]cli.Flag{
			constFlag,
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object per constant assignment"},
		}, limitFlags(false)...),
		Action: runBuild,
	}
}

// buildInfo is the JSON form of `onus build`.
type buildInfo struct {
	Model       string         `json:"model"`
	Type        string         `json:"type"`
	Players     []string       `json:"players"`
	Constants   map[string]any `json:"constants,omitempty"`
	States      int            `json:"states"`
	Initial     int            `json:"initial"`
	Transitions int            `json:"transitions"`
	Choices     int            `json:"choices"`
	Seconds     float64        `json:"seconds"`
	Labels      []string       `json:"labels,omitempty"`
	Notes       []string       `json:"notes,omitempty"` // about the limits (limitNote)
}

func runBuild(c *cli.Context) error {
	if c.NArg() != 1 {
		return usagef("build takes one MODEL file (got %d arguments); see onus build --help", c.NArg())
	}
	path := c.Args().First()
	fset := prism.NewFileSet()
	start := time.Now()
	mf, err := loadModel(fset, path)
	if err != nil {
		return err
	}
	sweep, err := constSweep(c.StringSlice("const"))
	if err != nil {
		return err
	}
	cfg, err := buildLimits(c)
	if err != nil {
		return err
	}
	parse := time.Since(start)
	first := true
	for consts := range sweep.All() {
		t0 := time.Now()
		cfg.Consts = consts
		meter := progress.StartAfter(terminalProgress(c.App.ErrWriter), progressDelay)
		cfg.Progress = func(st translate.BuildStatus) { meter.Report(lib.BuildProgress(st)) }
		m, err := translate.Build(fset, mf, nil, cfg)
		meter.Finish()
		if err != nil {
			return err
		}
		// The first build has checked the constants' names; a sweep longer
		// than --max-steps (one step an assignment) stops there.
		if first {
			if err := limit.Sweep(sweep.Len()); err != nil {
				return err
			}
			first = false
		}
		warnDeadlocks(c.App.ErrWriter, path, consts, m.Game)
		secs := (time.Since(t0) + parse).Seconds()
		g := m.Game
		info := buildInfo{
			Model: path, Type: g.Type.String(), Players: g.Players,
			States: g.NumStates, Initial: len(g.Initial),
			Transitions: g.NumTransitions(), Choices: g.NumChoices(), Seconds: secs,
		}
		if info.Players == nil {
			info.Players = []string{}
		}
		if len(consts) > 0 {
			info.Constants = constMap(consts)
		}
		for _, l := range g.Labels {
			info.Labels = append(info.Labels, l.Name)
		}
		if c.Bool("json") {
			info.Notes = limitNotes(c)
			b, _ := json.Marshal(info)
			fmt.Fprintln(c.App.Writer, string(b))
			continue
		}
		w := c.App.Writer
		if len(consts) > 0 {
			fmt.Fprintf(w, "Model constants: %s\n", formatConsts(consts))
		}
		fmt.Fprintf(w, "Type:        %s\n", info.Type)
		if len(g.Players) > 0 {
			fmt.Fprintf(w, "Players:     %s\n", strings.Join(g.Players, ", "))
		}
		fmt.Fprintf(w, "States:      %d (%d initial)\n", info.States, info.Initial)
		fmt.Fprintf(w, "Transitions: %d\n", info.Transitions)
		fmt.Fprintf(w, "Choices:     %d\n", info.Choices)
		fmt.Fprintf(w, "Time:        %.3f seconds\n", secs)
	}
	return nil
}

func constMap(cs []translate.ConstAssign) map[string]any { return lib.Constants(cs).Map() }
