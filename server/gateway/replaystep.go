package gateway

import (
	"net/http"

	"tabletop/engine"
	"tabletop/store"
)

// replayStepJSON is one step of a finished match as a seat saw it: the
// view after the step and the step's events redacted for that seat.
type replayStepJSON struct {
	Match  store.MatchID  `json:"match"`
	Step   int            `json:"step"`
	Steps  int            `json:"steps"`
	Seat   engine.Seat    `json:"seat"`
	Answer *engine.Step   `json:"answer,omitempty"`
	View   any            `json:"view"`
	Events []engine.Event `json:"events"`
	Result *engine.Result `json:"result,omitempty"`
}

// handleReplayStep serves GET /api/matches/{id}/replay/step?step=N&seat=S:
// the view of seat S (-3, the default, for the public view) after step N of
// a finished match, and the events of step N as S saw them, re-played from
// the stored replay. It is what the web client's replay viewer steps
// through (docs/ui.md "Replay viewer"). A finished match holds no secret, so
// any seat may be asked for.
func (s *Server) handleReplayStep(w http.ResponseWriter, r *http.Request) error {
	id, rep, err := s.finishedReplay(r)
	if err != nil {
		return err
	}
	step, err := queryInt(r.URL.Query().Get("step"), 0, 0, int64(len(rep.Steps)))
	if err != nil {
		return errorf(CodeBadRequest, "step: %v", err)
	}
	seatN, err := queryInt(r.URL.Query().Get("seat"), int64(engine.Spectator), int64(engine.Spectator), int64(rep.Header.Seats-1))
	if err != nil || seatN == -1 || seatN == -2 {
		return errorf(CodeBadRequest, "seat: want -3 (spectator) or 0 to %d", rep.Header.Seats-1)
	}
	seat := engine.Seat(seatN)
	g, err := s.lookup(rep.Header.Game)
	if err != nil {
		return errorf(CodeNotFound, "match %d: %v", id, err)
	}
	upto := *rep
	n := int(step)
	if n > 0 {
		upto.Steps = rep.Steps[:n-1]
	} else {
		upto.Steps = nil
	}
	m, err := engine.ResumeMatch(g, &upto)
	if err != nil {
		return err
	}
	out := replayStepJSON{Match: id, Step: n, Steps: len(rep.Steps), Seat: seat, Events: []engine.Event{}}
	if n > 0 {
		st := rep.Steps[n-1]
		evs, err := m.ApplyText(st.Answer)
		if err != nil {
			return err
		}
		out.Answer = &engine.Step{Seat: st.Seat, Answer: st.Answer}
		out.Events = engine.Redact(evs, seat)
	}
	state := m.State()
	out.View = state.View(seat)
	if state.Terminal() {
		res := state.Result()
		out.Result = &res
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
