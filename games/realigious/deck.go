package realigious

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"tabletop/engine"
)

// Trait points, trait slots and decks (REL-602-611, REL-670-676). A player
// saves trait slots, picks one on the waiting screen, and the chosen
// traits build the deck: two cards per trait, plus the religion cards of
// Hinduism and Islam. Nothing here is wired into the match yet; the card
// flow (draw, hand, graveyard, using cards) comes later. docs/decisions.md
// (part 2) records the gaps filled here (GAP-20, GAP-27, GAP-28, GAP-29).

// Errors returned by trait slot validation and deck construction; the
// messages name the slot and the problem, and wrap these for errors.Is.
var (
	ErrUnknownTrait   = errors.New("unknown trait")
	ErrUnknownCard    = errors.New("unknown card")
	ErrBadLevel       = errors.New("player level out of range")
	ErrTooManyTraits  = errors.New("too many traits")
	ErrTooFewTraits   = errors.New("too few traits")
	ErrDuplicateTrait = errors.New("duplicate trait")
	ErrUnnamedSlot    = errors.New("unnamed trait slot")
)

// Player levels run from 1 to 6 (REL-606). The level is an account
// attribute (GAP-27), unrelated to a card's power level.
const (
	MinPlayerLevel = 1
	MaxPlayerLevel = 6
)

// CardsPerTrait is the number of cards each trait gives (REL-607).
const CardsPerTrait = 2

// MinSlotTraits is the fewest traits a trait slot may hold: 5 traits give
// the 10 cards of the smallest deck (REL-672, GAP-28).
const MinSlotTraits = 5

// Deck size limits on trait cards; religion cards come on top (REL-672,
// GAP-20).
const (
	MinDeckTraitCards = 10
	MaxDeckTraitCards = 20
)

// TraitPoints returns the trait points of a player of the given level:
// 4 + level, so 5 at level 1 (REL-604), one more per level (REL-605) and
// 10 at level 6 (REL-606, GAP-27). Each trait costs one point (REL-603).
func TraitPoints(level int) (int, error) {
	if level < MinPlayerLevel || level > MaxPlayerLevel {
		return 0, fmt.Errorf("realigious: %w: %d (%d to %d)", ErrBadLevel, level, MinPlayerLevel, MaxPlayerLevel)
	}
	return 4 + level, nil
}

// TraitSlot is a saved, named choice of traits (REL-608, REL-609), the
// parameter a player picks on the waiting screen (REL-610). The JSON form
// lists traits by key: {"name":"Mystic","traits":["a_special_gift",…]}.
type TraitSlot struct {
	Name   string  `json:"name"`
	Traits []Trait `json:"traits"`
}

// Clone returns a copy that shares no memory with s.
func (s TraitSlot) Clone() TraitSlot {
	return TraitSlot{Name: s.Name, Traits: slices.Clone(s.Traits)}
}

// Validate reports whether a player of the given level may use the slot
// (GAP-28): it must have a name, at least 5 and at most TraitPoints(level)
// traits, each one of the 36 and none twice. Traits have no prerequisites.
// Every problem found is reported, joined; each names the slot.
func (s TraitSlot) Validate(level int) error {
	points, err := TraitPoints(level)
	if err != nil {
		return err
	}
	var errs []error
	name := strings.TrimSpace(s.Name)
	if name == "" {
		errs = append(errs, fmt.Errorf("realigious: %w: a trait slot needs a name", ErrUnnamedSlot))
	}
	n := len(s.Traits)
	if n > points {
		errs = append(errs, fmt.Errorf("realigious: %w: slot %q has %d traits, %d allowed at player level %d", ErrTooManyTraits, name, n, points, level))
	}
	if n < MinSlotTraits {
		errs = append(errs, fmt.Errorf("realigious: %w: slot %q has %d traits (%d cards), at least %d traits (%d cards) needed",
			ErrTooFewTraits, name, n, n*CardsPerTrait, MinSlotTraits, MinDeckTraitCards))
	}
	var seen [NumTraits + 1]bool
	for i, t := range s.Traits {
		switch {
		case !t.Valid():
			errs = append(errs, fmt.Errorf("realigious: %w: slot %q, trait %d is %d (1 to %d)", ErrUnknownTrait, name, i+1, uint8(t), NumTraits))
		case seen[t]:
			errs = append(errs, fmt.Errorf("realigious: %w: slot %q lists %q twice", ErrDuplicateTrait, name, t.English()))
		default:
			seen[t] = true
		}
	}
	return errors.Join(errs...)
}

