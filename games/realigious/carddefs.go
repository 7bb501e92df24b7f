package realigious

import "fmt"

// Card definitions: what each card does, one small value per card, looked
// up by CardID. docs/../briefs/card-api.md (the guide for writing cards)
// and the doc comments below explain how to write one. The definitions
// live in seven files, one per group, each with a func returning its
// cards:
//
//	cards_expansion.go  CARD-001-012   expansionCards()
//	cards_unity.go      CARD-013-024   unityCards()
//	cards_influence.go  CARD-025-036   influenceCards()
//	cards_holywar.go    CARD-037-048   holyWarCards()
//	cards_ascension.go  CARD-049-060   ascensionCards()
//	cards_sacrifice.go  CARD-061-072   sacrificeCards()
//	cards_special.go    CARD-073-084   specialCards() (religion, glory, shame)
//
// A card with no definition is not implemented: it is never offered for
// use, never fires, and its discard does nothing beyond the graveyard
// (unimplementedCards in the tests lists them). The table is built once per
// Game (NewWithParams) and never written afterwards.

// cardDef is one card's behaviour.
type cardDef struct {
	id CardID
	// targets are chosen by the user, in order, after the payer and before
	// the cost is paid (GAP-24). The card is offered only when every target
	// has a legal choice (checked greedily, in order).
	targets []targetSpec
	// usable is the card's own condition ("usable only if", GAP-24),
	// checked when the card is offered; nil means none.
	usable func(s *State, seat int) bool
	// run applies the effect for f.seat, the user, with f.target(i) the
	// chosen targets. It returns true when the effect is finished. To wait
	// for something it returns false: after asking a decision (s.chance*,
	// s.choose*), or after pushing frames (dispatch, draws that discard)
	// that must resolve first; it is then called again, with whatever it
	// stored in f.step and f.x, once the answer came or the frames are done.
	// A run that returns false without either is called again at once, so
	// it must change f.step.
	run func(s *State, f *frame) bool
	// discard, when set, runs like run when the card reaches a graveyard
	// without being used (REL-724 for glory and shame cards; The Radical,
	// Spell of Ruin). autoCard sets it to run.
	discard func(s *State, f *frame) bool
	// react makes the card a reaction (REL-691): it is never used from the
	// hand but fires, armed, when its condition occurs (GAP-25).
	react *reactSpec
	// noNullify: no effect can nullify the card (Spell of Ruin, REL-702).
	noNullify bool
	// commit, when set, runs once the card's cost is paid and before the
	// nullify window: what using the card does even when it is nullified
	// (a nullified card still counts as used, for limits such as Domain of
	// God's once per game).
	commit func(s *State, f *frame)
	// states are the player states and tile designations the card makes;
	// effects refer to them by index (effect.sub).
	states []stateDef
}

// targetKind is what a target designates.
type targetKind uint8

// The target kinds and their answer texts.
const (
	targetTile  targetKind = iota // a tile: "tile c,r"
	targetSeat                    // a player: "seat N" (never one shielded by Glory: Seeker, except the user)
	targetHand                    // a card in the user's hand: "hand N" (1 = newest, UI-314)
	targetDeck                    // a card kind in the user's deck: "deck CARD-017"
	targetGrave                   // a card kind in the user's graveyard: "grave CARD-017"
	numTargetKinds
)

// targetSpec is one target of a card: its kind and which values are legal.
// ok gets the candidate (a tile index, a seat, a hand index oldest-first,
// or a CardID) and may read the targets chosen before it (f.target).
type targetSpec struct {
	kind targetKind
	ok   func(s *State, f *frame, v int) bool
}

// reactSpec is a reaction's condition (REL-691): the event it answers and
// whether this event, for this owner, meets the card text.
type reactSpec struct {
	on   hookKind
	cond func(s *State, owner int, h *hook) bool
}

// stateDef is one kind of player state or tile designation a card makes.
// Every func is optional.
type stateDef struct {
	// key names it in the buff list, events and explain terms:
	// "reckless", "sanctuary".
	key string
	// hidden: only the seat it is on sees its counters (n, v).
	hidden bool
	// shield: the seat it is on cannot be designated as the target of
	// another seat's card (Glory: Seeker, CARD-078).
	shield bool
	// whileOwned: a designation that ends once its seat no longer owns the
	// tile (GAP-52).
	whileOwned bool
	// term adds to a rate (cardTerms): the tier (1 for card effects, 2 for
	// designations, GAP-12) and the value, 0 for none.
	term func(s *State, e *effect, q *rateQuery) (tier, value int)
	// roll changes a pending roll (roll.force, roll.lose).
	roll func(s *State, e *effect, r *roll)
	// on answers an event at once, before any reaction (forced effects
	// first); it may cancel a "when" event (s.cancel), change the effect,
	// end it (s.endEffect) or push frames. Adding effects invalidates e.
	on func(s *State, e *effect, h *hook)
	// fire runs as a frame at the start phase of the effect's seat's own
	// turn effect.at (a delayed effect, GAP-26); resumable like cardDef.run.
	// The frame carries the effect's seat, card, tile (f.h.tile), source
	// seat (f.h.other) and n, v (f.x[0], f.x[1]).
	fire func(s *State, f *frame) bool
	// waive reports whether the effect waives the level cost of seat's
	// card id (Glory: Mercy); cards read it through cardCost.
	waive func(s *State, e *effect, seat int, id CardID) bool
	// moveTo replaces the normal move of the effect's seat in its own turn
	// effect.at (Footsteps of God, Guidance, GAP-49): it returns the tile
	// the piece moves to and contacts, or -1 to move normally. The effect
	// ends either way.
	moveTo func(s *State, e *effect) int
	// repCost changes a reputation cost the rules charge seat (why:
	// repDeclare, repCombatLoss) and returns the new cost (Axis of Evil,
	// Declaration of Holy War; cardRepCost in cards_holywar_support.go).
	repCost func(s *State, e *effect, seat, why, cost int) int
}

