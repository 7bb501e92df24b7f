package realigious

// Expansion (포교), CARD-001-012: propagation and designated tiles
// (REL-622). See carddefs.go for how a card is defined, and
// cards_expansion_support.go for the rules these cards add to movement,
// combat declarations and propagation rewards.

// Card IDs of this group that other rules refer to.
const (
	cardGleaning          CardID = 1
	cardRepentance        CardID = 2
	cardTrainingClergy    CardID = 3
	cardOrdainingApostles CardID = 4
	cardCastingTheNet     CardID = 5
	cardAgeOfCathedrals   CardID = 6
	cardTheHarvester      CardID = 7
	cardSeasonOfHarvest   CardID = 8
	cardSanctuary         CardID = 9
	cardWallOfTheWord     CardID = 10
	cardMovingMountains   CardID = 11
	cardMiracleOfTheIcon  CardID = 12
)

// Numbers from the card texts.
const (
	clergyBonus     = 3  // CARD-003: +3% propagation
	harvesterBonus  = 5  // CARD-007: +5% propagation
	pantheonBonus   = 20 // CARD-006: +20% propagation next to the Pantheon
	netMaxStacks    = 5  // CARD-005: the buff stacks up to 5 times
	netChance       = 10 // CARD-005: each net propagates with 10%
	repentanceTurns = 3  // CARD-002: the next three turns
)

func expansionCards() []cardDef {
	return []cardDef{
		{
			// CARD-001 Gleaning: the followers allotted to a revealed
			// neutral tile (REL-693: revealed to the user).
			id: cardGleaning,
			targets: []targetSpec{{kind: targetTile, ok: func(s *State, f *frame, t int) bool {
				seat := int(f.seat)
				return s.memory(seat, t) == Revealed && s.seenOwner(seat, t) < 0 &&
					s.tiles[t].Terrain.Contactable() && !s.tiles[t].Structure.LocalGovernment()
			}}},
			run: func(s *State, f *frame) bool {
				t := f.target(0)
				n := s.tiles[t].Alloc[Followers]
				s.players[f.seat].res[Followers] += n
				// Which tile is the user's to know (GAP-62); the followers
				// are public anyway (GAP-70).
				s.emit("gleaning", int(f.seat), seatBit(int(f.seat)), map[string]any{"tile": s.coord(t), "followers": n}, map[string]any{"followers": n})
				s.checkEnd() // REL-051: followers changed
				return true
			},
		},
		{
			// CARD-002 Repentance: for three of the user's turns (GAP-26)
			// its combat declarations cost no reputation, and R of each
			// of its combats is its propagation success rate on the tile,
			// with no R2 (GAP-59). The follower cost still applies.
			id: cardRepentance,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				s.addState(seat, seat, cardRepentance, 0, s.forTurns(seat, repentanceTurns))
				return true
			},
			states: []stateDef{{
				key: "repentance",
				repCost: func(s *State, e *effect, seat, why, cost int) int {
					if why == repDeclare && seat == int(e.seat) {
						return 0
					}
					return cost
				},
				roll: repentanceRoll,
			}},
		},
		{
			// CARD-003 Training the Clergy: +3% propagation for the rest of
			// the game; repeated uses add (GAP-51).
			id:     cardTrainingClergy,
			run:    permanentBuff(cardTrainingClergy),
			states: []stateDef{{key: "training_the_clergy", term: ownPropagationTerm(clergyBonus)}},
		},
		{
			// CARD-004 Ordaining the Apostles: two tiles the user owns
			// become Apostles: no combat can be declared on them while the
			// user owns them (GAP-52: Moving Mountains still takes them).
			id:      cardOrdainingApostles,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}, {kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				for i := range 2 {
					if t := f.target(i); int(s.tiles[t].Owner) == int(f.seat) {
						s.designateTile(t, int(f.seat), cardOrdainingApostles, 0, forGame())
					}
				}
				return true
			},
			states: []stateDef{{key: "apostle", whileOwned: true}},
		},
		{
			// CARD-005 Casting the Net: a permanent buff of up to 5 stacks
			// (GAP-51); after each successful propagation of the user, for
			// each stack, a different random neutral contactable tile next
			// to the propagated one is propagated with 10%.
			id: cardCastingTheNet,
			run: func(s *State, f *frame) bool {
				seat := int(f.seat)
				e := s.stateOf(seat, cardCastingTheNet, 0)
				if e == nil {
					e = s.addState(seat, seat, cardCastingTheNet, 0, forGame())
				}
				if e.n < netMaxStacks {
					e.n++
				}
				s.emitAll("casting_the_net", seat, map[string]int{"stacks": int(e.n)})
				return true
			},
			states: []stateDef{{
				key: "casting_the_net",
				on: func(s *State, e *effect, h *hook) {
					if h.kind != hookPropagation || !h.won || int(h.seat) != int(e.seat) || e.n <= 0 || !s.chainOpen() {
						return
					}
					s.chain++
					f := frame{kind: frameState, seat: e.seat, card: cardCastingTheNet, payer: -1, h: *h}
					f.x[0] = int32(min(e.n, netMaxStacks))
					s.push(f)
				},
				fire: castNets,
			}},
		},
		{
			// CARD-006 The Age of Cathedrals: a tile the user owns becomes
			// the Pantheon; the user's propagation on the 6 tiles next to
			// it gets +20% (GAP-52), a card term (Tier 1, REL-430).
			id:      cardAgeOfCathedrals,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				s.designateTile(f.target(0), int(f.seat), cardAgeOfCathedrals, 0, forGame())
				return true
			},
			states: []stateDef{{
				key: "pantheon",
				term: func(s *State, e *effect, q *rateQuery) (int, int) {
					if q.rate == rateProp && q.seat == int(e.seat) && s.geo.distance(q.tile, int(e.tile)) == 1 {
						return 1, pantheonBonus
					}
					return 0, 0
				},
			}},
		},
		{
			// CARD-007 The Harvester: +5% propagation for the rest of the
			// game; repeated uses add (GAP-51).
			id:     cardTheHarvester,
			run:    permanentBuff(cardTheHarvester),
			states: []stateDef{{key: "the_harvester", term: ownPropagationTerm(harvesterBonus)}},
		},
		{
			// CARD-008 Season of Harvest: usable only with The Harvester in
			// the user's graveyard; two new Harvester cards enter the hand
			// one at a time (GAP-53, GAP-19).
			id:     cardSeasonOfHarvest,
			usable: func(s *State, seat int) bool { return s.graveHas(seat, cardTheHarvester) },
			run: func(s *State, f *frame) bool {
				s.addToHand(int(f.seat), cardTheHarvester, 0, "effect")
				s.addToHand(int(f.seat), cardTheHarvester, 0, "effect")
				return true
			},
		},
		{
			// CARD-009 Sanctuary: a designation on a tile the user owns;
			// moves toward it go one tile further (GAP-52, sanctuaryStep).
			id:      cardSanctuary,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				s.designateTile(f.target(0), int(f.seat), cardSanctuary, 0, forGame())
				return true
			},
			states: []stateDef{{key: "sanctuary"}},
		},
		{
			// CARD-010 Wall of the Word (reaction): when an effect of
			// another seat nullifies one of the owner's Expansion cards
			// (전도, the group's subtitle, REL-622), the nullification is
			// undone and a random card of the nullifier's deck goes to its
			// graveyard (docs/decisions.md, "Expansion and Unity cards").
			id: cardWallOfTheWord,
			react: &reactSpec{on: hookNullify, cond: func(s *State, owner int, h *hook) bool {
				return int(h.seat) == owner && h.card.Info().Group == GroupExpansion && s.isNullified(int(h.frame), h.card)
			}},
			run: func(s *State, f *frame) bool {
				seat, by := int(f.seat), int(f.h.other)
				if s.isNullified(int(f.h.frame), f.h.card) {
					s.frames[f.h.frame].flags &^= frNullified
				}
				s.emitAll("nullify_undone", seat, map[string]any{"card": f.h.card, "by": by})
				if by >= 0 && by != seat && !s.players[by].defeated {
					s.discardFromDeck(by)
				}
				return true
			},
		},
		{
			// CARD-011 Moving Mountains: take a tile another player owns
			// (even an Apostle, GAP-52) and make it an Icon. The target is
			// chosen from what the user sees; a tile that turns out to be
			// neutral or the user's own is not taken.
			id:      cardMovingMountains,
			targets: []targetSpec{{kind: targetTile, ok: otherTile}},
			run: func(s *State, f *frame) bool {
				seat, t := int(f.seat), f.target(0)
				loser := int(s.tiles[t].Owner)
				if loser < 0 || loser == seat {
					s.emitAll("card_fizzled", seat, map[string]any{"card": cardMovingMountains})
					return true
				}
				s.setOwner(t, seat, s.involved(seat, loser))
				s.tileLost(t, loser, seat, lostEffect)
				s.designateTile(t, seat, cardMovingMountains, 0, forGame())
				return true
			},
			states: []stateDef{iconState()},
		},
		{
			// CARD-012 Miracle of the Icon: a tile the user owns becomes an
			// Icon.
			id:      cardMiracleOfTheIcon,
			targets: []targetSpec{{kind: targetTile, ok: ownTile}},
			run: func(s *State, f *frame) bool {
				s.designateTile(f.target(0), int(f.seat), cardMiracleOfTheIcon, 0, forGame())
				return true
			},
			states: []stateDef{iconState()},
		},
	}
}

