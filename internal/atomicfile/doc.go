// Package atomicfile writes output files whole or not at all: a File is a
// temporary file in the directory of its destination, renamed over it by
// Commit and removed by Abort, so that a run that fails (an error, a
// resource limit) leaves no partial file behind. RemovePending removes the
// temporary files of every File not yet committed, for a process that
// must exit at once (the memory watch of the command line).
package atomicfile
