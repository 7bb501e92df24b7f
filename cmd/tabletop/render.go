package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// renderView writes a seat's view for a person. Realigious views are drawn
// as a hex map; other games' views are printed as indented JSON.
func renderView(w io.Writer, view any, color bool) {
	switch v := view.(type) {
	case *realigious.View:
		renderRealigious(w, v, color)
	default:
		b, err := json.MarshalIndent(view, "", "  ")
		if err != nil {
			fmt.Fprintf(w, "(view: %v)\n", err)
			return
		}
		fmt.Fprintf(w, "%s\n", b)
	}
}

// viewLegend returns the key to renderView's drawing of view, or "".
func viewLegend(view any) string {
	if _, ok := view.(*realigious.View); ok {
		return realigiousLegend
	}
	return ""
}

// Tile symbols of the Realigious map; realigiousLegend explains them.
var (
	terrainSymbols = map[string]byte{
		"concrete": 'c', "stone": 's', "grass": 'g', "soil": 'o',
		"snow": 'n', "ice": 'i', "sand": 'a', "water": '~',
	}
	structureSymbols = map[string]byte{
		"house": 'h', "building": 'b', "office": 'f', "church": '+', "trees": 't',
		"mountain": '^', "local_office": 'L', "police": 'P', "military": 'M',
	}
)

const realigiousLegend = `legend: each tile is 4 characters: terrain, structure, owner, piece.
  terrain   c concrete  s stone  g grass  o soil  n snow  i ice  a sand  ~ water
  structure h house  b building  f office  + church  t trees  ^ mountain
            L local office  P police  M military  (blank: none)
  owner     0-3 the owning seat, blank neutral, ? unknown
  piece     A-D the piece of seat 0-3, # blocked this turn,
            @ the celebrity, r a relic you know of,
            . not visible now (remembered; dim on a terminal)
  ?         unrevealed
  Odd rows are drawn half a tile to the right (odd-r hexes): from an even
  row, ne/nw lead to columns c and c-1 of the row above; from an odd row,
  to columns c+1 and c.`

// renderRealigious draws the map, the counters and the legend.
func renderRealigious(w io.Writer, v *realigious.View, color bool) {
	phase := "day"
	if v.Night {
		phase = "night"
	}
	if v.Cycle < v.CycleLimit {
		fmt.Fprintf(w, "realigious: cycle %d of %d (%s), climate %s", v.Cycle+1, v.CycleLimit, phase, v.Climate)
	} else {
		fmt.Fprintf(w, "realigious: all %d cycles played, climate %s", v.CycleLimit, v.Climate)
	}
	if v.Wind != nil {
		fmt.Fprintf(w, ", wind %s", *v.Wind)
	}
	if v.Squall != nil {
		fmt.Fprintf(w, ", squall %d/%d", v.Squall.Gauge, v.Squall.Size)
		if v.Squall.Skip {
			fmt.Fprintf(w, " (next turn skipped)")
		}
	}
	fmt.Fprintf(w, "; religious victory at %d followers\n\n", v.Religious)

	pieces := map[realigious.Coord]int{}
	for _, p := range v.Players {
		if p.Piece != nil && !p.Defeated {
			pieces[*p.Piece] = p.Seat
		}
	}
	// The celebrity ('@') and the relics this seat knows of ('r') share
	// the piece column when no piece stands there.
	marks := map[realigious.Coord]byte{}
	for _, r := range v.Factions.Relics {
		marks[r.Tile] = 'r'
	}
	if c := v.Factions.Celebrity; c != nil && c.Tile != nil {
		marks[*c.Tile] = '@'
	}
	tiles := make(map[realigious.Coord]*realigious.TileView, len(v.Tiles))
	for i := range v.Tiles {
		tiles[v.Tiles[i].Coord] = &v.Tiles[i]
	}
	var b strings.Builder
	b.WriteString("    ")
	for c := 0; c < v.Width; c++ {
		fmt.Fprintf(&b, "%-5d", c)
	}
	w.Write([]byte(strings.TrimRight(b.String(), " ") + "\n"))
	for r := 0; r < v.Height; r++ {
		b.Reset()
		fmt.Fprintf(&b, "%2d  ", r)
		if r%2 == 1 {
			b.WriteString("  ")
		}
		for c := 0; c < v.Width; c++ {
			at := realigious.Coord{Col: c, Row: r}
			cell, dim := tileCell(tiles[at], pieces, at)
			if m, ok := marks[at]; ok && cell[3] != byte('A'+pieces[at]) {
				cell = cell[:3] + string(m)
			}
			if dim && color {
				cell = "\x1b[2m" + cell + "\x1b[0m"
			}
			b.WriteString(cell)
			if c < v.Width-1 {
				b.WriteByte(' ')
			}
		}
		w.Write([]byte(strings.TrimRight(b.String(), " ") + "\n"))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "seat  religion      character       rep  followers  donations  influence  turns  piece\n")
	for _, p := range v.Players {
		mark := " "
		if p.Seat == v.Seat {
			mark = "*"
		}
		where := "unseen"
		if p.Piece != nil {
			where = fmt.Sprintf("%c at %d,%d", 'A'+p.Seat, p.Piece.Col, p.Piece.Row)
			if p.Stealth {
				where += " stealth"
			}
			if p.HighGround {
				where += " high ground"
			}
		}
		if p.Defeated {
			where = "defeated"
		}
		fmt.Fprintf(w, "%d%s    %-13s %-15s %4d  %9d  %9d  %9d  %5d  %s\n",
			p.Seat, mark, p.Religion, p.Character, p.Reputation, p.Followers, p.Donations, p.Influence, p.Turns, where)
	}
	fmt.Fprintf(w, "(* is you)\n")
	renderFactions(w, v)
	renderCards(w, v)
}

