package live

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// TestHistory: every step's events come back per audience, a frame's
// slice cannot be appended into the arena, and truncating (after a failed
// store write) leaves bytes already handed out untouched.
func TestHistory(t *testing.T) {
	h := newHistory(3)
	ev := func(v, a int) string { return fmt.Sprintf(`[{"v":%d,"a":%d}]`, v, a) }
	for v := 1; v <= 5; v++ {
		for a := range 3 {
			h.add(a, []byte(ev(v, a)))
		}
	}
	if h.steps() != 5 {
		t.Fatalf("steps %d, want 5", h.steps())
	}
	for v := 1; v <= 5; v++ {
		for a := range 3 {
			if got := string(h.at(v, a)); got != ev(v, a) {
				t.Errorf("at(%d, %d) = %s, want %s", v, a, got, ev(v, a))
			}
		}
	}
	held := h.at(3, 1)
	if cap(held) != len(held) {
		t.Errorf("a step's slice has room after it (cap %d, len %d): a frame could write into the arena", cap(held), len(held))
	}
	h.truncate(2)
	h.add(0, []byte(`["new0"]`))
	h.add(1, []byte(`["new1"]`))
	h.add(2, []byte(`["new2"]`))
	if got := string(held); got != ev(3, 1) {
		t.Errorf("a frame's bytes changed after truncate and add: %s", got)
	}
	if h.steps() != 3 || string(h.at(3, 1)) != `["new1"]` || string(h.at(2, 2)) != ev(2, 2) {
		t.Errorf("after truncate(2) and a new step: steps %d, at(3,1) %s, at(2,2) %s", h.steps(), h.at(3, 1), h.at(2, 2))
	}
	h.truncate(0)
	if h.steps() != 0 {
		t.Errorf("truncate(0) left %d steps", h.steps())
	}
}

// TestHistoryChunks: a long match's events span many chunks, one step's
// array larger than a chunk among them, and every step still comes back
// whole from its chunk; audiences that share a step's array share its
// bytes, also after a truncate.
func TestHistoryChunks(t *testing.T) {
	h := newHistory(3)
	ev := func(v, a int) string {
		pad := (v * 37) % 900
		if v == 150 {
			pad = maxChunk + 10 // alone in a chunk of its own
		}
		if a == 2 && v%2 == 0 {
			a = 0 // shared with audience 0 on even steps
		}
		return fmt.Sprintf(`[{"v":%d,"a":%d,"p":"%s"}]`, v, a, strings.Repeat("x", pad))
	}
	const steps = 400
	for v := 1; v <= steps; v++ {
		for a := range 3 {
			if a == 2 && v%2 == 0 {
				h.share(2, 0)
				continue
			}
			h.add(a, []byte(ev(v, a)))
		}
	}
	if n := len(h.chunks); n < 5 {
		t.Fatalf("%d chunks; the test means to span several", n)
	}
	check := func(when string, steps int) {
		t.Helper()
		for v := 1; v <= steps; v++ {
			for a := range 3 {
				if got := h.at(v, a); string(got) != ev(v, a) || cap(got) != len(got) {
					t.Fatalf("%s: at(%d, %d) = %.40s... (len %d, cap %d), want %.40s... (len %d)", when, v, a, got, len(got), cap(got), ev(v, a), len(ev(v, a)))
				}
			}
			if shared := &h.at(v, 2)[0] == &h.at(v, 0)[0]; shared != (v%2 == 0) {
				t.Fatalf("%s: step %d: audiences 0 and 2 share bytes: %v", when, v, shared)
			}
		}
	}
	check("recorded", steps)
	h.truncate(151)
	if h.steps() != 151 {
		t.Fatalf("after truncate(151): %d steps", h.steps())
	}
	check("truncated", 151)
}

// TestRecordRedactsPerAudience: record encodes each audience's own
// redaction of a step, sharing bytes between audiences that see the same
// (a private event shows in full only to its audience, in its public form
// to the others, and not at all when it has none).
func TestRecordRedactsPerAudience(t *testing.T) {
	h := &Host{n: 3, hist: newHistory(4)}
	events := []engine.Event{
		{Kind: "moved", Seat: 0, Audience: engine.AllSeats, Data: map[string]int{"to": 4}},
		{Kind: "drew", Seat: 1, Audience: engine.Only(1), Data: map[string]int{"card": 17}, Public: map[string]int{"cards": 1}},
		{Kind: "peeked", Seat: 2, Audience: engine.Only(2), Data: map[string]int{"tile": 9}},
	}
	h.record(events)
	want := []string{
		`[{"kind":"moved","seat":0,"data":{"to":4}},{"kind":"drew","seat":1,"data":{"cards":1}}]`,
		`[{"kind":"moved","seat":0,"data":{"to":4}},{"kind":"drew","seat":1,"data":{"card":17}}]`,
		`[{"kind":"moved","seat":0,"data":{"to":4}},{"kind":"drew","seat":1,"data":{"cards":1}},{"kind":"peeked","seat":2,"data":{"tile":9}}]`,
		`[{"kind":"moved","seat":0,"data":{"to":4}},{"kind":"drew","seat":1,"data":{"cards":1}}]`,
	}
	for a, w := range want {
		if got := string(h.hist.at(1, a)); got != w {
			t.Errorf("audience %d: %s, want %s", a, got, w)
		}
	}
	// A step that only seat 2 sees: the others get [], not null.
	h.record(events[2:])
	for a, w := range []string{"[]", "[]", `[{"kind":"peeked","seat":2,"data":{"tile":9}}]`, "[]"} {
		if got := string(h.hist.at(2, a)); got != w {
			t.Errorf("step 2, audience %d: %s, want %s", a, got, w)
		}
	}
}

// TestDecisionRelease: once a step's frames are out, the host's decision
// keeps no answer texts (they were a seventh of a busy server's live
// objects) unless a kept frame holds it, and a later frame of the same
// version describes it again.
func TestDecisionRelease(t *testing.T) {
	m, err := engine.NewMatch(realigious.New(), nil, 2, 1) // its first decision has answers
	if err != nil {
		t.Fatal(err)
	}
	h := &Host{m: m, dec: decisionCache{ver: -1}}
	d := h.decision(false)
	if len(d.Answers) == 0 {
		t.Fatalf("decision %+v has no answers", d)
	}
	want := *d
	want.Answers = slices.Clone(d.Answers)
	h.dec.release()
	if h.dec.ver != -1 || len(h.dec.d.Answers) != 0 || slices.ContainsFunc(h.dec.d.Answers[:cap(h.dec.d.Answers)], func(s string) bool { return s != "" }) {
		t.Fatalf("after release: version %d, decision %+v with texts %q", h.dec.ver, h.dec.d, h.dec.d.Answers[:cap(h.dec.d.Answers)])
	}
	if again := h.decision(false); again.Default != want.Default || !slices.Equal(again.Answers, want.Answers) {
		t.Errorf("described again: %+v, want %+v", again, want)
	}
	kept := h.decision(true)
	h.dec.release()
	if !slices.Equal(kept.Answers, want.Answers) {
		t.Errorf("release cleared a kept frame's decision: %+v", kept)
	}
}
