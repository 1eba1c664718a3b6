package trace

import "strings"

// This file splits one line of a path file into fields. A joint action such
// as [a1,b2] is one field even when commas separate the columns.

// field is one cell of a path file with its character offset in the file.
type field struct {
	text string
	off  int // rune offset of the field's first character in the file
}

// splitLine splits line, which starts at rune offset off of the file, at
// commas outside brackets (comma true; blanks around a cell are trimmed and
// empty cells kept) or at runs of blanks outside brackets.
func splitLine(line string, off int, comma bool) []field {
	var out []field
	var cell []rune
	cellOff := off
	depth := 0
	end := func() {
		text := string(cell)
		lead := len([]rune(text)) - len([]rune(strings.TrimLeft(text, " \t")))
		text = strings.TrimSpace(text)
		if comma || text != "" {
			out = append(out, field{text: text, off: cellOff + lead})
		}
		cell = cell[:0]
	}
	pos := off
	for _, r := range line {
		switch r {
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		}
		sep := depth == 0 && (comma && r == ',' || !comma && (r == ' ' || r == '\t'))
		if sep {
			end()
			cellOff = pos + 1
		} else {
			cell = append(cell, r)
		}
		pos++
	}
	end()
	return out
}
