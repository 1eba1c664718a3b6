package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// This file reads PRISM-games' command line for `onus prism`: PRISM's
// switches (one dash or two, in any order among the two file names),
// which ones onus carries out, which ones only tune PRISM's engines (and
// so are accepted with a note saying they have no effect here), and which
// ones onus cannot honour (an error naming the switch).

// prismOptions is a parsed PRISM command line.
type prismOptions struct {
	args         []string // as given, for the log's "Command line:"
	model, props string
	pf           string   // -pf: properties given as text
	propSel      []string // -prop: indices or names
	consts       []string // -const values, in order
	test         bool     // -test or -testall
	testAll      bool     // -testall: go on after a failed test
	exact        bool     // -exact
	mainLog      string   // -mainlog FILE ("" or "stdout": standard output)
	results      *resultsSpec
	exports      []modelExport // -exportmodel and friends, in order
	strat        *stratSpec    // -exportstrat
	simpath      *simpathSpec  // -simpath
	notes        []string      // one per switch accepted without effect
	help         string        // -help [SWITCH]: "-" for the whole list
	version      bool
	timeout      time.Duration // -timeout: onus check's --timeout
}

// modelExport is one file of the built model to write: what (tra, sta,
// lab, srew, trew) and where ("stdout" for the log).
type modelExport struct {
	what, path string
	noBase     bool // -exportmodel .EXT: the model file's name goes before .EXT
}

// stratSpec is an -exportstrat argument: the file and the format (actions,
// indices, induced or dot).
type stratSpec struct {
	path, format string
}

// simpathSpec is a -simpath request: the number of steps, the column
// separator, and the file ("stdout" for the log).
type simpathSpec struct {
	steps int
	comma bool
	path  string
}

// prismNoEffect lists the switches that tune PRISM's engines, solvers and
// JVM, with the number of arguments each takes and why it changes nothing
// in onus.
var prismNoEffect = map[string]struct {
	args int
	why  string
}{
	"ex": {0, "onus has a single engine, explicit like PRISM's -ex"}, "explicit": {0, "onus has a single engine, explicit like PRISM's -ex"},
	"m": {0, "onus has a single engine, explicit like PRISM's -ex"}, "mtbdd": {0, "onus has a single engine, explicit like PRISM's -ex"},
	"s": {0, "onus has a single engine, explicit like PRISM's -ex"}, "sparse": {0, "onus has a single engine, explicit like PRISM's -ex"},
	"h": {0, "onus has a single engine, explicit like PRISM's -ex"}, "hybrid": {0, "onus has a single engine, explicit like PRISM's -ex"},
	"fixdl":      {0, "onus always adds a self-loop to each deadlock state, as -fixdl does"},
	"javamaxmem": {1, "onus runs no JVM; its memory is bounded by --max-memory of onus check"},
	"javastack":  {1, "onus runs no JVM"},
	"cuddmaxmem": {1, "onus uses no BDDs"}, "cuddepsilon": {1, "onus uses no BDDs"},
	"epsilon":  {1, "onus's value iteration stops at a relative change of 1e-6, PRISM's default"},
	"e":        {1, "onus's value iteration stops at a relative change of 1e-6, PRISM's default"},
	"maxiters": {1, "onus's value iteration runs until it converges (at most 100000 iterations)"},
	"relative": {0, "onus's convergence test is relative, PRISM's default"}, "rel": {0, "onus's convergence test is relative, PRISM's default"},
	"absolute": {0, "onus's convergence test is relative, PRISM's default"}, "abs": {0, "onus's convergence test is relative, PRISM's default"},
	"power": {0, "onus solves by value iteration"}, "pow": {0, "onus solves by value iteration"}, "pwr": {0, "onus solves by value iteration"},
	"jacobi": {0, "onus solves by value iteration"}, "jac": {0, "onus solves by value iteration"},
	"gaussseidel": {0, "onus solves by value iteration"}, "gs": {0, "onus solves by value iteration"},
	"bgaussseidel": {0, "onus solves by value iteration"}, "bgs": {0, "onus solves by value iteration"},
	"pgaussseidel": {0, "onus solves by value iteration"}, "pgs": {0, "onus solves by value iteration"},
	"bpgaussseidel": {0, "onus solves by value iteration"}, "bpgs": {0, "onus solves by value iteration"},
	"jor": {0, "onus solves by value iteration"}, "sor": {0, "onus solves by value iteration"}, "bsor": {0, "onus solves by value iteration"},
	"psor": {0, "onus solves by value iteration"}, "bpsor": {0, "onus solves by value iteration"}, "omega": {1, "onus solves by value iteration"},
	"valiter": {0, "onus solves by value iteration"}, "politer": {0, "onus solves by value iteration"}, "modpoliter": {0, "onus solves by value iteration"},
	"linprog": {0, "onus solves by value iteration"}, "lp": {0, "onus solves by value iteration"},
	"intervaliter": {0, "onus solves by value iteration"}, "ii": {0, "onus solves by value iteration"},
	"topological": {0, "onus solves by value iteration"},
	"nopre":       {0, "onus always finds probabilities 0 and 1 by graph analysis"}, "pre": {0, "onus always finds probabilities 0 and 1 by graph analysis"},
	"noprob0": {0, "onus always finds probabilities 0 and 1 by graph analysis"}, "noprob1": {0, "onus always finds probabilities 0 and 1 by graph analysis"},
	"fair": {0, "fairness applies to PRISM's symbolic MDP engine only"}, "nofair": {0, "fairness applies to PRISM's symbolic MDP engine only"},
	"noprobchecks": {0, "onus always checks that probabilities sum to 1"}, "sumroundoff": {1, "onus always checks that probabilities sum to 1"},
	"zerorewardcheck":      {0, "onus handles zero-reward loops itself"},
	"exportmodelprecision": {1, "onus always writes 16 significant digits, PRISM's default"},
	"exportordered":        {0, "onus always writes exported rows in order"}, "ordered": {0, "onus always writes exported rows in order"},
	"ng": {0, "onus starts fast and needs no Nailgun server"},
}

