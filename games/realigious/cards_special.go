package realigious

// Religion, glory and shame cards, CARD-073-084 (REL-720-725). Glory and
// shame cards cost nothing and also act when they reach the graveyard
// unused (autoCard, REL-724). See carddefs.go for how a card is defined,
// and cards_special_support.go for the rules they change (Onrush's three
// steps, Control's borrowed decisions).

// Card IDs of this group that other rules refer to.
const (
	cardFootstepsOfGod       CardID = 73
	cardTheRadical           CardID = 74
	cardGloryMercy           CardID = 75
	cardGloryOnrush          CardID = 76
	cardGloryTreasure        CardID = 77
	cardGlorySeeker          CardID = 78
	cardAGloriousOpportunity CardID = 79
	cardShameLosingStreak    CardID = 80
	cardShameControl         CardID = 81
	cardShamePanic           CardID = 82
	cardShameExcommunication CardID = 83
	cardAShamefulEnd         CardID = 84
)

// Numbers of the special cards.
const (
	radicalTurns   = 3  // The Radical: own turns to contact the seceding tile (GAP-49)
	onrushTiles    = 3  // Glory: Onrush: tiles one move contacts (CARD-076)
	excommDeckSize = 10 // Shame: Excommunication: cards of the new deck (CARD-083)
)

