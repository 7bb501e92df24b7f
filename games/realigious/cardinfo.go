package realigious

import (
	"encoding/json"
	"fmt"
	"slices"

	"tabletop/engine"
)

// This file holds read-only accessors for the balance lab (tabletop sim):
// which cards exist and which are implemented, the trait slot a seat
// brings, and which card a "card_used" event announces. Like info.go they
// serve tools that hold the whole state; nothing here is sent to a seat.
// A seat's deck composition is hidden from the other seats, so DeckCards
// must never feed a view.

// CardKeys returns the spec IDs of the 84 strategy cards in catalogue
// order: "CARD-001" to "CARD-084".
func (g *Game) CardKeys() []string {
	out := make([]string, NumCards)
	for i := range out {
		out[i] = CardID(i + 1).String()
	}
	return out
}

// CardName returns the English name of the card with spec ID key, such as
// "Gleaning" for "CARD-001", or "" for an unknown key.
func (g *Game) CardName(key string) string {
	id, err := ParseCardID(key)
	if err != nil {
		return ""
	}
	return id.Info().English
}

// ImplementedCards returns the spec IDs of the cards this game's rules
// implement, in catalogue order. A card without an implementation is never
// offered and never fires, so a balance run can tell "never used" from
// "cannot be used".
func (g *Game) ImplementedCards() []string {
	var out []string
	for id := CardID(1); id <= NumCards; id++ {
		if g.defs.get(id) != nil {
			out = append(out, id.String())
		}
	}
	return out
}

// TraitPresets returns the names of the preset trait slots, in Preset
// order: "religious", "social", "mystic" (REL-611, GAP-29).
func (g *Game) TraitPresets() []string {
	return slices.Clone(presetNames[PresetReligious:])
}

// RandomSlotChoice is the WithTraitSlots choice that draws a random legal
// trait slot (RandomSlot) at the seat's player level.
const RandomSlotChoice = "random"

// WithTraitSlots returns config (as NormalizeConfig takes it, for a match
// of the given seat count) normalized, with each seat's trait slot set by
// choices[seat]: "" keeps the config's slot (Basic Trait 1 if it names
// none), "random" draws a legal slot at the seat's level with RandomSlot,
// and a preset name ("religious", "social", "mystic") takes that preset.
// The random slots come from a PCG seeded with seed alone, drawn in seat
// order, so the same seed gives the same slots. choices may be shorter
// than the seat count; the remaining seats keep their slots. A bad config
// or an unknown choice is an error wrapping engine.ErrBadConfig.
func (g *Game) WithTraitSlots(config []byte, seats int, choices []string, seed uint64) ([]byte, error) {
	c, err := g.ParseConfig(config, seats)
	if err != nil {
		return nil, err
	}
	if len(choices) > len(c.Seats) {
		return nil, fmt.Errorf("realigious: %w: %d trait slot choices for %d players", engine.ErrBadConfig, len(choices), len(c.Seats))
	}
	r := engine.SeedPCG(seed, 0x536c6f7473) // "Slots"
	for i, ch := range choices {
		sc := &c.Seats[i]
		switch ch {
		case "":
		case RandomSlotChoice:
			sc.Traits = RandomSlot(&r, sc.Level).Traits // the level is valid: ParseConfig checked it
		default:
			p, ok := parseEnum(presetNames[:], ch)
			if !ok {
				return nil, fmt.Errorf("realigious: %w: seats[%d]: trait slot %q (want random or one of %v)",
					engine.ErrBadConfig, i, ch, presetNames[PresetReligious:])
			}
			sc.Traits = Preset(p).Slot().Traits // 5 traits: legal at every level (GAP-29)
		}
	}
	return json.Marshal(c)
}

// CardUse reports whether ev is a "card_used" event (a card used from a
// hand, or an armed reaction firing) and, if so, the spec ID of the card;
// ev.Seat is the seat that used it. A nullified card counts: it was used
// (REL-692).
func (g *Game) CardUse(ev engine.Event) (card string, ok bool) {
	if ev.Kind != "card_used" {
		return "", false
	}
	switch d := ev.Data.(type) {
	case cardUsedData:
		return d.Card.String(), d.Card.Valid()
	case *cardUsedData:
		return d.Card.String(), d != nil && d.Card.Valid()
	}
	return "", false
}

// DeckCards returns the distinct cards in the composition of seat's deck
// (its trait cards and religion cards; REL-673), by spec ID in catalogue
// order; nil for a seat out of range or a match without cards. Glory and
// shame cards are awarded, never in a deck, so they are not listed.
func (s *State) DeckCards(seat int) []string {
	if seat < 0 || seat >= len(s.zones) {
		return nil
	}
	ids := slices.Clone(s.zones[seat].comp)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	var out []string
	for _, id := range ids {
		if id.Valid() {
			out = append(out, id.String())
		}
	}
	return out
}

// AwardedCards returns the spec IDs of the cards that reach a hand without
// being in a deck: the glory and shame cards, awarded after piece-vs-piece
// combat (REL-721). Any seat may come to hold them.
func (g *Game) AwardedCards() []string {
	var out []string
	for _, id := range append(GloryCards(), ShameCards()...) {
		out = append(out, id.String())
	}
	return out
}
