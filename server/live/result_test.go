package live_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync/atomic"
	"testing"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// TestSpectatorSeesPublicOnly scans the serialized frames a spectator
// receives over a whole match: no decision, no deadline, no seed, no
// stealthed piece, nothing live at night (no tile, no piece), and the
// view is the public one (issue 5; docs/visibility.md).
func TestSpectatorSeesPublicOnly(t *testing.T) {
	e := newEnv(t)
	h := e.create(0x5eed_1234_abcd_9876, e.human(), bot, bot) // a seed no digit run matches by chance
	run(t, h)
	ctx := context.Background()
	spec, err := h.Subscribe(ctx, engine.Spectator, 0)
	if err != nil {
		t.Fatal(err)
	}
	own, err := h.Subscribe(ctx, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Submit(ctx, engine.Spectator, 0, "stop"); live.CodeOf(err) != live.CodeNotYourSeat && live.CodeOf(err) != live.CodeStale {
		t.Errorf("Submit(spectator) = %v, want %s", err, live.CodeNotYourSeat)
	}
	if err := h.Leave(ctx, 0); err != nil {
		t.Fatal(err)
	}
	<-h.Done()
	rec := e.checkFinished(h.ID())
	seed := strconv.FormatUint(rec.Header.Seed, 10)

	seatView := map[int][]byte{} // version → seat 0's view
	for f := range own.C {
		seatView[f.Version] = f.View
	}
	frames, differ, nights := 0, 0, 0
	for f := range spec.C {
		frames++
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{`"decision"`, `"deadline"`, seed, `"stealth"`} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("spectator frame at version %d contains %s", f.Version, bad)
			}
		}
		var v struct {
			Seat  int  `json:"seat"`
			Night bool `json:"night"`
			Tiles []struct {
				Visible bool `json:"visible"`
			} `json:"tiles"`
			Players []struct {
				Piece *struct{} `json:"piece"`
			} `json:"players"`
		}
		if err := json.Unmarshal(f.View, &v); err != nil {
			t.Fatalf("spectator view at version %d: %v", f.Version, err)
		}
		if f.Seat != engine.Spectator || v.Seat != int(engine.Spectator) {
			t.Errorf("spectator frame at version %d is for seat %d, view seat %d", f.Version, f.Seat, v.Seat)
		}
		if v.Night {
			nights++
			for i, tile := range v.Tiles {
				if tile.Visible {
					t.Errorf("spectator sees tile %d live at night (version %d)", i, f.Version)
				}
			}
			for i, p := range v.Players {
				if p.Piece != nil {
					t.Errorf("spectator sees seat %d's piece at night (version %d)", i, f.Version)
				}
			}
		}
		if w, ok := seatView[f.Version]; ok && !bytes.Equal(w, f.View) {
			differ++
		}
	}
	if frames < 2 || differ == 0 || nights == 0 {
		t.Errorf("%d spectator frames, %d differ from seat 0's view, %d at night: the scan proves little", frames, differ, nights)
	}
}

