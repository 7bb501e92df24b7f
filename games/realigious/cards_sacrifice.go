package realigious

// Sacrifice (희생), CARD-061-072: powerful cards with a price (REL-629).
// See carddefs.go for how a card is defined, and cards_sacrifice_support.go
// for the rules they share with the special cards.

// Card IDs of this group that other rules refer to.
const (
	cardNightOfTemperance CardID = 61
	cardDomainOfGod       CardID = 62
	cardGodsAnswer        CardID = 63
	cardSpellOfRuin       CardID = 64
	cardTheWitchsWay      CardID = 65
	cardTimeReversal      CardID = 66
	cardTheFutureWithin   CardID = 67
	cardCatastrophe       CardID = 68
	cardPuppetCurse       CardID = 69
	cardASmallSacrifice   CardID = 70
	cardJudgmentDay       CardID = 71
	cardEschatology       CardID = 72
)

// Spell of Ruin's numbers (CARD-064, GAP-56): the stack at which the card
// leaves the game, and the reputation its holder then loses (also when it
// reaches a graveyard).
const (
	ruinMaxStack   = 5
	ruinReputation = 20
)

func sacrificeCards() []cardDef {
	return []cardDef{
		{
			// CARD-061 Night of Temperance: level 0, 1% reputation paid
			// with the cost (payCard, GAP-23), then draw one card.
			id: cardNightOfTemperance,
			run: func(s *State, f *frame) bool {
				s.drawCard(int(f.seat))
				return true
			},
		},
		domainOfGod(),
		godsAnswer(),
		spellOfRuin(),
		{
			// CARD-065 The Witch's Way (reaction): another player uses a
			// card (a reaction firing is a use too); that use is
			// nullified (REL-692). Spell of Ruin resists (REL-702).
			id: cardTheWitchsWay,
			react: &reactSpec{on: hookCardUse, cond: func(s *State, owner int, h *hook) bool {
				return h.seat >= 0 && int(h.seat) != owner
			}},
			run: func(s *State, f *frame) bool {
				s.nullify(int(f.h.frame), int(f.seat))
				return true
			},
		},
		timeReversal(),
		{
			// CARD-067 The Future Within: 5% reputation paid with the cost
			// (GAP-23), then three cards, one at a time under the hand
			// limit (GAP-19 (3)).
			id: cardTheFutureWithin,
			run: func(s *State, f *frame) bool {
				s.drawCards(int(f.seat), 3)
				return true
			},
		},
		catastrophe(),
		{
			// CARD-069 Puppet Curse: for 3 of the user's turns (GAP-26),
			// every tile the celebrity steps on, whoever bribed it
			// (GAP-58), becomes neutral.
			id: cardPuppetCurse,
			run: func(s *State, f *frame) bool {
				s.addState(int(f.seat), int(f.seat), cardPuppetCurse, 0, s.forTurns(int(f.seat), 3))
				return true
			},
			states: []stateDef{{
				key: "puppet_curse",
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookCeleb && h.tile >= 0 && s.tiles[h.tile].Owner >= 0 {
						s.pushFire(e, h)
					}
				},
				fire: func(s *State, f *frame) bool {
					s.neutralizeTile(int(f.h.tile))
					return true
				},
			}},
		},
		{
			// CARD-070 A Small Sacrifice: an own tile becomes neutral, then
			// a revealed tile with no structure and, as the user sees it,
			// no piece becomes Ruins for the rest of the game: ownership
			// and allotment stay, but no piece contacts it (GAP-57;
			// canContact reads ruined).
			id: cardASmallSacrifice,
			targets: []targetSpec{
				{kind: targetTile, ok: ownTile},
				{kind: targetTile, ok: func(s *State, f *frame, t int) bool {
					seat := int(f.seat)
					return s.memory(seat, t) == Revealed && s.tiles[t].Structure == NoStructure &&
						s.tiles[t].Terrain.Contactable() && !s.seesPieceOn(seat, t) && !s.ruined(t)
				}},
			},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				if t := f.target(0); int(s.tiles[t].Owner) == seat {
					s.neutralizeTile(t)
				}
				s.designateTile(f.target(1), seat, cardASmallSacrifice, 0, forGame())
				return true
			},
			states: []stateDef{{key: "ruins"}},
		},
		{
			// CARD-071 Judgment Day: another player is in Judgment for 3
			// of their turns (GAP-26); each combat they declare and each
			// combat they defend successfully costs them 10% reputation
			// (GAP-13: percentage points), as a card effect that lowers
			// reputation (hookRepLowered).
			id:      cardJudgmentDay,
			targets: []targetSpec{{kind: targetSeat, ok: otherSeat}},
			run: func(s *State, f *frame) bool {
				o := f.target(0)
				s.addState(o, int(f.seat), cardJudgmentDay, 0, s.forTurns(o, 3))
				return true
			},
			states: []stateDef{{
				key: "judgment",
				on: func(s *State, e *effect, h *hook) {
					declared := h.kind == hookDeclare && h.seat == e.seat
					defended := h.kind == hookCombat && h.other == e.seat && !h.won
					if declared || defended {
						s.pushFire(e, h)
					}
				},
				fire: func(s *State, f *frame) bool {
					s.cardLowerRep(int(f.seat), 10, int(f.x[2]), cardJudgmentDay)
					return true
				},
			}},
		},
		{
			// CARD-072 Eschatology (reaction): another player loses a
			// normal combat, which loses them the tile ("the lost tile":
			// they defended and the attacker won). Every tile next to it
			// that they still own becomes neutral.
			id: cardEschatology,
			react: &reactSpec{on: hookCombat, cond: func(s *State, owner int, h *hook) bool {
				return !h.piece && h.won && h.other >= 0 && int(h.other) != owner && h.tile >= 0
			}},
			run: func(s *State, f *frame) bool {
				loser, t := int(f.h.other), int(f.h.tile)
				n := 0
				for d := Dir(0); d < numDirs; d++ {
					if nb := s.geo.neighbour(t, d); nb >= 0 && int(s.tiles[nb].Owner) == loser {
						s.neutralizeTile(nb)
						n++
					}
				}
				s.emitAll("eschatology", int(f.seat), map[string]int{"seat": loser, "tiles": n})
				return true
			},
		},
	}
}

