package realigious

// Holy War (성전), CARD-037-048: combat (REL-626). See carddefs.go for how
// a card is defined; the helpers these cards share (reputation costs,
// reputation lowered by a card, the celebrity's combat and replacement,
// fog, the Private Army Base) are in cards_holywar_support.go.

// Card IDs of this group that other rules refer to.
const (
	cardASimplePrank       CardID = 37
	cardTheWorstScandal    CardID = 38
	cardFairGame           CardID = 39
	cardMediaControl       CardID = 40
	cardScatteredInTerror  CardID = 41
	cardTheChase           CardID = 42
	cardContractKilling    CardID = 43
	cardLawfulExecution    CardID = 44
	cardAllOrNothing       CardID = 45
	cardFearAndTrembling   CardID = 46
	cardDeclarationHolyWar CardID = 47
	cardTheHeavenlyHost    CardID = 48
)

func holyWarCards() []cardDef {
	return []cardDef{
		{
			// CARD-037 A Simple Prank: every other player in play loses 3%
			// reputation, in turn order after the user. It targets no one,
			// so Glory: Seeker does not shield (GAP-61); each loss is a
			// card's reputation-lowering effect (Fair Game, GAP-54).
			id: cardASimplePrank,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				for _, o := range s.othersInTurnOrder(seat) {
					if s.cardLowerRep(o, 3, seat, cardASimplePrank) {
						return true
					}
				}
				return true
			},
		},
		{
			// CARD-038 The Worst Scandal: 10% reputation paid with the cost
			// (GAP-23); if the user wins a piece-vs-piece combat this turn,
			// the beaten piece goes to its starting point instead of its
			// nearest own tile (GAP-59), standing there without contacting
			// it (GAP-05).
			id: cardTheWorstScandal,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.addState(seat, seat, cardTheWorstScandal, 0, s.forTurns(seat, 1))
				return true
			},
			states: []stateDef{{
				key: "worst_scandal",
				on: func(s *State, e *effect, h *hook) {
					if h.kind != hookCombat || !h.piece || !h.won || h.seat != e.seat {
						return
					}
					def := int(h.other)
					dp := &s.players[def]
					if int(s.relocSeat) != def || dp.defeated || dp.pos < 0 {
						return
					}
					s.endEffect(e)
					s.relocSeat = -1 // relocateLoser then leaves the piece alone
					s.movePiece("relocated", def, int(dp.start))
					dp.onStart = true
				},
			}},
		},
		{
			// CARD-039 Fair Game (reaction): when another player's card or
			// relic effect lowers the owner's reputation (not the owner's
			// own payments or combat penalties, GAP-54), that player loses
			// as much. Fair Game against Fair Game ends at the chain bound
			// (GAP-54).
			id: cardFairGame,
			react: &reactSpec{on: hookRepLowered, cond: func(s *State, owner int, h *hook) bool {
				return int(h.seat) == owner && h.other >= 0 && int(h.other) != owner && h.n > 0 && !s.players[h.other].defeated
			}},
			run: func(s *State, f *frame) bool {
				s.cardLowerRep(int(f.h.other), int(f.h.n), int(f.seat), cardFairGame)
				return true
			},
		},
		{
			// CARD-040 Media Control: for 3 of the user's turns, fog covers
			// every tile within 2 of the user's piece when the card is used
			// (GAP-57); the fog does not move. The other seats see no
			// tile, owner, piece, celebrity or event inside it (fogHides).
			id:     cardMediaControl,
			usable: func(s *State, seat int) bool { return s.players[seat].pos >= 0 },
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.designateTile(int(s.players[seat].pos), seat, cardMediaControl, 0, s.forTurns(seat, 3))
				s.fogChanged()
				return true
			},
			states: []stateDef{{key: "fog"}},
		},
		{
			// CARD-041 Scattered in Terror: if the user wins a normal
			// combat this turn, one random neutral tile adjacent to the
			// combat's tile (a chance decision) becomes the user's with
			// its allotment, as a successful propagation gives (GAP-59).
			id: cardScatteredInTerror,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.addState(seat, seat, cardScatteredInTerror, 0, s.forTurns(seat, 1))
				return true
			},
			states: []stateDef{{
				key: "scattered_in_terror",
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookCombat && !h.piece && h.won && h.seat == e.seat {
						s.endEffect(e)
						s.pushStateFrame(e, *h)
					}
				},
				fire: scatterInTerror,
			}},
		},
		{
			// CARD-042 The Chase (reaction): when the owner's tile holds
			// against an attack, the owner's piece moves to that tile at
			// once (no contact: it is the owner's tile) and wins the next
			// combat it takes part in, attacking or defending (GAP-54).
			id: cardTheChase,
			react: &reactSpec{on: hookCombat, cond: func(s *State, owner int, h *hook) bool {
				return int(h.other) == owner && !h.won && h.tile >= 0 && int(s.tiles[h.tile].Owner) == owner
			}},
			run: func(s *State, f *frame) bool {
				seat, t := int(f.seat), int(f.h.tile)
				pl := &s.players[seat]
				if pl.pos >= 0 && int(pl.pos) != t && int(s.tiles[t].Owner) == seat {
					pl.onStart = false
					s.movePiece("chase", seat, t)
				}
				if s.stateOf(seat, cardTheChase, 0) == nil {
					s.addState(seat, seat, cardTheChase, 0, forGame())
				}
				return true
			},
			states: []stateDef{{
				key: "the_chase",
				roll: func(s *State, e *effect, r *roll) {
					if r.kind != rollCombat && r.kind != rollPieceCombat || r.force != 0 {
						return
					}
					switch e.seat {
					case r.seat:
						r.force = 1
					case r.defender:
						r.force = 2
					}
				},
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookCombat && (h.seat == e.seat || h.other == e.seat) {
						s.endEffect(e) // the next combat is over
					}
				},
			}},
		},
		{
			// CARD-043 Contract Killing: usable only by the celebrity's
			// briber. At the celebrity's next step onto a tile holding
			// another player's piece, it fights that player piece-vs-piece
			// with the user's R1 against the player's R2, without a
			// declaration cost; if it wins, the player gets a shame card
			// and goes to its nearest own tile, the user gets a glory card,
			// and no tile changes hands (GAP-58). One combat, then the
			// state ends.
			id: cardContractKilling,
			usable: func(s *State, seat int) bool {
				return s.celeb.pos >= 0 && int(s.celeb.briber) == seat
			},
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				if s.stateOf(seat, cardContractKilling, 0) == nil {
					s.addState(seat, seat, cardContractKilling, 0, forGame())
				}
				return true
			},
			states: []stateDef{{
				key: "contract_killing",
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookCeleb && len(s.contractTargets(int(e.seat), int(h.tile))) > 0 {
						s.endEffect(e)
						s.pushStateFrame(e, *h)
					}
				},
				fire: contractKilling,
			}},
		},
		{
			// CARD-044 Lawful Execution: the celebrity leaves the map and a
			// new one of a random type arrives on a random tile it can
			// stand on (two chance decisions), unbribed and with no bribe
			// history (GAP-37): the next bribe costs 500 again. Wiretaps
			// and contracts on the old one end (GAP-58).
			id:     cardLawfulExecution,
			usable: func(s *State, seat int) bool { return s.celeb.pos >= 0 },
			run:    lawfulExecution,
		},
		{
			// CARD-045 All or Nothing: for 3 of the user's turns (GAP-26),
			// +30% R1 as a Tier-1 term, and Reckless: a 10% chance to
			// lose each of those combats whatever the roll.
			id: cardAllOrNothing,
			run: func(s *State, f *frame) bool {
				s.addState(int(f.seat), int(f.seat), cardAllOrNothing, 0, s.forTurns(int(f.seat), 3))
				return true
			},
			states: []stateDef{{
				key: "all_or_nothing",
				term: func(s *State, e *effect, q *rateQuery) (int, int) {
					if q.rate == rateAttack && q.seat == int(e.seat) {
						return 1, 30
					}
					return 0, 0
				},
				roll: func(s *State, e *effect, r *roll) {
					if (r.kind == rollCombat || r.kind == rollPieceCombat) && r.seat == e.seat {
						r.lose = max(r.lose, 10) // Reckless
					}
				},
			}},
		},
		{
			// CARD-046 Fear and Trembling: an own tile with a structure
			// becomes a Private Army Base while the user owns it (GAP-52).
			// Once per turn, in the interaction phase and instead of the
			// tile interaction, the user may declare a normal combat on an
			// enemy tile within 1 of the base, paying the declaration's
			// costs; a loss does not move the piece (GAP-59; "tile c,r",
			// baseTargets).
			id: cardFearAndTrembling,
			targets: []targetSpec{{kind: targetTile, ok: func(s *State, f *frame, t int) bool {
				return ownTile(s, f, t) && s.tiles[t].Structure != NoStructure
			}}},
			run: func(s *State, f *frame) bool {
				s.designateTile(f.target(0), int(f.seat), cardFearAndTrembling, 0, forGame())
				return true
			},
			states: []stateDef{{
				key:        "private_army_base",
				whileOwned: true,
				on: func(s *State, e *effect, h *hook) {
					if h.kind == hookCombat && h.seat == e.seat && e.v != 0 {
						e.v = 0
						s.players[e.seat].returnAtEnd = false // the piece did not go there
					}
				},
			}},
		},
		{
			// CARD-047 Declaration of Holy War: in the user's next three
			// declared combats, no declaration reputation and no loss
			// penalty (GAP-59). Another use adds three more.
			id: cardDeclarationHolyWar,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				if e := s.stateOf(seat, cardDeclarationHolyWar, 0); e != nil {
					e.n += 3
					s.emitAll("holy_war", seat, map[string]int{"combats": int(e.n)})
					return true
				}
				s.addState(seat, seat, cardDeclarationHolyWar, 0, forGame()).n = 3
				return true
			},
			states: []stateDef{{
				// n: declared combats still covered; v: 1 while a covered
				// combat is being fought.
				key: "holy_war",
				repCost: func(s *State, e *effect, seat, why, cost int) int {
					if seat == int(e.seat) && (why == repDeclare && e.n > 0 || why == repCombatLoss && e.v != 0) {
						return 0
					}
					return cost
				},
				on: func(s *State, e *effect, h *hook) {
					if h.seat != e.seat {
						return
					}
					switch h.kind {
					case hookDeclare:
						if e.n > 0 {
							e.n--
							e.v = 1
						}
					case hookCombat, hookEnd: // hookEnd: a nullified combat never ends
						e.v = 0
						if e.n == 0 {
							s.endEffect(e)
						}
					}
				},
			}},
		},
		{
			// CARD-048 The Heavenly Host: the user's combats this turn are
			// won whatever the roll.
			id: cardTheHeavenlyHost,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.addState(seat, seat, cardTheHeavenlyHost, 0, s.forTurns(seat, 1))
				return true
			},
			states: []stateDef{{
				key: "heavenly_host",
				roll: func(s *State, e *effect, r *roll) {
					if (r.kind == rollCombat || r.kind == rollPieceCombat) && r.seat == e.seat && r.force == 0 {
						r.force = 1
					}
				},
			}},
		},
	}
}
