package translate

import (
	"io"
	"math"
	"strconv"
)

// lines gathers an exported file's rows in one buffer and hands it to the
// writer when it is nearly full, so that a row costs appends only (the
// files of a large model have millions of rows).
type lines struct {
	w   io.Writer
	buf []byte
	err error
}

func newLines(w io.Writer) *lines {
	return &lines{w: w, buf: make([]byte, 0, exportBuffer)}
}

// line is called after each row: it writes the buffer out once it is
// nearly full.
func (l *lines) line() {
	if len(l.buf) >= exportBuffer-512 {
		l.write()
	}
}

func (l *lines) write() {
	if l.err == nil && len(l.buf) > 0 {
		_, l.err = l.w.Write(l.buf)
	}
	l.buf = l.buf[:0]
}

// flush writes what is left and returns the first error of the writer.
func (l *lines) flush() error {
	l.write()
	return l.err
}

// floatText formats numbers as the exports write them (%.16g: Go's 'g'
// with 16 significant digits), remembering the text of recent values by
// their bits: a model has few distinct probabilities and rewards, and the
// same bits always give the same text.
type floatText struct {
	bits [256]uint64
	n    [256]uint8 // length of text; 0: empty slot
	text [256][24]byte
}

func (f *floatText) append(buf []byte, x float64) []byte {
	b := math.Float64bits(x)
	i := (b * 0x9E3779B97F4A7C15) >> 56
	if f.n[i] != 0 && f.bits[i] == b {
		return append(buf, f.text[i][:f.n[i]]...)
	}
	start := len(buf)
	buf = strconv.AppendFloat(buf, x, 'g', 16, 64)
	if t := buf[start:]; len(t) <= len(f.text[i]) {
		f.bits[i], f.n[i] = b, uint8(len(t))
		copy(f.text[i][:], t)
	}
	return buf
}