// domainOfGod is CARD-062: all resources are paid with the cost (GAP-23);
// two tiles a piece could move onto (revealed to the user, contactable,
// not blocked, not Ruins) swap places with everything on them (GAP-57).
// Once per game per player: the first use, even nullified, leaves a
// public mark that makes the card unusable (commit).
func domainOfGod() cardDef {
	movable := func(s *State, f *frame, t int) bool {
		return s.memory(int(f.seat), t) == Revealed && s.canContact(t)
	}
	return cardDef{
		id:      cardDomainOfGod,
		targets: []targetSpec{{kind: targetTile, ok: movable}, {kind: targetTile, ok: movable}},
		usable:  func(s *State, seat int) bool { return s.stateOf(seat, cardDomainOfGod, 0) == nil },
		commit: func(s *State, f *frame) {
			s.addState(int(f.seat), int(f.seat), cardDomainOfGod, 0, forGame())
		},
		run: func(s *State, f *frame) bool {
			a, b := f.target(0), f.target(1)
			if !s.canContact(a) || !s.canContact(b) {
				s.emitAll("card_fizzled", int(f.seat), map[string]any{"card": f.card})
				return true
			}
			s.swapTiles(int(f.seat), a, b)
			return true
		},
		states: []stateDef{{key: "domain_of_god_used"}},
	}
}

