package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tabletop/engine"
)

// playSteps plays a random game to the end and calls step with each
// step's events; chance decisions are answered as in play.
func playSteps(tb testing.TB, players int, seed uint64, step func(st *State, events []engine.Event)) {
	g := New()
	st := g.NewState(Config{Size: g.params.MapSize[players-2], Climate: "random", CycleLimit: g.params.CycleLimit, Seats: make([]SeatConfig, players)}, seed)
	r := rand.NewPCG(seed, 7)
	var legal []engine.Answer
	for st.phase != phaseOver {
		legal = st.Legal(legal[:0])
		a := legal[engine.IntN(r, len(legal))]
		if st.phase == phaseRoll || st.phase == phaseRelocate || st.phase == phaseWind {
			a = engine.ChanceAnswer(seed, st.steps, st.Chance())
		}
		events, err := st.Apply(a)
		if err != nil {
			tb.Fatal(err)
		}
		step(st, events)
	}
}

// TestEventJSON: along random 2- and 4-player games, every step's events,
// as every seat and a spectator may see them, encode through
// engine.AppendEvents to json.Marshal's bytes, and the self-encoding
// payloads of event_json.go all occur (CARD-020's faith_village among
// them).
func TestEventJSON(t *testing.T) {
	seen := map[string]bool{}
	var buf []byte
	var red []engine.Event
	for _, players := range []int{2, 4} {
		audiences := []engine.Seat{engine.Spectator}
		for s := range engine.Seat(players) {
			audiences = append(audiences, s)
		}
		for seed := uint64(1); seed <= 4; seed++ {
			playSteps(t, players, seed, func(st *State, events []engine.Event) {
				for _, e := range events {
					if _, ok := e.Data.(engine.DataAppender); ok {
						seen[fmt.Sprintf("%T", e.Data)] = true
					}
				}
				for _, s := range audiences {
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
			})
		}
	}
	for _, typ := range []string{"realigious.faithVillageData", "realigious.movedData", "realigious.cardMoveData",
		"realigious.turnData", "realigious.cycleData", "realigious.ownerData", "realigious.cardUsedData", "realigious.EffectView"} {
		if !seen[typ] {
			t.Errorf("no event carried a %s", typ)
		}
	}
}

// BenchmarkEventJSON: a step's events as one seat sees them, encoded as
// the live server records them (engine.AppendEvents) and as it did with
// encoding/json; ns/op is per step.
func BenchmarkEventJSON(b *testing.B) {
	var steps [][]engine.Event
	playSteps(b, 4, 5, func(_ *State, events []engine.Event) { steps = append(steps, engine.Redact(events, 0)) })
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
