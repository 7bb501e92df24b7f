package journal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A segment is a file of blocks, each the records of one group commit:
//
//	[4 bytes: payload length, little endian][4 bytes: CRC-32C of the payload][payload]
//
// A block is written with one system call, so a process that is killed
// leaves at most one block cut short, at the end of the last segment.
const blockHeader = 8

// maxBlock bounds a block's payload: a group commit of the largest batch
// of the longest answers is far below it, and a length beyond it is
// damage, not a block.
const maxBlock = 64 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrDamaged reports a segment with a damaged block that is not the end
// of the last segment: acknowledged answers may follow it, so the log
// refuses to guess.
var ErrDamaged = errors.New("journal: damaged segment")

// Log is an open journal directory: the segment being written, the older
// segments whose records are not all released, and those records.
type Log struct {
	dir  string
	sync bool
	lock *os.File

	f    *os.File // the segment being written
	seq  uint64   // its number
	size int64    // its length
	old  []string // earlier segments, oldest first

	pending []byte // the records written and not released, in order
	block   []byte // scratch for Write
	broken  error  // set when a failed write could not be undone
}

// Recovered says what Open found of an earlier run.
type Recovered struct {
	// Records counts the records found in the segments left behind: they
	// are the start of Pending.
	Records int
	// Dropped is the length of the damaged tail cut from the last segment
	// (a block its writer was killed in the middle of); 0 if none.
	Dropped int64
}

// Open opens the journal in dir (created if missing), locked for this
// process: a second Open of the same directory, by this process or
// another, fails until Close. The records of the segments an earlier run
// left are Pending. With sync, every Write is on disk (fsync) before it
// returns; without, it survives the process being killed, not a power
// loss.
func Open(dir string, sync bool) (*Log, Recovered, error) {
	var rec Recovered
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, rec, fmt.Errorf("journal: %w", err)
	}
	lock, err := lockDir(dir)
	if err != nil {
		return nil, rec, err
	}
	l := &Log{dir: dir, sync: sync, lock: lock}
	fail := func(err error) (*Log, Recovered, error) {
		l.closeFiles()
		return nil, rec, err
	}
	segs, err := segments(dir)
	if err != nil {
		return fail(err)
	}
	for i, seq := range segs {
		name := l.path(seq)
		b, err := os.ReadFile(name)
		if err != nil {
			return fail(fmt.Errorf("journal: %w", err))
		}
		payload, good := blocks(b)
		if good < int64(len(b)) {
			if i < len(segs)-1 {
				return fail(fmt.Errorf("%w: %s at byte %d", ErrDamaged, name, good))
			}
			// The end of the last segment: a block cut short by a killed
			// writer, never acknowledged (or, without sync, what a power
			// loss left of the last blocks).
			rec.Dropped = int64(len(b)) - good
			if err := os.Truncate(name, good); err != nil {
				return fail(fmt.Errorf("journal: %w", err))
			}
		}
		n, err := countRecords(payload)
		if err != nil {
			return fail(fmt.Errorf("%w: %s: %v", ErrDamaged, name, err))
		}
		rec.Records += n
		l.pending = append(l.pending, payload...)
		l.old = append(l.old, name)
		l.seq = seq
	}
	if err := l.startSegment(l.seq + 1); err != nil {
		return fail(err)
	}
	return l, rec, nil
}

// Dir returns the journal's directory.
func (l *Log) Dir() string { return l.dir }

// Write appends records (AppendRecord's encoding, one or more) as one
// block. Once it returns nil they are in the journal, and Pending ends
// with them. On an error nothing was added: a partial write is cut off,
// and if that fails too every later Write fails.
func (l *Log) Write(records []byte) error {
	if l.broken != nil {
		return l.broken
	}
	if len(records) == 0 {
		return nil
	}
	if len(records) > maxBlock {
		return fmt.Errorf("journal: a block of %d bytes is over the %d limit", len(records), maxBlock)
	}
	b := binary.LittleEndian.AppendUint32(l.block[:0], uint32(len(records)))
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(records, castagnoli))
	b = append(b, records...)
	l.block = b[:0]
	n, err := l.f.Write(b)
	if err == nil && l.sync {
		err = l.f.Sync()
	}
	if err != nil {
		if n > 0 {
			if terr := l.f.Truncate(l.size); terr != nil {
				l.broken = fmt.Errorf("journal: a failed write could not be undone: %w", errors.Join(err, terr))
				return l.broken
			}
			if _, serr := l.f.Seek(l.size, 0); serr != nil {
				l.broken = fmt.Errorf("journal: a failed write could not be undone: %w", errors.Join(err, serr))
				return l.broken
			}
		}
		return fmt.Errorf("journal: write: %w", err)
	}
	l.size += int64(n)
	l.pending = append(l.pending, records...)
	return nil
}