// godsAnswer is CARD-063: a card of the user's hand goes back into the
// deck, which is shuffled, and one random trait card not of the Sacrifice
// group (GAP-53: uniform over the 60) enters the hand. Both cards stay
// hidden: the pick is drawn from the state's PRNG, like a shuffle (a
// chance answer would name it), and only the user (and Clairvoyance) is
// told which cards moved.
func godsAnswer() cardDef {
	return cardDef{
		id:      cardGodsAnswer,
		targets: []targetSpec{{kind: targetHand}},
		run: func(s *State, f *frame) bool {
			seat := int(f.seat)
			i := f.target(0)
			if i >= s.handCount(seat) {
				return true // the hand changed under the card: nothing to put back
			}
			hc := s.removeHand(seat, i)
			z := &s.zones[seat]
			z.deck = append(z.deck, hc.id)
			s.shuffleDeck(seat)
			c := hc.id
			full := cardMoveData{Card: &c, How: "gods_answer", Hand: int(z.nHand), Deck: len(z.deck)}
			pub := full
			pub.Card = nil
			s.emit("card_to_deck", seat, s.cardWatchers(seat), full, pub)
			pool := cardsMatching(GroupSacrifice)
			s.addToHand(seat, pool[s.hiddenPick(len(pool))], 0, "effect")
			return true
		},
	}
}

// spellOfRuin is CARD-064 (GAP-56): it cannot be nullified; used, it
// passes to the hand of the next player in turn order with its stack one
// higher, so that its cost doubles (cardCost). When the stack reaches 5
// that player loses 20% reputation (the user's card lowered it) and the
// card leaves the game. Reaching any graveyard (discarded, pushed out of a
// full hand) costs the seat whose graveyard it is 20% too; it stays there.
func spellOfRuin() cardDef {
	return cardDef{
		id:        cardSpellOfRuin,
		noNullify: true,
		run: func(s *State, f *frame) bool {
			seat := int(f.seat)
			f.flags |= frKept
			next := s.nextSeat(seat)
			stack := int(f.stack) + 1
			s.emitAll("spell_of_ruin", next, map[string]int{"from": seat, "stack": stack})
			if stack >= ruinMaxStack {
				s.cardLowerRep(next, ruinReputation, seat, cardSpellOfRuin)
				return true
			}
			s.addToHand(next, cardSpellOfRuin, 0, "effect")
			z := &s.zones[next]
			z.hand[z.nHand-1].stack = uint8(stack)
			return true
		},
		discard: func(s *State, f *frame) bool {
			s.emitAll("spell_of_ruin", int(f.seat), map[string]any{"stack": int(f.stack), "graveyard": true})
			s.cardLowerRep(int(f.seat), ruinReputation, -1, cardSpellOfRuin) // no player's effect: Fair Game does not answer
			return true
		},
	}
}

// catastrophe is CARD-068 (GAP-57): usable while the user holds another
// card. Every hand goes to its graveyard (which triggers what discards
// trigger), then the user uses the card among them with the highest
// resource cost (level × 100, Spell of Ruin's doubled by its stack) as
// their own: it leaves its graveyard, is used free of its level cost
// (stated payments still apply, as with The Appointed King) and ends in
// the user's graveyard. Ties are a chance decision ("pick N" among the
// tied cards in seat and hand order), asked once the hands are in the
// graveyards, so that whether and among how many cards it is asked shows
// nothing the discards did not (at most catMaxTies cards take part). A
// reaction has no event to answer then, so it has no effect; nor has a
// card whose own condition fails (another Catastrophe: every hand is
// empty).
//
// Steps: 0 note the candidates and discard, 1 pick, 2 use the card, 3
// done. The candidates live in x (catPut, catGet) until the pick.
func catastrophe() cardDef {
	return cardDef{
		id:     cardCatastrophe,
		usable: func(s *State, seat int) bool { return s.handCount(seat) >= 2 },
		run: func(s *State, f *frame) bool {
			seat := int(f.seat)
			switch f.step {
			case 0:
				cands := s.catastropheCandidates()
				if len(cands) == 0 {
					return true // every hand was empty
				}
				catPut(f, cands)
				for k := range s.order {
					if o := int(s.order[(s.turnIdx+k)%len(s.order)]); !s.players[o].defeated {
						s.discardHand(o)
					}
				}
				f.step = 1
				return false
			case 1:
				f.step = 2
				if s.chancePick(f, catCount(f)) {
					return false
				}
				fallthrough
			case 2:
				f.step = 3
				owner, id, stack := catGet(f, int(f.got))
				d := s.defs.get(id)
				s.emitAll("catastrophe", seat, map[string]any{"card": id, "from": owner})
				if d == nil || d.react != nil || d.usable != nil && !d.usable(s, seat) || !s.takeFromGrave(owner, id) {
					s.emitAll("card_fizzled", seat, map[string]any{"card": id})
					return true
				}
				if !s.chainOpen() {
					s.zones[owner].grave = append(s.zones[owner].grave, id)
					return true
				}
				s.chain++
				s.push(frame{kind: frameUse, stage: stageTarget, seat: f.seat, card: id, payer: -1, stack: stack, flags: frFree,
					h: hook{frame: -1, seat: -1, other: -1, tile: -1}})
				return false
			}
			return true
		},
	}
}