// defTable holds the definitions by CardID, and for each card which
// stateDef funcs its states have (efOn, ...).
type defTable struct {
	defs [NumCards + 1]*cardDef
	mask [NumCards + 1]uint8
}

// Bits of defTable.mask and State.effMask: the stateDef funcs in play.
const (
	efOn uint8 = 1 << iota
	efTerm
	efRoll
	efWaive
	efMoveTo
	efDeclare // repCost
	efShield
	efFire
)

// get returns id's definition, or nil when the card is not implemented.
func (t *defTable) get(id CardID) *cardDef {
	if t == nil || !id.Valid() {
		return nil
	}
	return t.defs[id]
}

// maskOf returns the stateDef funcs card id's states have.
func (t *defTable) maskOf(id CardID) uint8 {
	if t == nil || !id.Valid() {
		return 0
	}
	return t.mask[id]
}

// stateMask returns the efX bits of one state definition.
func stateMask(sd *stateDef) uint8 {
	var m uint8
	set := func(ok bool, b uint8) {
		if ok {
			m |= b
		}
	}
	set(sd.on != nil, efOn)
	set(sd.term != nil, efTerm)
	set(sd.roll != nil, efRoll)
	set(sd.waive != nil, efWaive)
	set(sd.moveTo != nil, efMoveTo)
	set(sd.repCost != nil, efDeclare)
	set(sd.shield, efShield)
	set(sd.fire != nil, efFire)
	return m
}

// buildCardDefs collects the seven groups' definitions. A definition out of
// range or given twice is a programming error and panics at construction.
func buildCardDefs() *defTable {
	t := new(defTable)
	groups := [][]cardDef{expansionCards(), unityCards(), influenceCards(), holyWarCards(), ascensionCards(), sacrificeCards(), specialCards()}
	for _, g := range groups {
		for i := range g {
			d := &g[i]
			if !d.id.Valid() {
				panic(fmt.Sprintf("realigious: card definition with id %d", d.id))
			}
			if t.defs[d.id] != nil {
				panic(fmt.Sprintf("realigious: %s defined twice", d.id))
			}
			if d.id.Info().Reaction != (d.react != nil) {
				panic(fmt.Sprintf("realigious: %s: a reaction card needs react, and only a reaction card has it", d.id))
			}
			t.defs[d.id] = d
			for k := range d.states {
				t.mask[d.id] |= stateMask(&d.states[k])
			}
		}
	}
	return t
}

// autoCard makes a glory or shame card (or any card) act also when it is
// sent to the graveyard unused (REL-724).
func autoCard(d cardDef) cardDef {
	d.discard = d.run
	return d
}

// Common target conditions, for targetSpec.ok.

// ownTile: a tile the user owns.
func ownTile(s *State, f *frame, t int) bool { return int(s.tiles[t].Owner) == int(f.seat) }

// otherTile: a tile another player owns, as the user sees it.
func otherTile(s *State, f *frame, t int) bool {
	o := s.seenOwner(int(f.seat), t)
	return o >= 0 && o != int(f.seat)
}

// otherSeat: a player in play other than the user.
func otherSeat(s *State, f *frame, o int) bool {
	return o != int(f.seat) && !s.players[o].defeated
}

// anySeat: a player in play.
func anySeat(s *State, _ *frame, o int) bool { return !s.players[o].defeated }

// anyCard: any candidate of the kind.
func anyCard(*State, *frame, int) bool { return true }

// validTile and validSeat guard values a card keeps in f.x, f.got,
// effect.n or effect.v before indexing with them: a state decoded from
// damaged bytes may hold anything there, and the rules must never panic.
func (s *State) validTile(t int) bool { return t >= 0 && t < len(s.tiles) }

// validSeat: see validTile.
func (s *State) validSeat(o int) bool { return o >= 0 && o < len(s.players) }

// seenOwner is tile t's owner as seat sees it (live or remembered,
// GAP-70), -1 for neutral or unknown. Targets are offered from what the
// user sees, so that offering them reveals nothing.
func (s *State) seenOwner(seat, t int) int {
	if s.memory(seat, t) != Revealed {
		return -1
	}
	if s.ownerVisible(seat, t) {
		return int(s.tiles[t].Owner)
	}
	return int(s.known[seat*len(s.tiles)+t])
}
