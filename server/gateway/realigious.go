package gateway

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/store"
)

// The game data a client shows (GET /api/catalogue) and the trait slots
// of an account (/api/slots), which the Realigious rules validate. This is
// the one Realigious-specific file of the gateway.

// MaxSlots is how many trait slots an account may save (numbered 0-9).
const MaxSlots = 10

// catalogue is the encoded GET /api/catalogue body with its ETag.
type catalogue struct {
	body []byte
	etag string
}

type named struct {
	Key string `json:"key"`
	En  string `json:"en"`
	Ko  string `json:"ko"`
}

// religionNames and characterNames are the Korean and English names of
// REL-131 and REL-121-124 (the rules package has only the keys).
func religionNames() []named {
	return []named{
		{"christianity", "Christianity", "기독교"},
		{"buddhism", "Buddhism", "불교"},
		{"hinduism", "Hinduism", "힌두교"},
		{"islam", "Islam", "이슬람교"},
	}
}

func characterNames() []named {
	return []named{
		{"businessman", "Businessman", "사업가"},
		{"religionist", "Religionist", "종교인"},
		{"fortune_teller", "Fortune-teller", "점술가"},
		{"explorer", "Explorer", "탐험가"},
	}
}

func buildCatalogue(games []engine.Game) (catalogue, error) {
	type gameJSON struct {
		Name         string `json:"name"`
		MinSeats     int    `json:"min_seats"`
		MaxSeats     int    `json:"max_seats"`
		RulesVersion string `json:"rules_version"`
	}
	type categoryJSON struct {
		named
		Groups []string `json:"groups"`
	}
	type groupJSON struct {
		named
		Subtitle string `json:"subtitle"`
		Category string `json:"category"`
	}
	type traitJSON struct {
		named
		Group string   `json:"group"`
		Row   int      `json:"row"`
		Cards []string `json:"cards"`
		Rule  string   `json:"rule"`
	}
	type cardJSON struct {
		ID              string `json:"id"`
		Kind            string `json:"kind"`
		En              string `json:"en"`
		Ko              string `json:"ko"`
		Trait           string `json:"trait"`
		Level           int    `json:"level"`
		Cost            int    `json:"cost"`
		Reaction        bool   `json:"reaction"`
		Extra           string `json:"extra"`
		ExtraReputation int    `json:"extra_reputation"`
		Text            string `json:"text"`
		// TextKo is the seed's Korean text, the game's source language.
		TextKo string `json:"text_ko"`
	}
	out := struct {
		Games         []gameJSON             `json:"games"`
		Religions     []named                `json:"religions"`
		Characters    []named                `json:"characters"`
		Climates      []string               `json:"climates"`
		MapSizes      map[string]int         `json:"map_sizes"`
		Categories    []categoryJSON         `json:"categories"`
		Groups        []groupJSON            `json:"groups"`
		Traits        []traitJSON            `json:"traits"`
		Cards         []cardJSON             `json:"cards"`
		Presets       []realigious.TraitSlot `json:"presets"`
		TraitPoints   map[string]int         `json:"trait_points"`
		MinSlotTraits int                    `json:"min_slot_traits"`
		BotLevels     []string               `json:"bot_levels"`
	}{
		Religions: religionNames(), Characters: characterNames(),
		Climates:    []string{"tropical", "dry", "temperate", "cold"},
		MapSizes:    map[string]int{},
		TraitPoints: map[string]int{},
		Presets:     realigious.Presets(), MinSlotTraits: realigious.MinSlotTraits,
		BotLevels: bots.Levels(),
	}
	for _, g := range games {
		d := g.Descriptor()
		out.Games = append(out.Games, gameJSON{d.Name, d.MinSeats, d.MaxSeats, d.RulesVersion})
		if rg, ok := g.(*realigious.Game); ok {
			for i, n := range rg.Params().MapSize {
				out.MapSizes[strconv.Itoa(i+2)] = n
			}
		}
	}
	seenGroup := map[realigious.TraitGroup]bool{}
	seenCat := map[realigious.TraitCategory]bool{}
	for _, t := range realigious.AllTraits() {
		g := t.Group()
		c := g.Category()
		if !seenCat[c] {
			seenCat[c] = true
			gs := c.Groups()
			out.Categories = append(out.Categories, categoryJSON{
				named:  named{c.String(), c.English(), c.Korean()},
				Groups: []string{gs[0].String(), gs[1].String()},
			})
		}
		if !seenGroup[g] {
			seenGroup[g] = true
			out.Groups = append(out.Groups, groupJSON{
				named: named{g.String(), g.English(), g.Korean()}, Subtitle: g.Subtitle(), Category: c.String(),
			})
		}
		cards := t.Cards()
		tj := traitJSON{named: named{t.String(), t.English(), t.Korean()}, Group: g.String(), Row: t.Row(), Rule: t.Rule()}
		for _, id := range cards {
			tj.Cards = append(tj.Cards, id.String())
		}
		out.Traits = append(out.Traits, tj)
	}
	for _, c := range realigious.Cards() {
		cj := cardJSON{
			ID: c.ID.String(), Kind: c.Kind.String(), En: c.English, Ko: c.Korean,
			Level: c.Level, Cost: c.Cost(), Reaction: c.Reaction,
			Extra: c.Extra.String(), ExtraReputation: c.ExtraReputation, Text: c.Text, TextKo: c.TextKo,
		}
		if c.Trait != realigious.NoTrait {
			cj.Trait = c.Trait.String()
		}
		out.Cards = append(out.Cards, cj)
	}
	for l := realigious.MinPlayerLevel; l <= realigious.MaxPlayerLevel; l++ {
		p, err := realigious.TraitPoints(l)
		if err != nil {
			return catalogue{}, fmt.Errorf("gateway: catalogue: %w", err)
		}
		out.TraitPoints[strconv.Itoa(l)] = p
	}
	b, err := json.Marshal(out)
	if err != nil {
		return catalogue{}, fmt.Errorf("gateway: catalogue: %w", err)
	}
	sum := sha256.Sum256(b)
	return catalogue{body: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}, nil
}

