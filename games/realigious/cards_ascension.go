package realigious

import "tabletop/engine"

// Ascension (승천), CARD-049-060: the Mystic group of relics (REL-628).
// See carddefs.go for how a card is defined; the relic helpers, the line
// of Revelation and the roll of Power of the Ascended are in
// cards_ascension_support.go.
//
// Relics lie hidden (GAP-32): a card that reveals, takes or places one
// tells its tile only to the seats that may know it, and draws any random
// tile from the state's PRNG (the "hidden random picks" decision). Taking
// a relic from a player, by a card or by Abukaros's stack-4 theft
// (REL-929, relics.go), is an attempt first (hookRelicTake), which Fire
// from Heaven may nullify; acquiring one is told to Rite of Exorcism
// (hookRelic).

// Card IDs of this group that other rules refer to. CARD-056 is
// CardAxisOfEvilReaction (cards.go).
const (
	cardAHumbleBurntOffering CardID = 49
	cardTheLastPiece         CardID = 50
	cardRiteOfExorcism       CardID = 51
	cardPowerOfTheAscended   CardID = 52
	cardASpecialGift         CardID = 53
	cardRevelation           CardID = 54
	cardFireFromHeaven       CardID = 55
	cardGuidance             CardID = 57
	cardPiousBodyAndMind     CardID = 58
	cardTrueHomecoming       CardID = 59
	cardTheSecondComing      CardID = 60
)

// Numbers from the card texts.
const (
	specialGiftDraw   = 2 // CARD-053: draw two cards
	ascendedRelics    = 2 // CARD-052: relics relocated to activate it
	ascendedTurns     = 5 // CARD-052: for 5 turns (GAP-60)
	axisReactionTurns = 3 // CARD-056: 3 turns, as CARD-032 (GAP-50)
	homecomingRelics  = 2 // CARD-059: relics created
)

