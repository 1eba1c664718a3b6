package limit

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestSaturating(t *testing.T) {
	rows := []struct{ a, b, mul, add int64 }{
		{16, 10, 160, 26},
		{16, math.MaxInt64 / 8, math.MaxInt64, math.MaxInt64/8 + 16},
		{16, 1 << 59, math.MaxInt64, 1<<59 + 16},
		{math.MaxInt64, math.MaxInt64, math.MaxInt64, math.MaxInt64},
		{0, 5, 0, 5},
	}
	for _, r := range rows {
		if got := MulSat(r.a, r.b); got != r.mul {
			t.Errorf("MulSat(%d, %d) = %d, want %d", r.a, r.b, got, r.mul)
		}
		if got := AddSat(r.a, r.b); got != r.add {
			t.Errorf("AddSat(%d, %d) = %d, want %d", r.a, r.b, got, r.add)
		}
	}
	if got := MulSatInt(16, math.MaxInt); got != math.MaxInt {
		t.Errorf("MulSatInt(16, MaxInt) = %d", got)
	}
}

func TestSweepFits(t *testing.T) {
	rows := []struct {
		n, p int
		mem  int64
		ok   bool
	}{
		{1, 1000, 1 << 20, true}, // one assignment streams
		{1000, 2, 256 << 20, true},
		{1000000000, 1, 256 << 20, false},
		{math.MaxInt, math.MaxInt, math.MaxInt64, false},
		{1000000000, 1, 0, true}, // no limit
	}
	for _, r := range rows {
		err := SweepFits(r.n, r.p, r.mem)
		if (err == nil) != r.ok {
			t.Errorf("SweepFits(%d, %d, %d) = %v, want ok %v", r.n, r.p, r.mem, err, r.ok)
		}
	}
}

func TestDefaultMaxMemory(t *testing.T) {
	rows := []struct {
		b    Bound
		ok   bool
		want int64
	}{
		{Bound{16 << 30, SourceRAM}, true, 8 << 30},
		{Bound{3<<30 + reserved(), SourceAS}, true, 1 << 30},
		{Bound{1 << 20, SourceAS}, true, minUsable / 3},
		{Bound{2 << 30, SourceCgroup}, true, 1 << 30},
		{Bound{}, false, FallbackMemory},
	}
	for _, r := range rows {
		if got := DefaultMaxMemory(r.b, r.ok); got != r.want {
			t.Errorf("DefaultMaxMemory(%v) = %d, want %d", r.b, got, r.want)
		}
	}
	b, ok := tightest([]Bound{{16 << 30, SourceRAM}, {10 << 30, SourceAS}, {12 << 30, SourceGoMemLimit}})
	if !ok || b.Source != SourceAS {
		t.Errorf("tightest = %v", b)
	}
}

func TestLimitFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if n := memTotal(write("meminfo", "MemFree: 5 kB\nMemTotal:       24576 kB\n")); n != 24576*1024 {
		t.Errorf("memTotal = %d", n)
	}
	rows := map[string]int64{"max\n": 0, "1073741824\n": 1 << 30, "9223372036854771712\n": 0, "junk": 0}
	for text, want := range rows {
		if n := readLimit(write("memory.max", text)); n != want {
			t.Errorf("readLimit(%q) = %d, want %d", text, n, want)
		}
	}
	if n := readLimit(filepath.Join(dir, "absent")); n != 0 {
		t.Errorf("readLimit(absent) = %d", n)
	}
}

// TestWatch checks that the watch calls back once the heap passes the
// ceiling, and not after stop.
func TestWatch(t *testing.T) {
	fired := make(chan int64, 1)
	w := Watch(1<<62, time.Millisecond, func(h int64) { fired <- h })
	defer w.Stop()
	w.SetCeiling(1)
	select {
	case h := <-fired:
		if h <= 1 {
			t.Errorf("heap %d", h)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the watch did not fire")
	}
	quiet := make(chan int64, 1)
	w2 := Watch(math.MaxInt64, time.Millisecond, func(h int64) { quiet <- h })
	w2.Stop()
	w2.Stop() // twice is fine
	select {
	case <-quiet:
		t.Error("a stopped watch fired")
	case <-time.After(20 * time.Millisecond):
	}
}
