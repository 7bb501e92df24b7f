package main

// This file aggregates sim's game outcomes into its report.

import (
	"slices"
	"strconv"

	"tabletop/engine"
)

// tally aggregates outcomes in game order.
func tally(g engine.Game, plan *simPlan, outcomes []simOutcome) simReport {
	players := slices.Max(plan.counts)
	rep := simReport{
		Players:         players,
		WinsByVictory:   map[string]int{},
		WinsBySeat:      make([]int, players),
		WinsByReligion:  map[string]int{},
		WinsByCharacter: map[string]int{},
		PlayerCounts:    slices.Clone(plan.counts),
		ParamsHash:      g.ParamsHash(),
		Params:          gameParams(g),
		Bots:            slices.Clone(plan.lineup),
		Rotate:          plan.rotate,
		WinsByBot:       map[string]int{},
		Traits:          slices.Clone(plan.traits),
	}
	if fk, ok := g.(factionKeys); ok {
		rep.FactionUses = map[string]int{}
		for _, k := range fk.FactionKeys() {
			rep.FactionUses[k] = 0
		}
	}
	for _, k := range victoryKinds {
		rep.WinsByVictory[k] = 0
	}
	var religions, characters []string
	if fn, ok := g.(factionNames); ok {
		religions, characters = fn.Religions(), fn.Characters()
		for _, n := range religions {
			rep.WinsByReligion[n] = 0
		}
		for _, n := range characters {
			rep.WinsByCharacter[n] = 0
		}
	}
	for _, n := range plan.lineup {
		rep.WinsByBot[n] = 0
	}
	seatNames := make([]string, players)
	for i := range seatNames {
		seatNames[i] = strconv.Itoa(i)
	}
	countNames := make([]string, 0, len(plan.counts))
	for _, n := range slices.Sorted(slices.Values(plan.counts)) {
		countNames = append(countNames, strconv.Itoa(n))
	}
	byReligion, byCharacter := newRateCounter(religions...), newRateCounter(characters...)
	bySeat, byBot := newRateCounter(seatNames...), newRateCounter(plan.lineup...)
	byPlayers, byClimate := newRateCounter(countNames...), newRateCounter()
	var byPreset *rateCounter
	if sg, ok := g.(slotGame); ok && plan.traits != nil {
		byPreset = newRateCounter(append(sg.TraitPresets(), traitsRandom)...)
	}
	cards := newCardTally(g)
	kinds := slices.Clone(victoryKinds[:])
	for _, o := range outcomes {
		if !slices.Contains(kinds, o.result.How) && o.result.Winner >= 0 {
			kinds = append(kinds, o.result.How)
		}
	}
	byVictory := newRateCounter(append(kinds, "draw")...)

	turns, cycles := 0, 0
	lengths := make([]int, 0, len(outcomes))
	climates := []string{}
	for _, o := range outcomes {
		turns += o.turns
		cycles += o.cycles
		lengths = append(lengths, o.turns)
		for k, v := range o.factions {
			if rep.FactionUses == nil {
				rep.FactionUses = map[string]int{}
			}
			rep.FactionUses[k] += v
		}
		w := o.result.Winner
		decided := w >= 0 && int(w) < o.players
		for s := range o.players {
			won := decided && int(w) == s
			bySeat.appear(strconv.Itoa(s), o.players, won)
			byBot.appear(o.bots[s], o.players, won)
			if o.religions != nil {
				byReligion.appear(o.religions[s], o.players, won)
				byCharacter.appear(o.characters[s], o.players, won)
			}
			if byPreset != nil && o.slots != nil {
				byPreset.appear(o.slots[s], o.players, won)
			}
		}
		winner := -1
		if decided {
			winner = int(w)
		}
		cards.add(o, winner)
		byPlayers.appear(strconv.Itoa(o.players), 0, decided)
		if o.climate != "" {
			if !slices.Contains(climates, o.climate) {
				climates = append(climates, o.climate)
			}
			byClimate.appear(o.climate, 0, decided)
		}
		for _, k := range byVictory.names {
			won := (decided && k == o.result.How) || (!decided && k == "draw")
			byVictory.appear(k, 0, won)
		}
		if !decided {
			rep.Draws++
			continue
		}
		rep.WinsByVictory[o.result.How]++
		rep.WinsBySeat[w]++
		rep.WinsByBot[o.bots[w]]++
		if o.religions != nil {
			rep.WinsByReligion[o.religions[w]]++
			rep.WinsByCharacter[o.characters[w]]++
		}
	}
	if n := len(outcomes); n > 0 {
		rep.AvgTurns = float64(turns) / float64(n)
		rep.AvgCycles = float64(cycles) / float64(n)
	}
	// Climates in name order, whatever order the games met them in.
	slices.Sort(climates)
	sortedClimates := newRateCounter(climates...)
	for _, c := range climates {
		*sortedClimates.rows[c] = *byClimate.rows[c]
	}
	rep.WinRates = winRates{
		Religion:  byReligion.entries(true),
		Character: byCharacter.entries(true),
		Seat:      bySeat.entries(true),
		Bot:       byBot.entries(true),
		Players:   byPlayers.entries(false),
		Climate:   sortedClimates.entries(false),
	}
	if byPreset != nil {
		rep.WinRates.Preset = byPreset.entries(true)
	}
	rep.CardUses, rep.CardWins = cards.results()
	rep.VictoryTypes = byVictory.entries(false)
	rep.GameLength = summarizeLengths(lengths)
	return rep
}
