package main

import (
	"math"

	lib "github.com/onus-mc/onus"
)

// formatFloat prints a double as briefly as it round-trips, and the
// infinities and NaN as PRISM prints them (Infinity, -Infinity, NaN).
func formatFloat(x float64) string { return lib.FormatFloat(x) }

// jsonFloat is a double for encoding/json, which refuses the infinities
// and NaN: those become PRISM's strings "Infinity", "-Infinity", "NaN".
func jsonFloat(x float64) any {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return formatFloat(x)
	}
	return x
}
