package examples

import "embed"

// FS holds every model, properties file and .args file of this directory.
//
//go:embed *.prism *.props *.args
var FS embed.FS
