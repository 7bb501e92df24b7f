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