// prismUnsupported lists PRISM switches onus knows but cannot honour, with
// what they are for.
var prismUnsupported = map[string]string{
	"sim": "statistical model checking", "simmethod": "statistical model checking", "simsamples": "statistical model checking",
	"simconf": "statistical model checking", "simwidth": "statistical model checking", "simapprox": "statistical model checking",
	"simmanual": "statistical model checking", "simvar": "statistical model checking", "simmaxrwd": "statistical model checking",
	"param": "parametric model checking", "pareto": "Pareto sets",
	"steadystate": "steady-state probabilities", "ss": "steady-state probabilities",
	"transient": "transient probabilities", "tr": "transient probabilities",
	"importmodel": "importing explicit models", "importtrans": "importing explicit models", "importstates": "importing explicit models",
	"importlabels": "importing explicit models", "importstaterewards": "importing explicit models", "importinitdist": "importing explicit models",
	"importpepa": "PEPA models", "dtmc": "changing the model type", "mdp": "changing the model type", "ctmc": "changing the model type",
	"exportmatlab": "Matlab exports", "exportmrmc": "MRMC exports", "exportrows": "row-per-line exports", "exportunordered": "unordered exports",
	"unordered": "unordered exports", "exporttransdot": "dot exports of the model", "exporttransdotstates": "dot exports of the model",
	"exportdot": "dot exports of the model", "exportsccs": "SCC exports", "exportbsccs": "BSCC exports", "exportmecs": "end-component exports",
	"exportsteadystate": "steady-state probabilities", "exportss": "steady-state probabilities", "exporttransient": "transient probabilities",
	"exporttr": "transient probabilities", "exportprism": "exporting the PRISM model", "exportprismconst": "exporting the PRISM model",
	"exportvector": "per-state result vectors", "nobuild": "skipping model construction", "nofixdl": "refusing deadlocks",
	"settings": "PRISM settings files", "dir": "changing the working directory", "simpathlen": "simulation path limits",
	"techlog": "PRISM's technical log",
}

// prismArgCount gives the number of arguments of the switches onus carries
// out.
var prismArgCount = map[string]int{
	"pf": 1, "pctl": 1, "csl": 1, "prop": 1, "property": 1, "const": 1,
	"test": 0, "testall": 0, "exact": 0, "mainlog": 1,
	"exportresults": 1, "exportmodel": 1, "exporttrans": 1, "exportstates": 1, "exportlabels": 1,
	"exportstaterewards": 1, "exporttransrewards": 1, "exportsrew": 1, "exporttrew": 1, "exportrewards": 2,
	"exportstrat": 1, "simpath": 2, "help": 0, "version": 0, "timeout": 1,
}

