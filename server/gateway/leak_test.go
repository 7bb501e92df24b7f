package gateway_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/store"
)

// TestFramesLeakNothing scans every frame a seat (and a spectator)
// receives over the WebSocket across bot matches of 2, 3 and 4 players,
// and holds it to what docs/visibility.md allows: after the match, the
// test replays it from the downloaded replay and checks that each frame's
// events are exactly engine.Redact of that step's events for the frame's
// seat, its view exactly State.View(seat) at its version, its decision
// present only on the seat's own decisions; and that no message carries
// the match seed (or an RNG field) before the match is over. So whatever
// the rules hide from a seat (fogged tiles, stealthed pieces, other
// seats' cards), the server hides too. (Issue 5, bar 1.)
func TestFramesLeakNothing(t *testing.T) {
	s := newServer(t)
	g := realigious.New()
	for _, players := range []int{2, 3, 4} {
		t.Run(strconv.Itoa(players)+" players", func(t *testing.T) {
			token, _ := s.guest("Ada")
			c := s.connect(token)
			match := c.startBots(players)

			specTok, _ := s.guest("Spec")
			spec := s.connect(specTok)
			if r := spec.call("watch", map[string]any{"match": match, "since": 0}); !r.OK {
				t.Fatalf("spectator watch = %s", r.raw)
			}
			frames := c.playOut(match)
			var specFrames []frame
			for {
				f := decodeFrame(t, spec.next("frame"))
				specFrames = append(specFrames, f)
				if f.Result != nil {
					break
				}
			}
			before := append(c.messages(), spec.messages()...) // all sent while live

			rep := downloadReplay(t, s, token, match)
			seed := strconv.FormatUint(rep.Header.Seed, 10)
			for _, b := range before {
				if bytes.Contains(b, []byte(seed)) {
					t.Errorf("a message holds the match seed %s: %.200s", seed, b)
				}
				for _, key := range []string{`"seed"`, `"rng"`, `"pcg"`} {
					if bytes.Contains(b, []byte(key)) {
						t.Errorf("a message holds the key %s: %.200s", key, b)
					}
				}
			}
			truth := replayTruth(t, g, rep)
			seat := frames[0].Seat
			checkFrames(t, truth, frames, seat)
			checkFrames(t, truth, specFrames, int(engine.Spectator))
		})
	}
}

// messages returns every message the client received so far.
func (c *wsClient) messages() [][]byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([][]byte(nil), c.all...)
}

func downloadReplay(t *testing.T, s *testServer, token string, match store.MatchID) *engine.Replay {
	t.Helper()
	code, b, _ := s.do("GET", fmt.Sprintf("/api/matches/%d/replay", match), token, nil)
	if code != 200 {
		t.Fatalf("replay = %d %s", code, b)
	}
	rep, err := engine.ReadReplay(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// truth is what the rules give each audience at every version.
type truth struct {
	// events[v-1][seat]: the JSON of step v's events redacted for seat;
	// the last entry is the spectator's. Encoded at once: Apply's events
	// alias a buffer the next Apply reuses.
	events [][][]byte
	states []engine.State // states[v]: a clone of the state at version v
}

func (tr truth) audience(s engine.Seat) int {
	if s == engine.Spectator {
		return len(tr.events[0]) - 1
	}
	return int(s)
}

func replayTruth(t *testing.T, g engine.Game, rep *engine.Replay) truth {
	t.Helper()
	var config []byte
	if c := rep.Header.Config; len(c) > 0 && string(c) != "null" {
		config = c
	}
	m, err := engine.NewMatch(g, config, rep.Header.Seats, rep.Header.Seed)
	if err != nil {
		t.Fatal(err)
	}
	m.SetHashing(false)
	tr := truth{states: []engine.State{m.State().Clone()}}
	for _, st := range rep.Steps {
		ev, err := m.ApplyText(st.Answer)
		if err != nil {
			t.Fatal(err)
		}
		enc := make([][]byte, rep.Header.Seats+1)
		for a := range enc {
			s := engine.Seat(a)
			if a == rep.Header.Seats {
				s = engine.Spectator
			}
			enc[a], _ = json.Marshal(engine.Redact(ev, s))
		}
		tr.events = append(tr.events, enc)
		tr.states = append(tr.states, m.State().Clone())
	}
	return tr
}

func checkFrames(t *testing.T, tr truth, frames []frame, seat int) {
	t.Helper()
	s := engine.Seat(seat)
	for _, f := range frames {
		if f.Seat != seat {
			t.Errorf("frame for seat %d in seat %d's stream", f.Seat, seat)
		}
		for _, st := range f.Steps {
			want := tr.events[st.Version-1][tr.audience(s)]
			if !bytes.Equal(st.Events, want) {
				t.Errorf("seat %d step %d events =\n%s\nwant\n%s", seat, st.Version, st.Events, want)
			}
		}
		state := tr.states[f.Version]
		want, _ := json.Marshal(state.View(s))
		if !bytes.Equal(f.View, want) {
			t.Errorf("seat %d view at %d differs from State.View", seat, f.Version)
		}
		own := !state.Terminal() && state.Pending().Seat == s
		if (f.Decision != nil) != own {
			t.Errorf("seat %d at %d: decision %v, want one only on its own decision (pending seat %d)", seat, f.Version, f.Decision, state.Pending().Seat)
		}
	}
}
