package realigious

import (
	"encoding/hex"
	"encoding/json"

	"tabletop/engine"
)

// Snapshot exports the whole of s as a state block: loading it back with
// the same size (SnapshotScenario) gives a state with byte-identical
// AppendEncoding.
func Snapshot(s *State) ScenarioState {
	ip := func(v int) *int { return &v }
	sp := func(v string) *string { return &v }
	bp := func(v bool) *bool { return &v }
	st := ScenarioState{
		Size:       ip(s.size),
		CycleLimit: ip(s.cycleLimit),
		Climate:    sp(s.climate.String()),
		Cycle:      ip(s.cycle),
		Night:      bp(s.night),
		Squall:     ip(int(s.squall)),
		SquallSkip: bp(s.squallSkip),
		Wind:       sp(s.wind.String()),
		Blocked:    []ScenarioPos{},
		Order:      []int{},
		Active:     ip(s.active()),
		Phase:      phaseKinds[s.phase],
		Steps:      ip(s.steps),
		Turns:      ip(s.turns),
		Tiles:      &ScenarioTiles{Set: make([]ScenarioTile, len(s.tiles))},
	}
	for _, t := range s.blocked {
		st.Blocked = append(st.Blocked, s.scnPos(int(t)))
	}
	for _, o := range s.order {
		st.Order = append(st.Order, int(o))
	}
	for t := range s.tiles {
		tile := &s.tiles[t]
		spec := ScenarioTile{
			At:        s.scnPos(t),
			Terrain:   sp(tile.Terrain.String()),
			Structure: sp("none"),
			Owner:     ip(int(tile.Owner)),
			Alloc:     []int{int(tile.Alloc[0]), int(tile.Alloc[1]), int(tile.Alloc[2])},
		}
		if tile.Structure != NoStructure {
			spec.Structure = sp(tile.Structure.String())
		}
		if tile.Structure == Church {
			spec.Church = sp(tile.Church.String())
		}
		if tile.Claimed {
			spec.Claimed = bp(true)
		}
		st.Tiles.Set[t] = spec
	}
	for i := range s.players {
		pl := &s.players[i]
		revealed, known := s.scnMemory(i)
		st.Players = append(st.Players, ScenarioPlayer{
			Religion:              sp(pl.religion.String()),
			Character:             sp(pl.character.String()),
			Reputation:            ip(int(pl.rep)),
			Followers:             ip(int(pl.res[Followers])),
			Donations:             ip(int(pl.res[Donations])),
			Influence:             ip(int(pl.res[Influence])),
			Piece:                 s.scnPos(int(pl.pos)),
			Prev:                  s.scnPos(int(pl.prev)),
			Start:                 s.scnPos(int(pl.start)),
			OnStart:               bp(pl.onStart),
			PropagationCorrection: ip(int(pl.propCorr)),
			CombatCorrection:      ip(int(pl.combatCorr)),
			DefenseCorrection:     ip(int(pl.defCorr)),
			Defeated:              bp(pl.defeated),
			DefeatRank:            ip(int(pl.defeatRank)),
			BonusUsed:             bp(pl.bonusUsed),
			Turns:                 ip(int(pl.turns)),
			ExtraUsed:             bp(pl.extraUsed),
			ReturnAtEnd:           bp(pl.returnAtEnd),
			SkipNext:              bp(pl.skipNext),
			RelicBuff:             ip(int(pl.buff)),
			RelicRun:              ip(int(pl.run)),
			NightEye:              bp(pl.nightEye),
			Clairvoyance:          ip(int(pl.clairvoyance)),
			MiddleWay:             bp(pl.middleWay),
			Inshallah:             bp(pl.inshallah),
			SecretArt:             ip(int(pl.secretArt)),
			Revealed:              revealed,
			Known:                 known,
		})
	}
	revealed, known := s.scnMemory(len(s.players))
	st.Spectator = &ScenarioMemory{Revealed: revealed, Known: known}
	r := &s.roll
	st.Roll = &ScenarioRoll{
		Kind:      sp(rollKindNames[r.kind]),
		Seat:      ip(int(r.seat)),
		Defender:  ip(int(r.defender)),
		Tile:      s.scnPos(int(r.tile)),
		R1:        ip(int(r.r1)),
		R2:        ip(int(r.r2)),
		R:         ip(int(r.r)),
		R1Terms:   s.scnSnapTerms(&r.r1Terms),
		R2Terms:   s.scnSnapTerms(&r.r2Terms),
		Force:     [...]string{"", "success", "failure"}[r.force%3],
		Reckless:  int(r.lose),
		Followers: r.followers,
	}
	st.RelocateSeat = ip(int(s.relocSeat))
	st.CycleStage = sp(enumName(scnStageNames[:], int(s.cycleStage)))
	st.Cont = sp(enumName(scnContNames[:], int(s.cont)))
	st.DesignSeat = ip(int(s.designSeat))
	st.God = sp(s.god.String())
	st.Relics = []ScenarioRelic{}
	for _, r := range s.relics {
		sr := ScenarioRelic{Tile: s.scnPos(int(r.tile)), Holder: ip(int(r.holder)), Seen: []int{}, Counts: bp(r.counts)}
		if r.eye != NoEye {
			sr.Eye = sp(r.eye.String())
		}
		if r.moved {
			sr.Moved = bp(true)
		}
		for seat := range MaxPlayers {
			if r.seen.Has(engine.Seat(seat)) {
				sr.Seen = append(sr.Seen, seat)
			}
		}
		st.Relics = append(st.Relics, sr)
	}
	var govs [3]*ScenarioGovernment
	for i, g := range s.govs {
		govs[i] = &ScenarioGovernment{Tile: s.scnPos(int(g.tile)), Briber: ip(int(g.briber)), Bribes: ip(int(g.bribes))}
	}
	st.Governments = &ScenarioGovernments{Office: govs[targetOffice], Police: govs[targetPolice], Military: govs[targetMilitary]}
	st.Celebrity = &ScenarioCelebrity{
		Kind:   sp(s.celeb.kind.String()),
		Tile:   s.scnPos(int(s.celeb.pos)),
		Start:  s.scnPos(int(s.celeb.start)),
		Briber: ip(int(s.celeb.briber)),
		Bribes: ip(int(s.celeb.bribes)),
	}
	st.RelicsCollected = ip(int(s.relicsCollected))
	if s.phase == phaseOver || s.winner != -1 || s.how != "" || len(s.ranking) > 0 {
		res := &ScenarioResult{Winner: ip(int(s.winner)), How: sp(s.how), Ranking: []int{}}
		for _, p := range s.ranking {
			res.Ranking = append(res.Ranking, int(p))
		}
		st.Result = res
	}
	raw, _ := s.rng.MarshalBinary()
	st.RNG = hex.EncodeToString(raw)
	s.snapshotCards(&st)
	return st
}