// parsePrismArgs reads PRISM's command line (without the program name).
func parsePrismArgs(args []string) (*prismOptions, error) {
	o := &prismOptions{args: args}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) == 0 || a[0] != '-' {
			switch {
			case o.model == "":
				o.model = a
			case o.props == "":
				o.props = a
			default:
				return nil, usagef("invalid argument syntax: a third file name %q (PRISM takes MODEL and PROPS)", a)
			}
			continue
		}
		sw := strings.TrimPrefix(a[1:], "-")
		if sw == "" {
			return nil, usagef("invalid empty switch %q", a)
		}
		// -help takes an optional switch name.
		if sw == "help" || sw == "?" {
			o.help = "-"
			if i+1 < len(args) {
				o.help = strings.TrimLeft(args[i+1], "-")
				i++
			}
			continue
		}
		n, ok := prismArgCount[sw]
		if !ok {
			if ne, found := prismNoEffect[sw]; found {
				if i+ne.args >= len(args) {
					return nil, usagef("the -%s switch needs a value", sw)
				}
				shown := a
				if ne.args > 0 {
					shown += " " + args[i+1]
				}
				o.notes = append(o.notes, fmt.Sprintf("%s has no effect: %s.", shown, ne.why))
				i += ne.args
				continue
			}
			if why, found := prismUnsupported[sw]; found {
				return nil, usagef("the PRISM switch -%s is not supported by onus prism (%s)", sw, why)
			}
			return nil, usagef("unknown switch -%s (see onus prism -help for the switches onus prism accepts)", sw)
		}
		if i+n >= len(args) {
			return nil, usagef("the -%s switch needs %s", sw, map[int]string{1: "a value", 2: "two values"}[n])
		}
		vals := args[i+1 : i+1+n]
		i += n
		if err := o.apply(sw, vals); err != nil {
			return nil, err
		}
	}
	for i, e := range o.exports {
		if e.noBase {
			o.exports[i].path = strings.TrimSuffix(o.model, filepathExt(o.model)) + e.path
		}
	}
	return o, nil
}

// filepathExt is the extension of the file name of path ("" if none), as
// PRISM cuts it to name exports after the model.
func filepathExt(path string) string {
	base := path[strings.LastIndexAny(path, "/\\")+1:]
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		return base[i:]
	}
	return ""
}

// apply records one switch onus carries out.
func (o *prismOptions) apply(sw string, v []string) error {
	switch sw {
	case "pf", "pctl", "csl":
		o.pf = v[0]
	case "prop", "property":
		for _, p := range strings.Split(strings.TrimSpace(v[0]), ",") {
			if p != "" {
				o.propSel = append(o.propSel, p)
			}
		}
	case "const":
		o.consts = append(o.consts, strings.TrimSpace(v[0]))
	case "test":
		o.test = true
	case "testall":
		o.test, o.testAll = true, true
	case "exact":
		o.exact = true
	case "mainlog":
		o.mainLog = v[0]
	case "timeout":
		t, err := parsePrismTimeout(v[0])
		if err != nil {
			return err
		}
		o.timeout = t
	case "version":
		o.version = true
	case "exportresults":
		spec, err := parseResultsSpec(v[0], "-exportresults", false)
		if err != nil {
			return err
		}
		o.results = &spec
	case "exportmodel":
		return o.exportModel(v[0])
	case "exporttrans":
		o.exports = append(o.exports, modelExport{what: "tra", path: v[0]})
	case "exportstates":
		o.exports = append(o.exports, modelExport{what: "sta", path: v[0]})
	case "exportlabels":
		o.exports = append(o.exports, modelExport{what: "lab", path: v[0]})
	case "exportstaterewards", "exportsrew":
		o.exports = append(o.exports, modelExport{what: "srew", path: v[0]})
	case "exporttransrewards", "exporttrew":
		o.exports = append(o.exports, modelExport{what: "trew", path: v[0]})
	case "exportrewards":
		o.exports = append(o.exports, modelExport{what: "srew", path: v[0]}, modelExport{what: "trew", path: v[1]})
	case "exportstrat":
		spec, err := parseStratSpec(v[0], "-exportstrat")
		if err != nil {
			return err
		}
		o.strat = spec
	case "simpath":
		spec, err := parseSimpath(v[0], v[1])
		if err != nil {
			return err
		}
		o.simpath = spec
	}
	return nil
}

// exportModel reads -exportmodel FILES[:options]: BASE.EXT[,EXT...] where
// EXT is tra, sta, lab, srew, trew, rew (both reward files) or all; an
// empty BASE stands for the model file's name without its extension.
func (o *prismOptions) exportModel(arg string) error {
	files, opts := splitFileOptions(arg)
	dot := strings.LastIndexByte(files, '.')
	if dot < 0 {
		return usagef("no file name extension in %q for -exportmodel (write BASE.tra, BASE.all, ...)", files)
	}
	base, exts := files[:dot], strings.Split(files[dot+1:], ",")
	for _, opt := range strings.Split(opts, ",") {
		switch opt {
		case "", "ordered":
		default:
			return usagef("unknown option %q for -exportmodel (onus writes PRISM's plain explicit files)", opt)
		}
	}
	add := func(ext string) {
		e := modelExport{what: ext, path: base + "." + ext, noBase: base == ""}
		if base == "stdout" {
			e.path = "stdout"
		}
		o.exports = append(o.exports, e)
	}
	for _, ext := range exts {
		switch ext {
		case "all":
			for _, e := range []string{"tra", "srew", "trew", "sta", "lab"} {
				add(e)
			}
		case "rew":
			add("srew")
			add("trew")
		case "tra", "sta", "lab", "srew", "trew":
			add(ext)
		default:
			return usagef("unknown extension %q for -exportmodel (the extensions are tra, sta, lab, srew, trew, rew and all)", ext)
		}
	}
	return nil
}

