package gateway

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// historyJSON is one finished match of an account's history.
type historyJSON struct {
	Match    store.MatchID   `json:"match"`
	Game     string          `json:"game"`
	Players  int             `json:"players"`
	Seat     int             `json:"seat"`
	Rank     int             `json:"rank"`
	XP       int64           `json:"xp"`
	Created  time.Time       `json:"created"`
	Finished time.Time       `json:"finished"`
	Result   json.RawMessage `json:"result"`
}

func (s *Server) handleHistory(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	before, err := queryInt(q.Get("before"), 0, 0, 1<<62)
	if err != nil {
		return errorf(CodeBadRequest, "before: %v", err)
	}
	limit, err := queryInt(q.Get("limit"), 20, 1, 100)
	if err != nil {
		return errorf(CodeBadRequest, "limit: %v", err)
	}
	hist, err := s.cfg.Store.History(r.Context(), a.ID, store.MatchID(before), int(limit))
	if err != nil {
		return err
	}
	out := make([]historyJSON, len(hist))
	for i, h := range hist {
		out[i] = historyJSON{
			Match: h.Match, Game: h.Game, Players: h.Seats, Seat: h.Seat,
			Rank: h.Rank, XP: h.XP, Created: h.Created, Finished: h.Finished,
			Result: rawOrNull(h.Result),
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"matches": out})
	return nil
}

// queryInt parses an optional integer query parameter within [lo, hi].
func queryInt(s string, def, lo, hi int64) (int64, error) {
	if s == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("want an integer from %d to %d", lo, hi)
	}
	return n, nil
}

func rawOrNull(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}

func (s *Server) handleLiveMatches(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"matches": s.mgr.liveFor(a.ID)})
	return nil
}

// matchJSON is the public record of a match.
type matchJSON struct {
	Match    store.MatchID   `json:"match"`
	Game     string          `json:"game"`
	Players  int             `json:"players"`
	Live     bool            `json:"live"`
	Version  int             `json:"version"`
	Created  time.Time       `json:"created"`
	Finished *time.Time      `json:"finished"`
	Result   json.RawMessage `json:"result"`
	Seats    []SeatInfo      `json:"seats"`
}

// pathMatch reads the {id} of a match path.
func pathMatch(r *http.Request) (store.MatchID, error) {
	n, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || n <= 0 {
		return 0, errorf(CodeBadRequest, "a match id is a positive integer")
	}
	return store.MatchID(n), nil
}

func (s *Server) handleMatch(w http.ResponseWriter, r *http.Request) error {
	if _, _, err := s.authenticate(r); err != nil {
		return err
	}
	id, err := pathMatch(r)
	if err != nil {
		return err
	}
	rec, err := s.cfg.Store.Match(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return errorf(CodeNotFound, "no match %d", id)
	} else if err != nil {
		return err
	}
	out := matchJSON{
		Match: rec.ID, Game: rec.Header.Game, Players: rec.Header.Seats,
		Live: rec.Live(), Version: rec.Version, Created: rec.Created,
		Result: rawOrNull(rec.Result), Seats: make([]SeatInfo, len(rec.Seats)),
	}
	if !rec.Live() {
		f := rec.Finished
		out.Finished = &f
	}
	if e := s.mgr.get(id); e != nil {
		out.Seats = e.seats()
	} else {
		for i, seat := range rec.Seats {
			out.Seats[i] = SeatInfo{Seat: i, SeatInfo: live.SeatInfo{Status: live.SeatHuman, Account: seat.Account}}
			if seat.Account == 0 {
				out.Seats[i].Status = live.SeatBot
			} else if a, err := s.cfg.Store.Account(r.Context(), seat.Account); err == nil {
				out.Seats[i].Name = a.DisplayName
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// finishedReplay authenticates the request and returns the replay of the
// finished match its path names, or the refusal: not_found, or
// match_live while the match is being played.
func (s *Server) finishedReplay(r *http.Request) (store.MatchID, *engine.Replay, error) {
	if _, _, err := s.authenticate(r); err != nil {
		return 0, nil, err
	}
	id, err := pathMatch(r)
	if err != nil {
		return 0, nil, err
	}
	rep, err := live.ReplayOf(r.Context(), s.cfg.Store, nil, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return 0, nil, errorf(CodeNotFound, "no match %d", id)
	case errors.Is(err, live.ErrNotFinished):
		return 0, nil, errorf(CodeMatchLive, "match %d is still being played; its replay is ready when it ends", id)
	case err != nil:
		return 0, nil, err
	}
	return id, rep, nil
}

func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) error {
	id, rep, err := s.finishedReplay(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"match-%d.json\"", id))
	if _, err := rep.WriteTo(w); err != nil {
		s.log.Warn("replay download", "match", id, "err", err)
	}
	return nil
}
