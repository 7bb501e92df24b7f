package realigious

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Build returns the scenario's starting position: the state generated from
// config and seed, with the state block's overrides applied and its phase
// entered. Without a state block it is exactly the match's initial state. A
// nil g means New().
func (sc *Scenario) Build(g *Game) (*State, error) {
	if g == nil {
		g = New()
	}
	if err := sc.check(); err != nil {
		return nil, err
	}
	c, err := g.ParseConfig(sc.Config, sc.players())
	if err != nil {
		return nil, fmt.Errorf("%w: config: %w", ErrScenario, err)
	}
	if sc.State == nil {
		return g.NewState(c, sc.Seed), nil
	}
	s := g.setup(c, sc.Seed)
	b := &scnBuilder{s: s, st: sc.State, c: c}
	if err := b.build(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrScenario, err)
	}
	return s, nil
}

// scnBuilder applies a ScenarioState to a freshly set-up state.
type scnBuilder struct {
	s  *State
	st *ScenarioState
	c  Config
}

func (b *scnBuilder) build() error {
	s, st := b.s, b.st
	if st.Size != nil && *st.Size != s.size {
		return fmt.Errorf("state.size: %d, but the config's map is %dx%d", *st.Size, s.size, s.size)
	}
	if err := scnIntField("state.cycle_limit", st.CycleLimit, 1, math.MaxInt32, &s.cycleLimit); err != nil {
		return err
	}
	if st.Climate != nil {
		i, ok := parseEnum(climateNames[:], *st.Climate)
		if !ok {
			return fmt.Errorf("state.climate: unknown climate %q (want one of %v)", *st.Climate, climateNames)
		}
		s.climate = Climate(i)
	}
	if err := scnIntField("state.cycle", st.Cycle, 0, math.MaxInt32, &s.cycle); err != nil {
		return err
	}
	if st.Night != nil {
		s.night = *st.Night
	}
	if st.Squall != nil {
		if *st.Squall < 0 || *st.Squall >= max(s.p.SquallSize, 1) || *st.Squall > math.MaxInt8 {
			return fmt.Errorf("state.squall: %d (the gauge holds 0 to %d)", *st.Squall, s.p.SquallSize-1)
		}
		s.squall = int8(*st.Squall)
	}
	if st.SquallSkip != nil {
		s.squallSkip = *st.SquallSkip
	}
	if st.Wind != nil {
		i, ok := parseEnum(windNames[:], *st.Wind)
		if !ok {
			return fmt.Errorf("state.wind: unknown wind %q (want one of %v)", *st.Wind, windNames)
		}
		s.wind = Wind(i)
	}
	if err := b.tiles(); err != nil {
		return err
	}
	if err := b.factions(); err != nil {
		return err
	}
	if err := b.players(); err != nil {
		return err
	}
	if err := b.cards(); err != nil {
		return err
	}
	if err := b.order(); err != nil {
		return err
	}
	if st.Blocked != nil {
		s.blocked = s.blocked[:0]
		for i, p := range st.Blocked {
			t, err := b.tile(fmt.Sprintf("state.blocked[%d]", i), p, false)
			if err != nil {
				return err
			}
			if slices.Contains(s.blocked, int16(t)) {
				return fmt.Errorf("state.blocked[%d]: %s is listed twice", i, p)
			}
			s.blocked = append(s.blocked, int16(t))
		}
		sortInt16(s.blocked)
	}
	if err := b.memory(); err != nil {
		return err
	}
	if err := scnIntField("state.steps", st.Steps, 0, math.MaxInt32, &s.steps); err != nil {
		return err
	}
	if err := scnIntField("state.turns", st.Turns, 0, math.MaxInt32, &s.turns); err != nil {
		return err
	}
	ph := st.Phase
	if ph == "" {
		ph = "start"
	}
	if err := b.roll(ph); err != nil {
		return err
	}
	if st.RelocateSeat != nil {
		v := *st.RelocateSeat
		if v < -1 || v >= len(s.players) {
			return fmt.Errorf("state.relocate_seat: %d is not a seat (or -1)", v)
		}
		s.relocSeat = int8(v)
	}
	if err := b.flow(ph); err != nil {
		return err
	}
	if err := b.result(ph); err != nil {
		return err
	}
	if st.RNG != "" {
		raw, err := hex.DecodeString(st.RNG)
		if err != nil {
			return fmt.Errorf("state.rng: %w", err)
		}
		if err := s.rng.UnmarshalBinary(raw); err != nil {
			return fmt.Errorf("state.rng: %w", err)
		}
	}
	if err := b.consistent(ph); err != nil {
		return err
	}
	return b.enter(ph)
}

