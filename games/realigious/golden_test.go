package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// Golden replays: small seeded games checked in as answers plus the state
// hash after every step. A rule change shows up as the first diverging
// hash; UPDATE_GOLDEN=1 go test ./... rewrites them on purpose, and the diff
// is reviewed like code.

var goldens = []struct {
	name    string
	players int
	seed    uint64
	config  string
}{
	{"2p-tropical", 2, 11, `{"climate":"tropical","size":9,"cycle_limit":12}`},
	{"2p-cold", 2, 12, `{"climate":"cold","size":9,"cycle_limit":12}`},
	{"3p-dry", 3, 13, `{"climate":"dry","size":9,"cycle_limit":10}`},
	{"3p-temperate", 3, 14, `{"climate":"temperate","size":11,"cycle_limit":10}`},
	{"4p-temperate", 4, 15, `{"climate":"temperate","size":11,"cycle_limit":8}`},
	{"4p-cold", 4, 16, `{"climate":"cold","size":13,"cycle_limit":8}`},
	{"2p-buddhists", 2, 17, `{"climate":"dry","size":9,"cycle_limit":6,"seats":[{"religion":"buddhism"},{"religion":"buddhism"}]}`},
	// Factions at work: bribes, the celebrity's steps and relics collected
	// (REL-901, REL-965, REL-983, REL-984), and a mystic victory (REL-053).
	// (Played without cards, so that the seeds keep meeting them.)
	{"3p-factions", 3, 8, `{"climate":"temperate","size":9,"cycle_limit":25,"no_cards":true}`},
	{"2p-mystic", 2, 296, `{"size":7,"cycle_limit":30,"no_cards":true}`},
	// Cards at work: uses, reactions and nullifications (REL-699, REL-691,
	// REL-692), from trait slots rich in reactions (The Witch's Way for all).
	{"3p-cards", 3, 1, goldenCardsConfig},
}

const goldenCardsConfig = `{"climate":"temperate","size":9,"cycle_limit":16,"seats":[` +
	`{"traits":["the_witchs_way","the_tithe","guardian_of_life","fair_game","a_special_gift","gleaning","fear_and_trembling","rampart_of_the_word","angels_seal","the_future_within"]},` +
	`{"traits":["the_witchs_way","the_tithe","scattered_in_terror","a_simple_prank","noble_sacrifice","casting_the_net","judgment_day","reunion_at_the_dead_sea","eternal_return","gods_answer"]},` +
	`{"traits":["the_witchs_way","prayer_of_exorcism","fire_from_heaven","hand_of_mercy","a_new_generation","season_of_harvest","ones_own_trial","joy_of_ministry","the_appointed_king","night_of_temperance"]}]}`

// recordGolden plays a golden game: seats answer with enginetest's random
// policy, chance with the match RNG.
func recordGolden(t *testing.T, players int, seed uint64, config string) *engine.Match {
	t.Helper()
	m, err := engine.NewMatch(New(), []byte(config), players, seed)
	if err != nil {
		t.Fatal(err)
	}
	p := enginetest.RandomAnswers(seed)
	var buf []engine.Answer
	for !m.State().Terminal() {
		if m.State().Pending().Seat == engine.Chance {
			_, err = m.ResolveChance()
		} else {
			var a engine.Answer
			a, buf = enginetest.RandomAnswer(m.State(), &p, buf)
			_, err = m.Apply(a)
		}
		if err != nil {
			t.Fatalf("step %d: %v", m.Steps(), err)
		}
	}
	return m
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run UPDATE_GOLDEN=1 go test ./games/realigious/ to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs from the rules at line %d:\n got: %s\nwant: %s\n(if the change is intended, rerun with UPDATE_GOLDEN=1 and review the diff)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs in length: got %d lines, want %d", path, len(gl), len(wl))
	}
}