// Cards returns the trait cards of the slot's traits, two per trait in
// slot order (REL-607). It does not validate the slot.
func (s TraitSlot) Cards() []CardID {
	out := make([]CardID, 0, CardsPerTrait*len(s.Traits))
	for _, t := range s.Traits {
		if t.Valid() {
			c := t.Cards()
			out = append(out, c[:]...)
		}
	}
	return out
}

// BuildDeck returns the composition of the deck a player of the given
// level and origin religion builds from the slot (REL-673): the slot's 10
// to 20 trait cards in slot order (REL-607, REL-672), then two Footsteps of
// God for Hinduism or two The Radical for Islam (REL-720). The religion
// cards do not count toward the 10-20 limit (GAP-20). The slot must
// validate at that level.
func BuildDeck(slot TraitSlot, level int, religion Religion) ([]CardID, error) {
	if err := slot.Validate(level); err != nil {
		return nil, err
	}
	return append(slot.Cards(), ReligionCardsFor(religion)...), nil
}

// Deck is a player's deck: the strategy cards not yet drawn (REL-671) and
// the composition it was built with, from which it refills (REL-674,
// REL-675). The zero Deck is empty and never refills.
type Deck struct {
	composition []CardID
	pile        []CardID // pile[len(pile)-1] is the top card
}

// NewDeck shuffles a copy of the composition into a deck (REL-673).
func NewDeck(composition []CardID, r *rand.PCG) Deck {
	d := Deck{composition: slices.Clone(composition)}
	d.refill(r)
	return d
}

func (d *Deck) refill(r *rand.PCG) {
	d.pile = append(d.pile[:0], d.composition...)
	engine.Shuffle(r, len(d.pile), func(i, j int) { d.pile[i], d.pile[j] = d.pile[j], d.pile[i] })
}

// Draw takes the top card of the deck (REL-676). When that was the last
// card, a freshly shuffled set of the composition takes its place at once
// (REL-674, REL-675, GAP-20), so a deck with a composition is never empty
// between draws. ok is false only for a deck with no composition.
func (d *Deck) Draw(r *rand.PCG) (id CardID, ok bool) {
	if len(d.pile) == 0 {
		if len(d.composition) == 0 {
			return 0, false
		}
		d.refill(r)
	}
	id = d.pile[len(d.pile)-1]
	d.pile = d.pile[:len(d.pile)-1]
	if len(d.pile) == 0 {
		d.refill(r)
	}
	return id, true
}

// Len returns the number of cards in the deck.
func (d Deck) Len() int { return len(d.pile) }

// Cards returns the cards in the deck, top first.
func (d Deck) Cards() []CardID {
	out := slices.Clone(d.pile)
	slices.Reverse(out)
	return out
}

// Composition returns the set the deck was built with and refills from.
func (d Deck) Composition() []CardID { return slices.Clone(d.composition) }

// Clone returns a copy that shares no memory with d.
func (d Deck) Clone() Deck {
	return Deck{composition: slices.Clone(d.composition), pile: slices.Clone(d.pile)}
}

// CardSlot is where a player's strategy cards sit (REL-670): the deck at
// the deck position, the hand and the graveyard, each oldest card first.
// The hand limit, discards and card use (REL-677-682, GAP-19, GAP-24)
// belong to the card flow, which is not written yet.
type CardSlot struct {
	Deck      Deck
	Hand      []CardID
	Graveyard []CardID
}

// NewCardSlot places a freshly shuffled deck of the composition at the deck
// position, with an empty hand and graveyard (REL-670, REL-673).
func NewCardSlot(composition []CardID, r *rand.PCG) CardSlot {
	return CardSlot{Deck: NewDeck(composition, r)}
}

