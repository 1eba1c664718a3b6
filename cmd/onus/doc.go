// Command onus measures the responsibility of agents for outcomes in
// PRISM-games models. See README.md and `onus --help`.
package main
