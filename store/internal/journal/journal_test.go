package journal

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func records(t *testing.T, b []byte) []Record {
	t.Helper()
	var out []Record
	for len(b) > 0 {
		r, rest, err := Next(b)
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		out, b = append(out, r), rest
	}
	return out
}

func encode(rs ...Record) []byte {
	var b []byte
	for _, r := range rs {
		b = AppendRecord(b, r)
	}
	return b
}

func mustOpen(t *testing.T, dir string) (*Log, Recovered) {
	t.Helper()
	l, rec, err := Open(dir, false)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return l, rec
}

func TestRecordRoundTrip(t *testing.T) {
	for _, r := range []Record{
		{},
		{Match: 1, Version: 1, Seat: 0, Text: "move ne", Hash: "0123456789abcdef", Deadline: 1764640000000},
		{Match: 1 << 40, Version: 123456, Seat: 3, Text: "bribe police donations", Hash: "", Deadline: 0},
		{Match: 9, Version: 2, Seat: -1, Text: "ünïcode ✓", Hash: "h"},
	} {
		b := AppendRecord([]byte("x"), r)[1:]
		got, rest, err := Next(b)
		if err != nil || len(rest) != 0 || got != r {
			t.Errorf("Next(AppendRecord(%+v)) = %+v, %d left, %v", r, got, len(rest), err)
		}
		// Skip steps over the same bytes as Next, naming the match.
		next := AppendRecord(b[:len(b):len(b)], Record{Match: 5})
		if m, rest, err := Skip(next); err != nil || m != r.Match || len(rest) != len(next)-len(b) {
			t.Errorf("Skip(AppendRecord(%+v)+more) = match %d, %d left, %v; want match %d, %d left", r, m, len(rest), err, r.Match, len(next)-len(b))
		}
		for cut := range len(b) {
			if _, _, err := Next(b[:cut]); err == nil {
				t.Errorf("Next of %+v cut to %d of %d bytes: no error", r, cut, len(b))
			}
			if _, _, err := Skip(b[:cut]); err == nil {
				t.Errorf("Skip of %+v cut to %d of %d bytes: no error", r, cut, len(b))
			}
		}
	}
}

