package main

import (
	"regexp"
	"strings"
)

// The CLI framework says `Required flag "outcome" not set` when a required
// flag is missing: it names no command, writes the flag without its dashes
// and gives no example. This file turns that message into onus's own,
// naming the command, each missing flag as it is typed, and an example.

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