func ascensionCards() []cardDef {
	return []cardDef{
		{
			// CARD-049 A Humble Burnt Offering: one random relic on the map
			// whose place the user does not know is revealed to the user
			// alone (GAP-32, as Seeks Kin, REL-922). Usable only while
			// there is one.
			id: cardAHumbleBurntOffering,
			usable: func(s *State, seat int) bool {
				return len(s.relicsOnMap(func(r *relic) bool { return !r.seen.Has(engine.Seat(seat)) })) > 0
			},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				hidden := s.relicsOnMap(func(r *relic) bool { return !r.seen.Has(engine.Seat(seat)) })
				if len(hidden) == 0 {
					s.emitAll("card_fizzled", seat, map[string]any{"card": f.card})
					return true
				}
				i := hidden[s.hiddenPick(len(hidden))]
				s.relics[i].seen |= engine.Only(engine.Seat(seat))
				c := s.coord(int(s.relics[i].tile))
				s.emit("relic_revealed", seat, seatBit(seat), map[string]any{"tile": c, "card": f.card}, nil)
				return true
			},
		},
		{
			// CARD-050 The Last Piece: the user acquires a random relic of
			// the map's god still on the map (GAP-53), as if collected: it
			// counts toward victory and may raise the buff level. Usable
			// only while a relic lies on the map (how many do is public).
			id:     cardTheLastPiece,
			usable: func(s *State, _ int) bool { return len(s.relicsOnMap(nil)) > 0 },
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				on := s.relicsOnMap(nil)
				if len(on) == 0 {
					s.emitAll("card_fizzled", seat, map[string]any{"card": f.card})
					return true
				}
				s.gainRelic(seat, on[s.hiddenPick(len(on))], "last_piece", seatBit(seat))
				return true
			},
		},
		{
			// CARD-051 Rite of Exorcism (reaction): when another player
			// acquires a relic, the owner attempts to take it from them
			// (Fire from Heaven may nullify that) and puts it back on a
			// random tile, hidden again. The player keeps the buff level
			// the relic gave (GAP-33).
			id: cardRiteOfExorcism,
			react: &reactSpec{on: hookRelic, cond: func(s *State, owner int, h *hook) bool {
				return h.seat >= 0 && int(h.seat) != owner && h.n >= 0 && int(h.n) < len(s.relics) && s.relics[h.n].holder == h.seat
			}},
			run: func(s *State, f *frame) bool {
				victim, i := int(f.h.seat), int(f.h.n)
				if f.h.kind != hookRelic || victim < 0 || i < 0 || i >= len(s.relics) {
					return true // no acquisition to answer
				}
				if f.step == 0 && s.relics[i].holder == int8(victim) {
					f.step = 1
					s.attemptRelicTake(f, victim, i)
					return false
				}
				if s.relicTakeFailed(f) {
					return true
				}
				if s.relics[i].holder != int8(victim) {
					s.emitAll("card_fizzled", int(f.seat), map[string]any{"card": f.card})
					return true
				}
				s.relocateRelic(i)
				s.emitAll("relic_relocated", int(f.seat), relicEventData{Card: f.card, Seat: victim, Relics: 1})
				return true
			},
		},
		{
			// CARD-052 Power of the Ascended: two of the user's relics
			// (random picks among those held) go back to random tiles and
			// stop counting as held (the buff level stays); for the user's
			// next 5 own turns, this one included, its propagations and
			// combats succeed unconditionally (GAP-60, GAP-26, GAP-14).
			id:     cardPowerOfTheAscended,
			usable: func(s *State, seat int) bool { return len(s.relicsOf(seat)) >= ascendedRelics },
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				for {
					switch f.step {
					case 0:
						held := s.relicsOf(seat)
						if f.x[0] == 0 && len(held) < ascendedRelics {
							s.emitAll("card_fizzled", seat, map[string]any{"card": f.card})
							return true
						}
						if f.x[0] == ascendedRelics {
							s.emitAll("relic_relocated", seat, relicEventData{Card: f.card, Seat: seat, Relics: ascendedRelics})
							s.addState(seat, seat, cardPowerOfTheAscended, 0, s.forTurns(seat, ascendedTurns))
							return true
						}
						f.step = 1
						if len(held) <= ascendedRelics-int(f.x[0]) {
							f.got = 0 // every one goes: no pick
						} else if s.chancePick(f, len(held)) {
							return false
						}
					default:
						held := s.relicsOf(seat)
						s.relocateRelic(held[min(int(f.got), len(held)-1)])
						f.x[0]++
						f.step = 0
					}
				}
			},
			states: []stateDef{{key: "power_of_the_ascended", roll: ascendedRoll}},
		},
		{
			// CARD-053 A Special Gift: draw two cards, one at a time under
			// the hand limit (GAP-19).
			id: cardASpecialGift,
			run: func(s *State, f *frame) bool {
				s.drawCards(int(f.seat), specialGiftDraw)
				return true
			},
		},
		{
			// CARD-054 Revelation: a tile holding a relic whose place the
			// user knows; a hex line to the user's nearest own tile; every
			// neutral tile on it is attempted at the user's propagation
			// success rate for that tile (GAP-57; revelation()).
			id: cardRevelation,
			targets: []targetSpec{{kind: targetTile, ok: func(s *State, f *frame, t int) bool {
				i := s.relicAt(t)
				return i >= 0 && s.relics[i].seen.Has(engine.Seat(f.seat))
			}}},
			usable: func(s *State, seat int) bool { return len(s.tilesOwnedBy(seat)) > 0 },
			run:    revelation,
		},
		{
			// CARD-055 Fire from Heaven (reaction): when another player
			// attempts to take one of the owner's relics, with a card or
			// with Abukaros's theft (REL-929), the attempt is nullified
			// (s.cancel: the card's use, or the theft) and, if that player
			// holds relics, the owner takes one at random (GAP-53) — an
			// attempt of its own, which that player's Fire from Heaven may
			// answer. A relic taken this way does not count toward
			// victory or the buff level (GAP-33).
			id: cardFireFromHeaven,
			react: &reactSpec{on: hookRelicTake, cond: func(s *State, owner int, h *hook) bool {
				return int(h.other) == owner && h.seat >= 0 && int(h.seat) != owner && !s.players[h.seat].defeated
			}},
			run: func(s *State, f *frame) bool {
				seat, thief := int(f.seat), int(f.h.seat)
				if f.h.kind != hookRelicTake || thief < 0 {
					return true // no attempt to answer
				}
				switch f.step {
				case 0:
					s.cancel(&f.h)
					s.emitAll("fire_from_heaven", seat, map[string]any{"card": f.card, "seat": thief, "relics": len(s.relicsOf(thief))})
					if len(s.relicsOf(thief)) == 0 {
						return true
					}
					f.step = 1
					s.attemptRelicTake(f, thief, -1)
					return false
				case 1:
					held := s.relicsOf(thief)
					if s.relicTakeFailed(f) || len(held) == 0 {
						return true
					}
					f.step = 2
					if s.chancePick(f, len(held)) {
						return false
					}
					fallthrough
				default:
					held := s.relicsOf(thief)
					if len(held) == 0 {
						return true
					}
					i := held[min(int(f.got), len(held)-1)]
					r := &s.relics[i]
					r.holder, r.counts = int8(seat), false
					s.emitAll("relic_taken", seat, relicEventData{Card: f.card, Seat: seat, From: thief, Relics: 1})
					s.dispatch(hook{kind: hookRelic, seat: int8(seat), other: int8(thief), tile: -1, frame: -1, n: int16(i)})
					return true
				}
			},
		},
		{
			// CARD-056 Axis of Evil (Reaction): when the owner loses a
			// combat as its defender, the player who declared it spends
			// twice the declaration reputation for 3 of their own turns
			// (GAP-50, GAP-26). It does not double again what Axis of Evil
			// (CARD-032) or another copy already doubles: "twice what is
			// normally spent".
			id: CardAxisOfEvilReaction,
			react: &reactSpec{on: hookCombat, cond: func(s *State, owner int, h *hook) bool {
				return h.won && int(h.other) == owner && h.seat >= 0 && int(h.seat) != owner && !s.players[h.seat].defeated
			}},
			run: func(s *State, f *frame) bool {
				o := int(f.h.seat)
				if f.h.kind != hookCombat || o < 0 || s.players[o].defeated {
					return true // no combat to answer
				}
				s.addState(o, int(f.seat), CardAxisOfEvilReaction, 0, s.forTurns(o, axisReactionTurns))
				return true
			},
			states: []stateDef{{
				key: "axis_of_evil_reaction",
				repCost: func(s *State, e *effect, seat, why, cost int) int {
					if why != repDeclare || seat != int(e.seat) || s.stateOf(seat, CardAxisOfEvilReaction, 0) != e || s.stateOf(seat, cardAxisOfEvil, 0) != nil {
						return cost
					}
					return 2 * cost
				},
			}},
		},
		{
			// CARD-057 Guidance: in the user's next turn the piece moves to
			// the chosen own tile instead of moving, and contacts it; if
			// the tile is no longer the user's or cannot be entered, the
			// move is normal (GAP-49).
			id:      cardGuidance,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				e := s.addState(seat, seat, cardGuidance, 0, forGame())
				e.at = s.turnsLater(seat, 1)
				e.v = int16(f.target(0))
				return true
			},
			states: []stateDef{{
				key:    "guidance",
				hidden: true, // where the piece will go is the user's secret
				moveTo: func(s *State, e *effect) int {
					if t := int(e.v); int(s.tiles[t].Owner) == int(e.seat) {
						return t
					}
					return -1
				},
			}},
		},
		{
			// CARD-058 Pious Body and Mind: every card-made state on the
			// chosen player ends — buffs, debuffs, delayed effects, user's
			// or others' (GAP-60). Religion, character, relic-stack and
			// faction advantages are not card states and stay; so do tile
			// designations, and the states pietyKeeps names.
			id:      cardPiousBodyAndMind,
			targets: []targetSpec{{kind: targetSeat, ok: anySeat}},
			run: func(s *State, f *frame) bool {
				o := f.target(0)
				n := 0
				for i := range s.effects {
					e := &s.effects[i]
					if e.clock == clockDead || e.tile >= 0 || int(e.seat) != o || pietyKeeps(e) {
						continue
					}
					s.endEffect(e)
					n++
				}
				s.sweep()
				s.emitAll("purified", int(f.seat), map[string]int{"seat": o, "effects": n})
				return true
			},
		},
		{
			// CARD-059 True Homecoming: one of the user's relics (a random
			// pick among those held) leaves the game; two new relics of
			// the map's god appear on two random tiles the user owns,
			// known to the user, to be collected by contact (GAP-60). They
			// carry no Gi-ye Chin type. Usable with a relic held and two
			// own tiles the user knows to be free of relics.
			id: cardTrueHomecoming,
			usable: func(s *State, seat int) bool {
				return len(s.relicsOf(seat)) > 0 && len(s.homecomingTiles(seat, true)) >= homecomingRelics
			},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				held := s.relicsOf(seat)
				if f.step == 0 {
					if len(held) == 0 {
						s.emitAll("card_fizzled", seat, map[string]any{"card": f.card})
						return true
					}
					f.step = 1
					if s.chancePick(f, len(held)) {
						return false
					}
				}
				r := &s.relics[held[min(int(f.got), len(held)-1)]]
				r.holder, r.tile, r.seen, r.counts, r.moved = -1, -1, 0, false, false
				s.emitAll("relic_removed", seat, relicEventData{Card: f.card, Seat: seat, Relics: 1})
				var tiles []Coord
				for range homecomingRelics {
					free := s.homecomingTiles(seat, false)
					if len(free) == 0 {
						break // a relic the user did not know of took the place
					}
					t := free[s.hiddenPick(len(free))]
					if !s.newRelic(t, seat) {
						break
					}
					tiles = append(tiles, s.coord(t))
				}
				pub := relicEventData{Card: f.card, Seat: seat, Relics: len(tiles)}
				own := pub
				own.Tiles = tiles
				s.emit("relic_created", seat, seatBit(seat), own, pub) // the places: the user only
				return true
			},
		},
		{
			// CARD-060 The Second Coming: half of the user's resources
			// (paid with the cost, GAP-23) claim a relic that a card put
			// back on the map and that is still there (GAP-60), a random
			// one if several. Usable only while there is one.
			id: cardTheSecondComing,
			usable: func(s *State, _ int) bool {
				return len(s.relicsOnMap(func(r *relic) bool { return r.moved })) > 0
			},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				moved := s.relicsOnMap(func(r *relic) bool { return r.moved })
				if len(moved) == 0 {
					s.emitAll("card_fizzled", seat, map[string]any{"card": f.card})
					return true
				}
				s.gainRelic(seat, moved[s.hiddenPick(len(moved))], "second_coming", seatBit(seat))
				return true
			},
		},
	}
}
