package realigious

import (
	"fmt"
	"math"
	"slices"
)

func (b *scnBuilder) players() error {
	s := b.s
	if len(b.st.Players) > len(s.players) {
		return fmt.Errorf("state.players: %d entries for %d players", len(b.st.Players), len(s.players))
	}
	for i := range b.st.Players {
		if err := b.player(i); err != nil {
			return err
		}
	}
	// Defeat ranks: the defeated seats hold ranks 1..k; missing ones are
	// given in seat order.
	var used [5]bool
	k := 0
	for i := range s.players {
		pl := &s.players[i]
		if !pl.defeated {
			if pl.defeatRank != 0 {
				return fmt.Errorf("state.players[%d].defeat_rank: %d, but the seat is not defeated", i, pl.defeatRank)
			}
			continue
		}
		k++
	}
	for i := range s.players {
		pl := &s.players[i]
		if !pl.defeated || pl.defeatRank == 0 {
			continue
		}
		if int(pl.defeatRank) > k || used[pl.defeatRank] {
			return fmt.Errorf("state.players[%d].defeat_rank: %d (the %d defeated seats hold ranks 1 to %d once each)", i, pl.defeatRank, k, k)
		}
		used[pl.defeatRank] = true
	}
	next := 1
	for i := range s.players {
		pl := &s.players[i]
		if pl.defeated && pl.defeatRank == 0 {
			for used[next] {
				next++
			}
			pl.defeatRank = int16(next)
			used[next] = true
		}
	}
	s.defeats = int16(k)
	// The buff level is at least the relics held, unless given (GAP-33).
	for i := range s.players {
		if i < len(b.st.Players) && b.st.Players[i].RelicBuff != nil {
			continue
		}
		if h := s.relicsHeld(i); int(s.players[i].buff) < h {
			s.players[i].buff = uint8(min(h, math.MaxUint8))
		}
	}
	return nil
}

