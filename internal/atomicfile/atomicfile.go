package atomicfile

import (
	"os"
	"path/filepath"
	"sync"
)

// File is an output file being written: writes go to a temporary file
// beside the destination until Commit renames it into place.
type File struct {
	*os.File
	dest string
	done bool
}

var (
	mu      sync.Mutex
	pending = map[*File]bool{}
)

// Create starts writing path: a temporary file in path's directory.
func Create(path string) (*File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return nil, err
	}
	f := &File{File: tmp, dest: path}
	mu.Lock()
	pending[f] = true
	mu.Unlock()
	return f, nil
}

// Commit closes the file and renames it to its destination; on failure
// the temporary file is removed.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.forget()
	err := f.File.Close()
	if err == nil {
		_ = os.Chmod(f.Name(), 0o644)
		err = os.Rename(f.Name(), f.dest)
	}
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
	f.forget()
	f.File.Close()
	os.Remove(f.Name())
}

func (f *File) forget() {
	f.done = true
	mu.Lock()
	delete(pending, f)
	mu.Unlock()
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

// RemovePending removes the temporary files of the Files not committed
// nor aborted.
func RemovePending() {
	mu.Lock()
	defer mu.Unlock()
	for f := range pending {
		os.Remove(f.Name())
		delete(pending, f)
	}
}
