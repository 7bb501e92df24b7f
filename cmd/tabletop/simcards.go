package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"tabletop/engine"
)

// Trait slots and strategy cards in the balance lab. A game with
// deck-building seats (Realigious: trait slots build the deck) gets each
// seat's slot from -traits; sim then counts the cards every seat used,
// from the game's "card used" events, and relates using a card to
// winning. Games without cards report none of this.

// The optional interfaces sim uses for slots and cards.
type (
	// slotGame is implemented by games whose seats bring a trait slot:
	// named presets, or a random legal slot drawn from a seed.
	slotGame interface {
		TraitPresets() []string
		WithTraitSlots(config []byte, seats int, choices []string, seed uint64) ([]byte, error)
	}
	// cardGame is implemented by games with strategy cards: the catalogue
	// keys, their names, which are implemented, and which event announces
	// a card use (ev.Seat used the card).
	cardGame interface {
		CardKeys() []string
		CardName(key string) string
		ImplementedCards() []string
		AwardedCards() []string
		CardUse(ev engine.Event) (card string, ok bool)
	}
	// deckHolder is implemented by states that tell which cards a seat's
	// deck holds (the cards it could draw and use).
	deckHolder interface{ DeckCards(seat int) []string }
)

// The -traits choices besides the game's preset names.
const (
	traitsAuto   = "auto"   // random slots for random bots, a random preset for the others
	traitsRandom = "random" // a random legal slot
	traitsPreset = "preset" // one of the presets, drawn at random
	traitsConfig = "config" // the slot -config gives (the game's default if none)
)

// slotStream is the PCG stream of the draws that pick a game's slots.
const slotStream = 0x736c6f7473 // "slots"

// traitChoices checks -traits against the line-up: one choice for every
// seat, or one per bot of the line-up (which rotates with it). Empty means
// auto. It returns the choices, one per line-up position.
func traitChoices(fs *flag.FlagSet, g engine.Game, flagValue string, lineup []string) ([]string, error) {
	var names []string
	if strings.TrimSpace(flagValue) != "" {
		for _, f := range strings.Split(flagValue, ",") {
			names = append(names, strings.TrimSpace(f))
		}
	}
	sg, ok := g.(slotGame)
	if !ok {
		if len(names) == 0 || (len(names) == 1 && names[0] == traitsAuto) {
			return nil, nil
		}
		return nil, usagef(fs, "-traits: %s has no trait slots", g.Descriptor().Name)
	}
	valid := append([]string{traitsAuto, traitsRandom, traitsPreset, traitsConfig}, sg.TraitPresets()...)
	switch len(names) {
	case 0:
		names = []string{traitsAuto}
		fallthrough
	case 1:
		names = slices.Repeat(names, len(lineup))
	case len(lineup):
	default:
		return nil, usagef(fs, "-traits: %d trait slots for %d players (give one per seat, or one for all seats)", len(names), len(lineup))
	}
	for _, n := range names {
		if !slices.Contains(valid, n) {
			return nil, usagef(fs, "-traits: unknown trait slot %q (known: %s)", n, strings.Join(valid, ", "))
		}
	}
	return names, nil
}

// traitsFor returns game i's trait choices per seat, before auto and
// preset are resolved: they rotate with the bots (see botsFor).
func (p *simPlan) traitsFor(i int) []string {
	if p.traits == nil {
		return nil
	}
	n := p.playersFor(i)
	shift := 0
	if p.rotate {
		shift = (i / len(p.counts)) % len(p.lineup)
	}
	out := make([]string, n)
	for s := range out {
		out[s] = p.traits[(s+shift)%len(p.traits)]
	}
	return out
}

