// Command gen writes the data the web client is built and tested with:
//
//   - web/src/generated/catalogue.json: the cards, traits, trait groups,
//     religions and characters with their Korean and English names, taken
//     from the rules package, so the client never disagrees with the rules
//     about a name (the server's catalogue endpoint serves the same data);
//   - web/test/fixtures/*.json: seats' views, pending decisions and redacted
//     events from seeded random matches, one fixture per decision kind and
//     situation, for the client's unit tests.
//
// Run it from the repository root after a rules change:
//
//	go run ./web/tools/gen
//
// The output is deterministic: the same rules give the same bytes.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"

	"tabletop/engine"
	"tabletop/games/realigious"
)

func main() {
	out := flag.String("root", ".", "the repository root")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(root string) error {
	if err := writeJSON(filepath.Join(root, "web/src/generated/catalogue.json"), catalogue()); err != nil {
		return err
	}
	fx, err := fixtures()
	if err != nil {
		return err
	}
	names := make([]string, 0, len(fx))
	for name := range fx {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := writeJSON(filepath.Join(root, "web/test/fixtures", name+".json"), fx[name]); err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return fmt.Errorf("gen: encode %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

type name struct {
	Key string `json:"key"`
	EN  string `json:"en"`
	KO  string `json:"ko"`
}

type card struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	EN       string `json:"en"`
	KO       string `json:"ko"`
	Trait    string `json:"trait,omitempty"`
	Group    string `json:"group,omitempty"`
	Level    int    `json:"level"`
	Cost     int    `json:"cost"`
	Reaction bool   `json:"reaction,omitempty"`
	Extra    string `json:"extra,omitempty"`
	ExtraRep int    `json:"extra_reputation,omitempty"`
	Text     string `json:"text"`
	TextKo   string `json:"text_ko"`
}

type trait struct {
	Key   string    `json:"key"`
	EN    string    `json:"en"`
	KO    string    `json:"ko"`
	Group string    `json:"group"`
	Row   int       `json:"row"`
	Rule  string    `json:"rule"`
	Cards [2]string `json:"cards"`
}

type group struct {
	Key      string `json:"key"`
	EN       string `json:"en"`
	KO       string `json:"ko"`
	Subtitle string `json:"subtitle_ko"`
	Category string `json:"category"`
}

type catalogueJSON struct {
	Cards      []card   `json:"cards"`
	Traits     []trait  `json:"traits"`
	Groups     []group  `json:"groups"`
	Categories []name   `json:"categories"`
	Religions  []string `json:"religions"`
	Characters []string `json:"characters"`
	// Levels lists the trait points of each player level (REL-606).
	TraitPoints []int `json:"trait_points"`
	MinTraits   int   `json:"min_slot_traits"`
}

func catalogue() catalogueJSON {
	g := realigious.New()
	c := catalogueJSON{Religions: g.Religions(), Characters: g.Characters(), MinTraits: realigious.MinSlotTraits}
	for _, ci := range realigious.Cards() {
		cd := card{ID: ci.ID.String(), Kind: ci.Kind.String(), EN: ci.English, KO: ci.Korean, Level: ci.Level,
			Cost: ci.Cost(), Reaction: ci.Reaction, Text: ci.Text, TextKo: ci.TextKo, ExtraRep: ci.ExtraReputation}
		if ci.Trait.Valid() {
			cd.Trait, cd.Group = ci.Trait.String(), ci.Group.String()
		}
		if ci.Extra != 0 {
			cd.Extra = ci.Extra.String()
		}
		c.Cards = append(c.Cards, cd)
	}
	for _, t := range realigious.AllTraits() {
		cs := t.Cards()
		c.Traits = append(c.Traits, trait{Key: t.String(), EN: t.English(), KO: t.Korean(), Group: t.Group().String(),
			Row: t.Row(), Rule: t.Rule(), Cards: [2]string{cs[0].String(), cs[1].String()}})
	}
	for cat := realigious.CategoryReligion; cat <= realigious.CategoryMystic; cat++ {
		c.Categories = append(c.Categories, name{Key: cat.String(), EN: cat.English(), KO: cat.Korean()})
		for _, gr := range cat.Groups() {
			c.Groups = append(c.Groups, group{Key: gr.String(), EN: gr.English(), KO: gr.Korean(), Subtitle: gr.Subtitle(), Category: cat.String()})
		}
	}
	for lvl := 1; ; lvl++ {
		p, err := realigious.TraitPoints(lvl)
		if err != nil {
			break
		}
		c.TraitPoints = append(c.TraitPoints, p)
	}
	return c
}

// fixture is one seat's situation: its view, its own pending decision (if
// any) and the events it was shown by the step that led here.
type fixture struct {
	Note     string               `json:"note"`
	Seat     int                  `json:"seat"`
	Step     int                  `json:"step"`
	View     json.RawMessage      `json:"view"`
	Decision *engine.DecisionJSON `json:"decision,omitempty"`
	Events   []engine.Event       `json:"events"`
}

// fixtures plays seeded random matches and keeps the first situation of
// each wanted kind.
func fixtures() (map[string]any, error) {
	g := realigious.New()
	out := map[string]any{}
	eventSamples := map[string]engine.Event{}
	configs := []struct {
		players int
		config  string
	}{
		{2, `{"size":7,"climate":"dry","cycle_limit":6}`},
		{3, `{"size":7,"climate":"tropical","cycle_limit":6}`},
		{4, `{"size":9,"climate":"temperate","cycle_limit":8}`},
		{2, `{"size":7,"climate":"cold","cycle_limit":8}`},
		{4, `{"size":7,"climate":"tropical","cycle_limit":30}`},
		{3, `{"size":9,"climate":"temperate","cycle_limit":30}`},
	}
	for i, cf := range configs {
		for seed := uint64(1); seed <= 6; seed++ {
			if err := playOne(g, cf.players, cf.config, seed+uint64(i)*100, out, eventSamples); err != nil {
				return nil, err
			}
		}
	}
	keys := make([]string, 0, len(eventSamples))
	for k := range eventSamples {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	events := make([]engine.Event, 0, len(keys))
	for _, k := range keys {
		events = append(events, eventSamples[k])
	}
	out["events"] = events
	return out, nil
}

func playOne(g *realigious.Game, players int, config string, seed uint64, out map[string]any, evs map[string]engine.Event) error {
	m, err := engine.NewMatch(g, []byte(config), players, seed)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	climate := ""
	var cfg struct {
		Climate string `json:"climate"`
	}
	_ = json.Unmarshal([]byte(config), &cfg)
	climate = cfg.Climate
	last := make([][]engine.Event, players)
	keep := func(name, note string, seat int) error {
		if _, ok := out[name]; ok {
			return nil
		}
		s := m.State()
		v, err := json.Marshal(s.View(engine.Seat(seat)))
		if err != nil {
			return fmt.Errorf("gen: view: %w", err)
		}
		f := fixture{Note: note, Seat: seat, Step: m.Steps(), View: v, Events: []engine.Event{}}
		if seat >= 0 && seat < players {
			f.Events = last[seat]
			if d := engine.DescribeDecision(s); int(d.Seat) == seat {
				f.Decision = &d
			}
		}
		out[name] = f
		return nil
	}
	for step := 0; step < 4000; step++ {
		s := m.State()
		d := engine.DescribeDecision(s)
		if s.Terminal() {
			if err := keep(fmt.Sprintf("over-%dp", players), "the match is over", 0); err != nil {
				return err
			}
			return keep("spectator-over", "the spectator's view of a finished match", int(engine.Spectator))
		}
		if d.Seat >= 0 {
			seat := int(d.Seat)
			if err := keep("decision-"+d.Kind, "a pending "+d.Kind+" decision", seat); err != nil {
				return err
			}
			if players == 4 {
				if err := keep("decision-"+d.Kind+"-4p", "a pending "+d.Kind+" decision, 4 players", seat); err != nil {
					return err
				}
			}
			var v realigious.View
			b, _ := json.Marshal(s.View(d.Seat))
			_ = json.Unmarshal(b, &v)
			if v.Night {
				if err := keep("night-"+climate, "a decision at night", seat); err != nil {
					return err
				}
				other := (seat + 1) % players
				if err := keep("night-waiting", "a seat waiting at night", other); err != nil {
					return err
				}
				if err := keep("spectator-night", "the spectator at night", int(engine.Spectator)); err != nil {
					return err
				}
			} else if err := keep("day-"+climate, "a decision by day", seat); err != nil {
				return err
			}
			for _, p := range v.Players {
				if p.Stealth && p.Seat == seat {
					if err := keep("stealth", "the seat's own piece in trees", seat); err != nil {
						return err
					}
				}
			}
			if len(v.Factions.Relics) > 0 {
				if err := keep("relic-known", "a seat that knows where a relic lies", seat); err != nil {
					return err
				}
			}
		}
		var evsApplied []engine.Event
		if d.Seat == engine.Chance {
			evsApplied, err = m.ResolveChance()
		} else {
			evsApplied, err = m.ApplyText(d.Answers[rng.IntN(len(d.Answers))])
		}
		if err != nil {
			return fmt.Errorf("gen: seed %d step %d: %w", seed, step, err)
		}
		for seat := range players {
			last[seat] = engine.Redact(evsApplied, engine.Seat(seat))
		}
		for _, e := range evsApplied {
			if _, ok := evs[e.Kind]; !ok {
				evs[e.Kind] = e
			}
		}
	}
	return errors.New("gen: match did not end")
}