// catCandidate is a card Catastrophe may use.
type catCandidate struct {
	id    CardID
	seat  int
	stack uint8
}

// catMaxTies is the most tied candidates Catastrophe keeps: nine fit in
// x[0..2] (three of 9 bits each: seat << 7 | card), a tenth in x[3] beside
// the count and the stack. Eleven is the most a match can have (three
// full hands and the user's two other cards), all of one cost.
const catMaxTies = 10

// catPut stores the candidates (at most catMaxTies) in f.x. Tied cards
// have one cost, so one stack serves them all: a Spell of Ruin's, else 0.
func catPut(f *frame, cands []catCandidate) {
	cands = cands[:min(len(cands), catMaxTies)]
	stack := 0
	f.x = [4]int32{}
	for k, c := range cands {
		v := int32(c.seat)<<7 | int32(c.id)
		if k < 9 {
			f.x[k/3] |= v << (9 * (k % 3))
		} else {
			f.x[3] |= v << 16
		}
		if c.id == cardSpellOfRuin {
			stack = int(c.stack)
		}
	}
	f.x[3] |= int32(len(cands)) | int32(stack)<<8
}

// catCount returns how many candidates catPut stored.
func catCount(f *frame) int { return int(f.x[3] & 0xFF) }

// catGet returns the k-th stored candidate: the seat whose hand held it,
// the card and its stack.
func catGet(f *frame, k int) (seat int, id CardID, stack uint8) {
	k = max(0, min(k, catCount(f)-1))
	var v int32
	if k < 9 {
		v = f.x[k/3] >> (9 * (k % 3)) & 0x1FF
	} else {
		v = f.x[3] >> 16 & 0x1FF
	}
	id = CardID(v & 0x7F)
	if id == cardSpellOfRuin {
		stack = uint8(f.x[3] >> 8 & 0xFF)
	}
	return int(v >> 7), id, stack
}

// catastropheCandidates lists the hand cards of every seat with the
// highest resource cost, seats from the user's turn on, oldest card first.
func (s *State) catastropheCandidates() []catCandidate {
	var out []catCandidate
	best := -1
	for k := range s.order {
		o := int(s.order[(s.turnIdx+k)%len(s.order)])
		if s.players[o].defeated {
			continue
		}
		for _, hc := range s.handOf(o) {
			info := hc.id.Info()
			cost := info.Cost()
			if info.Extra == CostDoublesPerStack {
				cost <<= min(int(hc.stack), 16)
			}
			switch {
			case cost > best:
				best = cost
				out = append(out[:0], catCandidate{hc.id, o, hc.stack})
			case cost == best:
				out = append(out, catCandidate{hc.id, o, hc.stack})
			}
		}
	}
	return out
}