// gameSetup returns game i's config and the slot each seat plays (nil for
// a game without slots): auto becomes random for a random bot and preset
// for any other; preset becomes a preset drawn from a PCG seeded with the
// game's seed; random slots are drawn by the game from a seed taken from
// the same PCG. So the slots, like everything else, depend on i alone.
func (p *simPlan) gameSetup(i int) (config []byte, slots []string, err error) {
	n := p.playersFor(i)
	config = p.configs[n]
	sg, ok := p.game.(slotGame)
	choices := p.traitsFor(i)
	if !ok || choices == nil {
		return config, nil, nil
	}
	r := engine.SeedPCG(gameSeed(p.seed, i), slotStream)
	presets := sg.TraitPresets()
	bots := p.botsFor(i)
	slots = make([]string, n)
	pass := make([]string, n)
	for s, c := range choices {
		if c == traitsAuto {
			c = traitsPreset
			if bots[s] == "random" {
				c = traitsRandom
			}
		}
		if c == traitsPreset {
			c = presets[engine.IntN(&r, len(presets))]
		}
		slots[s] = c
		if c != traitsConfig {
			pass[s] = c
		}
	}
	config, err = sg.WithTraitSlots(config, n, pass, r.Uint64())
	if err != nil {
		return nil, nil, fmt.Errorf("trait slots %v: %w", slots, err)
	}
	return config, slots, nil
}

// cardCounts is what one game makes of the cards: per seat, the uses of
// each card and the cards its deck holds.
type cardCounts struct {
	uses  []map[string]int // per seat
	decks [][]string       // per seat, nil if the state does not tell
}

// newCardCounts starts counting for a fresh state of players seats.
func newCardCounts(st engine.State, players int) *cardCounts {
	c := &cardCounts{uses: make([]map[string]int, players)}
	for s := range c.uses {
		c.uses[s] = map[string]int{}
	}
	if dh, ok := st.(deckHolder); ok {
		c.decks = make([][]string, players)
		for s := range c.decks {
			c.decks[s] = dh.DeckCards(s)
		}
	}
	return c
}

// record counts the card uses among the events of one step.
func (c *cardCounts) record(cg cardGame, events []engine.Event) {
	for _, ev := range events {
		if card, ok := cg.CardUse(ev); ok && ev.Seat >= 0 && int(ev.Seat) < len(c.uses) {
			c.uses[ev.Seat][card]++
		}
	}
}

// cardWin relates one card to winning: the seats that used it at least
// once against the seats that could have and did not (the card was in
// their deck; any seat, for cards that are awarded rather than drawn).
// It is an association, not an effect: a seat that is ahead can afford
// more cards.
type cardWin struct {
	Card string `json:"card"`
	Name string `json:"name"`
	// Implemented says whether the rules implement the card; an
	// unimplemented card is never offered, so it is never used.
	Implemented bool `json:"implemented"`
	// Uses counts the times the card was used, as card_uses does.
	Uses int `json:"uses"`
	// Used is the win rate of the seats that used the card, Unused that
	// of the seats that could have and did not; both with Fair.
	Used   rateEntry `json:"used"`
	Unused rateEntry `json:"unused"`
	// Lift is Used.Rate - Unused.Rate, 0 when either has no seats.
	Lift float64 `json:"lift"`
	// Held is the win rate of the seats whose deck held the card (used or
	// not), NotHeld that of the seats whose deck did not; HeldLift the
	// difference. When slots are random, holding a card is decided by a
	// draw independent of everything else, so this comparison measures
	// what holding the card (with its trait's other card) is worth. Both
	// are empty for awarded cards and for states that do not tell decks.
	Held     rateEntry `json:"held"`
	NotHeld  rateEntry `json:"not_held"`
	HeldLift float64   `json:"held_lift"`
}

// cardTally accumulates card uses and card wins over the games.
type cardTally struct {
	cg      cardGame
	keys    []string
	uses    map[string]int
	used    map[string]*rateCounter // per card: rows "used" and "unused"
	awarded []string                // cards that reach a hand without a deck
}