// TestWriteReopen: what was written is pending after a reopen, in order,
// until released; a released journal reopens empty.
func TestWriteReopen(t *testing.T) {
	dir := t.TempDir()
	l, rec := mustOpen(t, dir)
	if rec != (Recovered{}) || len(l.Pending()) != 0 {
		t.Fatalf("a new journal: %+v, %d pending", rec, len(l.Pending()))
	}
	a := []Record{{Match: 1, Version: 1, Text: "a"}, {Match: 2, Version: 1, Text: "b", Deadline: 5}}
	b := []Record{{Match: 1, Version: 2, Seat: 1, Text: "c", Hash: "h"}}
	for _, rs := range [][]Record{a, b} {
		if err := l.Write(encode(rs...)); err != nil {
			t.Fatal(err)
		}
	}
	want := append(append([]Record{}, a...), b...)
	if got := records(t, l.Pending()); !reflect.DeepEqual(got, want) {
		t.Fatalf("Pending = %+v, want %+v", got, want)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	l, rec = mustOpen(t, dir)
	if rec.Records != 3 || rec.Dropped != 0 {
		t.Fatalf("reopened: %+v, want 3 records", rec)
	}
	if got := records(t, l.Pending()); !reflect.DeepEqual(got, want) {
		t.Fatalf("reopened Pending = %+v, want %+v", got, want)
	}
	// Release part: the rest stays pending, and the segments with it.
	first := len(encode(a[0]))
	if err := l.Release(first); err != nil {
		t.Fatal(err)
	}
	if got := records(t, l.Pending()); !reflect.DeepEqual(got, want[1:]) {
		t.Fatalf("after a partial release: %+v", got)
	}
	if err := l.Release(len(l.Pending())); err != nil {
		t.Fatal(err)
	}
	segs, _ := segments(dir)
	if len(segs) != 1 {
		t.Fatalf("after releasing all: segments %v, want one new", segs)
	}
	if err := l.Write(encode(Record{Match: 3, Version: 1})); err != nil {
		t.Fatal(err)
	}
	l.Close()
	l, rec = mustOpen(t, dir)
	defer l.Close()
	if got := records(t, l.Pending()); rec.Records != 1 || len(got) != 1 || got[0].Match != 3 {
		t.Fatalf("after a release and a write: %+v, %+v", rec, got)
	}
}

// TestTornTail: a block cut short at the end of the last segment (a
// writer killed in the middle of it) is dropped, the blocks before it
// kept; the same in an earlier segment is damage.
func TestTornTail(t *testing.T) {
	for _, tc := range []struct {
		name string
		tail []byte
	}{
		{"header cut", []byte{10, 0, 0}},
		{"payload cut", []byte{10, 0, 0, 0, 1, 2, 3, 4, 'x'}},
		{"zeros", make([]byte, 64)},
		{"bad checksum", append([]byte{3, 0, 0, 0, 1, 2, 3, 4}, "abc"...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			l, _ := mustOpen(t, dir)
			want := []Record{{Match: 1, Version: 1, Text: "kept"}}
			if err := l.Write(encode(want...)); err != nil {
				t.Fatal(err)
			}
			name := l.path(l.seq)
			l.Close()
			f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.Write(tc.tail)
			f.Close()
			before, _ := os.Stat(name)
			l, rec := mustOpen(t, dir)
			if rec.Records != 1 || rec.Dropped != int64(len(tc.tail)) {
				t.Errorf("Recovered = %+v, want 1 record and %d bytes dropped", rec, len(tc.tail))
			}
			if got := records(t, l.Pending()); !reflect.DeepEqual(got, want) {
				t.Errorf("Pending = %+v, want %+v", got, want)
			}
			after, _ := os.Stat(name)
			if after.Size() != before.Size()-int64(len(tc.tail)) {
				t.Errorf("segment %d bytes, want the tail cut from %d", after.Size(), before.Size())
			}
			// A block written after the recovery follows the sound ones.
			if err := l.Write(encode(Record{Match: 1, Version: 2})); err != nil {
				t.Fatal(err)
			}
			l.Close()
			l, rec = mustOpen(t, dir)
			l.Close()
			if rec.Records != 2 || rec.Dropped != 0 {
				t.Errorf("reopened after recovery: %+v", rec)
			}
			// The same damage in a segment that is not the last is refused.
			next := filepath.Join(dir, "ffffffffffffffff"+segmentExt)
			if err := os.WriteFile(next, nil, 0o640); err != nil {
				t.Fatal(err)
			}
			f, _ = os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
			f.Write(tc.tail)
			f.Close()
			if _, _, err := Open(dir, false); !errors.Is(err, ErrDamaged) {
				t.Errorf("damage in an earlier segment: Open = %v, want ErrDamaged", err)
			}
			if _, err := ReadDir(dir); !errors.Is(err, ErrDamaged) {
				t.Errorf("damage in an earlier segment: ReadDir = %v, want ErrDamaged", err)
			}
		})
	}
}

// TestLocked: one Log per directory at a time.
func TestLocked(t *testing.T) {
	dir := t.TempDir()
	l, _ := mustOpen(t, dir)
	if _, _, err := Open(dir, false); !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open = %v, want ErrLocked", err)
	}
	l.Close()
	l, _ = mustOpen(t, dir)
	l.Close()
}

// TestReadDir reads what a running Log has pending, without its lock,
// tolerating a block being written at the end.
func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	if b, err := ReadDir(filepath.Join(dir, "missing")); err != nil || len(b) != 0 {
		t.Fatalf("ReadDir of a missing directory = %d bytes, %v", len(b), err)
	}
	l, _ := mustOpen(t, dir)
	defer l.Close()
	want := []Record{{Match: 4, Version: 1, Text: "a"}, {Match: 4, Version: 2, Text: "b"}}
	for _, r := range want {
		if err := l.Write(encode(r)); err != nil {
			t.Fatal(err)
		}
	}
	f, _ := os.OpenFile(l.path(l.seq), os.O_APPEND|os.O_WRONLY, 0)
	f.Write([]byte{200, 0, 0, 0, 9}) // a block being written
	f.Close()
	b, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := records(t, b); !reflect.DeepEqual(got, want) {
		t.Fatalf("ReadDir = %+v, want %+v", got, want)
	}
}

// TestWriteSync: with sync, writes and segment changes go through fsync.
func TestWriteSync(t *testing.T) {
	dir := t.TempDir()
	l, _, err := Open(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Write(encode(Record{Match: 1, Version: 1})); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(len(l.Pending())); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(1); err == nil {
		t.Error("releasing more than is pending: no error")
	}
	l.Close()
	if err := l.Write(encode(Record{Match: 1, Version: 2})); err == nil {
		t.Error("Write after Close: no error")
	}
}
