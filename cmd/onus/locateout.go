package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/onus-mc/onus/checker/locate"
	"github.com/onus-mc/onus/internal/atomicfile"
	"github.com/onus-mc/onus/prism"
)

// This file prints the result of onus locate: the table (sorted by the
// first index), JSON and the results file.

// sortedGroups returns the group indices by decreasing first index, ties
// in the groups' order.
func sortedGroups(job *locateJob, run *locateRun) []int {
	vals := run.res.Values
	order := make([]int, len(vals))
	for i := range order {
		order[i] = i
	}
	key := func(i int) float64 { return indexValue(vals[i], job.indices[0]) }
	sort.SliceStable(order, func(a, b int) bool { return key(order[a]) > key(order[b]) })
	return order
}

func indexValue(v locate.Value, name string) float64 {
	switch name {
	case "banzhaf":
		return v.Banzhaf
	case "count":
		if v.Count == nil {
			return 0
		}
		f, _ := new(big.Float).SetInt(v.Count).Float64()
		return f
	}
	return v.Shapley
}

// indexCell prints one index of a group: six significant digits, or the
// exact rational under --exact; a sampled Shapley value with ± its
// standard error.
func indexCell(job *locateJob, v locate.Value, name string, full bool) string {
	num := func(x float64, r *big.Rat) string {
		if job.exact && r != nil {
			return r.RatString()
		}
		if full {
			return formatFloat(x)
		}
		return strconv.FormatFloat(x, 'g', 6, 64)
	}
	switch name {
	case "banzhaf":
		return num(v.Banzhaf, v.BanzhafExact)
	case "count":
		if v.Count == nil {
			return "-"
		}
		return v.Count.String()
	}
	return num(v.Shapley, v.ShapleyExact)
}

func modeText(job *locateJob) string {
	if job.mode == locate.Forward {
		return "forward"
	}
	return job.mode.String() + " backward, counterexample " + job.ce
}

func writeLocateText(w io.Writer, job *locateJob, run *locateRun) {
	res := run.res
	fmt.Fprintf(w, "Model: %s\n", job.modelPath)
	if len(job.consts) > 0 {
		fmt.Fprintf(w, "Constants: %s\n", formatConsts(job.consts))
	}
	fmt.Fprintf(w, "Objective: %s\n", prism.ExprString(job.objective))
	fmt.Fprintf(w, "Game: %s, group %s\n", modeText(job), job.groupText)
	what := "relevant states"
	switch job.mode {
	case locate.Pessimistic:
		what = "significant states"
	case locate.Optimistic:
		what = "states on the counterexample"
	}
	switch job.group.Kind {
	case "individual-all":
		what = "states"
	case "modules":
		what = "states (the model read with a scheduler of modules)"
	case "actions":
		what = "states (the model read with each action tried in turn)"
	}
	fmt.Fprintf(w, "%d %s, %d groups (%d with a choice)\n", res.Relevant, what, len(res.Values), res.Players)
	if res.Sampled {
		fmt.Fprintf(w, "Shapley values estimated from %d random orders (seed %d)\n", job.opt.Samples, job.opt.Seed)
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := []string{"group", "states"}
	for _, x := range job.indices {
		header = append(header, x)
		if x == "shapley" && res.Sampled {
			header = append(header, "std. error")
		}
	}
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	responsible := 0
	for _, i := range sortedGroups(job, run) {
		v := res.Values[i]
		row := []string{v.Name, strconv.Itoa(len(v.States))}
		for _, x := range job.indices {
			row = append(row, indexCell(job, v, x, false))
			if x == "shapley" && res.Sampled {
				row = append(row, strconv.FormatFloat(v.StdErr, 'g', 3, 64))
			}
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
		if indexValue(v, job.indices[0]) != 0 {
			responsible++
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d of %d groups have responsibility\n", responsible, len(res.Values))
}

// jsonGroup is one group of the JSON result.
type jsonGroup struct {
	Group   string            `json:"group"`
	States  []string          `json:"states"`
	Shapley any               `json:"shapley,omitempty"`
	StdErr  *float64          `json:"stderr,omitempty"`
	Banzhaf any               `json:"banzhaf,omitempty"`
	Count   json.RawMessage   `json:"count,omitempty"`
	Exact   map[string]string `json:"exact,omitempty"`
	Swings  [][]string        `json:"swings,omitempty"`
}

func writeLocateJSON(w io.Writer, job *locateJob, run *locateRun) error {
	res := run.res
	out := struct {
		Model     string         `json:"model"`
		Constants map[string]any `json:"constants,omitempty"`
		Objective string         `json:"objective"`
		Group     string         `json:"group"`
		Mode      string         `json:"mode"`
		Samples   int            `json:"samples,omitempty"`
		Groups    []jsonGroup    `json:"groups"`
		Notes     []string       `json:"notes,omitempty"`
	}{Model: job.modelPath, Objective: prism.ExprString(job.objective), Group: job.groupText, Mode: job.mode.String(), Notes: run.notes}
	if res.Sampled {
		out.Samples = job.opt.Samples
	}
	if len(job.consts) > 0 {
		out.Constants = constMap(job.consts)
	}
	want := map[string]bool{}
	for _, x := range job.indices {
		want[x] = true
	}
	for _, i := range sortedGroups(job, run) {
		v := res.Values[i]
		jg := jsonGroup{Group: v.Name, States: []string{}}
		for _, s := range v.States {
			jg.States = append(jg.States, stateText(run.game, int(s)))
		}
		if want["shapley"] {
			jg.Shapley = v.Shapley
			if res.Sampled {
				se := v.StdErr
				jg.StdErr = &se
			}
		}
		if want["banzhaf"] && !res.Sampled {
			jg.Banzhaf = v.Banzhaf
		}
		if want["count"] && v.Count != nil {
			jg.Count = json.RawMessage(v.Count.String())
		}
		if job.exact {
			jg.Exact = map[string]string{}
			if want["shapley"] && v.ShapleyExact != nil {
				jg.Exact["shapley"] = v.ShapleyExact.RatString()
			}
			if want["banzhaf"] && v.BanzhafExact != nil {
				jg.Exact["banzhaf"] = v.BanzhafExact.RatString()
			}
		}
		for _, sw := range v.Swings {
			names := []string{}
			for _, g := range sw {
				names = append(names, res.Values[g].Name)
			}
			jg.Swings = append(jg.Swings, names)
		}
		out.Groups = append(out.Groups, jg)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// exportLocate writes the groups' rows: CSV when path ends in .csv, else
// tab-separated, at full precision.
func exportLocate(path string, job *locateJob, run *locateRun) error {
	rows := [][]string{append([]string{"group", "states"}, job.indices...)}
	if run.res.Sampled {
		rows[0] = append(rows[0], "std. error")
	}
	for _, i := range sortedGroups(job, run) {
		v := run.res.Values[i]
		row := []string{v.Name, strconv.Itoa(len(v.States))}
		for _, x := range job.indices {
			row = append(row, indexCell(job, v, x, true))
		}
		if run.res.Sampled {
			row = append(row, formatFloat(v.StdErr))
		}
		rows = append(rows, row)
	}
	var buf bytes.Buffer
	if strings.HasSuffix(path, ".csv") {
		cw := csv.NewWriter(&buf)
		cw.WriteAll(rows)
	} else {
		for _, r := range rows {
			buf.WriteString(strings.Join(r, "\t") + "\n")
		}
	}
	if err := atomicfile.WriteFile(path, buf.Bytes()); err != nil {
		return usagef("cannot write %s: %v", path, err)
	}
	return nil
}
