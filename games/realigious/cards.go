package realigious

import (
	"fmt"
	"strconv"
	"strings"
)

// The strategy card catalogue (section 13 of the spec, CARD-001-084): 72
// trait cards, two to each trait (CARD-001-072), two religion cards added
// by an origin religion (CARD-073-074), five glory cards (CARD-075-079)
// and five shame cards (CARD-080-084). The catalogue is read-only data;
// the card effects are not implemented here.

// CardID identifies a strategy card by its catalogue number, 1 to 84. Its
// text form is the spec ID, "CARD-017". The zero value is no card.
type CardID uint8

// NumCards is the number of distinct strategy cards (section 13.5).
const NumCards = 84

// Cards with a rule of their own outside the trait tree.
const (
	// CardAxisOfEvil (악의 축, Influence) and CardAxisOfEvilReaction
	// (악의 축 (반응), Ascension) share a Korean name but are different
	// cards (GAP-50).
	CardAxisOfEvil         CardID = 32
	CardAxisOfEvilReaction CardID = 56
	// CardFootstepsOfGod is the religion card Hinduism adds twice to the
	// deck; CardTheRadical the one Islam adds twice (REL-720).
	CardFootstepsOfGod CardID = 73
	CardTheRadical     CardID = 74
)

// Valid reports whether id is one of the 84 cards.
func (id CardID) Valid() bool { return id >= 1 && id <= NumCards }

// String returns the card's spec ID, such as "CARD-017".
func (id CardID) String() string { return fmt.Sprintf("CARD-%03d", uint8(id)) }

// MarshalText encodes the card by its spec ID.
func (id CardID) MarshalText() ([]byte, error) {
	if !id.Valid() {
		return nil, fmt.Errorf("realigious: %w %d", ErrUnknownCard, uint8(id))
	}
	return []byte(id.String()), nil
}

// UnmarshalText decodes a card as ParseCardID does.
func (id *CardID) UnmarshalText(b []byte) error {
	v, err := ParseCardID(string(b))
	if err != nil {
		return err
	}
	*id = v
	return nil
}

// ParseCardID reads a card's spec ID, "CARD-017" (the prefix in any letter
// case, the number with or without leading zeros). The error wraps
// ErrUnknownCard.
func ParseCardID(s string) (CardID, error) {
	num, ok := strings.CutPrefix(strings.ToUpper(strings.TrimSpace(s)), "CARD-")
	if ok {
		if n, err := strconv.Atoi(num); err == nil && n >= 1 && n <= NumCards {
			return CardID(n), nil
		}
	}
	return 0, fmt.Errorf("realigious: %w %q (want CARD-001 to CARD-%03d)", ErrUnknownCard, s, NumCards)
}

// CardKind says where a card comes from.
type CardKind uint8

// The four kinds of card; the zero value is no kind (an invalid card).
const (
	TraitCard    CardKind = iota + 1 // given by a trait (REL-607)
	ReligionCard                     // added by an origin religion (REL-720)
	GloryCard                        // reward of piece-vs-piece combat (REL-721)
	ShameCard                        // punishment of piece-vs-piece combat (REL-721)
	numCardKinds
)

var cardKindNames = [numCardKinds]string{"", "trait", "religion", "glory", "shame"}

func (k CardKind) String() string { return enumName(cardKindNames[:], int(k)) }

// ExtraPayment is a payment a card's text states besides its level cost
// (REL-701, the "+" of the catalogue's cost rule). Whether it is paid in
// addition to the level cost is GAP-23; paying it is the card flow's job.
type ExtraPayment uint8

// The stated payments found in the catalogue.
const (
	NoExtraPayment   ExtraPayment = iota
	PayReputation                 // CardInfo.ExtraReputation points of reputation (CARD-038, 061, 067)
	PayAllResources               // all your resources (CARD-026, 062)
	PayHalfResources              // half of (all) your resources (CARD-022, 060, 066)
	// CostDoublesPerStack: the resource cost doubles each time the card's
	// stack rises (CARD-064, GAP-56); Cost is the cost at stack 0.
	CostDoublesPerStack
	numExtraPayments
)

var extraPaymentNames = [numExtraPayments]string{"", "reputation", "all_resources", "half_resources", "doubles_per_stack"}

