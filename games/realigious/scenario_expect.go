package realigious

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// Expect lists what must hold after a run. Only the fields given are
// checked.
type Expect struct {
	// Error is a substring of the expected load, build or run error.
	Error   string         `json:"error,omitempty"`
	Players []ExpectPlayer `json:"players,omitempty"`
	Tiles   []ExpectTile   `json:"tiles,omitempty"`
	// Pending is the kind of the pending decision ("move", "roll", "over"...).
	Pending *string `json:"pending,omitempty"`
	// Active is the seat whose turn it is.
	Active *int          `json:"active,omitempty"`
	Cycle  *int          `json:"cycle,omitempty"`
	Night  *bool         `json:"night,omitempty"`
	Squall *int          `json:"squall,omitempty"`
	Wind   *string       `json:"wind,omitempty"`
	Result *ExpectResult `json:"result,omitempty"`
	// Events are event kinds that must occur in this order (a subsequence
	// of all events).
	Events []string `json:"events,omitempty"`
	// Rolls are checked against the explain data of the roll events
	// ("propagation", "combat", "piece_combat", "professor"), the first
	// entry against the first roll.
	Rolls []ExpectRoll `json:"rolls,omitempty"`
	// Views are checked against State.View of a seat (-3 for the spectator).
	Views []ExpectView `json:"views,omitempty"`
	// Factions checks the god, relics, local governments and celebrity.
	Factions *ExpectFactions `json:"factions,omitempty"`
	// Designations checks card designations on tiles.
	Designations []ExpectDesignation `json:"designations,omitempty"`
}

// ExpectFactions checks the factions (section 11).
type ExpectFactions struct {
	God *string `json:"god,omitempty"`
	// Relics checks relic i against entry i (an empty entry checks nothing).
	Relics []ExpectRelic `json:"relics,omitempty"`
	// RelicsOnMap counts the relics lying on the map.
	RelicsOnMap     *int               `json:"relics_on_map,omitempty"`
	RelicsCollected *int               `json:"relics_collected,omitempty"`
	Governments     *ExpectGovernments `json:"governments,omitempty"`
	Celebrity       *ExpectCelebrity   `json:"celebrity,omitempty"`
}

// ExpectRelic checks where a relic is: its tile (null when held or out of
// play) and its holder (-1 when on the map).
type ExpectRelic struct {
	Tile   ScenarioPos `json:"tile,omitzero"`
	Holder *int        `json:"holder,omitempty"`
}

// ExpectGovernments checks the local governments.
type ExpectGovernments struct {
	Office   *ExpectBribe `json:"office,omitempty"`
	Police   *ExpectBribe `json:"police,omitempty"`
	Military *ExpectBribe `json:"military,omitempty"`
}

// ExpectBribe checks a local government's bribe state.
type ExpectBribe struct {
	Briber *int `json:"briber,omitempty"`
	Bribes *int `json:"bribes,omitempty"`
}

// ExpectCelebrity checks the celebrity: its tile (null: none), briber and
// bribe count.
type ExpectCelebrity struct {
	Tile   ScenarioPos `json:"tile,omitzero"`
	Briber *int        `json:"briber,omitempty"`
	Bribes *int        `json:"bribes,omitempty"`
}

