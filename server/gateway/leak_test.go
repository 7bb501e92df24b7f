package gateway_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"

	jsonpatch "github.com/evanphx/json-patch/v5"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/server/gateway"
	"tabletop/server/lobby"
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
// seats' cards), the server hides too. (Issue 5, bar 1.) It runs in both
// protocols: in protocol 4 the views are rebuilt from the view patches,
// which must give the same views, and the patches' bytes are scanned
// like any message.
func TestFramesLeakNothing(t *testing.T) {
	// Longer matches than the other tests': many steps, cards, factions.
	s := newServer(t, func(cfg *gateway.Config) {
		cfg.Lobby = gateway.NewLobby(lobby.Config{
			Store: cfg.Store, Match: realigious.Config{Size: 9, CycleLimit: 25}, BotLevel: "random",
			RoomCountdown: 5 * time.Second, OfflineGrace: -1,
		})
		cfg.ConnRate, cfg.ConnBurst = 10000, 10000
	})
	g := realigious.New()
	for _, tc := range []struct{ protocol, players int }{{3, 2}, {4, 2}, {4, 3}, {3, 4}, {4, 4}} {
		t.Run(fmt.Sprintf("protocol %d, %d players", tc.protocol, tc.players), func(t *testing.T) {
			players := tc.players
			token, _ := s.guest("Ada")
			c := s.connectProtocol(token, tc.protocol)
			match := c.startBots(players)

			specTok, _ := s.guest("Spec")
			spec := s.connectProtocol(specTok, tc.protocol)
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
			patches := checkFrames(t, truth, frames, seat) + checkFrames(t, truth, specFrames, int(engine.Spectator))
			t.Logf("%d frames, %d spectator frames, %d with view patches", len(frames), len(specFrames), patches)
			if (patches > 0) != (tc.protocol >= gateway.PatchProtocol) {
				t.Errorf("protocol %d: %d frames carried view patches", tc.protocol, patches)
			}
			// After a watch's first frame a patch is the rule: a whole view
			// only when the patch would be larger (it never is by much, as
			// the tiles are replaced whole when that is shorter).
			if later := len(frames) + len(specFrames) - 2; tc.protocol >= gateway.PatchProtocol && patches < later*9/10 {
				t.Errorf("protocol %d: %d of %d frames after the first carried view patches", tc.protocol, patches, later)
			}
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

// checkFrames returns how many frames carried a view patch.
func checkFrames(t *testing.T, tr truth, frames []frame, seat int) int {
	t.Helper()
	s := engine.Seat(seat)
	var view []byte // the view as the client holds it
	patches := 0
	for i, f := range frames {
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
		switch {
		case f.ViewPatch != nil && f.View != nil:
			t.Errorf("seat %d frame at %d has both view and view_patch", seat, f.Version)
		case f.ViewPatch != nil && i == 0:
			t.Errorf("seat %d: the first frame has a patch, not a view", seat)
		case f.ViewPatch != nil:
			patches++
			p, err := jsonpatch.DecodePatch(f.ViewPatch)
			if err == nil {
				view, err = p.Apply(view)
			}
			if err != nil || !jsonpatch.Equal(view, want) {
				t.Fatalf("seat %d view at %d: patch %s gives a view that differs from State.View (%v)", seat, f.Version, f.ViewPatch, err)
			}
		case !bytes.Equal(f.View, want):
			t.Errorf("seat %d view at %d differs from State.View", seat, f.Version)
		default:
			view = f.View
		}
		own := !state.Terminal() && state.Pending().Seat == s
		if (f.Decision != nil) != own {
			t.Errorf("seat %d at %d: decision %v, want one only on its own decision (pending seat %d)", seat, f.Version, f.Decision, state.Pending().Seat)
		}
	}
	return patches
}