// TestMatchEndRecordsResultsAndReplay: the end of a match records each
// seat's rank and experience, the account's experience and level and
// its history, and ReplayOf hands out a replay that engine.Verify
// accepts after a round trip through its file format (issue 5).
func TestMatchEndRecordsResultsAndReplay(t *testing.T) {
	e := newEnv(t)
	h := e.create(17, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	if _, err := live.ReplayOf(ctx, e.st, e.lookup, h.ID()); !errors.Is(err, live.ErrNotFinished) {
		t.Errorf("ReplayOf(live match) = %v, want ErrNotFinished", err)
	}
	if _, err := live.ReplayOf(ctx, e.st, e.lookup, 999); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ReplayOf(unknown match) = %v, want store.ErrNotFound", err)
	}
	if err := h.Leave(ctx, 0); err != nil { // left, not conceded: still earns
		t.Fatal(err)
	}
	<-h.Done()
	rec := e.checkFinished(h.ID())

	var res engine.Result
	if err := json.Unmarshal(rec.Result, &res); err != nil {
		t.Fatalf("stored result %s: %v", rec.Result, err)
	}
	ranks := live.Ranks(res, 2)
	for i, s := range rec.Seats {
		if s.SeatResult != ranks[i] {
			t.Errorf("seat %d result %+v, want %+v", i, s.SeatResult, ranks[i])
		}
	}
	acct, err := e.st.Account(ctx, e.acct)
	if err != nil || acct.XP != ranks[0].XP || acct.Level != live.Level(ranks[0].XP) {
		t.Errorf("account after the match: xp %d level %d, %v; want xp %d level %d", acct.XP, acct.Level, err, ranks[0].XP, live.Level(ranks[0].XP))
	}
	hist, err := e.st.History(ctx, e.acct, 0, 10)
	if err != nil || len(hist) != 1 || hist[0].Match != h.ID() || hist[0].Seat != 0 || hist[0].SeatResult != ranks[0] || !bytes.Equal(hist[0].Result, rec.Result) {
		t.Errorf("History = %+v, %v, want the match at seat 0 with %+v", hist, err, ranks[0])
	}

	rep, err := live.ReplayOf(ctx, e.st, e.lookup, h.ID())
	if err != nil {
		t.Fatalf("ReplayOf(finished) = %v", err)
	}
	var file bytes.Buffer
	if _, err := rep.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	back, err := engine.ReadReplay(&file)
	if err != nil {
		t.Fatalf("ReadReplay: %v", err)
	}
	final, err := engine.Verify(e.game, back)
	if err != nil || !final.Terminal() || len(back.Steps) != rec.Version || back.Header.Seed != rec.Header.Seed || back.Header.Seed == 0 {
		t.Errorf("Verify(replay) = %v; %d steps of %d, seed %d", err, len(back.Steps), rec.Version, back.Header.Seed)
	}
	if got, _ := json.Marshal(final.Result()); !bytes.Equal(got, rec.Result) {
		t.Errorf("replayed result %s, stored %s", got, rec.Result)
	}
}

// resultSink records, for the frame with the result, whether OnFinish had
// been called by then.
type resultSink struct {
	finished *atomic.Bool
	sawFirst chan bool // OnFinish's state when the result frame came
}

func (s *resultSink) Frame(f live.Frame) bool {
	if f.Result != nil {
		select {
		case s.sawFirst <- s.finished.Load(): // the first result frame
		default:
		}
	}
	return true
}

func (s *resultSink) Closed() {}

// TestOnFinishBeforeResultFrame: Config.OnFinish runs once the end is
// recorded and before the frame with the result goes out, with the seats'
// accounts, so that a server has marked the players out of the match
// before they see its result.
func TestOnFinishBeforeResultFrame(t *testing.T) {
	e := newEnv(t)
	var finished atomic.Bool
	var got []store.AccountID
	e.cfg.OnFinish = func(id store.MatchID, accounts []store.AccountID) {
		if _, err := e.st.Match(context.Background(), id); err != nil {
			t.Errorf("OnFinish: the match is not in the store: %v", err)
		}
		got = accounts
		finished.Store(true)
	}
	h := e.create(77, e.human(), bot)
	run(t, h)
	sink := &resultSink{finished: &finished, sawFirst: make(chan bool, 1)}
	if _, err := h.SubscribeSink(context.Background(), 0, 0, true, sink); err != nil {
		t.Fatal(err)
	}
	if err := h.Leave(context.Background(), 0); err != nil { // a stand-in plays seat 0 to the end
		t.Fatal(err)
	}
	<-h.Done()
	rec := e.checkFinished(h.ID())
	if rec.Finished.IsZero() {
		t.Fatal("the match did not finish")
	}
	select {
	case before := <-sink.sawFirst:
		if !before {
			t.Error("the result frame went out before OnFinish was called")
		}
	default:
		t.Fatal("no frame with the result")
	}
	if len(got) != 2 || got[0] != e.acct || got[1] != 0 {
		t.Errorf("OnFinish accounts = %v, want [%d 0]", got, e.acct)
	}
}