// Pending returns the records written (or found by Open) and not yet
// released, oldest first: decode them with Next. The slice is valid
// until the next Write or Release.
func (l *Log) Pending() []byte { return l.pending }

// Release drops the first n bytes of Pending, records the caller has
// made durable elsewhere (whole records: n is where a record of Pending
// starts, or its length). When nothing is left pending, the segments
// are removed and a new one is started.
func (l *Log) Release(n int) error {
	if n < 0 || n > len(l.pending) {
		return fmt.Errorf("journal: release %d of %d pending bytes", n, len(l.pending))
	}
	rest := copy(l.pending, l.pending[n:])
	l.pending = l.pending[:rest]
	if rest > 0 || l.size == 0 && len(l.old) == 0 {
		return nil
	}
	// Start the next segment before removing the old ones: whatever
	// happens between, no released record is lost and none comes back
	// but as a duplicate the caller ignores.
	cur := l.f
	old := append(l.old, l.path(l.seq))
	if err := l.startSegment(l.seq + 1); err != nil {
		return err
	}
	cur.Close()
	l.old = l.old[:0]
	var errs []error
	for _, name := range old {
		if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// Close closes the journal's files and releases its lock. The segments
// stay: the next Open finds their records pending (none once all were
// released).
func (l *Log) Close() error {
	err := l.closeFiles()
	if err != nil {
		return fmt.Errorf("journal: close: %w", err)
	}
	return nil
}

func (l *Log) closeFiles() error {
	var errs []error
	if l.f != nil {
		errs = append(errs, l.f.Close())
		l.f = nil
	}
	if l.lock != nil {
		errs = append(errs, l.lock.Close()) // closing the file releases its lock
		l.lock = nil
	}
	return errors.Join(errs...)
}

// startSegment creates segment seq and makes it the one written.
func (l *Log) startSegment(seq uint64) error {
	f, err := os.OpenFile(l.path(seq), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o640)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if l.sync {
		// The new name must survive a power loss as the blocks will.
		if err := syncDir(l.dir); err != nil {
			f.Close()
			return err
		}
	}
	l.f, l.seq, l.size = f, seq, 0
	return nil
}

func (l *Log) path(seq uint64) string {
	return filepath.Join(l.dir, fmt.Sprintf("%016x%s", seq, segmentExt))
}

// segmentExt names segment files: a 16-digit hexadecimal number, then it.
const segmentExt = ".log"

// segments returns the numbers of dir's segments in order.
func segments(dir string) ([]uint64, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	var seqs []uint64
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), segmentExt)
		if !ok || len(name) != 16 || !e.Type().IsRegular() {
			continue
		}
		seq, err := strconv.ParseUint(name, 16, 64)
		if err != nil {
			continue
		}
		seqs = append(seqs, seq)
	}
	slices.Sort(seqs)
	return seqs, nil
}

// blocks returns the payloads of the sound blocks at the start of b, back
// to back, and the length of b they take: it stops at the first block
// that is cut short or fails its checksum.
func blocks(b []byte) (payload []byte, good int64) {
	for off := 0; off < len(b); {
		if len(b)-off < blockHeader {
			return payload, int64(off)
		}
		n := int(binary.LittleEndian.Uint32(b[off:]))
		sum := binary.LittleEndian.Uint32(b[off+4:])
		if n == 0 || n > maxBlock || n > len(b)-off-blockHeader {
			return payload, int64(off)
		}
		p := b[off+blockHeader : off+blockHeader+n]
		if crc32.Checksum(p, castagnoli) != sum {
			return payload, int64(off)
		}
		payload = append(payload, p...)
		off += blockHeader + n
	}
	return payload, int64(len(b))
}

// countRecords checks that b is whole records and counts them.
func countRecords(b []byte) (int, error) {
	n := 0
	for len(b) > 0 {
		var err error
		if _, b, err = Next(b); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// ReadDir returns the records of the journal in dir, as Open would find
// them pending, without locking it or changing anything: for a copy
// taken while a server runs (a backup). The end of the last segment that
// is not a sound block (one being written) is left out; damage elsewhere
// is ErrDamaged. A missing
// directory has none.
func ReadDir(dir string) ([]byte, error) {
	segs, err := segments(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []byte
	for i, seq := range segs {
		name := filepath.Join(dir, fmt.Sprintf("%016x%s", seq, segmentExt))
		b, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue // released meanwhile: its records are in the database
		}
		if err != nil {
			return nil, fmt.Errorf("journal: %w", err)
		}
		payload, good := blocks(b)
		if good < int64(len(b)) && i < len(segs)-1 {
			return nil, fmt.Errorf("%w: %s at byte %d", ErrDamaged, name, good)
		}
		if _, err := countRecords(payload); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrDamaged, name, err)
		}
		out = append(out, payload...)
	}
	return out, nil
}