func specialCards() []cardDef {
	return []cardDef{
		{
			// CARD-073 Footsteps of God: in the user's next turn the piece
			// moves to the chosen own tile instead of moving (GAP-49: in
			// the move phase, like Guidance); if the tile is no longer the
			// user's or cannot be entered, the move is normal.
			id:      cardFootstepsOfGod,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				e := s.addState(seat, seat, cardFootstepsOfGod, 0, forGame())
				e.at = s.turnsLater(seat, 1)
				e.v = int16(f.target(0))
				return true
			},
			states: []stateDef{{
				key:    "footsteps_of_god",
				hidden: true, // where the piece will go is the user's secret
				moveTo: func(s *State, e *effect) int {
					if t := int(e.v); int(s.tiles[t].Owner) == int(e.seat) {
						return t
					}
					return -1
				},
			}},
		},
		theRadical(),
		autoCard(cardDef{
			// CARD-075 Glory: Mercy: the level cost of the holder's next
			// card with one is waived (cardCost); stated payments are not
			// (as with The Appointed King, GAP-53). A second Mercy before
			// then adds a use (n) rather than a second state.
			id: cardGloryMercy,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				if e := s.stateOf(seat, cardGloryMercy, 0); e != nil {
					e.n++
					s.emitAll("mercy", seat, map[string]int{"uses": int(e.n) + 1})
					return true
				}
				s.addState(seat, seat, cardGloryMercy, 0, forGame())
				return true
			},
			states: []stateDef{{
				key:   "mercy",
				waive: func(s *State, e *effect, seat int, id CardID) bool { return seat == int(e.seat) },
				on: func(s *State, e *effect, h *hook) {
					if h.kind != hookCardUse || h.seat != e.seat || h.card.Cost() == 0 {
						return
					}
					if e.n > 0 {
						e.n--
						return
					}
					s.endEffect(e)
				},
			}},
		}),
		autoCard(cardDef{
			// CARD-076 Glory: Onrush: the holder's next move contacts three
			// tiles, one step each, every step chosen like a move; each
			// tile's contact triggers run, the tile interaction happens on
			// the third only (GAP-61; onrushStep). n counts the tiles
			// contacted so far.
			id: cardGloryOnrush,
			run: func(s *State, f *frame) bool {
				s.addState(int(f.seat), int(f.seat), cardGloryOnrush, 0, forGame())
				return true
			},
			states: []stateDef{{key: "onrush"}},
		}),
		autoCard(cardDef{
			// CARD-077 Glory: Treasure: 1000 donations and 1000 influence.
			id: cardGloryTreasure,
			run: func(s *State, f *frame) bool {
				pl := &s.players[f.seat]
				pl.res[Donations] += 1000
				pl.res[Influence] += 1000
				s.emitAll("treasure", int(f.seat), map[string]int{"donations": 1000, "influence": 1000})
				return true
			},
		}),
		autoCard(cardDef{
			// CARD-078 Glory: Seeker: for 3 of the holder's turns (GAP-26)
			// no other player's card may designate them as its target
			// (stateDef.shield, read by the targets); untargeted effects
			// still reach them (GAP-61).
			id: cardGlorySeeker,
			run: func(s *State, f *frame) bool {
				s.addState(int(f.seat), int(f.seat), cardGlorySeeker, 0, s.forTurns(int(f.seat), 3))
				return true
			},
			states: []stateDef{{key: "seeker", shield: true}},
		}),
		autoCard(cardDef{
			// CARD-079 A Glorious Opportunity: when the holder's turn ends
			// they take one more turn (afterEnd; GAP-26: it counts as an
			// own turn but moves no cycle). Received outside their turn, it
			// waits for the end of their next one.
			id: cardAGloriousOpportunity,
			run: func(s *State, f *frame) bool {
				pl := &s.players[f.seat]
				if pl.extraTurns < ^uint8(0) {
					pl.extraTurns++
				}
				s.emitAll("glorious_opportunity", int(f.seat), map[string]int{"extra_turns": int(pl.extraTurns)})
				return true
			},
		}),
		autoCard(cardDef{
			// CARD-080 Shame: Losing Streak: for 2 of the holder's turns,
			// every combat another player declares on a tile the holder
			// owns (normal or piece-vs-piece) is won by the attacker
			// whatever the roll. A contract combat (CARD-043) counts only
			// on a tile the holder owns: it may find the piece anywhere.
			id: cardShameLosingStreak,
			run: func(s *State, f *frame) bool {
				s.addState(int(f.seat), int(f.seat), cardShameLosingStreak, 0, s.forTurns(int(f.seat), 2))
				return true
			},
			states: []stateDef{{
				key: "losing_streak",
				roll: func(s *State, e *effect, r *roll) {
					if (r.kind == rollCombat || r.kind == rollPieceCombat) && r.defender == e.seat && r.seat != e.seat &&
						r.tile >= 0 && s.tiles[r.tile].Owner == e.seat {
						r.force = 1
					}
				},
			}},
		}),
		shameControl(),
		autoCard(cardDef{
			// CARD-082 Shame: Panic: followers, donations and influence
			// rotate one place, one way or the other at random (GAP-61): a
			// chance decision, "pick 0" followers → donations → influence
			// → followers, "pick 1" the reverse.
			id: cardShamePanic,
			run: func(s *State, f *frame) bool {
				if f.step == 0 {
					f.step = 1
					if s.chancePick(f, 2) {
						return false
					}
				}
				pl := &s.players[f.seat]
				fo, do, in := pl.res[Followers], pl.res[Donations], pl.res[Influence]
				if f.got == 0 {
					pl.res[Donations], pl.res[Influence], pl.res[Followers] = fo, do, in
				} else {
					pl.res[Influence], pl.res[Followers], pl.res[Donations] = fo, do, in
				}
				s.emitAll("panic", int(f.seat), map[string]int32{"followers": pl.res[Followers], "donations": pl.res[Donations], "influence": pl.res[Influence]})
				s.checkEnd() // REL-051: followers changed
				return true
			},
		}),
		autoCard(cardDef{
			// CARD-083 Shame: Excommunication: the rest of the deck goes to
			// the graveyard (each card as a discard, so The Radical and
			// Spell of Ruin act), then 10 random trait cards (GAP-53: of
			// the 72, duplicates allowed) become the composition and a
			// fresh deck (GAP-20). They are drawn from the state's PRNG,
			// like a shuffle, and only the holder (and Clairvoyance) is
			// told which they are.
			id: cardShameExcommunication,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				for len(s.zones[seat].deck) > 0 {
					z := &s.zones[seat]
					id := z.deck[len(z.deck)-1]
					z.deck = z.deck[:len(z.deck)-1]
					s.toGraveyard(seat, handCard{id: id}, whyEffect)
				}
				pool := TraitCards()
				comp := make([]CardID, excommDeckSize)
				for i := range comp {
					comp[i] = pool[s.hiddenPick(len(pool))]
				}
				z := &s.zones[seat]
				z.comp = comp
				z.deck = append([]CardID(nil), comp...)
				s.shuffleDeck(seat)
				s.emit("excommunication", seat, s.cardWatchers(seat), map[string]any{"composition": comp, "deck": len(z.deck)}, map[string]any{"deck": len(z.deck)})
				return true
			},
		}),
		autoCard(cardDef{
			// CARD-084 A Shameful End: the user's next own turn is skipped
			// (GAP-61), like the Thug's victim's (REL-993).
			id: cardAShamefulEnd,
			run: func(s *State, f *frame) bool {
				s.players[f.seat].skipNext = true
				s.emitAll("shameful_end", int(f.seat), nil)
				return true
			},
		}),
	}
}