// ExpectPlayer checks one seat.
type ExpectPlayer struct {
	Seat                  int         `json:"seat"`
	Reputation            *int        `json:"reputation,omitempty"`
	Followers             *int        `json:"followers,omitempty"`
	Donations             *int        `json:"donations,omitempty"`
	Influence             *int        `json:"influence,omitempty"`
	Piece                 ScenarioPos `json:"piece,omitzero"`
	PropagationCorrection *int        `json:"propagation_correction,omitempty"`
	CombatCorrection      *int        `json:"combat_correction,omitempty"`
	DefenseCorrection     *int        `json:"defense_correction,omitempty"`
	Defeated              *bool       `json:"defeated,omitempty"`
	Turns                 *int        `json:"turns,omitempty"`
	// Relics is the number of stack-counting relics held; RelicBuff the
	// buff level (GAP-33).
	RelicBuff *int  `json:"relic_buff,omitempty"`
	Relics    *int  `json:"relics,omitempty"`
	SkipNext  *bool `json:"skip_next,omitempty"`
	NightEye  *bool `json:"night_eye,omitempty"`
	MiddleWay *bool `json:"middle_way,omitempty"`
	Inshallah *bool `json:"inshallah,omitempty"`
	// Cards: the hand (oldest first) and graveyard (oldest first) as lists
	// of card IDs, the hand and deck sizes, and the keys of the states on
	// the seat (the buff list, in the order they were made).
	Hand      []CardID `json:"hand,omitzero"`
	HandCount *int     `json:"hand_count,omitempty"`
	DeckCount *int     `json:"deck_count,omitempty"`
	Graveyard []CardID `json:"graveyard,omitzero"`
	Buffs     []string `json:"buffs,omitzero"`
}

// ExpectDesignation checks that a tile carries a designation (REL-698):
// the state's key and, if given, the seat that made it.
type ExpectDesignation struct {
	At   ScenarioPos `json:"at"`
	Key  string      `json:"key"`
	Seat *int        `json:"seat,omitempty"`
	// Absent: the tile must not carry the designation.
	Absent bool `json:"absent,omitempty"`
}

// ExpectTile checks one tile's owner (-1 neutral) and whether its church's
// advantage was taken.
type ExpectTile struct {
	At      ScenarioPos `json:"at"`
	Owner   *int        `json:"owner,omitempty"`
	Claimed *bool       `json:"claimed,omitempty"`
}

// ExpectResult checks the result of a finished match (winner -1: none).
type ExpectResult struct {
	Winner  *int    `json:"winner,omitempty"`
	How     *string `json:"how,omitempty"`
	Ranking []int   `json:"ranking,omitzero"`
}

// ExpectRoll checks one roll's explain data.
type ExpectRoll struct {
	Kind         *string     `json:"kind,omitempty"`
	Seat         *int        `json:"seat,omitempty"`
	Defender     *int        `json:"defender,omitempty"`
	Tile         ScenarioPos `json:"tile,omitzero"`
	R1Raw        *int        `json:"r1_raw,omitempty"`
	R1           *int        `json:"r1,omitempty"`
	R2Raw        *int        `json:"r2_raw,omitempty"`
	R2           *int        `json:"r2,omitempty"`
	RRaw         *int        `json:"r_raw,omitempty"`
	R            *int        `json:"r,omitempty"`
	Roll         *string     `json:"roll,omitempty"`
	Gains        []int       `json:"gains,omitzero"`
	DefenderLoss []int       `json:"defender_loss,omitzero"`
	// R1Terms and R2Terms, when given, must equal the whole list of terms.
	R1Terms []ScenarioTerm `json:"r1_terms,omitzero"`
	R2Terms []ScenarioTerm `json:"r2_terms,omitzero"`
}

// ExpectView checks what a seat's view shows: a tile (At: visible, memory,
// owner) or another seat's piece (Piece: visible).
type ExpectView struct {
	Seat    int         `json:"seat"`
	At      ScenarioPos `json:"at,omitzero"`
	Piece   *int        `json:"piece,omitempty"`
	Visible *bool       `json:"visible,omitempty"`
	Memory  *string     `json:"memory,omitempty"`
	Owner   *int        `json:"owner,omitempty"`
}

