package realigious

// This file holds small read-only accessors for tools outside the rules
// (the simulator's statistics, the terminal client). They reveal nothing a
// seat's view does not already show every seat: religions, characters,
// the cycle and the turn count are public.

// SeatInfo returns the lowercase names of seat's origin religion and
// character, e.g. "christianity" and "fortune_teller". It returns two empty
// strings for a seat out of range.
func (s *State) SeatInfo(seat int) (religion, character string) {
	if seat < 0 || seat >= len(s.players) {
		return "", ""
	}
	pl := &s.players[seat]
	return pl.religion.String(), pl.character.String()
}

// Cycle returns the current cycle, counted from 0, as View.Cycle shows it.
// After a match ends at the cycle limit it equals the limit.
func (s *State) Cycle() int { return s.cycle }

// Cycles returns the number of cycles begun, the current one included: a
// match won during its third cycle reports 3, and a match that ends at a
// cycle limit of L reports L.
func (s *State) Cycles() int { return min(s.cycle+1, s.cycleLimit) }

// Turns returns the number of player turns begun since the match started,
// skipped ones included.
func (s *State) Turns() int { return s.turns }

// Religions returns the lowercase names of the origin religions, in the
// order of the Religion constants.
func (g *Game) Religions() []string { return append([]string(nil), religionNames[:]...) }

// Characters returns the lowercase names of the characters, in the order
// of the Character constants.
func (g *Game) Characters() []string { return append([]string(nil), characterNames[:]...) }

// FactionKeys lists the keys of FactionUses: one per local government, one
// per celebrity type, and "relics_collected".
func (g *Game) FactionKeys() []string {
	keys := append([]string(nil), targetNames[:targetCelebrity]...)
	keys = append(keys, celebrityNames[:]...)
	return append(keys, "relics_collected")
}

// FactionUses counts what the match made of the factions: bribes per local
// government and per celebrity type (only this map's celebrity can count),
// and relics collected. These are public (GAP-70).
func (s *State) FactionUses() map[string]int {
	m := map[string]int{"relics_collected": int(s.relicsCollected)}
	for i, g := range s.govs {
		m[targetNames[i]] = int(g.bribes)
	}
	m[s.celeb.kind.String()] += int(s.celeb.bribes)
	return m
}
