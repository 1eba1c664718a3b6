package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
)

// reg is the process's registry of outputs: the Files being written and,
// during a run (Begin), the Files finished but not yet renamed into place
// and the directories the run created. A process runs one run at a time.
var reg registry

type registry struct {
	mu      sync.Mutex
	open    map[*File]bool
	running bool
	staged  []*File  // finished, waiting for CommitAll, in the order written
	dirs    []string // created by MkdirAll during the run, outermost first
	record  func(path string)
}

// SetRecorder has record called with the absolute path of every temporary
// file and every directory a run creates, as soon as it exists, so that
// another process can remove them if this one dies before it can (the
// supervising parent of the command line). nil stops the calls.
func SetRecorder(record func(path string)) {
	reg.mu.Lock()
	reg.record = record
	reg.mu.Unlock()
}

// Begin starts a run: from now on Commit only stages its file, and
// CommitAll renames every staged file into place at the end of a run
// that succeeded, or RemovePending removes them all at the end of one
// that failed, so that a failed run leaves no output behind and every
// file that existed before it as it was. Outside a run (after CommitAll
// or RemovePending, or without Begin) Commit renames at once.
func Begin() {
	RemovePending()
	reg.mu.Lock()
	reg.running = true
	reg.mu.Unlock()
}

func (r *registry) add(f *File) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.open == nil {
		r.open = map[*File]bool{}
	}
	r.open[f] = true
	r.note(f.Name())
}

// note tells the recorder about path (r.mu held).
func (r *registry) note(path string) {
	if r.record == nil {
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	r.record(path)
}

func (r *registry) forget(f *File) {
	r.mu.Lock()
	delete(r.open, f)
	r.mu.Unlock()
}

// stage keeps the closed file f for CommitAll if a run is on; a file
// staged earlier for the same destination is dropped (f would replace it).
func (r *registry) stage(f *File) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.running {
		return false
	}
	delete(r.open, f)
	for i, g := range r.staged {
		if g.key == f.key {
			os.Remove(g.Name())
			r.staged = append(r.staged[:i], r.staged[i+1:]...)
			break
		}
	}
	r.staged = append(r.staged, f)
	return true
}

// MkdirAll creates dir and its missing parents as os.MkdirAll does;
// during a run, the directories it created are removed again (when
// empty) if the run fails.
func MkdirAll(dir string, perm os.FileMode) error {
	var missing []string
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(d); !errors.Is(err, os.ErrNotExist) {
			break
		}
		missing = append(missing, d)
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	err := os.MkdirAll(dir, perm)
	reg.mu.Lock()
	defer reg.mu.Unlock()
	for i := len(missing) - 1; i >= 0; i-- {
		if !reg.running {
			break
		}
		if fi, e := os.Lstat(missing[i]); e == nil && fi.IsDir() {
			reg.dirs = append(reg.dirs, missing[i])
			reg.note(missing[i])
		}
	}
	return err
}

// CommitAll ends a run that succeeded: it renames every staged file to its
// destination, in the order they were written. If a rename fails, the
// files already renamed are put back as they were (a replaced file is
// restored from a hard link made before the rename; where no link could be
// made it stays replaced), the rest are removed, and the error names the
// destination.
func CommitAll() error {
	reg.mu.Lock()
	staged, dirs := reg.staged, reg.dirs
	reg.staged, reg.dirs, reg.running = nil, nil, false
	reg.mu.Unlock()
	type renamed struct {
		f       *File
		existed bool
		backup  string // a hard link to the replaced file, or ""
	}
	var done []renamed
	for i, f := range staged {
		rn := renamed{f: f}
		if fi, err := os.Lstat(f.dest); err == nil {
			rn.existed = true
			if fi.Mode().IsRegular() {
				b := f.Name() + ".old"
				if os.Link(f.dest, b) == nil {
					rn.backup = b
				}
			}
		}
		if err := os.Rename(f.Name(), f.dest); err != nil {
			if rn.backup != "" {
				os.Remove(rn.backup)
			}
			for j := len(done) - 1; j >= 0; j-- {
				d := done[j]
				switch {
				case d.backup != "":
					os.Rename(d.backup, d.f.dest)
				case !d.existed:
					os.Remove(d.f.dest)
				}
			}
			for _, g := range staged[i:] {
				os.Remove(g.Name())
			}
			removeDirs(dirs)
			var le *os.LinkError
			if errors.As(err, &le) {
				err = le.Err
			}
			return &os.PathError{Op: "write", Path: f.dest, Err: err}
		}
		done = append(done, rn)
	}
	for _, d := range done {
		if d.backup != "" {
			os.Remove(d.backup)
		}
	}
	return nil
}

// RemovePending ends a run that failed, or a process that must exit at
// once (the memory watch of the command line): it removes the temporary
// files of every File not yet committed, the staged files, and the
// directories the run created that are left empty.
func RemovePending() {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	for f := range reg.open {
		os.Remove(f.Name())
		delete(reg.open, f)
	}
	for _, f := range reg.staged {
		os.Remove(f.Name())
	}
	removeDirs(reg.dirs)
	reg.staged, reg.dirs, reg.running = nil, nil, false
}

// removeDirs removes the directories of dirs (outermost first) that are
// empty, innermost first.
func removeDirs(dirs []string) {
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Remove(dirs[i])
	}
}
