package gateway_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/store"
)

// TestPlayBotsEndToEnd is the whole-session recipe of docs/protocol.md: a
// guest says hello, plays against bots now (UI-013..018: the lobby's
// waiting room with bots, UI-201..210), plays its seat over a real
// WebSocket until the match ends, finds it in its history and downloads
// a replay that engine.Verify accepts.
func TestPlayBotsEndToEnd(t *testing.T) {
	s := newServer(t)
	token, id := s.guest("Ada")
	c := s.connect(token)

	match := c.startBots(2)
	frames := c.playOut(match)
	last := frames[len(frames)-1]
	t.Logf("match %d: %d frames, %d steps", match, len(frames), last.Version)
	if last.Result == nil || len(last.Result.Ranking) != 2 {
		t.Fatalf("last frame result = %+v, want a 2-seat ranking", last.Result)
	}
	// Frames are contiguous: each starts where the previous one ended.
	for i := 1; i < len(frames); i++ {
		if frames[i].From > frames[i-1].Version {
			t.Errorf("frame %d covers %d..%d after one that ended at %d: a gap", i, frames[i].From, frames[i].Version, frames[i-1].Version)
		}
	}

	// History and the match record.
	code, b, _ := s.do("GET", "/api/history", token, nil)
	if code != 200 || !bytes.Contains(b, []byte(fmt.Sprintf(`"match":%d`, match))) {
		t.Errorf("GET /api/history = %d %s, want match %d", code, b, match)
	}
	code, b, _ = s.do("GET", fmt.Sprintf("/api/matches/%d", match), token, nil)
	if code != 200 || !bytes.Contains(b, []byte(`"live":false`)) {
		t.Errorf("GET /api/matches/%d = %d %s, want a finished match", match, code, b)
	}
	code, b, _ = s.do("GET", "/api/me", token, nil)
	var me struct {
		Account struct {
			ID store.AccountID `json:"id"`
			XP int64           `json:"xp"`
		} `json:"account"`
	}
	if err := json.Unmarshal(b, &me); code != 200 || err != nil || me.Account.XP < 10 || me.Account.ID != id {
		t.Errorf("GET /api/me = %d %s, want the account with experience from the match", code, b)
	}

	// The replay verifies.
	code, b, hdr := s.do("GET", fmt.Sprintf("/api/matches/%d/replay", match), token, nil)
	if code != 200 {
		t.Fatalf("GET replay = %d %s", code, b)
	}
	if cd := hdr.Get("Content-Disposition"); cd == "" {
		t.Errorf("replay has no Content-Disposition")
	}
	rep, err := engine.ReadReplay(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("ReadReplay: %v", err)
	}
	final, err := engine.Verify(realigious.New(), rep)
	if err != nil {
		t.Fatalf("engine.Verify(replay) = %v", err)
	}
	if got, want := final.Result(), *last.Result; got.Winner != want.Winner || got.How != want.How {
		t.Errorf("replay result = %+v, want the last frame's %+v", got, want)
	}
	if final.Steps() != last.Version {
		t.Errorf("replay has %d steps, the last frame version %d", final.Steps(), last.Version)
	}
}