// scnIntField stores *v into dst after a range check.
func scnIntField(name string, v *int, lo, hi int, dst *int) error {
	if v == nil {
		return nil
	}
	if *v < lo || *v > hi {
		return fmt.Errorf("%s: %d is out of range [%d, %d]", name, *v, lo, hi)
	}
	*dst = *v
	return nil
}

// tile resolves a coordinate to a tile index; nullable fields give -1 for null.
func (b *scnBuilder) tile(field string, p ScenarioPos, nullable bool) (int, error) {
	if p.Null {
		if nullable {
			return -1, nil
		}
		return 0, fmt.Errorf("%s: a tile is required, not null", field)
	}
	t := b.s.geo.index(p.Col, p.Row)
	if t < 0 {
		return 0, fmt.Errorf("%s: %q is off the %dx%d map", field, p.String(), b.s.geo.w, b.s.geo.h)
	}
	return t, nil
}

func (b *scnBuilder) tiles() error {
	ts := b.st.Tiles
	if ts == nil {
		return nil
	}
	s := b.s
	if ts.Fill != nil {
		if ts.Fill.At.Set {
			return errors.New("state.tiles.fill.at: fill applies to every tile and takes no \"at\"")
		}
		for t := range s.tiles {
			if err := b.tileSpec("state.tiles.fill", ts.Fill, t); err != nil {
				return err
			}
		}
	}
	for i := range ts.Set {
		field := fmt.Sprintf("state.tiles.set[%d]", i)
		spec := &ts.Set[i]
		if !spec.At.Set {
			return fmt.Errorf("%s.at: missing", field)
		}
		t, err := b.tile(field+".at", spec.At, false)
		if err != nil {
			return err
		}
		if err := b.tileSpec(field, spec, t); err != nil {
			return err
		}
	}
	return nil
}

func (b *scnBuilder) tileSpec(field string, spec *ScenarioTile, t int) error {
	tile := &b.s.tiles[t]
	if spec.Terrain != nil {
		i, ok := parseEnum(terrainNames[:], *spec.Terrain)
		if !ok {
			return fmt.Errorf("%s.terrain: unknown terrain %q (want one of %v)", field, *spec.Terrain, terrainNames)
		}
		tile.Terrain = Terrain(i)
	}
	if spec.Structure != nil {
		str := *spec.Structure
		i, ok := parseEnum(structureNames[:], str)
		switch {
		case str == "none" || str == "":
			tile.Structure = NoStructure
		case ok:
			tile.Structure = Structure(i)
		default:
			return fmt.Errorf("%s.structure: unknown structure %q (want none or one of %v)", field, str, nonEmpty(structureNames[:]))
		}
		if tile.Structure != Church {
			tile.Church = 0
			tile.Claimed = false
		}
	}
	if spec.Claimed != nil {
		if *spec.Claimed && tile.Structure != Church {
			return fmt.Errorf("%s.claimed: the tile has no church (structure %q) whose advantage could be taken", field, tile.Structure.String())
		}
		tile.Claimed = *spec.Claimed
	}
	if spec.Church != nil {
		i, ok := parseEnum(religionNames[:], *spec.Church)
		if !ok {
			return fmt.Errorf("%s.church: unknown religion %q (want one of %v)", field, *spec.Church, religionNames)
		}
		if tile.Structure != Church {
			return fmt.Errorf("%s.church: the tile has no church (structure %q)", field, tile.Structure.String())
		}
		tile.Church = Religion(i)
	}
	if spec.Owner != nil {
		o := *spec.Owner
		if o < -1 || o >= len(b.s.players) {
			return fmt.Errorf("%s.owner: %d is not a seat (or -1 for neutral)", field, o)
		}
		tile.Owner = int8(o)
	}
	if spec.Alloc != nil {
		if len(spec.Alloc) != int(numResources) {
			return fmt.Errorf("%s.alloc: %d values, want 3 (followers, donations, influence)", field, len(spec.Alloc))
		}
		for r, v := range spec.Alloc {
			if v < 0 || v > math.MaxInt32 {
				return fmt.Errorf("%s.alloc[%d]: %d is out of range", field, r, v)
			}
			tile.Alloc[r] = int32(v)
		}
	}
	return nil
}