func (b *scnBuilder) player(i int) error {
	s := b.s
	sp := &b.st.Players[i]
	pl := &s.players[i]
	field := fmt.Sprintf("state.players[%d]", i)
	if sp.Religion != nil {
		r, ok := parseEnum(religionNames[:], *sp.Religion)
		if !ok {
			return fmt.Errorf("%s.religion: unknown religion %q (want one of %v)", field, *sp.Religion, religionNames)
		}
		pl.religion = Religion(r)
	}
	if sp.Character != nil {
		c, ok := parseEnum(characterNames[:], *sp.Character)
		if !ok {
			return fmt.Errorf("%s.character: unknown character %q (want one of %v)", field, *sp.Character, characterNames)
		}
		pl.character = Character(c)
	}
	ints := []struct {
		name   string
		v      *int
		lo, hi int
		set    func(int)
	}{
		{"reputation", sp.Reputation, 0, math.MaxInt32, func(v int) { pl.rep = int32(v) }},
		{"followers", sp.Followers, 0, math.MaxInt32, func(v int) { pl.res[Followers] = int32(v) }},
		{"donations", sp.Donations, 0, math.MaxInt32, func(v int) { pl.res[Donations] = int32(v) }},
		{"influence", sp.Influence, 0, math.MaxInt32, func(v int) { pl.res[Influence] = int32(v) }},
		{"propagation_correction", sp.PropagationCorrection, 0, math.MaxUint8, func(v int) { pl.propCorr = uint8(v) }},
		{"combat_correction", sp.CombatCorrection, 0, math.MaxUint8, func(v int) { pl.combatCorr = uint8(v) }},
		{"defense_correction", sp.DefenseCorrection, 0, math.MaxUint8, func(v int) { pl.defCorr = uint8(v) }},
		{"defeat_rank", sp.DefeatRank, 0, 4, func(v int) { pl.defeatRank = int16(v) }},
		{"turns", sp.Turns, 0, math.MaxInt32, func(v int) { pl.turns = int32(v) }},
		{"relic_buff", sp.RelicBuff, 0, math.MaxUint8, func(v int) { pl.buff = uint8(v) }},
		{"relic_run", sp.RelicRun, 0, math.MaxUint8, func(v int) { pl.run = uint8(v) }},
		{"clairvoyance", sp.Clairvoyance, 0, math.MaxUint8, func(v int) { pl.clairvoyance = uint8(v) }},
		{"secret_art", sp.SecretArt, 0, math.MaxInt32, func(v int) { pl.secretArt = int32(v) }},
	}
	for _, f := range ints {
		if f.v == nil {
			continue
		}
		if *f.v < f.lo || *f.v > f.hi {
			return fmt.Errorf("%s.%s: %d is out of range [%d, %d]", field, f.name, *f.v, f.lo, f.hi)
		}
		f.set(*f.v)
	}
	bools := []struct {
		v   *bool
		dst *bool
	}{
		{sp.Defeated, &pl.defeated}, {sp.BonusUsed, &pl.bonusUsed}, {sp.ExtraUsed, &pl.extraUsed},
		{sp.ReturnAtEnd, &pl.returnAtEnd}, {sp.OnStart, &pl.onStart}, {sp.SkipNext, &pl.skipNext},
		{sp.NightEye, &pl.nightEye}, {sp.MiddleWay, &pl.middleWay}, {sp.Inshallah, &pl.inshallah},
	}
	for _, f := range bools {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	if sp.Start.Set {
		t, err := b.tile(field+".start", sp.Start, true)
		if err != nil {
			return err
		}
		pl.start = int16(t)
	}
	if sp.Piece.Set {
		t, err := b.tile(field+".piece", sp.Piece, true)
		if err != nil {
			return err
		}
		pl.pos = int16(t)
		if !sp.Prev.Set {
			pl.prev = pl.pos
		}
		if sp.OnStart == nil {
			pl.onStart = false // a placed piece contacts its tile
		}
	} else if pl.defeated && sp.Defeated != nil {
		pl.pos = -1 // a defeated seat's piece has left the map (GAP-34)
		pl.onStart = false
		pl.returnAtEnd = false
	}
	if sp.Prev.Set {
		t, err := b.tile(field+".prev", sp.Prev, true)
		if err != nil {
			return err
		}
		pl.prev = int16(t)
	}
	return nil
}

func (b *scnBuilder) order() error {
	s, st := b.s, b.st
	n := len(s.players)
	if st.Order != nil {
		if len(st.Order) != n {
			return fmt.Errorf("state.order: %d seats, want all %d", len(st.Order), n)
		}
		seen := make([]bool, n)
		for i, o := range st.Order {
			if o < 0 || o >= n || seen[o] {
				return fmt.Errorf("state.order[%d]: %d (the order lists every seat 0 to %d once)", i, o, n-1)
			}
			seen[o] = true
			s.order[i] = int8(o)
		}
	}
	if st.Active != nil {
		idx := slices.Index(s.order, int8(*st.Active))
		if *st.Active < 0 || *st.Active >= n || idx < 0 {
			return fmt.Errorf("state.active: %d is not a seat", *st.Active)
		}
		s.turnIdx = idx
	}
	return nil
}

func (b *scnBuilder) memory() error {
	s := b.s
	n := len(s.tiles)
	// Known owners default to the true owners: each seat saw the map by day.
	for row := 0; row <= len(s.players); row++ {
		for t := range s.tiles {
			s.known[row*n+t] = s.tiles[t].Owner
		}
	}
	for i := range b.st.Players {
		sp := &b.st.Players[i]
		if err := b.seatMemory(fmt.Sprintf("state.players[%d]", i), i, sp.Revealed, sp.Known); err != nil {
			return err
		}
	}
	if sm := b.st.Spectator; sm != nil {
		if err := b.seatMemory("state.spectator", len(s.players), sm.Revealed, sm.Known); err != nil {
			return err
		}
	}
	return nil
}

func (b *scnBuilder) seatMemory(field string, row int, revealed *ScenarioTileSet, known []ScenarioKnown) error {
	s := b.s
	if revealed != nil {
		w := s.words()
		clear(s.revealed[row*w : (row+1)*w])
		if revealed.All {
			for t := range s.tiles {
				s.reveal(row, t)
			}
		}
		for i, p := range revealed.Tiles {
			t, err := b.tile(fmt.Sprintf("%s.revealed[%d]", field, i), p, false)
			if err != nil {
				return err
			}
			s.reveal(row, t)
		}
	}
	for i, k := range known {
		f := fmt.Sprintf("%s.known[%d]", field, i)
		if !k.At.Set {
			return fmt.Errorf("%s.at: missing", f)
		}
		t, err := b.tile(f+".at", k.At, false)
		if err != nil {
			return err
		}
		if k.Owner < -1 || k.Owner >= len(s.players) {
			return fmt.Errorf("%s.owner: %d is not a seat (or -1 for neutral)", f, k.Owner)
		}
		s.known[row*len(s.tiles)+t] = int8(k.Owner)
	}
	return nil
}
