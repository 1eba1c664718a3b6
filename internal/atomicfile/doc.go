// Package atomicfile writes output files whole or not at all, and a run's
// outputs all or none. A File is a temporary file in the directory of its
// destination. Outside a run, Commit renames it over the destination and
// Abort removes it. Inside a run (Begin, as the command line does for each
// command), Commit only stages the file: CommitAll renames every staged
// file into place when the run succeeds, and RemovePending removes them,
// with the temporary files not yet finished and the directories MkdirAll
// created, when it fails. So a failed run leaves no output file behind and
// every file that existed before it untouched. SetRecorder tells another
// process the temporary names, for a process that may die before it can
// clean up after itself (the supervised child of the command line).
package atomicfile
