package translate

import (
	"strings"
	"testing"
)

// TestConstRanges checks that ranges give their values without a list:
// lengths, first and last values, and refusals.
func TestConstRanges(t *testing.T) {
	rows := []struct {
		in          string
		n           int
		first, last string
		err         string
	}{
		{in: "N=1:1000000000", n: 1000000000, first: "1", last: "1000000000"},
		{in: "N=-2147483648:2147483647", n: 1 << 32, first: "-2147483648", last: "2147483647"},
		{in: "N=0:3:10", n: 4, first: "0", last: "9"},
		{in: "x=0:0.0000001:1", n: 10000001, first: "0", last: "1"},
		{in: "x=0.1:0.2:0.5", n: 3, first: "0.1", last: "0.5"},
		{in: "x=0:1e-300:1", err: "too many values"},
		{in: "x=1:0", err: "is empty"},
	}
	for _, row := range rows {
		t.Run(row.in, func(t *testing.T) {
			specs, err := ParseConstSpecs(row.in)
			if row.err != "" {
				if err == nil || !strings.Contains(err.Error(), row.err) {
					t.Fatalf("error %v, want one with %q", err, row.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s := specs[0]
			if s.Len() != row.n || !s.IsRange() {
				t.Fatalf("Len %d (range %v), want %d", s.Len(), s.IsRange(), row.n)
			}
			if f, l := formatValue(s.At(0)), formatValue(s.At(s.Len()-1)); f != row.first || !strings.HasPrefix(l, row.last) {
				t.Errorf("values %s..%s, want %s..%s", f, l, row.first, row.last)
			}
		})
	}
}

// TestSweep checks the order of a sweep's assignments (the first constant
// slowest) and the refusal of one too long to count.
func TestSweep(t *testing.T) {
	specs, err := ParseConstSpecs("a=1:2,b=true,c=0:2:4")
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewSweep(specs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := 0; i < w.Len(); i++ {
		var parts []string
		for _, a := range w.At(i) {
			parts = append(parts, a.Name+"="+formatValue(a.Value))
		}
		got = append(got, strings.Join(parts, ","))
	}
	want := "a=1,b=true,c=0 a=1,b=true,c=2 a=1,b=true,c=4 a=2,b=true,c=0 a=2,b=true,c=2 a=2,b=true,c=4"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("sweep %s\nwant %s", s, want)
	}
	big, err := ParseConstSpecs("a=-2147483648:2147483647,b=-2147483648:2147483647")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewSweep(big); err == nil || !strings.Contains(err.Error(), "assignments") {
		t.Errorf("a sweep of 2^64 assignments: error %v", err)
	}
}
