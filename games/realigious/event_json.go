package realigious

// The payloads of the events most steps emit encode themselves
// (engine.DataAppender): a live server encodes every step's events for
// every audience, and with encoding/json that was a twentieth of a loaded
// server's core (docs/performance.md, round 14). In random 4-player games
// these kinds are about nine events in ten. Each AppendJSON writes exactly
// json.Marshal's bytes; TestEventJSON compares them along random games.

// faithVillageData is CARD-020's faith_village event: the tile only for
// its owner. The fields are in the order a map's sorted keys had.
type faithVillageData struct {
	Donations int    `json:"donations"`
	Influence int    `json:"influence"`
	Tile      *Coord `json:"tile,omitempty"`
}

func (d faithVillageData) AppendJSON(b []byte) []byte {
	b = appendIntField(b, `{"donations":`, d.Donations)
	b = appendIntField(b, `,"influence":`, d.Influence)
	b = appendCoordPtr(b, `,"tile":`, d.Tile)
	return append(b, '}')
}

func (d movedData) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	n := len(b)
	b = appendCoordPtr(b, `,"from":`, d.From)
	b = appendCoordPtr(b, `,"to":`, d.To)
	return closeObject(b, n)
}

func (d cardMoveData) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	n := len(b)
	if d.Card != nil {
		b = appendCard(append(b, `,"card":`...), *d.Card)
	}
	if d.Kind != "" {
		b = appendString(append(b, `,"kind":`...), d.Kind)
	}
	b = appendString(append(b, `,"how":`...), d.How)
	b = appendIntField(b, `,"hand":`, d.Hand)
	b = appendIntField(b, `,"deck":`, d.Deck)
	return closeObject(b, n)
}

func (d turnData) AppendJSON(b []byte) []byte {
	b = appendIntField(b, `{"cycle":`, d.Cycle)
	b = appendIntField(b, `,"turn":`, d.Turn)
	b = appendBoolField(b, `,"night":`, d.Night)
	return append(b, '}')
}

func (d cycleData) AppendJSON(b []byte) []byte {
	b = appendIntField(b, `{"cycle":`, d.Cycle)
	b = appendBoolField(b, `,"night":`, d.Night)
	return append(b, '}')
}

func (d ownerData) AppendJSON(b []byte) []byte {
	b = d.Tile.appendJSON(append(b, `{"tile":`...))
	b = appendIntField(b, `,"owner":`, d.Owner)
	return append(b, '}')
}

func (d cardUsedData) AppendJSON(b []byte) []byte {
	b = appendCard(append(b, `{"card":`...), d.Card)
	b = appendTrue(b, `,"reaction":true`, d.Reaction)
	if d.Paid != "" {
		b = appendString(append(b, `,"paid":`...), d.Paid)
	}
	b = appendIntField(b, `,"cost":`, d.Cost)
	if len(d.Seats) > 0 {
		b = appendList(append(b, `,"seats":`...), d.Seats, appendInt)
	}
	if len(d.Tiles) > 0 {
		b = appendList(append(b, `,"tiles":`...), d.Tiles, appendCoord)
	}
	if len(d.Cards) > 0 {
		b = appendCards(append(b, `,"cards":`...), d.Cards)
	}
	return append(b, '}')
}

// AppendJSON implements engine.DataAppender for the effect events
// (state_on, designation, effect_off), which carry an EffectView.
func (e EffectView) AppendJSON(b []byte) []byte { return e.appendJSON(b) }

// closeObject ends an object opened at b[n-1] whose fields each began with
// a comma: the first comma goes.
func closeObject(b []byte, n int) []byte {
	if len(b) > n {
		copy(b[n:], b[n+1:])
		b = b[:len(b)-1]
	}
	return append(b, '}')
}

func appendCoord(b []byte, c Coord) []byte { return c.appendJSON(b) }
