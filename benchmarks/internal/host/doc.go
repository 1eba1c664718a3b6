// Package host tells the benchmark programs where they run: the
// repository's root and the machine, for the reports they write.
package host
