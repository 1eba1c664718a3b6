package main

// writeLocateHTMLFile writes the HTML report of a run.
func writeLocateHTMLFile(path string, job *locateJob, run *locateRun) error {
	return usagef("--html is not available yet")
}
