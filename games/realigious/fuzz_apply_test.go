package realigious

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"tabletop/engine"
)

// FuzzApply feeds arbitrary answer codes to seeded matches. A legal answer
// must apply; an illegal one must fail with ErrIllegalAnswer and leave the
// state byte-identical; nothing may panic. The first 8 bytes seed the
// match, byte 8 picks the player count, the rest are answers: each 4-byte
// word is either an index into the legal answers (high bit clear) or a raw
// answer code (high bit set).
func FuzzApply(f *testing.F) {
	f.Add([]byte("seed0000\x00\x00\x00\x00\x01\x00\x00\x00\x02"))
	f.Add([]byte("seed0001\x01\xff\xff\xff\xff\x00\x01\x00\x00\x80\x01\x00\x05"))
	f.Add(bytes.Repeat([]byte{0x03, 0, 0, 0}, 64))
	g := New()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 9 {
			return
		}
		seed := binary.LittleEndian.Uint64(data[:8])
		players := 2 + int(data[8])%3
		s := g.NewState(Config{Size: 7, Climate: "random", CycleLimit: 4, Seats: make([]SeatConfig, players)}, seed)
		var buf []engine.Answer
		for rest := data[9:]; len(rest) >= 4 && !s.Terminal(); rest = rest[4:] {
			w := binary.LittleEndian.Uint32(rest[:4])
			buf = s.Legal(buf[:0])
			var a engine.Answer
			if w&0x80000000 == 0 {
				a = buf[int(w)%len(buf)]
			} else {
				a = engine.Answer(w &^ 0x80000000)
			}
			legal := false
			for _, l := range buf {
				legal = legal || l == a
			}
			before := s.AppendEncoding(nil)
			_, err := s.Apply(a)
			switch {
			case legal && err != nil:
				t.Fatalf("legal answer %s rejected: %v", s.AnswerText(a), err)
			case !legal && err == nil:
				t.Fatalf("illegal answer code %d accepted", uint32(a))
			case !legal && !errors.Is(err, engine.ErrIllegalAnswer):
				t.Fatalf("illegal answer error %v does not wrap ErrIllegalAnswer", err)
			case !legal && !bytes.Equal(before, s.AppendEncoding(nil)):
				t.Fatalf("illegal answer code %d changed the state", uint32(a))
			}
			if err := invariant(s); err != nil {
				t.Fatal(err)
			}
		}
	})
}