func (p ExtraPayment) String() string { return enumName(extraPaymentNames[:], int(p)) }

// CostPerLevel is the resource cost of one power level: a card costs its
// level × 100 in donations or influence (REL-324, REL-325, REL-701).
const CostPerLevel = 100

// CardInfo is one catalogue entry (section 13).
type CardInfo struct {
	ID   CardID
	Kind CardKind
	// Korean is the card's name in the seed. A reaction card's name carries
	// the seed's marker, written " (반응)" with one space (the seed spaces
	// it both ways), as REL-691 says the name does.
	Korean string
	// English is the spec's English name. It does not carry the reaction
	// marker, except "Axis of Evil (Reaction)", which must be told apart
	// from "Axis of Evil" (GAP-50).
	English string
	// Trait and Group are the trait that gives the card and its group;
	// NoTrait and NoGroup for religion, glory and shame cards.
	Trait Trait
	Group TraitGroup
	// Level is the card's power level, 0 to 10 (REL-612); religion, glory
	// and shame cards have no level and hold 0 (GAP-23).
	Level int
	// Reaction: the card is a conditional activation, "(반응)" (REL-691).
	Reaction bool
	// Extra is the payment the card's text states beside the level cost;
	// ExtraReputation is its amount in reputation points when Extra is
	// PayReputation.
	Extra           ExtraPayment
	ExtraReputation int
	// Text is the spec's English translation of the card's effect, without
	// the spec's editorial remarks on the source.
	Text string
	// TextKo is the seed's Korean text of the effect, the game's source
	// language, verbatim and joined into one line (cards_ko.go).
	TextKo string
}

// Category returns the category of the card's trait group, NoCategory for
// cards that come from no trait.
func (c CardInfo) Category() TraitCategory { return c.Group.Category() }

// Cost returns the resources, in donations or influence, a card costs to
// use: level × 100 for a trait card (REL-324, REL-325, REL-701), nothing for
// glory and shame cards (REL-723) and, having no level, for religion cards
// (GAP-23). A stated extra payment (Extra) is not included.
func (c CardInfo) Cost() int {
	if c.Kind != TraitCard {
		return 0
	}
	return c.Level * CostPerLevel
}

// Info returns the card's catalogue entry; the zero CardInfo for an
// invalid ID.
func (id CardID) Info() CardInfo {
	if !id.Valid() {
		return CardInfo{}
	}
	d := &cardTable[id]
	c := CardInfo{
		ID: id, Kind: d.kind, Korean: d.korean, English: d.english,
		Trait: d.trait, Group: d.trait.Group(), Level: d.level, Reaction: d.reaction,
		Extra: d.extra, ExtraReputation: d.reputation, Text: d.text, TextKo: cardTextKo[id],
	}
	if d.trait != NoTrait {
		c.Kind = TraitCard
	}
	return c
}

// Cost returns the card's resource cost (CardInfo.Cost).
func (id CardID) Cost() int { return id.Info().Cost() }

// Cards returns the whole catalogue in ID order, a fresh slice.
func Cards() []CardInfo {
	out := make([]CardInfo, NumCards)
	for i := range out {
		out[i] = CardID(i + 1).Info()
	}
	return out
}

// TraitCards returns the 72 trait cards, CARD-001 to CARD-072.
func TraitCards() []CardID { return cardRange(1, 2*NumTraits) }

// GloryCards returns the five glory cards, CARD-075 to CARD-079 (REL-725).
func GloryCards() []CardID { return cardRange(75, 79) }

// ShameCards returns the five shame cards, CARD-080 to CARD-084 (REL-725).
func ShameCards() []CardID { return cardRange(80, 84) }

func cardRange(first, last CardID) []CardID {
	out := make([]CardID, 0, last-first+1)
	for id := first; id <= last; id++ {
		out = append(out, id)
	}
	return out
}

// ReligionCardCopies is how many copies of its religion card an origin
// religion adds to the deck (REL-720).
const ReligionCardCopies = 2

