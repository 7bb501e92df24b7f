package realigious

import "tabletop/engine"

// The hand-written JSON encoder of View (engine.ViewAppender). The server
// sends every seat its view after every answer, and encoding/json spends
// most of that time on reflection; this encoder writes the same bytes
// without it. The View types and their JSON tags stay the protocol: every
// function here mirrors one type's fields in declaration order with the
// tags' omitempty and omitzero rules, and view_json_test.go compares the
// output with json.Marshal byte for byte.

// AppendView appends exactly the bytes json.Marshal(s.View(seat)) gives
// (engine.ViewAppender).
//
// It builds the view without its tiles and encodes each tile from the
// tileFacts that View's tiles are also made of, so the visibility rules
// stay in view.go and the tiles, most of a view, are never stored.
func (s *State) AppendView(buf []byte, seat engine.Seat) []byte {
	v, seat, row := s.buildView(seat, false)
	buf = v.appendHead(buf)
	buf = append(buf, '[')
	vis := make([]byte, len(s.tiles))
	for t := range s.tiles {
		if t > 0 {
			buf = append(buf, ',')
		}
		f := s.tileFacts(seat, row, t)
		buf = f.appendJSON(buf)
		vis[t] = f.sight()
	}
	buf = append(buf, ']')
	v.Visible = string(vis)
	return v.appendTail(buf)
}

