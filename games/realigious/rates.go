package realigious

// Rates are integer percentages built in tiers and evaluated bottom up
// (GAP-12): the Tier 5 base (Tier 4 for R2), then every lower-numbered tier's
// additive terms, then the clamp to [10, 99] (REL-436, REL-541, REL-557).
// Cards (Tier 1) and tile designations (Tier 2) are added by later parts of
// the rules through the same terms.

// termName names one term of a rate, as shown in explain events.
type termName uint8

const (
	termBase termName = iota
	termCorrection
	termFollowers
	termHinduism
	termIslam
	termRelics
	termHeat
	termCold
	termFirstArrival
	termDefenseCorrection
	termMiddleWay
	termChurch
	termCard // a card effect: named by its state's key
	numTermNames
)

var termNames = [numTermNames]string{
	"base", "correction", "followers", "hinduism_polytheism", "islam_jihad",
	"relics", "dry_heat", "dry_cold", "first_arrival", "defense_correction",
	"middle_way", "same_religion_church", "card",
}

func (n termName) String() string { return enumName(termNames[:], int(n)) }

// term is one addend of a rate. A card effect's term is named termCard
// and carries the effect's card and state index, so that explain events
// name it by the state's key (effects.go).
type term struct {
	tier  int8
	name  termName
	value int16
	card  CardID
	sub   uint8
}

// maxTerms bounds the terms of one rate; the array keeps State flat.
const maxTerms = 16

// terms is a fixed-capacity list of a rate's addends, lowest tier first.
type terms struct {
	n    uint8
	list [maxTerms]term
}

func (ts *terms) add(tier int, name termName, value int) {
	if value == 0 && name != termBase {
		return
	}
	if int(ts.n) < maxTerms {
		ts.list[ts.n] = term{tier: int8(tier), name: name, value: int16(value)}
		ts.n++
	}
}

// addCard adds a card effect's term (Tier 1 for cards, Tier 2 for
// designations, GAP-12).
func (ts *terms) addCard(tier int, card CardID, sub uint8, value int) {
	if int(ts.n) < maxTerms {
		ts.list[ts.n] = term{tier: int8(tier), name: termCard, value: int16(value), card: card, sub: sub}
		ts.n++
	}
}

func (ts *terms) items() []term { return ts.list[:ts.n] }

// sum evaluates the terms from the highest tier number (the base) down to
// Tier 1, adding within a tier (GAP-12).
func (ts *terms) sum() int {
	total := 0
	for tier := int8(5); tier >= 1; tier-- {
		for _, t := range ts.items() {
			if t.tier == tier {
				total += int(t.value)
			}
		}
	}
	return total
}

// propagationTerms builds the propagation success rate of seat on tile
// (REL-419, REL-424-434).
func (s *State) propagationTerms(seat, tile int) terms {
	var ts terms
	pl := &s.players[seat]
	p := s.p
	ts.add(5, termBase, p.PropagationBase)                                   // REL-425, REL-434
	ts.add(4, termCorrection, int(pl.propCorr)*p.PropagationCorrect)         // REL-427, REL-428
	ts.add(4, termFollowers, int(pl.res[Followers])/100*p.PropagationPer100) // REL-426
	if pl.religion == Hinduism {
		ts.add(4, termHinduism, -p.HinduPenalty) // REL-140
	}
	ts.add(4, termRelics, s.relicBonus(seat, ZogMalomos)) // REL-906-908
	if s.climate == Dry && !s.night {
		ts.add(3, termHeat, -p.HeatPenalty) // GAP-40
	}
	if pl.middleWay {
		ts.add(3, termMiddleWay, p.MiddleWayBonus) // GAP-35
	}
	if tl := &s.tiles[tile]; tl.Structure == Church && tl.Church == pl.religion {
		ts.add(2, termChurch, p.ChurchBonus) // REL-944, GAP-35
	}
	s.cardTerms(&ts, rateQuery{rate: rateProp, seat: seat, other: -1, tile: tile})
	return ts
}

// attackTerms builds R1, the attacker's combat success rate (REL-550-555,
// GAP-09, GAP-10). withFollowers is whether the declaration paid followers.
func (s *State) attackTerms(seat int, withFollowers bool) terms {
	var ts terms
	pl := &s.players[seat]
	p := s.p
	ts.add(5, termBase, p.CombatBase)                             // REL-546
	ts.add(4, termCorrection, int(pl.combatCorr)*p.CombatCorrect) // REL-548, REL-549
	if withFollowers {
		ts.add(4, termFollowers, p.CombatFollowerBonus) // REL-547
	}
	if pl.religion == Islam {
		ts.add(4, termIslam, p.IslamCombatBonus) // REL-142
	}
	ts.add(4, termRelics, s.relicBonus(seat, Sekrazade)) // REL-912-914
	if s.climate == Dry && s.night {
		ts.add(3, termCold, -p.ColdPenalty) // GAP-40
	}
	return ts
}

// defenseTerms builds R2, the defender's combat defense rate (REL-536-540).
// firstArrival is set in piece-vs-piece combat (REL-510, GAP-15).
func (s *State) defenseTerms(seat int, firstArrival bool) terms {
	var ts terms
	pl := &s.players[seat]
	p := s.p
	ts.add(4, termBase, p.DefenseBase)                                 // REL-532, REL-540
	ts.add(3, termDefenseCorrection, int(pl.defCorr)*p.DefenseCorrect) // REL-533, REL-539
	if firstArrival && pl.religion != Christianity {
		ts.add(2, termFirstArrival, p.FirstArrivalBonus) // GAP-15, REL-134
	}
	return ts
}

// PropagationRate returns seat's clamped propagation success rate on tile, as
// displayed to the player (REL-435).
func (s *State) PropagationRate(seat, tile int) int {
	ts := s.propagationTerms(seat, tile)
	return s.p.clamp(ts.sum())
}