// SnapshotScenario wraps Snapshot(s) in a scenario that Build turns back
// into s: a config of the same size, climate, cycle limit and seats, and
// StopAtChance so that running it leaves a pending chance decision alone.
// seed only answers the chance decisions of later runs.
func SnapshotScenario(s *State, seed uint64) *Scenario {
	c := Config{Size: s.size, Climate: s.climate.String(), CycleLimit: s.cycleLimit, NoCards: s.noCards}
	for i := range s.players {
		c.Seats = append(c.Seats, SeatConfig{Religion: s.players[i].religion.String(), Character: s.players[i].character.String()})
	}
	raw, _ := json.Marshal(c)
	st := Snapshot(s)
	return &Scenario{
		Format:       ScenarioFormat,
		Name:         "snapshot",
		Seed:         seed,
		Players:      len(s.players),
		Config:       raw,
		State:        &st,
		StopAtChance: true,
	}
}

// scnPos returns the ScenarioPos of tile t, null for -1.
func (s *State) scnPos(t int) ScenarioPos {
	if t < 0 || t >= len(s.tiles) {
		return ScenarioPos{Set: true, Null: true}
	}
	c, r := s.geo.colRow(t)
	return ScenarioAt(c, r)
}

// scnMemory returns a memory row: the revealed tiles and the known owners
// that differ from the true ones.
func (s *State) scnMemory(row int) (*ScenarioTileSet, []ScenarioKnown) {
	ts := &ScenarioTileSet{All: true}
	for t := range s.tiles {
		if !s.isRevealed(row, t) {
			ts.All = false
			break
		}
	}
	if !ts.All {
		ts.Tiles = []ScenarioPos{}
		for t := range s.tiles {
			if s.isRevealed(row, t) {
				ts.Tiles = append(ts.Tiles, s.scnPos(t))
			}
		}
	}
	known := []ScenarioKnown{}
	n := len(s.tiles)
	for t := range s.tiles {
		if k := s.known[row*n+t]; k != s.tiles[t].Owner {
			known = append(known, ScenarioKnown{At: s.scnPos(t), Owner: int(k)})
		}
	}
	return ts, known
}

func (s *State) scnSnapTerms(ts *terms) []ScenarioTerm {
	out := []ScenarioTerm{}
	for _, t := range s.explainTermsOf(ts) {
		out = append(out, ScenarioTerm(t))
	}
	return out
}
