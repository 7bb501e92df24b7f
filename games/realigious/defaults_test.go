package realigious

import (
	"slices"
	"testing"

	"tabletop/engine"
)

// TestDefaultAnswers checks the time-out answers of every seat decision
// (GAP-66): always legal, a move that varies with the turn, and declining
// every optional choice.
func TestDefaultAnswers(t *testing.T) {
	t.Run("move varies and is legal", func(t *testing.T) {
		s := ttNew(t, "tropical", 9, "islam/businessman", "islam/businessman")
		ttFlat(s)
		ttPut(t, s, 0, 4, 4)
		ttPut(t, s, 1, 0, 0)
		ttBegin(s, 0, 1)
		seen := map[engine.Answer]bool{}
		for i := 0; i < 12; i++ {
			d := s.Pending()
			if d.Kind != "move" {
				t.Fatalf("pending %q, want move", d.Kind)
			}
			if !slices.Contains(s.Legal(nil), d.Default) { // GAP-66: the default is legal
				t.Fatalf("default %s not legal", s.AnswerText(d.Default))
			}
			seen[d.Default] = true
			s.steps++ // a later step of the match
		}
		if len(seen) < 2 { // GAP-66: an idle player does not walk in one line
			t.Errorf("default move never varies: %v", seen)
		}
	})
	t.Run("sprint stops", func(t *testing.T) {
		s := ttNew(t, "tropical", 9, "islam/explorer", "islam/explorer")
		ttFlat(s)
		ttPut(t, s, 0, 4, 4)
		ttPut(t, s, 1, 0, 0)
		ttBegin(s, 0, 1)
		ttDo(t, s, "move e")
		if d := s.Pending(); d.Kind != "sprint" || s.AnswerText(d.Default) != "stop" { // GAP-66
			t.Errorf("pending %q default %q, want sprint/stop", d.Kind, s.AnswerText(d.Default))
		}
	})
	t.Run("interaction passes", func(t *testing.T) {
		s := ttNew(t, "tropical", 9, "islam/businessman", "islam/businessman")
		ttFlat(s)
		ttPut(t, s, 0, 4, 4)
		ttPut(t, s, 1, 5, 4)
		ttOwn(t, s, 1, [2]int{5, 4})
		ttBegin(s, 0, 1)
		ttDo(t, s, "move e")
		d := s.Pending()
		if d.Kind != "interaction" || s.AnswerText(d.Default) != "pass" { // GAP-66: no cards, no combat on time-out
			t.Fatalf("pending %q default %q, want interaction/pass", d.Kind, s.AnswerText(d.Default))
		}
		rep := s.players[0].rep
		if _, err := s.Apply(d.Default); err != nil {
			t.Fatal(err)
		}
		if s.players[0].rep != rep || s.tiles[ttIdx(t, s, 5, 4)].Owner != 1 { // GAP-18 (2): pass costs nothing
			t.Errorf("time-out pass changed reputation %d -> %d or the owner", rep, s.players[0].rep)
		}
	})
}