func (s *Server) handleCatalogue(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("ETag", s.catalog.etag)
	w.Header().Set("Cache-Control", "public, max-age=300")
	if r.Header.Get("If-None-Match") == s.catalog.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(s.catalog.body)
}

// slotJSON is a stored trait slot as the client sees it.
type slotJSON struct {
	Slot    int                `json:"slot"`
	Name    string             `json:"name"`
	Traits  []realigious.Trait `json:"traits"`
	Valid   bool               `json:"valid"`
	Updated time.Time          `json:"updated"`
}

// parseSlot decodes and validates trait slot JSON for a player level,
// returning its canonical encoding. Every problem is listed in a bad_slot
// error.
func parseSlot(data []byte, level int) (realigious.TraitSlot, []byte, error) {
	var ts realigious.TraitSlot
	if err := readJSONBytes(data, &ts); err != nil {
		return ts, nil, &Error{Code: CodeBadSlot, Msg: "the trait slot: " + cleanJSONError(err), Errors: []string{cleanJSONError(err)}}
	}
	if err := ts.Validate(traitLevel(level)); err != nil {
		e := &Error{Code: CodeBadSlot, Msg: err.Error(), Err: err}
		var joined interface{ Unwrap() []error }
		if errors.As(err, &joined) {
			for _, x := range joined.Unwrap() {
				e.Errors = append(e.Errors, x.Error())
			}
		} else {
			e.Errors = []string{err.Error()}
		}
		return ts, nil, e
	}
	b, err := json.Marshal(ts)
	return ts, b, err
}

// checkSlotBody refuses, as bad_request naming the field, a trait slot
// body whose name or traits have the wrong JSON type, before the rules
// see it. A string for traits matters most: Go would read it as the
// base64 of trait numbers ("gleaning" is six bytes), and the rules would
// then complain about traits the player never wrote. What the rules judge
// (unknown keys, counts, unknown fields) is parseSlot's bad_slot.
func checkSlotBody(raw []byte) error {
	var body struct {
		Name   json.RawMessage `json:"name"`
		Traits json.RawMessage `json:"traits"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return bodyError(err)
	}
	if v := bytes.TrimSpace(body.Name); len(v) > 0 && v[0] != '"' && string(v) != "null" {
		return errorf(CodeBadRequest, "the body: name must be a string, not %s", jsonKind(v))
	}
	v := bytes.TrimSpace(body.Traits)
	if len(v) == 0 || string(v) == "null" {
		return nil // the rules say a slot needs traits
	}
	if v[0] != '[' {
		return errorf(CodeBadRequest, `the body: traits must be an array of trait keys, such as ["gleaning", ...], not %s`, jsonKind(v))
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(v, &elems); err != nil {
		return errorf(CodeBadRequest, "the body: traits: %s", cleanJSONError(err))
	}
	for i, e := range elems {
		if len(e) == 0 || e[0] != '"' {
			return errorf(CodeBadRequest, "the body: traits[%d] must be a trait key (a string), not %s", i, jsonKind(e))
		}
	}
	return nil
}

// ValidateSlot checks trait slot JSON for a player level (1-6) by the
// Realigious rules (GAP-28): what the lobby's Config.Validate needs.
func ValidateSlot(data []byte, level int) error {
	_, _, err := parseSlot(data, level)
	return err
}

func pathSlot(r *http.Request) (int, error) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 0 || n >= MaxSlots {
		return 0, errorf(CodeBadRequest, "a trait slot number is 0 to %d", MaxSlots-1)
	}
	return n, nil
}

func (s *Server) handleSlots(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	slots, err := s.cfg.Store.TraitSlots(r.Context(), a.ID)
	if err != nil {
		return err
	}
	out := []slotJSON{}
	for _, sl := range slots {
		ts, _, err := parseSlot(sl.Data, a.Level)
		out = append(out, slotJSON{Slot: sl.Slot, Name: ts.Name, Traits: ts.Traits, Valid: err == nil, Updated: sl.Updated})
	}
	writeJSON(w, http.StatusOK, map[string]any{"slots": out})
	return nil
}

func (s *Server) handlePutSlot(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	n, err := pathSlot(r)
	if err != nil {
		return err
	}
	var raw json.RawMessage
	if err := readJSON(r, &raw, false); err != nil {
		return err
	}
	if err := checkSlotBody(raw); err != nil {
		return err
	}
	ts, canon, err := parseSlot(raw, a.Level)
	if err != nil {
		return err
	}
	if err := s.cfg.Store.SaveTraitSlot(r.Context(), a.ID, n, canon); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"slot": slotJSON{
		Slot: n, Name: ts.Name, Traits: ts.Traits, Valid: true, Updated: s.cfg.Live.Now().UTC().Truncate(time.Millisecond),
	}})
	return nil
}

func (s *Server) handleDeleteSlot(w http.ResponseWriter, r *http.Request) error {
	a, _, err := s.authenticate(r)
	if err != nil {
		return err
	}
	n, err := pathSlot(r)
	if err != nil {
		return err
	}
	if err := s.cfg.Store.DeleteTraitSlot(r.Context(), a.ID, n); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return errorf(CodeNotFound, "no trait slot %d", n)
		}
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
