// Package guide holds onus's user guide: the Markdown files of this
// directory, one per topic, embedded in the binary so that `onus guide
// TOPIC` prints a topic wherever onus is installed.
//
// A topic is named by its file name without ".md" (blame.md is "blame");
// README.md is the index. A section is named by the anchor of its heading,
// as GitHub makes it (lower case, punctuation dropped, blanks turned into
// hyphens): "blame#the-blame-table". Help texts and messages cite the guide
// in either form, `onus guide blame#the-blame-table` or
// docs/guide/blame.md#the-blame-table.
//
// Writing a page: show each worked example as a fenced block with a
// `$ onus ...` line (run from the repository's root) and what it prints.
// `go test ./cmd/onus -run TestGuideCommands` runs them all and compares;
// with -update-guide it writes the current outputs under the commands
// instead (review the diff). Link the page from README.md, and give it a
// floor of checked commands in cmd/onus/readme_test.go (guideFloor).
//
// Every note and warning onus prints is shown in a section of the guide:
// a new one goes into the table of notes_test.go (a fixed part of its
// text and the section), and every citation of the guide in the
// repository's Go and Markdown files must name a section that exists
// (TestCodeCitations).
package guide