// parseStratSpec reads -exportstrat FILE[:type=T]. Without a type, a FILE
// ending in .tra gets the induced model, .dot a graph, any other the
// actions.
func parseStratSpec(arg, flag string) (*stratSpec, error) {
	file, opts := splitFileOptions(arg)
	if file == "" {
		return nil, usagef("%s needs a file name (or stdout)", flag)
	}
	spec := &stratSpec{path: file, format: "actions"}
	switch {
	case strings.HasSuffix(file, ".tra"):
		spec.format = "induced"
	case strings.HasSuffix(file, ".dot"):
		spec.format = "dot"
	}
	for _, opt := range strings.Split(opts, ",") {
		switch {
		case opt == "":
		case strings.HasPrefix(opt, "type="):
			t := strings.TrimPrefix(opt, "type=")
			switch t {
			case "actions", "indices", "induced", "dot":
				spec.format = t
			default:
				return nil, usagef("unknown type %q for %s (the types are actions, indices, induced and dot)", t, flag)
			}
		default:
			return nil, usagef("unknown option %q for %s (the option is type=actions|indices|induced|dot)", opt, flag)
		}
	}
	return spec, nil
}

// parseSimpath reads -simpath DETAILS FILE: DETAILS is the number of steps
// and options (sep=space|comma).
func parseSimpath(details, file string) (*simpathSpec, error) {
	spec := &simpathSpec{steps: -1, path: file}
	for _, d := range strings.Split(details, ",") {
		switch {
		case d == "":
		case d == "sep=space":
		case d == "sep=comma":
			spec.comma = true
		default:
			n, err := strconv.Atoi(d)
			if err != nil || n < 0 {
				return nil, usagef("-simpath %s: onus prism takes a number of steps and sep=space or sep=comma, not %q", details, d)
			}
			spec.steps = n
		}
	}
	if spec.steps < 0 {
		return nil, usagef("-simpath %s: give the number of steps (for instance -simpath 10 path.txt)", details)
	}
	return spec, nil
}

// prismHint returns, for a PRISM switch given to a subcommand, what to
// write instead: the subcommand's own flag, or onus prism.
func prismHint(sw string) string {
	flags := map[string]string{
		"exportresults": "--export-results", "pf": "--pf", "pctl": "--pf", "csl": "--pf",
		"prop": "--prop", "property": "--prop", "const": "--const", "test": "--test", "testall": "--test",
		"exact": "--exact", "exportstrat": "--export-strat",
	}
	if f, ok := flags[sw]; ok {
		return fmt.Sprintf("onus's flag is %s; or run PRISM's command line as onus prism MODEL [PROPS] -%s ...", f, sw)
	}
	if _, ok := prismNoEffect[sw]; ok {
		return fmt.Sprintf("-%s tunes PRISM's engines and onus needs no such setting (leave it out; onus prism accepts it with a note)", sw)
	}
	if sw == "simpath" {
		return "-simpath is PRISM's switch: onus simulate MODEL --steps N --out FILE does the same, or run onus prism MODEL -simpath N FILE"
	}
	if _, ok := prismArgCount[sw]; ok {
		if strings.HasPrefix(sw, "export") {
			return fmt.Sprintf("-%s is PRISM's switch: onus export MODEL --dir DIR writes the model's files, or run onus prism MODEL [PROPS] -%s ...", sw, sw)
		}
		return fmt.Sprintf("-%s is PRISM's switch: run PRISM's command line as onus prism MODEL [PROPS] -%s ...", sw, sw)
	}
	if _, ok := prismUnsupported[sw]; ok {
		return fmt.Sprintf("-%s is a PRISM switch onus does not support", sw)
	}
	return ""
}

// parsePrismTimeout reads -timeout's value: seconds, as PRISM takes it, or
// a number with a unit (90s, 5m, 2h, 1d).
func parsePrismTimeout(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	bad := usagef("-timeout %q: give seconds, or a number with s, m, h or d (e.g. 90 or 5m)", v)
	if v == "" {
		return 0, bad
	}
	unit := time.Second
	if k := strings.IndexByte("smhd", v[len(v)-1]); k >= 0 {
		unit = []time.Duration{time.Second, time.Minute, time.Hour, 24 * time.Hour}[k]
		v = v[:len(v)-1]
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || !(n > 0) || n*float64(unit) > float64(math.MaxInt64) {
		return 0, bad
	}
	return time.Duration(n * float64(unit)), nil
}