// Check compares a run with the scenario's expectations and returns one
// message per mismatch, e.g. "players[0].reputation = 48, want 46". runErr
// is the error of LoadScenario, Build or Run; res may be nil.
func (sc *Scenario) Check(res *RunResult, runErr error) []string {
	var ex Expect
	if sc != nil && sc.Expect != nil {
		ex = *sc.Expect
	}
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	switch {
	case ex.Error != "" && runErr == nil:
		bad("error = nil, want an error containing %q", ex.Error)
	case ex.Error != "" && !strings.Contains(runErr.Error(), ex.Error):
		bad("error = %q, want it to contain %q", runErr.Error(), ex.Error)
	case ex.Error == "" && runErr != nil:
		bad("unexpected error: %v", runErr)
	}
	if res == nil || res.State == nil {
		return out
	}
	s := res.State
	intEq := func(name string, got int, want *int) {
		if want != nil && got != *want {
			bad("%s = %d, want %d", name, got, *want)
		}
	}
	boolEq := func(name string, got bool, want *bool) {
		if want != nil && got != *want {
			bad("%s = %t, want %t", name, got, *want)
		}
	}
	strEq := func(name, got string, want *string) {
		if want != nil && got != *want {
			bad("%s = %q, want %q", name, got, *want)
		}
	}
	posEq := func(name string, got int, want ScenarioPos) {
		if !want.Set {
			return
		}
		if g := s.scnPos(got); g.Null != want.Null || !g.Null && (g.Col != want.Col || g.Row != want.Row) {
			bad("%s = %s, want %s", name, g, want)
		}
	}
	for i, ep := range ex.Players {
		if ep.Seat < 0 || ep.Seat >= len(s.players) {
			bad("players[%d].seat: %d is not a seat", i, ep.Seat)
			continue
		}
		pl := &s.players[ep.Seat]
		name := fmt.Sprintf("players[%d]", ep.Seat)
		intEq(name+".reputation", int(pl.rep), ep.Reputation)
		intEq(name+".followers", int(pl.res[Followers]), ep.Followers)
		intEq(name+".donations", int(pl.res[Donations]), ep.Donations)
		intEq(name+".influence", int(pl.res[Influence]), ep.Influence)
		posEq(name+".piece", int(pl.pos), ep.Piece)
		intEq(name+".propagation_correction", int(pl.propCorr), ep.PropagationCorrection)
		intEq(name+".combat_correction", int(pl.combatCorr), ep.CombatCorrection)
		intEq(name+".defense_correction", int(pl.defCorr), ep.DefenseCorrection)
		boolEq(name+".defeated", pl.defeated, ep.Defeated)
		intEq(name+".turns", int(pl.turns), ep.Turns)
		intEq(name+".relics", s.relicsHeld(ep.Seat), ep.Relics)
		intEq(name+".relic_buff", int(pl.buff), ep.RelicBuff)
		boolEq(name+".skip_next", pl.skipNext, ep.SkipNext)
		boolEq(name+".night_eye", pl.nightEye, ep.NightEye)
		boolEq(name+".middle_way", pl.middleWay, ep.MiddleWay)
		boolEq(name+".inshallah", pl.inshallah, ep.Inshallah)
		z := &s.zones[ep.Seat]
		if ep.Hand != nil {
			var got []CardID
			for _, hc := range z.hand[:z.nHand] {
				got = append(got, hc.id)
			}
			if !slices.Equal(got, ep.Hand) {
				bad("%s.hand = %v, want %v", name, got, ep.Hand)
			}
		}
		intEq(name+".hand_count", int(z.nHand), ep.HandCount)
		intEq(name+".deck_count", len(z.deck), ep.DeckCount)
		if ep.Graveyard != nil && !slices.Equal(z.grave, ep.Graveyard) && !(len(z.grave) == 0 && len(ep.Graveyard) == 0) {
			bad("%s.graveyard = %v, want %v", name, z.grave, ep.Graveyard)
		}
		if ep.Buffs != nil {
			got := []string{}
			for i := range s.effects {
				if e := &s.effects[i]; e.clock != clockDead && e.tile < 0 && int(e.seat) == ep.Seat {
					got = append(got, s.effectKey(e))
				}
			}
			if !slices.Equal(got, ep.Buffs) {
				bad("%s.buffs = %v, want %v", name, got, ep.Buffs)
			}
		}
	}
	for i, ed := range ex.Designations {
		t := s.geo.index(ed.At.Col, ed.At.Row)
		if !ed.At.Set || ed.At.Null || t < 0 {
			bad("designations[%d].at: %s is not a tile of the map", i, ed.At)
			continue
		}
		found := false
		for k := range s.effects {
			e := &s.effects[k]
			if e.clock != clockDead && int(e.tile) == t && s.effectKey(e) == ed.Key && (ed.Seat == nil || int(e.seat) == *ed.Seat) {
				found = true
			}
		}
		if found == ed.Absent {
			bad("designations[%d]: %s carries %q = %t, want %t", i, ed.At, ed.Key, found, !ed.Absent)
		}
	}
	for i, et := range ex.Tiles {
		t := s.geo.index(et.At.Col, et.At.Row)
		if !et.At.Set || et.At.Null || t < 0 {
			bad("tiles[%d].at: %s is not a tile of the map", i, et.At)
			continue
		}
		intEq(fmt.Sprintf("tiles[%s].owner", et.At), int(s.tiles[t].Owner), et.Owner)
		boolEq(fmt.Sprintf("tiles[%s].claimed", et.At), s.tiles[t].Claimed, et.Claimed)
	}
	strEq("pending", s.Pending().Kind, ex.Pending)
	intEq("active", s.active(), ex.Active)
	intEq("cycle", s.cycle, ex.Cycle)
	boolEq("night", s.night, ex.Night)
	intEq("squall", int(s.squall), ex.Squall)
	strEq("wind", s.wind.String(), ex.Wind)
	if ef := ex.Factions; ef != nil {
		strEq("factions.god", s.god.String(), ef.God)
		for i, er := range ef.Relics {
			name := fmt.Sprintf("factions.relics[%d]", i)
			if i >= len(s.relics) {
				bad("%s: the match has %d relics", name, len(s.relics))
				break
			}
			posEq(name+".tile", int(s.relics[i].tile), er.Tile)
			intEq(name+".holder", int(s.relics[i].holder), er.Holder)
		}
		onMap := 0
		for _, r := range s.relics {
			if r.tile >= 0 {
				onMap++
			}
		}
		intEq("factions.relics_on_map", onMap, ef.RelicsOnMap)
		intEq("factions.relics_collected", int(s.relicsCollected), ef.RelicsCollected)
		if eg := ef.Governments; eg != nil {
			for i, e := range [3]*ExpectBribe{eg.Office, eg.Police, eg.Military} {
				if e != nil {
					name := "factions.governments." + targetNames[i]
					intEq(name+".briber", int(s.govs[i].briber), e.Briber)
					intEq(name+".bribes", int(s.govs[i].bribes), e.Bribes)
				}
			}
		}
		if ec := ef.Celebrity; ec != nil {
			posEq("factions.celebrity.tile", int(s.celeb.pos), ec.Tile)
			intEq("factions.celebrity.briber", int(s.celeb.briber), ec.Briber)
			intEq("factions.celebrity.bribes", int(s.celeb.bribes), ec.Bribes)
		}
	}
	if er := ex.Result; er != nil {
		if !s.Terminal() {
			bad("result: the match is not over (pending %q)", s.Pending().Kind)
		} else {
			intEq("result.winner", int(s.winner), er.Winner)
			strEq("result.how", s.how, er.How)
			if er.Ranking != nil {
				got := make([]int, len(s.ranking))
				for i, p := range s.ranking {
					got[i] = int(p)
				}
				if !slices.Equal(got, er.Ranking) {
					bad("result.ranking = %v, want %v", got, er.Ranking)
				}
			}
		}
	}
	if len(ex.Events) > 0 {
		k := 0
		for _, e := range res.Events {
			if k < len(ex.Events) && e.Kind == ex.Events[k] {
				k++
			}
		}
		if k < len(ex.Events) {
			kinds := make([]string, len(res.Events))
			for i, e := range res.Events {
				kinds[i] = e.Kind
			}
			bad("events: %q (events[%d]) not found in order in %v", ex.Events[k], k, kinds)
		}
	}
	var rolls []*Explain
	for _, e := range res.Events {
		if x, ok := e.Data.(*Explain); ok {
			rolls = append(rolls, x)
		}
	}
	for i, er := range ex.Rolls {
		name := fmt.Sprintf("rolls[%d]", i)
		if i >= len(rolls) {
			bad("%s: only %d rolls happened", name, len(rolls))
			break
		}
		x := rolls[i]
		strEq(name+".kind", x.Kind, er.Kind)
		intEq(name+".seat", x.Seat, er.Seat)
		intEq(name+".defender", x.Defender, er.Defender)
		if er.Tile.Set && (x.Tile.Col != er.Tile.Col || x.Tile.Row != er.Tile.Row) {
			bad("%s.tile = %d,%d, want %s", name, x.Tile.Col, x.Tile.Row, er.Tile)
		}
		intEq(name+".r1_raw", x.R1Raw, er.R1Raw)
		intEq(name+".r1", x.R1, er.R1)
		intEq(name+".r2_raw", x.R2Raw, er.R2Raw)
		intEq(name+".r2", x.R2, er.R2)
		intEq(name+".r", x.R, er.R)
		intEq(name+".r_raw", x.RRaw, er.RRaw)
		strEq(name+".roll", x.Roll, er.Roll)
		if er.Gains != nil && !slices.Equal(x.Gains[:], er.Gains) {
			bad("%s.gains = %v, want %v", name, x.Gains, er.Gains)
		}
		if er.DefenderLoss != nil && !slices.Equal(x.DefenderLoss[:], er.DefenderLoss) {
			bad("%s.defender_loss = %v, want %v", name, x.DefenderLoss, er.DefenderLoss)
		}
		termsEq := func(field string, got []ExplainTerm, want []ScenarioTerm) {
			if want == nil {
				return
			}
			g := make([]ScenarioTerm, len(got))
			for k, t := range got {
				g[k] = ScenarioTerm(t)
			}
			if !slices.Equal(g, want) {
				bad("%s.%s = %v, want %v", name, field, g, want)
			}
		}
		termsEq("r1_terms", x.R1Terms, er.R1Terms)
		termsEq("r2_terms", x.R2Terms, er.R2Terms)
	}
	for i, ev := range ex.Views {
		name := fmt.Sprintf("views[%d]", i)
		seat := engine.Seat(ev.Seat)
		if seat != engine.Spectator && (ev.Seat < 0 || ev.Seat >= len(s.players)) {
			bad("%s.seat: %d is not a seat (or -3 for the spectator)", name, ev.Seat)
			continue
		}
		v := s.view(seat)
		switch {
		case ev.Piece != nil:
			if *ev.Piece < 0 || *ev.Piece >= len(v.Players) {
				bad("%s.piece: %d is not a seat", name, *ev.Piece)
				continue
			}
			boolEq(fmt.Sprintf("%s (seat %d sees seat %d's piece)", name, ev.Seat, *ev.Piece), v.Players[*ev.Piece].Piece != nil, ev.Visible)
		case ev.At.Set && !ev.At.Null && s.geo.index(ev.At.Col, ev.At.Row) >= 0:
			tv := v.Tiles[s.geo.index(ev.At.Col, ev.At.Row)]
			tn := fmt.Sprintf("%s (seat %d, tile %s)", name, ev.Seat, ev.At)
			boolEq(tn+".visible", tv.Visible, ev.Visible)
			strEq(tn+".memory", tv.Memory.String(), ev.Memory)
			if ev.Owner != nil {
				switch {
				case tv.Owner == nil:
					bad("%s.owner: not shown, want %d", tn, *ev.Owner)
				default:
					intEq(tn+".owner", *tv.Owner, ev.Owner)
				}
			}
		default:
			bad("%s: give \"at\" (a tile of the map) or \"piece\"", name)
		}
	}
	return out
}
