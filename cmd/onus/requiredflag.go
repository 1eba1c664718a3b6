package main

import (
	"fmt"
	"regexp"
	"strings"
)

// The CLI framework says `Required flag "outcome" not set` when a required
// flag is missing: it names no command, writes the flag without its dashes
// and gives no example. This file turns that message into onus's own,
// naming the command, each missing flag as it is typed, and an example;
// and the framework's `invalid value "x" for flag -steps: parse error`
// into `--steps "x": not a whole number`.

// requiredFlagsRE matches the framework's message (one flag or several).
var requiredFlagsRE = regexp.MustCompile(`^Required flags? "([^"]*)" not set$`)

// requiredExamples is an example value of each required flag, as a user
// types it on the command line of the command's own help example.
var requiredExamples = map[string]string{
	"plan":    `--plan '[d1,d2]'`,
	"outcome": `--outcome 'X "fine"'`,
	"dir":     `--dir out`,
	"prop":    `--prop 1`,
}

// requiredFlagText rewords the framework's missing-flag error for command
// cmd ("" when unknown). ok is false when msg is another error.
func requiredFlagText(msg, cmd string) (text string, ok bool) {
	m := requiredFlagsRE.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	var flags, examples []string
	for _, name := range strings.Split(m[1], ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		flags = append(flags, "--"+name)
		if ex, ok := requiredExamples[name]; ok {
			examples = append(examples, ex)
		}
	}
	if len(flags) == 0 {
		return "", false
	}
	who := "this command"
	help := "onus help"
	if cmd != "" {
		who, help = cmd, "onus help "+cmd
	}
	text = who + " needs " + joinAnd(flags)
	if len(examples) > 0 {
		text += " (e.g. " + strings.Join(examples, " ") + "; " + help + ")"
	} else {
		text += " (" + help + ")"
	}
	return text, true
}

// joinAnd joins words as prose: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// invalidValueRE matches the framework's message for a value its flag
// type cannot parse (numbers, booleans).
var invalidValueRE = regexp.MustCompile(`^invalid (boolean )?value "(.*)" for (?:flag )?-([a-z][a-z0-9-]*): (parse error|value out of range)$`)

// invalidValueText rewords the framework's invalid-value message, naming
// the flag as it is typed; other messages are returned as they are.
func invalidValueText(msg string) string {
	m := invalidValueRE.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	flag, value := "--"+m[3], m[2]
	switch {
	case m[1] != "":
		return fmt.Sprintf("%s=%q: give true or false", flag, value)
	case m[4] == "value out of range":
		return fmt.Sprintf("%s %q: out of range", flag, value)
	}
	return fmt.Sprintf("%s %q: not a whole number", flag, value)
}
