package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tabletop/engine"
)

// TestEventJSON: along random 2- and 4-player games, every step's events,
// as every seat and a spectator may see them, encode through
// engine.AppendEvents to json.Marshal's bytes, and the self-encoding
// payloads of event_json.go all occur (CARD-020's faith_village among
// them).
func TestEventJSON(t *testing.T) {
	g := New()
	seen := map[string]bool{}
	var buf []byte
	for _, players := range []int{2, 4} {
		for seed := uint64(1); seed <= 4; seed++ {
			st := g.NewState(Config{Size: g.params.MapSize[players-2], Climate: "random", CycleLimit: g.params.CycleLimit, Seats: make([]SeatConfig, players)}, seed)
			r := rand.NewPCG(seed, 7)
			var legal []engine.Answer
			var red []engine.Event
			for st.phase != phaseOver {
				legal = st.Legal(legal[:0])
				a := legal[engine.IntN(r, len(legal))]
				if st.phase == phaseRoll || st.phase == phaseRelocate || st.phase == phaseWind {
					a = engine.ChanceAnswer(seed, st.steps, st.Chance())
				}
				events, err := st.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range events {
					if _, ok := e.Data.(engine.DataAppender); ok {
						seen[fmt.Sprintf("%T", e.Data)] = true
					}
				}
				for s := range engine.Seat(players + 1) {
					if s == engine.Seat(players) {
						s = engine.Spectator
					}
					red = engine.AppendRedacted(red[:0], events, s)
					want, err := json.Marshal(red)
					if err != nil {
						t.Fatal(err)
					}
					if buf, err = engine.AppendEvents(buf[:0], red); err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(buf, want) {
						t.Fatalf("%d players, seed %d, step %d, seat %d:\nAppendEvents %s\njson.Marshal %s", players, seed, st.steps, s, buf, want)
					}
				}
			}
		}
	}
	for _, typ := range []string{"realigious.faithVillageData", "realigious.movedData", "realigious.cardMoveData",
		"realigious.turnData", "realigious.cycleData", "realigious.ownerData", "realigious.cardUsedData", "realigious.EffectView"} {
		if !seen[typ] {
			t.Errorf("no event carried a %s", typ)
		}
	}
}

// gameEvents returns the events of every step of a random 4-player game.
func gameEvents(b *testing.B) [][]engine.Event {
	g := New()
	st := g.NewState(Config{Size: g.params.MapSize[2], Climate: "random", CycleLimit: g.params.CycleLimit, Seats: make([]SeatConfig, 4)}, 5)
	r := rand.NewPCG(5, 7)
	var steps [][]engine.Event
	var legal []engine.Answer
	for st.phase != phaseOver {
		legal = st.Legal(legal[:0])
		a := legal[engine.IntN(r, len(legal))]
		if st.phase == phaseRoll || st.phase == phaseRelocate || st.phase == phaseWind {
			a = engine.ChanceAnswer(5, st.steps, st.Chance())
		}
		events, err := st.Apply(a)
		if err != nil {
			b.Fatal(err)
		}
		steps = append(steps, engine.Redact(events, 0))
	}
	return steps
}

// BenchmarkEventJSON: a step's events as one seat sees them, encoded as
// the live server records them (engine.AppendEvents) and as it did with
// encoding/json; ns/op is per step.
func BenchmarkEventJSON(b *testing.B) {
	steps := gameEvents(b)
	b.Run("AppendEvents", func(b *testing.B) {
		var buf []byte
		for i := range b.N {
			buf, _ = engine.AppendEvents(buf[:0], steps[i%len(steps)])
		}
	})
	b.Run("json.Encoder", func(b *testing.B) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		for i := range b.N {
			buf.Reset()
			_ = enc.Encode(steps[i%len(steps)])
		}
	})
}
