package gateway

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"tabletop/games/realigious"
	"tabletop/server/live"
	"tabletop/store"
	"tabletop/store/memory"
)

// queuedFrame is what the test reads of a queued frame push.
type queuedFrame struct {
	Data struct {
		From      int             `json:"from"`
		Version   int             `json:"version"`
		View      json.RawMessage `json:"view"`
		ViewPatch json.RawMessage `json:"view_patch"`
	} `json:"data"`
}

// TestSlowWatchResubscribes: a connection whose writer cannot keep up
// fills its queue; the match's next frame is refused, the host drops the
// watch's subscription, and once the queue has room again the watch
// subscribes from the last version it queued. The client misses no step
// and sees none twice: each frame starts where the one before ended, the
// first after the gap with a whole view (issue 5: a slow client never
// blocks a match and never desyncs).
func TestSlowWatchResubscribes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := memory.NewDB().Open()
	a, err := st.CreateGuest(ctx, store.Profile{DisplayName: "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	h, err := live.Create(ctx, live.Config{Store: st, Batch: 32}, live.MatchSpec{
		Game: realigious.New(), Seed: 3,
		Seats: []live.SeatSpec{{Account: a.ID}, {Bot: "random"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	go h.Run(ctx)

	// A connection with a stalled writer (writing, but no goroutine) and
	// room for three messages; the test plays the writer.
	c := &conn{
		s:       &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))},
		closing: make(chan struct{}), writerDone: make(chan struct{}),
		ob: outbox{max: 3, writing: true},
	}
	c.ctx, c.cancel = context.WithCancel(ctx)
	defer c.cancel()
	c.protocol.Store(PatchProtocol)
	w := &watch{c: c, id: h.ID(), e: &hosted{host: h}, seat: 0}
	if w.sub, err = w.subscribe(ctx, 0); err != nil {
		t.Fatal(err)
	}
	w.start()

	var got []queuedFrame
	queued := func() int {
		c.outMu.Lock()
		defer c.outMu.Unlock()
		return len(c.ob.q)
	}
	drain := func() {
		c.outMu.Lock()
		q := c.ob.q
		c.ob.q = nil
		if c.ob.room != nil {
			close(c.ob.room)
			c.ob.room = nil
		}
		c.outMu.Unlock()
		for _, m := range q {
			var f queuedFrame
			if err := json.Unmarshal(m.b, &f); err != nil {
				t.Fatalf("queued message %.80s: %v", m.b, err)
			}
			got = append(got, f)
		}
	}
	// answer plays seat 0's next decision.
	answer := func() {
		for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
			f, err := h.Since(ctx, 0, 0)
			if err != nil || f.Result != nil {
				t.Fatalf("Since: %v (result %v)", err, f.Result)
			}
			if f.Decision != nil {
				if _, err := h.Submit(ctx, 0, f.Version, f.Decision.Default); err != nil {
					t.Fatal(err)
				}
				return
			}
		}
		t.Fatal("no decision for seat 0")
	}

	for range 8 { // more frames than the queue holds
		answer()
	}
	if n := queued(); n != 3 {
		t.Fatalf("%d messages queued, want the queue full (3)", n)
	}
	drain()
	dropped := len(got)
	for end := time.Now().Add(10 * time.Second); queued() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the watch did not subscribe again once the queue had room")
		}
	}
	for range 3 {
		answer()
		time.Sleep(10 * time.Millisecond)
		drain()
	}
	drain()

	now, err := h.Since(ctx, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Data.From != 0 || got[len(got)-1].Data.Version != now.Version {
		t.Errorf("frames from %d to %d, want from 0 to the match's version %d", got[0].Data.From, got[len(got)-1].Data.Version, now.Version)
	}
	patches := 0
	for i, f := range got {
		if i > 0 && f.Data.From != got[i-1].Data.Version {
			t.Errorf("frame %d starts at %d, the one before ended at %d", i, f.Data.From, got[i-1].Data.Version)
		}
		if f.Data.ViewPatch != nil {
			patches++
		} else if f.Data.View == nil {
			t.Errorf("frame %d has neither view nor patch", i)
		}
	}
	if got[dropped].Data.View == nil {
		t.Errorf("the first frame after the gap has no whole view")
	}
	if patches == 0 {
		t.Errorf("no frame carried a view patch")
	}
}