func newCardTally(g engine.Game) *cardTally {
	cg, ok := g.(cardGame)
	if !ok {
		return nil
	}
	t := &cardTally{cg: cg, keys: cg.CardKeys(), uses: map[string]int{}, used: map[string]*rateCounter{}, awarded: cg.AwardedCards()}
	for _, k := range t.keys {
		t.uses[k] = 0
		t.used[k] = newRateCounter("used", "unused", "held", "not_held")
	}
	return t
}

// add records one game. A seat that used a card counts as "used"; one
// that did not counts as "unused" if its deck held the card, or if the
// card is awarded rather than drawn (any seat may come to hold it), or if
// the state does not tell the decks.
func (t *cardTally) add(o simOutcome, winner int) {
	if t == nil || o.cards == nil {
		return
	}
	for s := range o.players {
		uses := o.cards.uses[s]
		var deck []string
		if o.cards.decks != nil {
			deck = o.cards.decks[s]
		}
		won := winner == s
		for _, k := range t.keys {
			n := uses[k]
			t.uses[k] += n
			held := slices.Contains(deck, k)
			awarded := slices.Contains(t.awarded, k)
			switch {
			case n > 0:
				t.used[k].appear("used", o.players, won)
			case o.cards.decks == nil || held || awarded:
				t.used[k].appear("unused", o.players, won)
			}
			switch {
			case o.cards.decks == nil || awarded:
			case held:
				t.used[k].appear("held", o.players, won)
			default:
				t.used[k].appear("not_held", o.players, won)
			}
		}
	}
}

// results returns card_uses and card_wins.
func (t *cardTally) results() (map[string]int, []cardWin) {
	if t == nil {
		return nil, nil
	}
	impl := t.cg.ImplementedCards()
	wins := make([]cardWin, 0, len(t.keys))
	for _, k := range t.keys {
		rows := t.used[k].entries(true)
		w := cardWin{Card: k, Name: t.cg.CardName(k), Implemented: slices.Contains(impl, k), Uses: t.uses[k],
			Used: rows[0], Unused: rows[1], Held: rows[2], NotHeld: rows[3]}
		if w.Used.Games > 0 && w.Unused.Games > 0 {
			w.Lift = round6(w.Used.Rate - w.Unused.Rate)
		}
		if w.Held.Games > 0 && w.NotHeld.Games > 0 {
			w.HeldLift = round6(w.Held.Rate - w.NotHeld.Rate)
		}
		wins = append(wins, w)
	}
	return t.uses, wins
}

// writeCardSummary prints the card lines of sim's summary.
func writeCardSummary(w io.Writer, rep simReport) {
	var slots []rateEntry
	for _, r := range rep.WinRates.Preset {
		if r.Games > 0 {
			slots = append(slots, r)
		}
	}
	if len(slots) > 0 {
		fmt.Fprintf(w, "by slot:    %s\n", rates(slots))
	}
	if rep.CardUses == nil {
		return
	}
	total, used, impl := 0, 0, 0
	var never []string
	for _, c := range rep.CardWins {
		total += c.Uses
		if c.Implemented {
			impl++
			if c.Uses == 0 {
				never = append(never, c.Card)
			}
		}
		if c.Uses > 0 {
			used++
		}
	}
	perGame := 0.0
	if rep.Games > 0 {
		perGame = float64(total) / float64(rep.Games)
	}
	fmt.Fprintf(w, "cards:      %d uses (%.1f per game); %d of %d implemented cards used\n", total, perGame, used, impl)
	top := slices.Clone(rep.CardWins)
	slices.SortStableFunc(top, func(a, b cardWin) int { return b.Uses - a.Uses })
	var parts []string
	for _, c := range top[:min(5, len(top))] {
		if c.Uses > 0 {
			parts = append(parts, fmt.Sprintf("%s %s %d", c.Card, c.Name, c.Uses))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "most used:  %s\n", strings.Join(parts, ", "))
	}
	if len(never) > 0 {
		fmt.Fprintf(w, "never used: %d implemented cards: %s\n", len(never), strings.Join(never, " "))
	}
}
