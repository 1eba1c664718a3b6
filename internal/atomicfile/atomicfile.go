package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// File is an output file being written: writes go to a temporary file
// beside the destination until Commit renames it into place (or, during
// a run started by Begin, stages it for CommitAll).
type File struct {
	*os.File
	dest string // the destination as given
	key  string // its absolute, cleaned form: two Files with one key write one file
	done bool
}

// errNoName and errIsDir refuse destinations no rename could reach, when
// the file is created rather than at the end of the run.
var (
	errNoName = errors.New("no file name given")
	errIsDir  = errors.New("it is a directory")
)

// Create starts writing path: a temporary file in path's directory.
func Create(path string) (*File, error) {
	if path == "" {
		return nil, errNoName
	}
	if fi, err := os.Stat(path); os.IsPathSeparator(path[len(path)-1]) || err == nil && fi.IsDir() {
		return nil, errIsDir
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			// Name the file asked for, not the temporary one.
			return nil, &os.PathError{Op: "create", Path: path, Err: pe.Err}
		}
		return nil, err
	}
	key, err := filepath.Abs(path)
	if err != nil {
		key = filepath.Clean(path)
	}
	f := &File{File: tmp, dest: path, key: key}
	reg.add(f)
	return f, nil
}

// Commit closes the file and renames it to its destination; on failure
// the temporary file is removed. During a run (Begin) the rename waits
// for CommitAll, and Commit only closes the file.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	err := f.File.Close()
	if err == nil {
		_ = os.Chmod(f.Name(), 0o644)
		if reg.stage(f) {
			return nil
		}
		err = os.Rename(f.Name(), f.dest)
	}
	reg.forget(f)
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Abort closes and removes the temporary file, leaving the destination as
// it was. It is safe after Commit (then it does nothing), so that
// `defer f.Abort()` guards every early return.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	reg.forget(f)
	f.File.Close()
	os.Remove(f.Name())
}

// WriteFile writes data to path whole or not at all, as os.WriteFile
// (the permission is 0644).
func WriteFile(path string, data []byte) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Commit()
}