// permanentBuff is the run of a card that puts a lasting state on its user
// (GAP-51); each use adds one more.
func permanentBuff(id CardID) func(s *State, f *frame) bool {
	return func(s *State, f *frame) bool {
		s.addState(int(f.seat), int(f.seat), id, 0, forGame())
		return true
	}
}

// ownPropagationTerm adds v to the propagation success rate of the seat
// the state is on, as a card term (Tier 1, REL-430).
func ownPropagationTerm(v int) func(s *State, e *effect, q *rateQuery) (int, int) {
	return func(s *State, e *effect, q *rateQuery) (int, int) {
		if q.rate == rateProp && q.seat == int(e.seat) {
			return 1, v
		}
		return 0, 0
	}
}

// iconState is the Icon of Moving Mountains and Miracle of the Icon
// (GAP-52): while its seat owns the tile, each of its start phases adds
// half the tile's follower allotment (rounded down) to its followers.
// Losing the tile ends it for good.
func iconState() stateDef {
	return stateDef{
		key:        "icon",
		whileOwned: true,
		on: func(s *State, e *effect, h *hook) {
			seat, t := int(e.seat), int(e.tile)
			if h.kind != hookStart || int(h.seat) != seat || int(s.tiles[t].Owner) != seat {
				return
			}
			n := s.tiles[t].Alloc[Followers] / 2
			s.players[seat].res[Followers] += n
			// Only the owner is told the tile: another seat may not see
			// who owns it now (GAP-70).
			s.emit("icon", seat, seatBit(seat), map[string]any{"tile": s.coord(t), "followers": n}, map[string]any{"followers": n})
			s.checkEnd() // REL-051: followers changed
		},
	}
}