// renderCards lists every seat's card counts, graveyard and states, the
// designations this seat knows of, and its own hand by slot (the "card N"
// answers use the slot).
func renderCards(w io.Writer, v *realigious.View) {
	for _, p := range v.Players {
		fmt.Fprintf(w, "seat %d cards: hand %d, deck %d, graveyard %d", p.Seat, p.HandCount, p.DeckCount, len(p.Graveyard))
		if n := len(p.Graveyard); n > 0 {
			fmt.Fprintf(w, " (last %s)", p.Graveyard[n-1].Info().English)
		}
		for _, b := range p.Buffs {
			fmt.Fprintf(w, "; %s", b.Key)
			if b.Ends != "" {
				fmt.Fprintf(w, " to the %s of turn %d", b.Ends, b.Until)
			}
		}
		fmt.Fprintln(w)
	}
	for _, d := range v.Designations {
		if d.Tile != nil {
			fmt.Fprintf(w, "designation %s at %d,%d (seat %d)\n", d.Key, d.Tile.Col, d.Tile.Row, d.Seat)
		}
	}
	for _, h := range v.Hand {
		info := h.Card.Info()
		fmt.Fprintf(w, "hand %d: %s %s (cost %d", h.Slot, h.Card, info.English, h.Cost)
		if info.Reaction {
			fmt.Fprintf(w, ", reaction")
		}
		if h.Armed != "" {
			fmt.Fprintf(w, ", armed with %s", h.Armed)
		}
		fmt.Fprintf(w, "): %s\n", info.Text)
	}
	if d := v.CardDecision; d != nil {
		fmt.Fprintf(w, "using %s %s: %s\n", d.Frame.Card, d.Frame.Card.Info().English, d.Kind)
	}
}

// renderFactions lists the local god, the relics this seat knows of, the
// local governments and the celebrity with their bribe costs.
func renderFactions(w io.Writer, v *realigious.View) {
	f := v.Factions
	fmt.Fprintf(w, "god %s: %d relics on the map, mystic victory at %d held", f.God, f.OnMap, f.MysticThreshold)
	for _, r := range f.Relics {
		fmt.Fprintf(w, "; relic at %d,%d", r.Tile.Col, r.Tile.Row)
	}
	fmt.Fprintln(w)
	briber := func(b int) string {
		if b < 0 {
			return "nobody"
		}
		return fmt.Sprintf("seat %d", b)
	}
	for _, g := range f.Governments {
		at := "unknown place"
		if g.Tile != nil {
			at = fmt.Sprintf("%d,%d", g.Tile.Col, g.Tile.Row)
		}
		fmt.Fprintf(w, "%s at %s: held by %s, bribe %d\n", g.Kind, at, briber(g.Briber), g.Cost)
	}
	if c := f.Celebrity; c != nil {
		at := "unseen"
		if c.Tile != nil {
			at = fmt.Sprintf("at %d,%d (@)", c.Tile.Col, c.Tile.Row)
		}
		fmt.Fprintf(w, "celebrity %s %s: held by %s, bribe %d\n", c.Kind, at, briber(c.Briber), c.Cost)
	}
	var held []string
	for _, p := range v.Players {
		if p.Relics > 0 {
			held = append(held, fmt.Sprintf("seat %d: %d (buff %d)", p.Seat, p.Relics, p.Buff))
		}
	}
	if len(held) > 0 {
		fmt.Fprintf(w, "relics held: %s\n", strings.Join(held, ", "))
	}
}

