package main

import (
	"fmt"
	"os/exec"
	"regexp"
	"strings"
)

// A Flag is one option of a subcommand, read off the binary's help.
type Flag struct {
	Name  string // with its dashes: --json, -exportmodel
	Value bool   // takes a value
}

// optionRE matches an option line of `onus help CMD`.
var optionRE = regexp.MustCompile(`^\s+(--[a-z][a-z0-9-]*)(?:, -[a-z])?( value)?\b`)

// switchRE matches a switch line of `onus prism --help`.
var switchRE = regexp.MustCompile(`^  (-[a-z][a-z0-9]*)\s{2,}`)

// prismBoolSwitches are the switches of onus prism that take no value.
var prismBoolSwitches = map[string]bool{"-exact": true, "-test": true, "-testall": true, "-help": true, "-version": true}

// readFlags asks the binary for every subcommand's options.
func readFlags(bin string) (map[string][]Flag, error) {
	out := map[string][]Flag{}
	for _, cmd := range subcommands {
		args := []string{"help", cmd}
		if cmd == "prism" {
			args = []string{"prism", "--help"}
		}
		text, err := exec.Command(bin, args...).Output()
		if err != nil && len(text) == 0 {
			return nil, fmt.Errorf("%s %s: %v", bin, strings.Join(args, " "), err)
		}
		for _, l := range strings.Split(string(text), "\n") {
			if cmd == "prism" {
				if m := switchRE.FindStringSubmatch(l); m != nil {
					out[cmd] = append(out[cmd], Flag{Name: m[1], Value: !prismBoolSwitches[m[1]]})
				}
				continue
			}
			if m := optionRE.FindStringSubmatch(l); m != nil && m[1] != "--help" {
				out[cmd] = append(out[cmd], Flag{Name: m[1], Value: m[2] != ""})
			}
		}
		if len(out[cmd]) == 0 {
			return nil, fmt.Errorf("%s %s lists no options", bin, strings.Join(args, " "))
		}
	}
	// switches PRISM accepts with no effect, some with values
	out["prism"] = append(out["prism"], Flag{"-maxiters", true}, Flag{"-javamaxmem", true}, Flag{"-epsilon", true}, Flag{"-ex", false}, Flag{"-m", false})
	return out, nil
}