// appendJSON writes v as json.Marshal does.
func (v *View) appendJSON(b []byte) []byte {
	b = v.appendHead(b)
	if v.Tiles == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range v.Tiles {
			if i > 0 {
				b = append(b, ',')
			}
			b = v.Tiles[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	return v.appendTail(b)
}

// appendHead writes v's fields before the tiles' value, "tiles": included.
func (v *View) appendHead(b []byte) []byte {
	b = append(b, `{"game":`...)
	b = appendString(b, v.Game)
	b = appendIntField(b, `,"seat":`, v.Seat)
	b = appendIntField(b, `,"width":`, v.Width)
	b = appendIntField(b, `,"height":`, v.Height)
	b = appendNameField(b, `,"climate":`, v.Climate.String())
	b = appendIntField(b, `,"cycle":`, v.Cycle)
	b = appendIntField(b, `,"cycle_limit":`, v.CycleLimit)
	b = appendBoolField(b, `,"night":`, v.Night)
	if v.Squall != nil {
		b = appendIntField(b, `,"squall":{"gauge":`, v.Squall.Gauge)
		b = appendIntField(b, `,"size":`, v.Squall.Size)
		b = appendBoolField(b, `,"skip_next":`, v.Squall.Skip)
		b = append(b, '}')
	}
	if v.Wind != nil {
		b = appendNameField(b, `,"wind":`, v.Wind.String())
	}
	if len(v.Blocked) > 0 {
		b = append(b, `,"blocked":[`...)
		for i, c := range v.Blocked {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.appendJSON(b)
		}
		b = append(b, ']')
	}
	b = appendIntField(b, `,"active":`, v.Active)
	b = append(b, `,"pending":`...)
	b = appendString(b, v.Pending)
	b = append(b, `,"order":`...)
	b = appendInts(b, v.Order)
	b = appendIntField(b, `,"religious_threshold":`, v.Religious)
	return append(b, `,"tiles":`...)
}

// appendTail writes v's fields after the tiles and closes the object.
func (v *View) appendTail(b []byte) []byte {
	b = append(b, `,"visible":`...)
	b = appendString(b, v.Visible)
	b = append(b, `,"players":`...)
	switch {
	case v.Players == nil:
		if v.cache != nil {
			v.cache.inline()
		}
		b = append(b, "null"...)
	case v.cache != nil:
		b = v.cache.appendPlayers(b, v.Players)
	default:
		b = appendPlayerList(b, v.Players)
	}
	b = append(b, `,"factions":`...)
	b = v.Factions.appendJSON(b)
	if v.Result != nil {
		b = append(b, `,"result":`...)
		b = appendResult(b, v.Result)
	}
	if v.CycleEnd {
		b = append(b, `,"cycle_end":true`...)
	}
	if len(v.Hand) > 0 {
		b = append(b, `,"hand":[`...)
		for i := range v.Hand {
			if i > 0 {
				b = append(b, ',')
			}
			b = v.Hand[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	if len(v.Composition) > 0 {
		b = append(b, `,"composition":`...)
		b = appendCards(b, v.Composition)
	}
	b = append(b, `,"designations":`...)
	b = appendEffects(b, v.Designations)
	if v.CardDecision != nil {
		b = append(b, `,"card_decision":`...)
		b = v.CardDecision.appendJSON(b)
	}
	return append(b, '}')
}

func (c Coord) appendJSON(b []byte) []byte {
	b = appendIntField(b, `{"col":`, c.Col)
	b = appendIntField(b, `,"row":`, c.Row)
	return append(b, '}')
}

// appendCoordPtr writes a *Coord field with omitempty: nothing when nil.
func appendCoordPtr(b []byte, key string, c *Coord) []byte {
	if c == nil {
		return b
	}
	return c.appendJSON(append(b, key...))
}

func (t *TileView) appendJSON(b []byte) []byte {
	f := t.facts()
	return f.appendJSON(b)
}

// appendJSON writes the tile as json.Marshal writes its TileView.
func (f *tileFacts) appendJSON(b []byte) []byte {
	b = appendIntField(b, `{"col":`, f.coord.Col)
	b = appendIntField(b, `,"row":`, f.coord.Row)
	b = appendNameField(b, `,"memory":`, f.memory.String())
	if f.hasTerrain {
		b = appendNameField(b, `,"terrain":`, f.terrain.String())
	}
	if f.structure != NoStructure {
		b = appendNameField(b, `,"structure":`, f.structure.String())
	}
	if f.hasChurch {
		b = appendNameField(b, `,"church":`, f.church.String())
	}
	if f.claimed {
		b = append(b, `,"church_claimed":true`...)
	}
	if f.hasOwner {
		b = appendIntField(b, `,"owner":`, f.owner)
	}
	if f.hasAlloc {
		b = appendIntField(b, `,"alloc":[`, int(f.alloc[0]))
		b = appendIntField(b, `,`, int(f.alloc[1]))
		b = appendIntField(b, `,`, int(f.alloc[2]))
		b = append(b, ']')
	}
	if f.blocked {
		b = append(b, `,"blocked":true`...)
	}
	return append(b, '}')
}

func (p *PlayerView) appendJSON(b []byte) []byte { return p.appendMarked(b, nil) }

// playerMembers is how many members a PlayerView's JSON may have.
const playerMembers = 30

// playerMarks are where the members of a player's JSON begin (their comma,
// or the opening brace), from the JSON's start, and at [playerMembers]
// where its closing brace is: member k is [k] to [k+1], empty when it is
// left out. A view tracker diffs a player member by member with them
// (appendPlayerOps).
type playerMarks [playerMembers + 1]int32

// mark notes in m, when there is one, that member k begins n bytes in.
func mark(m *playerMarks, k, n int) {
	if m != nil {
		m[k] = int32(n)
	}
}

// appendMarked is appendJSON noting where its members are in m (nil: not
// noted).
func (p *PlayerView) appendMarked(b []byte, m *playerMarks) []byte {
	s := len(b)
	mark(m, 0, 0)
	b = appendIntField(b, `{"seat":`, p.Seat)
	mark(m, 1, len(b)-s)
	b = appendNameField(b, `,"religion":`, p.Religion.String())
	mark(m, 2, len(b)-s)
	b = appendNameField(b, `,"character":`, p.Character.String())
	mark(m, 3, len(b)-s)
	b = appendIntField(b, `,"reputation":`, p.Reputation)
	mark(m, 4, len(b)-s)
	b = appendIntField(b, `,"followers":`, p.Followers)
	mark(m, 5, len(b)-s)
	b = appendIntField(b, `,"donations":`, p.Donations)
	mark(m, 6, len(b)-s)
	b = appendIntField(b, `,"influence":`, p.Influence)
	mark(m, 7, len(b)-s)
	b = appendCoordPtr(b, `,"piece":`, p.Piece)
	mark(m, 8, len(b)-s)
	b = appendTrue(b, `,"stealth":true`, p.Stealth)
	mark(m, 9, len(b)-s)
	b = appendTrue(b, `,"high_ground":true`, p.HighGround)
	mark(m, 10, len(b)-s)
	b = appendIntField(b, `,"propagation_correction":`, p.PropCorr)
	mark(m, 11, len(b)-s)
	b = appendIntField(b, `,"combat_correction":`, p.CombatCorr)
	mark(m, 12, len(b)-s)
	b = appendIntField(b, `,"defense_correction":`, p.DefenseCorr)
	mark(m, 13, len(b)-s)
	b = appendTrue(b, `,"defeated":true`, p.Defeated)
	mark(m, 14, len(b)-s)
	b = appendIntField(b, `,"turns":`, p.Turns)
	mark(m, 15, len(b)-s)
	b = appendIntField(b, `,"relics":`, p.Relics)
	mark(m, 16, len(b)-s)
	b = appendNonZero(b, `,"relics_taken":`, p.RelicsTaken)
	mark(m, 17, len(b)-s)
	if p.RelicTypes != 0 {
		b = append(b, `,"relic_types":`...)
		b = p.RelicTypes.appendJSON(b)
	}
	mark(m, 18, len(b)-s)
	b = appendIntField(b, `,"relic_buff":`, p.Buff)
	mark(m, 19, len(b)-s)
	b = appendTrue(b, `,"night_eye":true`, p.NightEye)
	mark(m, 20, len(b)-s)
	b = appendNonZero(b, `,"clairvoyance":`, p.Clairvoyance)
	mark(m, 21, len(b)-s)
	b = appendTrue(b, `,"middle_way":true`, p.MiddleWay)
	mark(m, 22, len(b)-s)
	b = appendTrue(b, `,"inshallah":true`, p.Inshallah)
	mark(m, 23, len(b)-s)
	b = appendTrue(b, `,"skip_next":true`, p.SkipNext)
	mark(m, 24, len(b)-s)
	b = appendIntField(b, `,"hand_count":`, p.HandCount)
	mark(m, 25, len(b)-s)
	b = appendIntField(b, `,"deck_count":`, p.DeckCount)
	mark(m, 26, len(b)-s)
	b = append(b, `,"graveyard":`...)
	b = appendCards(b, p.Graveyard)
	mark(m, 27, len(b)-s)
	b = append(b, `,"buffs":`...)
	b = appendEffects(b, p.Buffs)
	mark(m, 28, len(b)-s)
	b = appendNonZero(b, `,"extra_turns":`, p.ExtraTurns)
	mark(m, 29, len(b)-s)
	b = appendTrue(b, `,"reputation_hidden":true`, p.ReputationHidden)
	mark(m, 30, len(b)-s)
	return append(b, '}')
}

// appendJSON writes the set as EyeSet.MarshalJSON does: a list of names.
func (e EyeSet) appendJSON(b []byte) []byte {
	b = append(b, '[')
	first := true
	for x := NightEye; x < numEyes; x++ {
		if e&(1<<x) != 0 {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendName(b, x.String())
		}
	}
	return append(b, ']')
}

func (f *FactionsView) appendJSON(b []byte) []byte {
	b = appendNameField(b, `{"god":`, f.God.String())
	b = appendIntField(b, `,"mystic_threshold":`, f.MysticThreshold)
	b = append(b, `,"relics":`...)
	if f.Relics == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, r := range f.Relics {
			if i > 0 {
				b = append(b, ',')
			}
			b = r.Tile.appendJSON(append(b, `{"tile":`...))
			if r.Eye != NoEye {
				b = appendNameField(b, `,"eye":`, r.Eye.String())
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendIntField(b, `,"relics_on_map":`, f.OnMap)
	b = appendNonZero(b, `,"relics_moved":`, f.Moved)
	b = append(b, `,"governments":`...)
	if f.Governments == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range f.Governments {
			g := &f.Governments[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"kind":`...)
			b = appendString(b, g.Kind)
			b = appendBribe(b, g.Tile, g.Briber, g.Bribes, g.Cost)
		}
		b = append(b, ']')
	}
	if c := f.Celebrity; c != nil {
		b = appendNameField(b, `,"celebrity":{"kind":`, c.Kind.String())
		b = appendBribe(b, c.Tile, c.Briber, c.Bribes, c.Cost)
	}
	return append(b, '}')
}

// appendBribe writes the fields GovernmentView and CelebrityView share
// after their kind, and closes the object.
func appendBribe(b []byte, tile *Coord, briber, bribes, cost int) []byte {
	b = appendCoordPtr(b, `,"tile":`, tile)
	b = appendIntField(b, `,"briber":`, briber)
	b = appendIntField(b, `,"bribes":`, bribes)
	b = appendIntField(b, `,"cost":`, cost)
	return append(b, '}')
}

func appendResult(b []byte, r *engine.Result) []byte {
	b = appendIntField(b, `{"winner":`, int(r.Winner))
	b = append(b, `,"how":`...)
	b = appendString(b, r.How)
	b = append(b, `,"ranking":`...)
	if r.Ranking == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range r.Ranking {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendInt(b, int(s))
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (h *HandCardView) appendJSON(b []byte) []byte {
	b = appendIntField(b, `{"slot":`, h.Slot)
	b = append(b, `,"card":`...)
	b = appendCard(b, h.Card)
	if h.Armed != "" {
		b = append(b, `,"armed":`...)
		b = appendString(b, h.Armed)
	}
	b = appendTrue(b, `,"set":true`, h.Set)
	b = appendTrue(b, `,"free":true`, h.Free)
	b = appendNonZero(b, `,"stack":`, h.Stack)
	b = appendIntField(b, `,"cost":`, h.Cost)
	return append(b, '}')
}

// appendPlayerList writes a []PlayerView value (null when nil).
func appendPlayerList(b []byte, ps []PlayerView) []byte {
	return appendList(b, ps, func(b []byte, p PlayerView) []byte { return p.appendJSON(b) })
}

// appendEffects writes a []EffectView field's value (null when nil).
func appendEffects(b []byte, es []EffectView) []byte {
	if es == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range es {
		if i > 0 {
			b = append(b, ',')
		}
		b = es[i].appendJSON(b)
	}
	return append(b, ']')
}

func (e *EffectView) appendJSON(b []byte) []byte {
	b = append(b, `{"card":`...)
	b = appendCard(b, e.Card)
	b = append(b, `,"key":`...)
	b = appendString(b, e.Key)
	b = appendIntField(b, `,"seat":`, e.Seat)
	b = appendIntField(b, `,"from":`, e.From)
	b = appendCoordPtr(b, `,"tile":`, e.Tile)
	if e.Ends != "" {
		b = append(b, `,"ends":`...)
		b = appendString(b, e.Ends)
	}
	b = appendNonZero(b, `,"until":`, e.Until)
	b = appendNonZero(b, `,"at":`, e.At)
	b = appendNonZero(b, `,"n":`, e.N)
	b = appendNonZero(b, `,"v":`, e.V)
	return append(b, '}')
}

func (d *CardDecisionView) appendJSON(b []byte) []byte {
	b = append(b, `{"kind":`...)
	b = appendString(b, d.Kind)
	b = append(b, `,"frame":`...)
	b = d.Frame.appendJSON(b)
	b = append(b, `,"answers":`...)
	if d.Answers == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, a := range d.Answers {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, a)
		}
		b = append(b, ']')
	}
	b = append(b, `,"default":`...)
	b = appendString(b, d.Default)
	return append(b, '}')
}

func (f *ScenarioFrame) appendJSON(b []byte) []byte {
	b = append(b, `{"kind":`...)
	b = appendString(b, f.Kind)
	b = appendNonZero(b, `,"stage":`, f.Stage)
	b = appendNonZero(b, `,"step":`, f.Step)
	b = appendNonZero(b, `,"flags":`, f.Flags)
	b = appendIntField(b, `,"seat":`, f.Seat)
	b = appendIntField(b, `,"payer":`, f.Payer)
	if f.Card != 0 {
		b = append(b, `,"card":`...)
		b = appendCard(b, f.Card)
	}
	b = appendNonZero(b, `,"sub":`, f.Sub)
	b = appendNonZero(b, `,"stack":`, f.Stack)
	if f.Targets != nil { // omitzero: an empty, non-nil list is written
		b = append(b, `,"targets":`...)
		b = appendInts(b, f.Targets)
	}
	b = append(b, `,"x":`...)
	b = appendInts(b, f.X[:])
	b = appendNonZero(b, `,"got":`, f.Got)
	h := &f.Hook
	b = append(b, `,"hook":{`...)
	if h.Kind != 0 {
		b = appendIntField(b, `"kind":`, h.Kind)
		b = append(b, ',')
	}
	b = appendIntField(b, `"seat":`, h.Seat)
	b = appendIntField(b, `,"other":`, h.Other)
	b = appendIntField(b, `,"tile":`, h.Tile)
	b = appendNonZero(b, `,"card":`, h.Card)
	b = appendIntField(b, `,"frame":`, h.Frame)
	b = appendNonZero(b, `,"n":`, h.N)
	b = appendTrue(b, `,"won":true`, h.Won)
	b = appendTrue(b, `,"piece":true`, h.Piece)
	b = appendTrue(b, `,"used":true`, h.Used)
	b = appendTrue(b, `,"cancel":true`, h.Cancel)
	return append(b, "}}"...)
}