// tileCell returns the 4-character cell of a tile and whether it shows a
// tile not visible now.
func tileCell(t *realigious.TileView, pieces map[realigious.Coord]int, at realigious.Coord) (string, bool) {
	if t == nil || t.Memory == realigious.Unrevealed || t.Terrain == nil {
		return " ?  ", true
	}
	cell := []byte{'?', ' ', ' ', ' '}
	if s, ok := terrainSymbols[t.Terrain.String()]; ok {
		cell[0] = s
	}
	if s, ok := structureSymbols[t.Structure.String()]; ok {
		cell[1] = s
	}
	if *t.Terrain == realigious.Water {
		cell[1], cell[2] = '~', '~'
	}
	switch {
	case *t.Terrain == realigious.Water:
	case t.Owner == nil:
		cell[2] = '?'
	case *t.Owner >= 0 && *t.Owner < 10:
		cell[2] = byte('0' + *t.Owner)
	}
	switch seat, ok := pieces[at]; {
	case ok:
		cell[3] = byte('A' + seat)
	case t.Blocked:
		cell[3] = '#'
	case !t.Visible:
		cell[3] = '.'
	}
	return string(cell), !t.Visible
}

// formatEvent renders one (already redacted) event of game on one line.
// A few Realigious events get a short form; the rest show their JSON data.
func formatEvent(game string, e engine.Event) string {
	who := ""
	if e.Seat >= 0 {
		who = fmt.Sprintf("seat %d ", e.Seat)
	}
	data := []byte("null")
	if e.Data != nil {
		b, err := json.Marshal(e.Data)
		if err != nil {
			return fmt.Sprintf("%s%s (%v)", who, e.Kind, err)
		}
		data = b
	}
	if game == "realigious" {
		if line, ok := realigiousEvent(who, e.Kind, data); ok {
			return line
		}
	}
	line := who + e.Kind
	if s := string(data); s != "null" && s != "{}" {
		line += " " + s
	}
	return line
}

// realigiousEvent returns the short form of a Realigious event, if it has one.
func realigiousEvent(who, kind string, data []byte) (string, bool) {
	dayNight := func(night bool) string {
		if night {
			return "night"
		}
		return "day"
	}
	switch kind {
	case "turn":
		var d struct {
			Cycle, Turn int
			Night       bool
		}
		if json.Unmarshal(data, &d) != nil {
			return "", false
		}
		return fmt.Sprintf("-- %sbegins turn %d (cycle %d, %s)", who, d.Turn, d.Cycle+1, dayNight(d.Night)), true
	case "cycle":
		var d struct {
			Cycle int
			Night bool
		}
		if json.Unmarshal(data, &d) != nil {
			return "", false
		}
		falls := "day breaks"
		if d.Night {
			falls = "night falls"
		}
		return fmt.Sprintf("-- cycle %d ends, %s", d.Cycle, falls), true
	case "owner":
		var d struct {
			Tile  realigious.Coord
			Owner int
		}
		if json.Unmarshal(data, &d) != nil {
			return "", false
		}
		if d.Owner < 0 {
			return fmt.Sprintf("tile %d,%d becomes neutral", d.Tile.Col, d.Tile.Row), true
		}
		return fmt.Sprintf("tile %d,%d now belongs to seat %d", d.Tile.Col, d.Tile.Row, d.Owner), true
	case "over":
		var d struct {
			How     string
			Ranking []int
		}
		if json.Unmarshal(data, &d) != nil {
			return "", false
		}
		return fmt.Sprintf("-- the match is over: %s%s, ranking %v", who, d.How, d.Ranking), true
	case "moved", "returned", "relocated":
		var d struct{ From, To realigious.Coord }
		if json.Unmarshal(data, &d) != nil {
			return "", false
		}
		return fmt.Sprintf("%s%s from %d,%d to %d,%d", who, kind, d.From.Col, d.From.Row, d.To.Col, d.To.Row), true
	case "propagation", "combat", "piece_combat":
		var d realigious.Explain
		if json.Unmarshal(data, &d) != nil {
			return "", false
		}
		line := fmt.Sprintf("%s%s on %d,%d: rate %d%% -> %s", who, strings.ReplaceAll(kind, "_", " "), d.Tile.Col, d.Tile.Row, d.R, d.Roll)
		if d.Gains != [3]int{} {
			line += fmt.Sprintf(", gains %d followers %d donations %d influence", d.Gains[0], d.Gains[1], d.Gains[2])
		}
		if d.DefenderLoss != [3]int{} {
			line += fmt.Sprintf(", seat %d loses %d/%d/%d", d.Defender, d.DefenderLoss[0], d.DefenderLoss[1], d.DefenderLoss[2])
		}
		return line, true
	}
	return "", false
}
