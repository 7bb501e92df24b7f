package realigious

import (
	"fmt"
	"math"

	"tabletop/engine"
)

// factions applies "factions", then "god", "relics", "governments",
// "celebrity" and "relics_collected".
func (b *scnBuilder) factions() error {
	s, st := b.s, b.st
	n := len(s.players)
	switch st.Factions {
	case "", "generated":
		// The local governments are the map's structures, as at setup.
		for i, str := range govStructure {
			s.govs[i].tile = -1
			for t := range s.tiles {
				if s.tiles[t].Structure == str {
					s.govs[i].tile = int16(t)
					break
				}
			}
		}
	case "none":
		s.relics = nil
		for i := range s.govs {
			s.govs[i] = gov{tile: -1, briber: -1}
		}
		s.celeb.pos, s.celeb.start, s.celeb.briber, s.celeb.bribes = -1, -1, -1, 0
	default:
		return fmt.Errorf("state.factions: %q (want \"generated\" or \"none\")", st.Factions)
	}
	if st.God != nil {
		i, ok := parseEnum(godNames[:], *st.God)
		if !ok {
			return fmt.Errorf("state.god: unknown god %q (want one of %v)", *st.God, godNames)
		}
		s.god = God(i)
	}
	if st.Relics != nil {
		if len(st.Relics) > 64 {
			return fmt.Errorf("state.relics: %d relics, at most 64", len(st.Relics))
		}
		s.relics = make([]relic, 0, len(st.Relics))
		for i := range st.Relics {
			r, err := b.relic(fmt.Sprintf("state.relics[%d]", i), &st.Relics[i])
			if err != nil {
				return err
			}
			s.relics = append(s.relics, r)
		}
	}
	if g := st.Governments; g != nil {
		for i, sg := range g.list() {
			if sg == nil {
				continue
			}
			field := "state.governments." + targetNames[i]
			gv := &s.govs[i]
			if sg.Tile.Set {
				t, err := b.tile(field+".tile", sg.Tile, true)
				if err != nil {
					return err
				}
				gv.tile = int16(t)
			}
			if err := scnBribeState(field, n, sg.Briber, sg.Bribes, &gv.briber, &gv.bribes); err != nil {
				return err
			}
		}
	}
	if c := st.Celebrity; c != nil {
		cl := &s.celeb
		if c.Kind != nil {
			i, ok := parseEnum(celebrityNames[:], *c.Kind)
			if !ok {
				return fmt.Errorf("state.celebrity.kind: unknown celebrity %q (want one of %v)", *c.Kind, celebrityNames)
			}
			cl.kind = CelebrityKind(i)
		}
		if c.Tile.Set {
			t, err := b.tile("state.celebrity.tile", c.Tile, true)
			if err != nil {
				return err
			}
			cl.pos = int16(t)
			if t < 0 && !c.Start.Set {
				cl.start = -1
			}
		}
		if c.Start.Set {
			t, err := b.tile("state.celebrity.start", c.Start, true)
			if err != nil {
				return err
			}
			cl.start = int16(t)
		}
		if err := scnBribeState("state.celebrity", n, c.Briber, c.Bribes, &cl.briber, &cl.bribes); err != nil {
			return err
		}
	}
	var collected int
	if err := scnIntField("state.relics_collected", st.RelicsCollected, 0, math.MaxInt32, &collected); err != nil {
		return err
	}
	if st.RelicsCollected != nil {
		s.relicsCollected = int32(collected)
	}
	return nil
}

// relic reads one entry of state.relics.
func (b *scnBuilder) relic(field string, sr *ScenarioRelic) (relic, error) {
	n := len(b.s.players)
	r := relic{tile: -1, holder: -1, counts: true}
	if !sr.Tile.Set && sr.Holder == nil {
		return r, fmt.Errorf("%s: give its tile (a relic on the map) or its holder (a held relic)", field)
	}
	if sr.Tile.Set {
		t, err := b.tile(field+".tile", sr.Tile, true)
		if err != nil {
			return r, err
		}
		r.tile = int16(t)
	}
	if sr.Holder != nil {
		h := *sr.Holder
		if h < -1 || h >= n {
			return r, fmt.Errorf("%s.holder: %d is not a seat (or -1)", field, h)
		}
		r.holder = int8(h)
	}
	if r.tile >= 0 && r.holder >= 0 {
		return r, fmt.Errorf("%s: a relic lies on a tile or is held, not both (tile %s, holder %d)", field, sr.Tile, r.holder)
	}
	if sr.Eye != nil {
		if err := r.eye.UnmarshalText([]byte(*sr.Eye)); err != nil {
			return r, fmt.Errorf("%s.eye: unknown relic type %q (want none or one of %v)", field, *sr.Eye, nonEmpty(eyeNames[:]))
		}
	}
	for k, seat := range sr.Seen {
		if seat < 0 || seat >= n {
			return r, fmt.Errorf("%s.seen[%d]: %d is not a seat", field, k, seat)
		}
		if r.tile < 0 {
			return r, fmt.Errorf("%s.seen: only a relic lying on the map can be seen", field)
		}
		r.seen |= engine.Only(engine.Seat(seat))
	}
	if sr.Counts != nil {
		r.counts = *sr.Counts
	}
	if sr.Moved != nil && *sr.Moved {
		if r.tile < 0 {
			return r, fmt.Errorf("%s.moved: only a relic lying on the map can have been moved there", field)
		}
		r.moved = true
	}
	return r, nil
}

// scnBribeState applies a briber and a bribe count. A briber given without
// a count on something never bribed counts one bribe.
func scnBribeState(field string, n int, briber, bribes *int, dstBriber *int8, dstBribes *uint8) error {
	if briber != nil {
		if *briber < -1 || *briber >= n {
			return fmt.Errorf("%s.briber: %d is not a seat (or -1 for none)", field, *briber)
		}
		*dstBriber = int8(*briber)
		if *briber >= 0 && bribes == nil && *dstBribes == 0 {
			*dstBribes = 1
		}
	}
	if bribes != nil {
		if *bribes < 0 || *bribes > math.MaxUint8 {
			return fmt.Errorf("%s.bribes: %d is out of range [0, 255]", field, *bribes)
		}
		*dstBribes = uint8(*bribes)
	}
	return nil
}