// Clone returns a copy that shares no memory with c.
func (c CardSlot) Clone() CardSlot {
	return CardSlot{Deck: c.Deck.Clone(), Hand: slices.Clone(c.Hand), Graveyard: slices.Clone(c.Graveyard)}
}

// Preset is one of the three example trait slots offered to players who
// would rather not build their own, one per victory strategy (REL-611).
type Preset uint8

// The three presets. The seed names none of their contents (GAP-29); we
// take the spec's suggestion, 5 traits each so that a level-1 player can
// use any of them, each drawn from the category of its victory:
//
//   - PresetReligious, "Basic Trait 1", the default slot of a player who
//     has never edited one (UI-217): the propagation and follower cards of
//     Expansion (Gleaning, Ordaining the Apostles, Casting the Net, Season
//     of Harvest) and Unity's Joy of Ministry, which raises propagation
//     rewards.
//   - PresetSocial, "Basic Trait 2": Influence's reputation cards (Noble
//     Sacrifice, Guardian of Life, Hand of Mercy, A New Generation) and
//     Holy War's Fair Game, which answers reputation attacks.
//   - PresetMystic, "Basic Trait 3": Ascension's relic cards (A Humble
//     Burnt Offering, Prayer of Exorcism, A Special Gift, Fire from Heaven,
//     True Homecoming).
const (
	PresetReligious Preset = iota + 1
	PresetSocial
	PresetMystic
	numPresets
)

// DefaultPreset is the slot chosen for a player who has never chosen one
// ("기본 특성 1", Basic Trait 1; UI-217, GAP-29).
const DefaultPreset = PresetReligious

var presetNames = [numPresets]string{"", "religious", "social", "mystic"}

// String returns the preset's victory strategy: "religious", "social" or
// "mystic".
func (p Preset) String() string { return enumName(presetNames[:], int(p)) }

var presetSlots = [numPresets]struct {
	name   string
	traits [MinSlotTraits]Trait
}{
	PresetReligious: {"Basic Trait 1", [MinSlotTraits]Trait{TraitGleaning, TraitOrdainingTheApostles, TraitCastingTheNet, TraitSeasonOfHarvest, TraitJoyOfMinistry}},
	PresetSocial:    {"Basic Trait 2", [MinSlotTraits]Trait{TraitNobleSacrifice, TraitGuardianOfLife, TraitHandOfMercy, TraitANewGeneration, TraitFairGame}},
	PresetMystic:    {"Basic Trait 3", [MinSlotTraits]Trait{TraitAHumbleBurntOffering, TraitPrayerOfExorcism, TraitASpecialGift, TraitFireFromHeaven, TraitTrueHomecoming}},
}

// Slot returns the preset's trait slot, a fresh copy; an empty slot for an
// invalid preset.
func (p Preset) Slot() TraitSlot {
	if p == 0 || p >= numPresets {
		return TraitSlot{}
	}
	d := presetSlots[p]
	return TraitSlot{Name: d.name, Traits: slices.Clone(d.traits[:])}
}

// Presets returns the three preset slots: religious, social, mystic.
func Presets() []TraitSlot {
	return []TraitSlot{PresetReligious.Slot(), PresetSocial.Slot(), PresetMystic.Slot()}
}

// RandomSlot returns a legal trait slot named "Random" for a player of the
// given level, drawn from r alone (the same r state gives the same slot):
// a uniform number of traits from 5 to the level's trait points, then that
// many distinct traits uniformly, listed in tree order. Bots use it. It
// panics if level is outside 1-6.
func RandomSlot(r *rand.PCG, level int) TraitSlot {
	points, err := TraitPoints(level)
	if err != nil {
		panic(err)
	}
	n := MinSlotTraits + engine.IntN(r, points-MinSlotTraits+1)
	all := AllTraits()
	engine.Shuffle(r, len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	traits := all[:n:n]
	slices.Sort(traits)
	return TraitSlot{Name: "Random", Traits: traits}
}
