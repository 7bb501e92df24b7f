package main

// This file holds sim's report: the JSON it prints and the summary for
// people.

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"tabletop/engine"
)

// victoryKinds are the ways to win that sim always reports, zero or not.
var victoryKinds = [...]string{"religious", "social", "mystic", "survival", "ranked"}

// simReport is sim's JSON output. Every field but Workers, ElapsedSeconds
// and GamesPerSecond depends only on the flags (and the rules file), never
// on -workers or the machine. Fields are only ever added, never renamed.
type simReport struct {
	Game            string         `json:"game"`
	Players         int            `json:"players"` // the largest of PlayerCounts
	Games           int            `json:"games"`
	Seed            uint64         `json:"seed"`
	Workers         int            `json:"workers"`
	WinsByVictory   map[string]int `json:"wins_by_victory"`
	Draws           int            `json:"draws"`
	WinsBySeat      []int          `json:"wins_by_seat"`
	WinsByReligion  map[string]int `json:"wins_by_religion"`
	WinsByCharacter map[string]int `json:"wins_by_character"`
	AvgTurns        float64        `json:"avg_turns"`
	AvgCycles       float64        `json:"avg_cycles"`
	ElapsedSeconds  float64        `json:"elapsed_seconds"`
	GamesPerSecond  float64        `json:"games_per_second"`
	FactionUses     map[string]int `json:"faction_uses,omitempty"`

	// The balance lab's additions.

	// PlayerCounts lists the -players values; game i plays with
	// PlayerCounts[i mod len].
	PlayerCounts []int `json:"player_counts"`
	// Config is -config as given (null when empty).
	Config json.RawMessage `json:"config"`
	// Rules is the -rules file, "" for the built-in rules.
	Rules string `json:"rules,omitempty"`
	// ParamsHash is Game.ParamsHash of the rules played; Params their values.
	ParamsHash string          `json:"params_hash"`
	Params     json.RawMessage `json:"params,omitempty"`
	// Bots is the line-up, one bot per seat of the largest player count.
	Bots []string `json:"bots"`
	// Rotate says whether game i rotates the line-up (see botsFor).
	Rotate bool `json:"rotate"`
	// WinsByBot counts wins by bot name, zeros included.
	WinsByBot map[string]int `json:"wins_by_bot"`
	// WinRates holds the win-rate tables with 95% confidence intervals.
	WinRates winRates `json:"win_rates"`
	// VictoryTypes gives the share of games won each way, "draw" last.
	VictoryTypes []rateEntry `json:"victory_types"`
	// GameLength is the distribution of the game lengths in turns.
	GameLength lengthStats `json:"game_length"`

	// Trait slots and strategy cards (games with cards only).

	// Traits is the -traits line-up, one choice per bot of Bots (it
	// rotates with them): auto, random, preset, config or a preset name.
	Traits []string `json:"traits,omitempty"`
	// CardUses counts the uses of every card, zeros included.
	CardUses map[string]int `json:"card_uses,omitempty"`
	// CardWins relates each card, in catalogue order, to winning.
	CardWins []cardWin `json:"card_wins,omitempty"`
}

// winRates are the win-rate tables. Religion, character, seat, bot and
// preset rows count appearances (a seat that played it); players and
// climate rows count games, and their wins are the games that someone won
// (not drawn).
type winRates struct {
	Religion  []rateEntry `json:"religion"`
	Character []rateEntry `json:"character"`
	Seat      []rateEntry `json:"seat"`
	Bot       []rateEntry `json:"bot"`
	Players   []rateEntry `json:"players"`
	Climate   []rateEntry `json:"climate"`
	// Preset rows are the trait slots seats played: each preset, "random"
	// (a random legal slot) and, if used, "config" (the -config slot).
	Preset []rateEntry `json:"preset,omitempty"`
}

// writeSimSummary prints a report for people.
func writeSimSummary(w io.Writer, g engine.Game, rep simReport) {
	fmt.Fprintf(w, "%s: %d games, %s players, seed %d, %d workers, %.2fs (%.1f games/s)\n",
		rep.Game, rep.Games, joinInts(rep.PlayerCounts), rep.Seed, rep.Workers, rep.ElapsedSeconds, rep.GamesPerSecond)
	rot := ", rotated"
	if !rep.Rotate {
		rot = ", fixed seats"
	}
	fmt.Fprintf(w, "bots:       %s%s; rules %s\n", strings.Join(rep.Bots, ","), rot, rep.ParamsHash)
	kinds := slices.Clone(victoryKinds[:])
	for _, k := range sortedKeys(rep.WinsByVictory) {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	fmt.Fprintf(w, "victories:  %s; draws %d\n", counts(kinds, rep.WinsByVictory), rep.Draws)
	seats := make([]string, len(rep.WinsBySeat))
	for i, n := range rep.WinsBySeat {
		seats[i] = fmt.Sprintf("seat %d %d", i, n)
	}
	fmt.Fprintf(w, "by seat:    %s\n", strings.Join(seats, ", "))
	if fn, ok := g.(factionNames); ok {
		fmt.Fprintf(w, "by religion:  %s\n", counts(fn.Religions(), rep.WinsByReligion))
		fmt.Fprintf(w, "by character: %s\n", counts(fn.Characters(), rep.WinsByCharacter))
	}
	fmt.Fprintf(w, "by bot:     %s\n", rates(rep.WinRates.Bot))
	if len(rep.WinRates.Climate) > 0 {
		fmt.Fprintf(w, "decided by climate: %s\n", rates(rep.WinRates.Climate))
	}
	writeCardSummary(w, rep)
	fmt.Fprintf(w, "average:    %.1f turns, %.2f cycles per game\n", rep.AvgTurns, rep.AvgCycles)
	gl := rep.GameLength
	fmt.Fprintf(w, "turns:      min %d, p25 %d, median %d, p75 %d, max %d\n", gl.Min, gl.P25, gl.Median, gl.P75, gl.Max)
}

// rates formats win-rate rows as "name wins/games rate% [low-high]".
func rates(rows []rateEntry) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = fmt.Sprintf("%s %d/%d %.1f%% [%.1f-%.1f]", r.Name, r.Wins, r.Games, 100*r.Rate, 100*r.CILow, 100*r.CIHigh)
	}
	return strings.Join(parts, ", ")
}

// joinInts formats 2,3,4.
func joinInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// counts formats the counts of m in the order of keys, with percentages.
func counts(keys []string, m map[string]int) string {
	total := 0
	for _, n := range m {
		total += n
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(m[k]) / float64(total)
		}
		parts[i] = fmt.Sprintf("%s %d (%.1f%%)", k, m[k], pct)
	}
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
