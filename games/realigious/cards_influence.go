package realigious

// Influence (감화), CARD-025-036: reputation and the factions (REL-625).
// See carddefs.go for how a card is defined; the helpers these cards share
// (reputation gains, the celebrity's moves, the set-aside card) are in
// cards_influence_support.go.

// Card IDs of this group that other rules refer to.
const (
	cardReliefVolunteers   CardID = 25
	cardNobleSacrifice     CardID = 26
	cardGuardianOfLife     CardID = 27
	cardReliefOperation    CardID = 28
	cardRightHand          CardID = 29
	cardLeftHand           CardID = 30
	cardANewGeneration     CardID = 31
	cardAxisOfEvil         CardID = 32
	cardWiretap            CardID = 33
	cardOperationSnowWhite CardID = 34
	cardTheAppointedKing   CardID = 35
	cardBlessingOfFuture   CardID = 36
)

func influenceCards() []cardDef {
	return []cardDef{
		{
			// CARD-025 Relief Volunteers: +3% reputation (GAP-13: points).
			id: cardReliefVolunteers,
			run: func(s *State, f *frame) bool {
				s.cardRaiseRep(int(f.seat), 3, cardReliefVolunteers)
				return true
			},
		},
		{
			// CARD-026 Noble Sacrifice: all resources (paid with the cost,
			// GAP-23), then +15% reputation.
			id: cardNobleSacrifice,
			run: func(s *State, f *frame) bool {
				s.cardRaiseRep(int(f.seat), 15, cardNobleSacrifice)
				return true
			},
		},
		{
			// CARD-027 Guardian of Life: a neutral tile the user has
			// revealed becomes a Hospital for the rest of the game, whoever
			// owns it later (GAP-52); every contact by another player's
			// piece gives the user +5% reputation.
			id:      cardGuardianOfLife,
			targets: []targetSpec{{kind: targetTile, ok: revealedNeutralTile}},
			run: func(s *State, f *frame) bool {
				s.designateTile(f.target(0), int(f.seat), cardGuardianOfLife, 0, forGame())
				return true
			},
			states: []stateDef{{
				key: "hospital",
				on: func(s *State, e *effect, h *hook) {
					if h.kind != hookContact || int(h.tile) != int(e.tile) || h.seat < 0 || h.seat == e.seat || s.players[e.seat].defeated {
						return
					}
					// Told to the user and to whoever sees the visitor:
					// a stealthed visitor's position stays hidden (GAP-62).
					s.cardRaiseRepTo(int(e.seat), 5, cardGuardianOfLife, s.involved(int(h.seat), int(e.seat)))
				},
			}},
		},
		{
			// CARD-028 Relief Operation (reaction): when a player declares
			// combat on another player's tile, a third player (neither the
			// attacker nor the owner, GAP-54) nullifies the combat and gains
			// +10% reputation. The declaration's costs stay paid.
			id: cardReliefOperation,
			react: &reactSpec{on: hookDeclare, cond: func(s *State, owner int, h *hook) bool {
				return int(h.seat) != owner && int(h.other) != owner && h.other >= 0
			}},
			run: func(s *State, f *frame) bool {
				s.cancel(&f.h)
				s.cardRaiseRep(int(f.seat), 10, cardReliefOperation)
				return true
			},
		},
		{
			// CARD-029 What the Right Hand Does: +3% reputation, and Let Not
			// the Left Hand Know comes back from the graveyard to the hand.
			id: cardRightHand,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				if s.cardRaiseRep(seat, 3, cardRightHand) {
					return true
				}
				s.returnFromGrave(seat, cardLeftHand)
				return true
			},
		},
		{
			// CARD-030 Let Not the Left Hand Know: for 3 of the user's turns
			// (GAP-26) the other seats' status boards do not show the
			// user's reputation (repHidden); What the Right Hand Does comes
			// back from the graveyard to the hand.
			id: cardLeftHand,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.addState(seat, seat, cardLeftHand, 0, s.forTurns(seat, 3))
				s.returnFromGrave(seat, cardRightHand)
				return true
			},
			states: []stateDef{{key: "hidden_reputation"}},
		},
		{
			// CARD-031 A New Generation: an own tile becomes a School for
			// the rest of the game (GAP-52); at each of the user's start
			// phases while the user owns it, +1% reputation.
			id:      cardANewGeneration,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				s.designateTile(f.target(0), int(f.seat), cardANewGeneration, 0, forGame())
				return true
			},
			states: []stateDef{{
				key: "school",
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookStart && h.seat == e.seat && s.tiles[e.tile].Owner == e.seat {
						s.cardRaiseRep(int(e.seat), 1, cardANewGeneration)
					}
				},
			}},
		},
		{
			// CARD-032 Axis of Evil: another player, for 3 of their own
			// turns (GAP-26, GAP-50), spends twice the declaration
			// reputation (REL-328). Two Axis of Evil on one player do not
			// make it four times: "twice what is normally spent".
			id:      cardAxisOfEvil,
			targets: []targetSpec{{kind: targetSeat, ok: otherSeat}},
			run: func(s *State, f *frame) bool {
				o := f.target(0)
				s.addState(o, int(f.seat), cardAxisOfEvil, 0, s.forTurns(o, 3))
				return true
			},
			states: []stateDef{{
				key: "axis_of_evil",
				repCost: func(s *State, e *effect, seat, why, cost int) int {
					if why == repDeclare && seat == int(e.seat) && s.stateOf(seat, cardAxisOfEvil, 0) == e {
						return 2 * cost
					}
					return cost
				},
			}},
		},
		{
			// CARD-033 Wiretap (reaction): when the celebrity steps on the
			// owner's tile, it is wiretapped for the owner: it shares its
			// vision with the owner (as with its briber, REL-985) until it
			// is removed from the map (GAP-58, Lawful Execution).
			id: cardWiretap,
			react: &reactSpec{on: hookCeleb, cond: func(s *State, owner int, h *hook) bool {
				return int(h.other) == owner && s.celeb.pos >= 0 && s.stateOf(owner, cardWiretap, 0) == nil
			}},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				if s.celeb.pos < 0 || s.stateOf(seat, cardWiretap, 0) != nil {
					return true
				}
				s.addState(seat, seat, cardWiretap, 0, forGame())
				s.see(seat)
				return true
			},
			states: []stateDef{{key: "wiretap"}},
		},
		{
			// CARD-034 Operation Snow White: in the user's next move phase
			// the piece and the celebrity swap tiles instead of the normal
			// move, and the piece contacts its new tile (GAP-58). If the
			// swap cannot happen then (no celebrity, a tile the piece
			// cannot enter or the celebrity cannot stand on), the move is
			// normal (as GAP-49 for Footsteps of God).
			id:     cardOperationSnowWhite,
			usable: func(s *State, seat int) bool { return s.celeb.pos >= 0 },
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				e := s.addState(seat, seat, cardOperationSnowWhite, 0, forGame())
				e.at = s.turnsLater(seat, 1)
				return true
			},
			states: []stateDef{{
				key: "operation_snow_white",
				moveTo: func(s *State, e *effect) int {
					seat := int(e.seat)
					c, from := int(s.celeb.pos), int(s.players[seat].pos)
					if c < 0 || from < 0 || c == from || !s.canEnter(seat, c) || !celebCanStand(s, from) {
						return -1
					}
					s.moveCelebrity(from)
					return c
				},
			}},
		},
		{
			// CARD-035 The Appointed King: the user sets aside one card of
			// their deck or graveyard (GAP-53; asked after the nullify
			// window, appointKing); at the start phase 3 own turns later it
			// enters the hand with its level cost waived (stated payments
			// still apply).
			id:     cardTheAppointedKing,
			usable: func(s *State, seat int) bool { return len(s.zones[seat].deck)+len(s.zones[seat].grave) > 0 },
			run:    appointKing,
			states: []stateDef{{
				key:    "appointed_king",
				hidden: true, // which card is set aside is the user's secret
				fire: func(s *State, f *frame) bool {
					s.endFiredState(f)
					if id := CardID(f.x[1]); id.Valid() {
						s.addToHand(int(f.seat), id, hcFree, "effect")
					}
					return true
				},
			}},
		},
		{
			// CARD-036 Blessing of the Future: the user takes one card out
			// of the deck; at the start phase 2 own turns later it enters
			// the hand instead of the draw, or goes to the graveyard if the
			// hand is full (the card's own text, not GAP-19).
			id:      cardBlessingOfFuture,
			targets: []targetSpec{{kind: targetDeck, ok: anyCard}},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				id := CardID(f.target(0))
				if !s.takeFromDeck(seat, id) {
					return true
				}
				at := s.turnsLater(seat, 2)
				e := s.addState(seat, seat, cardBlessingOfFuture, 0, forGame())
				e.at, e.n, e.v = at, int16(min(at, 1<<15-1)), int16(id)
				return true
			},
			states: []stateDef{{
				key:    "blessing_of_the_future",
				hidden: true, // which card comes is the user's secret
				// The card arrives with the start phase's due effects, just
				// before the draw, which the hookDraw answer then cancels.
				fire: func(s *State, f *frame) bool {
					seat, id := int(f.seat), CardID(f.x[1])
					if !id.Valid() {
						return true
					}
					if s.handCount(seat) == HandLimit {
						s.toGraveyard(seat, handCard{id: id}, whyEffect)
						return true
					}
					s.addToHand(seat, id, 0, "effect")
					return true
				},
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookDraw && h.seat == e.seat && s.players[e.seat].turns >= int32(e.n) {
						h.cancel = true // instead of drawing from the deck
						s.endEffect(e)
					}
				},
			}},
		},
	}
}

// revealedNeutralTile: a tile the user has revealed and sees as neutral
// that a propagation could take (REL-693).
func revealedNeutralTile(s *State, f *frame, t int) bool {
	seat := int(f.seat)
	return s.memory(seat, t) == Revealed && s.seenOwner(seat, t) < 0 &&
		s.tiles[t].Terrain.Contactable() && !s.tiles[t].Structure.LocalGovernment()
}