// TestGoldenReplays replays every checked-in game, checking each step's
// hash, and regenerates it from its seed to compare bytes: same seed + same
// answers = same bytes (2, 3 and 4 players; every climate, REL-802).
func TestGoldenReplays(t *testing.T) {
	for _, gc := range goldens {
		t.Run(gc.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden", gc.name+".replay.json")
			m := recordGolden(t, gc.players, gc.seed, gc.config)
			var out bytes.Buffer
			if _, err := m.Replay().WriteTo(&out); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, path, out.Bytes())
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r, err := engine.ReadReplay(f)
			if err != nil {
				t.Fatal(err)
			}
			final, err := engine.Verify(New(), r)
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if !final.Terminal() {
				t.Errorf("replay ends before the match does") // GAP-71: every golden game ends
			}
			if gc.name == "2p-mystic" && final.Result().How != "mystic" { // REL-053
				t.Errorf("2p-mystic ends by %q", final.Result().How)
			}
			if gc.name == "3p-cards" {
				// Replay it with events: cards are used, reactions fire and
				// cards are nullified (REL-699, REL-691, REL-692).
				rm, err := engine.NewMatch(New(), []byte(gc.config), gc.players, gc.seed)
				if err != nil {
					t.Fatal(err)
				}
				uses, reactions, nullified := 0, 0, 0
				for _, st := range r.Steps {
					evs, err := rm.ApplyText(st.Answer)
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range evs {
						switch e.Kind {
						case "card_used":
							uses++
							if e.Data.(cardUsedData).Reaction {
								reactions++
							}
						case "nullified":
							nullified++
						}
					}
				}
				if uses < 10 || reactions < 2 || nullified < 2 {
					t.Errorf("3p-cards: %d uses, %d reactions, %d nullified; want cards, reactions and nullifications", uses, reactions, nullified)
				}
			}
			if gc.name == "3p-factions" {
				fs := final.(*State)
				bribes := 0
				for _, g := range fs.govs {
					bribes += int(g.bribes)
				}
				if bribes+int(fs.celeb.bribes) < 2 || fs.relicsCollected < 2 { // REL-965, REL-984, REL-901
					t.Errorf("3p-factions: %d bribes, %d relics collected", bribes+int(fs.celeb.bribes), fs.relicsCollected)
				}
			}
		})
	}
}

// TestGoldenReplayRejectsOtherRules checks that a replay from other rules is
// refused with both versions named.
func TestGoldenReplayRejectsOtherRules(t *testing.T) {
	m := recordGolden(t, 2, 3, `{"size":7,"cycle_limit":2}`)
	r := m.Replay()
	r.Header.RulesVersion = "realigious/0"
	_, err := engine.Verify(New(), r)
	if err == nil || !strings.Contains(err.Error(), "realigious/0") || !strings.Contains(err.Error(), RulesVersion) {
		t.Fatalf("Verify(other rules) = %v, want an error naming both rules versions", err)
	}
}

// TestPlaythrough writes one short game in readable form: every decision,
// its legal answers, the answer, and the events with their audiences.
func TestPlaythrough(t *testing.T) {
	m := recordGolden(t, 2, 5, `{"climate":"dry","size":7,"cycle_limit":3,"seats":[{"religion":"islam","character":"explorer"},{"religion":"christianity","character":"businessman"}]}`)
	r := m.Replay()
	st, err := New().New(r.Header.Config, r.Header.Seats, r.Header.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	h, _ := json.Marshal(r.Header)
	fmt.Fprintf(&b, "# realigious playthrough\n# header: %s\n", h)
	for i, step := range r.Steps {
		d := engine.DescribeDecision(st)
		fmt.Fprintf(&b, "\n## step %d: seat %d decides %q\nlegal: %s\n", i+1, d.Seat, d.Kind, strings.Join(d.Answers, " | "))
		if d.Chance != nil {
			var parts []string
			for _, o := range d.Chance {
				parts = append(parts, fmt.Sprintf("%s=%d", o.Answer, o.Weight))
			}
			fmt.Fprintf(&b, "chance: %s\n", strings.Join(parts, " "))
		}
		a, err := st.ParseAnswer(step.Answer)
		if err != nil {
			t.Fatal(err)
		}
		events, err := st.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "answer: %s\n", step.Answer)
		for _, e := range events {
			data, _ := json.Marshal(e.Data)
			fmt.Fprintf(&b, "event %s seat=%d audience=%016b %s\n", e.Kind, e.Seat, e.Audience, data)
		}
		fmt.Fprintf(&b, "hash: %s\n", engine.Hash(st))
	}
	res, _ := json.Marshal(st.Result())
	fmt.Fprintf(&b, "\n# result: %s\n", res)
	checkGolden(t, filepath.Join("testdata", "golden", "playthrough.txt"), []byte(b.String()))
}
