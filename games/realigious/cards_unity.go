package realigious

// Unity (단결), CARD-013-024: resources, reactions and deck cycling
// (REL-623). See carddefs.go for how a card is defined, and
// cards_unity_support.go for the longer effects.

// Card IDs of this group that other rules refer to.
const (
	cardAngelsSeal          CardID = 13
	cardFullDefensiveStance CardID = 14
	cardTheTithe            CardID = 15
	cardMiracle             CardID = 16
	cardOnesOwnTrial        CardID = 17
	cardRewardOfPenance     CardID = 18
	cardJoyOfMinistry       CardID = 19
	cardFaithVillage        CardID = 20
	cardEternalReturn       CardID = 21
	cardIndulgence          CardID = 22
	cardReunion             CardID = 23
	cardPeaceLikeARiver     CardID = 24
)

// Numbers from the card texts.
const (
	titheBonus       = 10 // CARD-015: +10% combat defense
	joyBonus         = 10 // CARD-019: +10% of every propagation reward
	trialTurns       = 3  // CARD-017: no draw for 3 turns
	trialDraw        = 3  // CARD-017: then draw three cards
	penanceCycles    = 2  // CARD-018: for the next 2 cycles
	indulgenceTarget = 50 // CARD-022: reputation becomes 50%
	reunionDraw      = 3  // CARD-023: draw three cards
	returnMax        = 3  // CARD-021: at most the three used most recently
)

