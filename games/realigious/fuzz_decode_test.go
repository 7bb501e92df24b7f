package realigious

import (
	"encoding/json"
	"errors"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// FuzzDecode feeds damaged encodings to Decode: it must return an error
// wrapping engine.ErrCorrupt or a state on which Pending, Legal, View and
// Apply of a legal answer work without panicking. The seeds are states of
// random matches with cards, some in the middle of a card resolution.
func FuzzDecode(f *testing.F) {
	g := New()
	for seed := uint64(1); seed <= 3; seed++ {
		st, err := g.New([]byte(`{"size":9,"cycle_limit":6}`), 2+int(seed%3), seed)
		if err != nil {
			f.Fatal(err)
		}
		s := st.(*State)
		rnd := enginetest.RandomAnswers(seed)
		var buf []engine.Answer
		for step := 0; !s.Terminal() && step < 400; step++ {
			if step%40 == 0 || s.phase == phaseCard {
				f.Add(s.AppendEncoding(nil))
			}
			var a engine.Answer
			if s.Pending().Seat == engine.Chance {
				a = engine.ChanceAnswer(seed, step, s.Chance())
			} else {
				a, buf = enginetest.RandomAnswer(s, &rnd, buf)
			}
			if _, err := s.Apply(a); err != nil {
				f.Fatal(err)
			}
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		st, err := g.Decode(b)
		if err != nil {
			if !errors.Is(err, engine.ErrCorrupt) {
				t.Fatalf("Decode error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		for seat := -3; seat < 4; seat++ {
			if _, err := json.Marshal(st.View(engine.Seat(seat))); err != nil {
				t.Fatal(err)
			}
		}
		if st.Terminal() {
			return
		}
		st.Pending()
		legal := st.Legal(nil)
		if len(legal) == 0 {
			t.Fatal("a decoded state in play has no legal answer")
		}
		if _, err := st.Apply(legal[len(legal)-1]); err != nil && !errors.Is(err, engine.ErrGameOver) {
			t.Fatalf("Apply(legal) = %v", err)
		}
	})
}