// theRadical is CARD-074 (GAP-49): used or discarded, it acts once: a
// random tile the holder owns (a chance decision; none: nothing) is
// designated Secession. If the holder's piece contacts it within their
// next 3 own turns, the designation ends; if they lose the tile first, it
// ends too (whileOwned); otherwise, at the end phase of the third of those
// turns (or the first start phase after it, when that end phase was
// skipped), the tile becomes neutral. v holds that last own turn.
func theRadical() cardDef {
	// lapse ends the secession and makes its tile neutral; past the chain
	// bound it waits for the next start phase (the hookStart catch-up).
	lapse := func(s *State, e *effect) {
		h := hook{kind: hookEnd, seat: e.seat, other: -1, tile: e.tile, frame: -1}
		if s.pushFire(e, &h) {
			s.endEffect(e)
		}
	}
	return autoCard(cardDef{
		id: cardTheRadical,
		run: func(s *State, f *frame) bool {
			seat := int(f.seat)
			if f.step == 0 {
				f.step = 1
				if s.chanceTile(f, s.tilesOwnedBy(seat)) {
					return false
				}
			}
			if f.got < 0 {
				return true // GAP-49: no tile, no effect
			}
			e := s.designateTile(int(f.got), seat, cardTheRadical, 0, forGame())
			e.v = int16(s.turnsLater(seat, radicalTurns))
			return true
		},
		states: []stateDef{{
			key:        "secession",
			whileOwned: true,
			on: func(s *State, e *effect, h *hook) {
				if h.seat != e.seat {
					return
				}
				turn := s.players[e.seat].turns
				switch {
				case h.kind == hookContact && h.tile == e.tile:
					s.endEffect(e) // the piece came back in time
				case h.kind == hookEnd && turn >= int32(e.v), h.kind == hookStart && turn > int32(e.v):
					lapse(s, e)
				}
			},
			fire: func(s *State, f *frame) bool {
				if int(s.tiles[f.h.tile].Owner) == int(f.seat) {
					s.emitSecession(int(f.seat), int(f.h.tile))
					s.neutralizeTile(int(f.h.tile))
				}
				return true
			},
		}},
	})
}

// shameControl is CARD-081 (GAP-61): for 2 of the holder's turns, a random
// other player in play (a chance decision, drawn again at each of those
// turns' start phase) decides the holder's moves and piece interaction
// choice (controller, read by Pending and Legal); they cannot use the
// holder's cards, bribes or resources. v is the controller, -1 while none
// is drawn.
func shameControl() cardDef {
	draw := func(s *State, f *frame) bool {
		seat := int(f.seat)
		if f.step == 0 {
			f.step = 1
			var others []int
			for o := range s.players {
				if o != seat && !s.players[o].defeated {
					others = append(others, o)
				}
			}
			if s.chanceSeat(f, others) {
				return false
			}
		}
		if e := s.stateOf(seat, cardShameControl, 0); e != nil {
			e.v = int16(f.got)
			s.emitAll("control", seat, map[string]int{"controller": int(f.got)})
		}
		return true
	}
	return autoCard(cardDef{
		id: cardShameControl,
		run: func(s *State, f *frame) bool {
			seat := int(f.seat)
			if f.step == 0 && s.stateOf(seat, cardShameControl, 0) == nil {
				e := s.addState(seat, seat, cardShameControl, 0, s.forTurns(seat, 2))
				e.v = -1
			}
			return draw(s, f)
		},
		states: []stateDef{{
			key: "control",
			on: func(s *State, e *effect, h *hook) {
				if h.kind == hookStart && h.seat == e.seat && s.pushFire(e, h) {
					e.v = -1 // until the draw (past the chain bound the controller stays)
				}
			},
			fire: draw,
		}},
	})
}