// ReligionCardsFor returns the religion cards an origin religion adds to
// the deck: two Footsteps of God for Hinduism, two The Radical for Islam,
// none for Christianity and Buddhism (REL-720).
func ReligionCardsFor(r Religion) []CardID {
	var id CardID
	switch r {
	case Hinduism:
		id = CardFootstepsOfGod
	case Islam:
		id = CardTheRadical
	default:
		return nil
	}
	out := make([]CardID, ReligionCardCopies)
	for i := range out {
		out[i] = id
	}
	return out
}

// cardData is a catalogue row. A row with a trait is a trait card; the
// other rows name their kind.
type cardData struct {
	kind       CardKind
	trait      Trait
	level      int
	reaction   bool
	extra      ExtraPayment
	reputation int
	korean     string
	english    string
	text       string
}

// cardTable is the catalogue of section 13, indexed by CardID (row 0 is
// unused). Korean names are the seed's; English names and texts are the
// spec's.
var cardTable = [NumCards + 1]cardData{
	1: {trait: TraitGleaning, level: 1, korean: "이삭 줍기", english: "Gleaning",
		text: "Select a revealed neutral tile. Add the number of followers allotted to that tile to your followers."},
	2: {trait: TraitGleaning, level: 9, korean: "회개", english: "Repentance",
		text: "For the next three turns, you spend no reputation when declaring combat. Whether the combat succeeds is calculated by the propagation rule, not the combat rule."},
	3: {trait: TraitOrdainingTheApostles, level: 2, korean: "성직자 양성", english: "Training the Clergy",
		text: "Permanently increase your propagation success rate by 3%."},
	4: {trait: TraitOrdainingTheApostles, level: 8, korean: "사도 책봉", english: "Ordaining the Apostles",
		text: "Select two tiles you own. Designate them as 'Apostle'. For the rest of this game they cannot be designated as combat targets."},
	5: {trait: TraitCastingTheNet, level: 3, korean: "그물 던지기", english: "Casting the Net",
		text: "Each time you succeed at propagation, designate one random neutral tile near that tile and propagate it with 10% probability. This buff can stack up to 5 times."},
	6: {trait: TraitCastingTheNet, level: 7, korean: "대성당들의 시대", english: "The Age of Cathedrals",
		text: "Designate one tile you own as 'Pantheon'. Your propagation success rate on tiles adjacent to the Pantheon rises by 20%."},
	7: {trait: TraitSeasonOfHarvest, level: 4, korean: "추수꾼", english: "The Harvester",
		text: "Permanently increase your propagation success rate by 5%."},
	8: {trait: TraitSeasonOfHarvest, level: 6, korean: "수확의 계절", english: "Season of Harvest",
		text: "Can be activated only if 'The Harvester' is in your graveyard. Add two 'The Harvester' cards to your hand."},
	9: {trait: TraitRampartOfTheWord, level: 5, korean: "성역", english: "Sanctuary",
		text: "Designate one tile you own as 'Sanctuary'. When your piece moves in the direction in which that tile lies, it moves 2 tiles at a time."},
	10: {trait: TraitRampartOfTheWord, level: 5, reaction: true, korean: "말씀의 벽 (반응)", english: "Wall of the Word",
		text: "Reacts immediately to an attempt to nullify your propagation. Nullify that attempt, and send one random card from the opponent's deck to the graveyard."},
	11: {trait: TraitMovingMountains, level: 6, korean: "산 옮기기", english: "Moving Mountains",
		text: "Designate one tile owned by another player. Take ownership of that tile and designate it as 'Icon'. While you own that tile, 1/2 of the followers allotted to it is added to your followers."},
	12: {trait: TraitMovingMountains, level: 4, korean: "성상의 기적", english: "Miracle of the Icon",
		text: "Designate one tile you own as 'Icon'. While you own that tile, every turn 1/2 of the followers allotted to it is added to your followers."},
	13: {trait: TraitAngelsSeal, level: 1, reaction: true, korean: "천사의 도장 (반응)", english: "Angel's Seal",
		text: "Reacts when one of your cards goes to the graveyard. Use that card without spending resources."},
	14: {trait: TraitAngelsSeal, level: 9, korean: "총 수비태세", english: "Full Defensive Stance",
		text: "Send every kind of (reaction) card in your deck to the graveyard and gain all of those (reaction) effects. If several (reaction) cards have the same activation condition, only the effect of the one with the lowest resource cost applies."},
	15: {trait: TraitTheTithe, level: 2, korean: "십 분의 일", english: "The Tithe",
		text: "Your combat defense rate increases by 10%."},
	16: {trait: TraitTheTithe, level: 8, reaction: true, korean: "기적 (반응)", english: "Miracle",
		text: "Reacts when a player other than you uses a card. Discard your whole hand. Nullify the effects of that card and of every card used until your next turn comes round."},
	17: {trait: TraitOnesOwnTrial, level: 3, korean: "제 몫의 시련", english: "One's Own Trial",
		text: "You do not draw for 3 turns. At the start phase after those 3 turns, discard your whole hand and draw three cards."},
	18: {trait: TraitOnesOwnTrial, level: 7, reaction: true, korean: "고행의 대가 (반응)", english: "Reward of Penance",
		text: "Reacts when a tile you own is lost in combat. For the next 2 cycles, your propagation success rate and your combat defense rate become 100%."},
	19: {trait: TraitJoyOfMinistry, level: 4, korean: "사역의 기쁨", english: "Joy of Ministry",
		text: "All resources gained through propagation increase by 10%."},
	20: {trait: TraitJoyOfMinistry, level: 6, korean: "신앙촌 건설", english: "Building a Faith Village",
		text: "Select one tile you own and designate it as 'Faith Village'. If you own that tile at your start phase, you gain all the resources allotted to it except followers."},
	21: {trait: TraitEternalReturn, level: 5, korean: "영원한 회귀", english: "Eternal Return",
		text: "When used, counts 1 cycle. At your start phase 1 cycle later, discard your whole hand and, in return, take into your hand all the strategy cards used during that 1 cycle. If there are 3 or more, take the three used most recently."},
	22: {trait: TraitEternalReturn, level: 5, extra: PayHalfResources, korean: "면죄부", english: "Indulgence",
		text: "Spend half of all the resources you have to set your reputation to 50%."},
	23: {trait: TraitReunionAtTheDeadSea, level: 6, korean: "사해의 재회", english: "Reunion at the Dead Sea",
		text: "Put yourself in the 'Reunion' state. When one full set of your deck has gone into the graveyard, 'Reunion' is removed and you immediately draw three cards."},
	24: {trait: TraitReunionAtTheDeadSea, level: 4, reaction: true, korean: "강 같은 평화 (반응)", english: "Peace Like a River",
		text: "Reacts immediately when combat is declared against a tile you own. Nullify that attempt. Designate one tile adjacent to a water tile and move that player's piece to it."},
	25: {trait: TraitNobleSacrifice, level: 1, korean: "구호 봉사단", english: "Relief Volunteers",
		text: "Increase your reputation by 3%."},
	26: {trait: TraitNobleSacrifice, level: 9, extra: PayAllResources, korean: "고귀한 희생", english: "Noble Sacrifice",
		text: "Spend all your resources to increase your reputation by 15%."},
	27: {trait: TraitGuardianOfLife, level: 2, korean: "생명의 수호자", english: "Guardian of Life",
		text: "Select one neutral tile and designate it as 'Hospital'. Each time a player other than you contacts that tile, your reputation rises by 5%."},
	28: {trait: TraitGuardianOfLife, level: 8, reaction: true, korean: "구호작전 (반응)", english: "Relief Operation",
		text: "Reacts when a tile owned by another player is designated as a combat target. Nullify that combat and increase your reputation by 10%."},
	29: {trait: TraitHandOfMercy, level: 3, korean: "오른손이 하는 일", english: "What the Right Hand Does",
		text: "Increase your reputation by 3%. If 'Let Not the Left Hand Know' is in your graveyard when this card is used, return that card to your hand."},
	30: {trait: TraitHandOfMercy, level: 7, korean: "왼손은 모르게", english: "Let Not the Left Hand Know",
		text: "For the next three turns, your reputation value is not shown on the status board. If 'What the Right Hand Does' is in your graveyard when this card is used, return that card to your hand."},
	31: {trait: TraitANewGeneration, level: 4, korean: "새로운 세대", english: "A New Generation",
		text: "Select one tile you own and designate it as 'School'. Every turn, if you own that tile at the start phase, your reputation increases by 1%."},
	32: {trait: TraitANewGeneration, level: 6, korean: "악의 축", english: "Axis of Evil",
		text: "Designate one player. For 3 turns, that player spends twice the reputation normally spent when declaring combat."},
	33: {trait: TraitOperationSnowWhite, level: 5, reaction: true, korean: "도청장치 (반응)", english: "Wiretap",
		text: "Activates when a celebrity steps on your tile. That celebrity enters the 'Wiretapped' state. While it is wiretapped, it shares its vision with you, whoever has bribed it."},
	34: {trait: TraitOperationSnowWhite, level: 5, korean: "백설공주 작전", english: "Operation Snow White",
		text: "In your next turn's move phase, swap positions with the celebrity."},
	35: {trait: TraitTheAppointedKing, level: 6, korean: "예비된 왕", english: "The Appointed King",
		text: "Select one of your cards. After 3 turns, add that card to your hand. Using that card consumes no resources."},
	36: {trait: TraitTheAppointedKing, level: 4, korean: "미래의 축복", english: "Blessing of the Future",
		text: "Select one card from your deck. At the start phase 2 turns later, instead of drawing from the deck, add that card to your hand. If your hand is full, send that card to the graveyard."},
	37: {trait: TraitASimplePrank, level: 1, korean: "간단한 장난", english: "A Simple Prank",
		text: "Decrease the reputation of every player other than you by 3%."},
	38: {trait: TraitASimplePrank, level: 9, extra: PayReputation, reputation: 10, korean: "최악의 추문", english: "The Worst Scandal",
		text: "Pay 10% reputation. If you win a piece-vs-piece combat this turn, move that player's piece to their starting point."},
	39: {trait: TraitFairGame, level: 2, reaction: true, korean: "공정한 게임 (반응)", english: "Fair Game",
		text: "Reacts immediately when a reputation-lowering effect targeting you occurs. Reduce that player's reputation by the amount you lost."},
	40: {trait: TraitFairGame, level: 8, korean: "언론 장악", english: "Media Control",
		text: "For the next three turns, place fog on the \"adjacent 2 tiles\" where you stand. Fog completely hides those tiles. What happens inside the fog is not output to the status board or as status messages."},
	41: {trait: TraitScatteredInTerror, level: 3, korean: "혼비백산", english: "Scattered in Terror",
		text: "If you win a normal combat this turn, you gain one random neutral tile adjacent to that tile."},
	42: {trait: TraitScatteredInTerror, level: 7, reaction: true, korean: "추격전 (반응)", english: "The Chase",
		text: "Reacts when your tile successfully defends in combat. Move your piece to that tile. You win your next combat unconditionally."},
	43: {trait: TraitLawfulExecution, level: 4, korean: "살인 청부", english: "Contract Killing",
		text: "Usable only if you have bribed a celebrity. Put the celebrity in the 'Contract Killing' state. A celebrity in this state fights a piece-vs-piece combat with the first player piece it contacts. The combat success rate in that combat is yours."},
	44: {trait: TraitLawfulExecution, level: 6, korean: "정당한 집행", english: "Lawful Execution",
		text: "Remove the celebrity currently on the map and summon one new celebrity on a random tile. The new celebrity does not share the re-bribe cost of the previous one."},
	45: {trait: TraitFearAndTrembling, level: 5, korean: "모 아니면 도", english: "All or Nothing",
		text: "For 3 turns, your combat success rate rises by 30%, but you are put in the 'Reckless' state. While Reckless, you lose combat with 10% probability whatever the combat result."},
	46: {trait: TraitFearAndTrembling, level: 5, korean: "공포와 전율", english: "Fear and Trembling",
		text: "Select a tile you own that has a structure. Designate that structure as a 'Private Army Base'. Wherever your piece is, you can declare combat on every tile within 1 tile of the Private Army Base."},
	47: {trait: TraitTheHeavenlyHost, level: 6, korean: "성전 선포", english: "Declaration of Holy War",
		text: "You lose no reputation in your next three battles."},
	48: {trait: TraitTheHeavenlyHost, level: 4, korean: "천상의 군세", english: "The Heavenly Host",
		text: "For this turn only, you win combat."},
	49: {trait: TraitAHumbleBurntOffering, level: 1, korean: "소박한 번제", english: "A Humble Burnt Offering",
		text: "Reveal the location of one random relic that has not been revealed."},
	50: {trait: TraitAHumbleBurntOffering, level: 9, korean: "마지막 조각", english: "The Last Piece",
		text: "Acquire one relic."},
	51: {trait: TraitPrayerOfExorcism, level: 2, reaction: true, korean: "구마의식 (반응)", english: "Rite of Exorcism",
		text: "Reacts immediately when a player other than you acquires a relic. Take the relic from that player and relocate it to a random tile. The relic buff that player gained does not disappear."},
	52: {trait: TraitPrayerOfExorcism, level: 8, korean: "승천자의 힘", english: "Power of the Ascended",
		text: "Activates by relocating two of your relics onto the map. For 5 turns you win every combat and propagation that takes place."},
	53: {trait: TraitASpecialGift, level: 3, korean: "특별한 은사", english: "A Special Gift",
		text: "Draw two cards."},
	54: {trait: TraitASpecialGift, level: 7, korean: "계시", english: "Revelation",
		text: "Designate one tile whose location has been revealed and that holds a relic. Connect it with a straight line to the tile you own that is closest to it. Attempt propagation simultaneously on the neutral tiles the line passes through. Each result follows your propagation success rate for that tile."},
	55: {trait: TraitFireFromHeaven, level: 4, reaction: true, korean: "불벼락 (반응)", english: "Fire from Heaven",
		text: "Reacts when an attempt to take your relic occurs. Nullify that attempt and, if that player has relics, take them from that player. Relics taken this way do not count toward relic stacks."},
	56: {trait: TraitFireFromHeaven, level: 6, reaction: true, korean: "악의 축 (반응)", english: "Axis of Evil (Reaction)",
		text: "Reacts when you lose a combat. Double the reputation that the player who declared the combat spends when declaring combat."},
	57: {trait: TraitPiousBodyAndMind, level: 5, korean: "인도", english: "Guidance",
		text: "Select one tile you have taken. In your next turn's move phase, move your piece to that tile."},
	58: {trait: TraitPiousBodyAndMind, level: 5, korean: "경건한 심신", english: "Pious Body and Mind",
		text: "Select one player. Nullify every special effect on that player except passive bonuses/penalties."},
	59: {trait: TraitTrueHomecoming, level: 6, korean: "진실한 귀향", english: "True Homecoming",
		text: "Send one of your relics to the graveyard. Create two new relics and place them one each on random tiles you own."},
	60: {trait: TraitTrueHomecoming, level: 4, extra: PayHalfResources, korean: "재림", english: "The Second Coming",
		text: "If a relocated relic exists on the map, spend half of the resources you have to own it again."},
	61: {trait: TraitNightOfTemperance, level: 0, extra: PayReputation, reputation: 1, korean: "절제의 밤", english: "Night of Temperance",
		text: "Pay 1% reputation and draw one card."},
	62: {trait: TraitNightOfTemperance, level: 10, extra: PayAllResources, korean: "신의 영역", english: "Domain of God",
		text: "Spend all your resources and select two tiles. Tiles that cannot be moved onto cannot be selected. Swap the positions of the two selected tiles. This card can be used only once per game."},
	63: {trait: TraitGodsAnswer, level: 2, korean: "신의 대답", english: "God's Answer",
		text: "Designate one card in your hand. Put it into your deck and shuffle. Add to your hand one random card that is not of the <Sacrifice> trait."},
	64: {trait: TraitGodsAnswer, level: 8, extra: CostDoublesPerStack, korean: "파멸의 주문", english: "Spell of Ruin",
		text: "No effect can nullify this card. When it is used, it is added to the hand of the player whose turn is next, and its stack rises by 1. Each time the stack rises, the resources needed to use the card double. When the stack reaches 5, or when this card goes to the graveyard, the card's holder loses 20% reputation."},
	65: {trait: TraitTheWitchsWay, level: 3, reaction: true, korean: "마녀의 방식 (반응)", english: "The Witch's Way",
		text: "Reacts when another player uses a card. Nullify that card's activation."},
	66: {trait: TraitTheWitchsWay, level: 7, extra: PayHalfResources, korean: "시간역행", english: "Time Reversal",
		text: "Spend half of all the resources you have to return the target player's play state to what it was one turn earlier. Resources the target player spent are not restored."},
	67: {trait: TraitTheFutureWithin, level: 4, extra: PayReputation, reputation: 5, korean: "몸 속의 미래", english: "The Future Within",
		text: "Pay 5% reputation and draw three cards."},
	68: {trait: TraitTheFutureWithin, level: 6, korean: "대재앙", english: "Catastrophe",
		text: "Usable only while you hold cards in hand other than this one. Send every player's hand to the graveyard, then use the card among them with the highest resource cost."},
	69: {trait: TraitASmallSacrifice, level: 5, korean: "꼭두각시 저주", english: "Puppet Curse",
		text: "For 3 turns, every tile the celebrity contacts becomes a neutral tile."},
	70: {trait: TraitASmallSacrifice, level: 5, korean: "사소한 희생", english: "A Small Sacrifice",
		text: "Designate one tile you own and make it a neutral tile. Then designate one tile with no structure as 'Ruins'. No player can contact a tile designated as Ruins."},
	71: {trait: TraitJudgmentDay, level: 6, korean: "심판의 날", english: "Judgment Day",
		text: "Select one player and put them in the 'Judgment' state. Judgment lasts 3 turns. If during it the player declares combat or defends successfully in combat, deduct 10% of that player's reputation."},
	72: {trait: TraitJudgmentDay, level: 4, reaction: true, korean: "종말론 (반응)", english: "Eschatology",
		text: "Reacts when a player other than you loses a normal combat. If any of the six tiles adjacent to the lost tile are owned by that player, all of them become neutral tiles."},
	73: {kind: ReligionCard, korean: "신의 발자취", english: "Footsteps of God",
		text: "Select one tile you own. In the interaction phase of your next turn, you give up your chance to move and move to that tile instead."},
	74: {kind: ReligionCard, korean: "과격주의자", english: "The Radical",
		text: "Activates when this card is used or goes to the graveyard. Put one random tile you own in the 'Secession' state. If your piece does not contact that tile within 3 turns, the tile becomes a neutral tile."},
	75: {kind: GloryCard, korean: "영광 : 자비", english: "Glory: Mercy",
		text: "Your next strategy card consumes no resources to activate."},
	76: {kind: GloryCard, korean: "영광 : 노도", english: "Glory: Onrush",
		text: "Your next move contacts 3 tiles. The piece ends on the 3rd tile."},
	77: {kind: GloryCard, korean: "영광 : 재보", english: "Glory: Treasure",
		text: "Gain 1000 donations and 1000 influence."},
	78: {kind: GloryCard, korean: "영광 : 구도자", english: "Glory: Seeker",
		text: "You are in the 'Seeker' state for 3 turns. While it lasts, you cannot be designated as the target of any strategy card's effect."},
	79: {kind: GloryCard, korean: "영광스러운 기회", english: "A Glorious Opportunity",
		text: "When this turn ends, you take one more new turn."},
	80: {kind: ShameCard, korean: "수치 : 연패", english: "Shame: Losing Streak",
		text: "You are in the 'Losing Streak' state for 2 turns. While it lasts, if another player declares combat against a tile you own, you lose that combat unconditionally."},
	81: {kind: ShameCard, korean: "수치 : 통제", english: "Shame: Control",
		text: "You are in the 'Control' state for 2 turns. While it lasts, in the interaction phase of your turn, a random player other than you gains control of your piece."},
	82: {kind: ShameCard, korean: "수치 : 공황", english: "Shame: Panic",
		text: "Your followers, donations and influence values are swapped with one another."},
	83: {kind: ShameCard, korean: "수치 : 파문", english: "Shame: Excommunication",
		text: "Send the rest of your deck to the graveyard. Choose 10 random cards from the whole card pool and use them as your new deck."},
	84: {kind: ShameCard, korean: "수치스러운 결말", english: "A Shameful End",
		text: "Your turn in the next cycle is skipped."},
}