func unityCards() []cardDef {
	return []cardDef{
		{
			// CARD-013 Angel's Seal (reaction): when one of the owner's
			// cards reaches the graveyard unused (discarded or pushed out;
			// never a used card, never itself: GAP-54), the owner uses it
			// again with its level cost waived. The replayed card then
			// goes to the graveyard as used, which triggers nothing more.
			id: cardAngelsSeal,
			react: &reactSpec{on: hookGraveyard, cond: func(s *State, owner int, h *hook) bool {
				return int(h.seat) == owner && !h.used && h.card != cardAngelsSeal && s.replayable(owner, h.card)
			}},
			run: angelsSeal,
		},
		{
			// CARD-014 Full Defensive Stance: every reaction card in the
			// user's deck goes to the graveyard (triggering nothing, and
			// not counted by Reunion: GAP-54); the user gains the effect
			// of each kind, one per activation condition (the cheapest),
			// which fires once, free, the first time its condition occurs.
			id:  cardFullDefensiveStance,
			run: fullDefensiveStance,
			states: []stateDef{{
				key: "full_defensive_stance",
				on:  stanceFires,
			}},
		},
		{
			// CARD-015 The Tithe: +10% combat defense rate for the rest of
			// the game (GAP-51), a card term (Tier 1, REL-537).
			id:  cardTheTithe,
			run: permanentBuff(cardTheTithe),
			states: []stateDef{{
				key: "the_tithe",
				term: func(s *State, e *effect, q *rateQuery) (int, int) {
					if q.rate == rateDefense && q.seat == int(e.seat) {
						return 1, titheBonus
					}
					return 0, 0
				},
			}},
		},
		{
			// CARD-016 Miracle (reaction): when another player uses a card,
			// the owner discards its whole hand and nullifies that card and
			// every card other players use until the owner's next turn
			// starts (GAP-54).
			id: cardMiracle,
			react: &reactSpec{on: hookCardUse, cond: func(s *State, owner int, h *hook) bool {
				return int(h.seat) != owner && h.seat >= 0
			}},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.addState(seat, seat, cardMiracle, 0, s.forCycles(seat, 1))
				s.nullify(int(f.h.frame), seat)
				s.discardHand(seat)
				return true
			},
			states: []stateDef{{
				key: "miracle",
				// The nullification runs as a frame on top of the use, so
				// that it happens before the effect without a dispatch
				// inside this one (nullify dispatches hookNullify).
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookCardUse && h.seat >= 0 && int(h.seat) != int(e.seat) {
						s.push(frame{kind: frameState, seat: e.seat, card: cardMiracle, payer: -1, h: *h})
					}
				},
				fire: func(s *State, f *frame) bool {
					s.nullify(int(f.h.frame), int(f.seat))
					return true
				},
			}},
		},
		{
			// CARD-017 One's Own Trial: no draw in the user's next three
			// turns; at the third one's start phase, the hand is discarded
			// and three cards are drawn instead (GAP-26).
			id: cardOnesOwnTrial,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				e := s.addState(seat, seat, cardOnesOwnTrial, 0, forGame())
				e.at = s.turnsLater(seat, trialTurns)
				return true
			},
			states: []stateDef{{
				key:  "ones_own_trial",
				on:   trialOnDraw,
				fire: trialFire,
			}},
		},
		{
			// CARD-018 Reward of Penance (reaction): when the owner loses a
			// tile in combat, for its next 2 cycles its propagations and
			// its defenses succeed unconditionally (GAP-14: no roll, no
			// clamp; against an attacker's unconditional win the two cancel
			// and the roll decides).
			id: cardRewardOfPenance,
			react: &reactSpec{on: hookTileLost, cond: func(s *State, owner int, h *hook) bool {
				return int(h.other) == owner && h.n == lostCombat
			}},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.addState(seat, seat, cardRewardOfPenance, 0, s.forCycles(seat, penanceCycles))
				return true
			},
			states: []stateDef{{key: "reward_of_penance", roll: penanceRoll}},
		},
		{
			// CARD-019 Joy of Ministry: +10% on every resource the user
			// gains by propagation for the rest of the game (GAP-51);
			// repeated uses add (propagationBonus).
			id:     cardJoyOfMinistry,
			run:    permanentBuff(cardJoyOfMinistry),
			states: []stateDef{{key: "joy_of_ministry"}},
		},
		{
			// CARD-020 Building a Faith Village: a tile the user owns
			// becomes a Faith Village: at each of the user's start phases
			// at which it owns the tile, it gains the tile's donation and
			// influence allotments (GAP-52).
			id:      cardFaithVillage,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				s.designateTile(f.target(0), int(f.seat), cardFaithVillage, 0, forGame())
				return true
			},
			states: []stateDef{{
				key: "faith_village",
				on: func(s *State, e *effect, h *hook) {
					seat, t := int(e.seat), int(e.tile)
					if h.kind != hookStart || int(h.seat) != seat || int(s.tiles[t].Owner) != seat {
						return
					}
					a := &s.tiles[t].Alloc
					s.players[seat].res[Donations] += a[Donations]
					s.players[seat].res[Influence] += a[Influence]
					// Only the owner is told the tile (as for the Icon).
					c := s.coord(t)
					s.emit("faith_village", seat, seatBit(seat), faithVillageData{Donations: int(a[Donations]), Influence: int(a[Influence]), Tile: &c},
						faithVillageData{Donations: int(a[Donations]), Influence: int(a[Influence])})
				},
			}},
		},
		{
			// CARD-021 Eternal Return: counts one cycle; at the user's next
			// start phase its hand is discarded and its own cards used
			// meanwhile (at most the three most recent; never an Eternal
			// Return, which would return itself every cycle) come back from
			// its graveyard to its hand (GAP-53).
			id: cardEternalReturn,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				e := s.addState(seat, seat, cardEternalReturn, 0, forGame())
				e.at = s.turnsLater(seat, 1)
				return true
			},
			states: []stateDef{{
				key:  "eternal_return",
				on:   returnRecord,
				fire: returnFire,
			}},
		},
		{
			// CARD-022 Indulgence: the level cost, then half of every
			// resource (payCard, GAP-23); the user's reputation becomes 50.
			id: cardIndulgence,
			run: func(s *State, f *frame) bool {
				pl := &s.players[f.seat]
				from := pl.rep
				pl.rep = indulgenceTarget
				// The former value only to the user: it may have been
				// hidden (CARD-030).
				s.emit("indulgence", int(f.seat), seatBit(int(f.seat)), map[string]int{"from": int(from), "reputation": indulgenceTarget}, map[string]int{"reputation": indulgenceTarget})
				return true
			},
		},
		{
			// CARD-023 Reunion at the Dead Sea: the user is Reunited until
			// as many of its cards have reached its graveyard as its
			// composition holds (GAP-20); then the state ends and it draws
			// three cards at once.
			id: cardReunion,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				e := s.addState(seat, seat, cardReunion, 0, forGame())
				e.v = int16(max(len(s.zones[seat].comp), 1))
				return true
			},
			states: []stateDef{{
				key: "reunion",
				on:  reunionCount,
				fire: func(s *State, f *frame) bool {
					s.drawCards(int(f.seat), reunionDraw)
					return true
				},
			}},
		},
		{
			// CARD-024 Peace Like a River (reaction): when combat is
			// declared on a tile the owner owns, the combat is nullified
			// (its declaration costs stay paid, GAP-07) and the owner
			// chooses a tile next to water where the attacker's piece goes
			// (without contact; none: the piece stays).
			id: cardPeaceLikeARiver,
			react: &reactSpec{on: hookDeclare, cond: func(s *State, owner int, h *hook) bool {
				return int(h.other) == owner && h.seat >= 0
			}},
			// The tile is asked by the effect (a reaction has no targets
			// when it fires); declaring it lets the frame hold it.
			targets: []targetSpec{{kind: targetTile, ok: riverTile}},
			run:     peaceLikeARiver,
		},
	}
}
