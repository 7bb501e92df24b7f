package realigious

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// previousDefaults is a literal copy of the values DefaultParams held
// before they moved to rules.json; the embedded file must keep them.
var previousDefaults = Params{
	StartReputation:  50,
	StartResources:   [3]int{0, 500, 500},
	DepositPerPlayer: [3]int{2500, 5000, 5000},
	MapSize:          [3]int{9, 11, 13},
	WaterMaxPct:      15,
	HousePct:         10,
	BuildingPct:      6,
	OfficePct:        6,
	TreesPct:         8,
	MountainPct:      5,
	StartClear:       2,
	ChurchWeight:     2,
	MainWeight:       4,

	RateMin:             10,
	RateMax:             99,
	PropagationBase:     50,
	PropagationPer100:   1,
	PropagationCorrect:  10,
	HinduPenalty:        10,
	CombatBase:          60,
	DefenseBase:         10,
	CombatCorrect:       10,
	DefenseCorrect:      10,
	CombatFollowerMin:   100,
	CombatFollowerCost:  50,
	CombatFollowerBonus: 10,
	IslamCombatBonus:    10,
	FirstArrivalBonus:   10,
	HeatPenalty:         10,
	ColdPenalty:         10,

	DeclareReputation:    2,
	NormalLossReputation: 3,
	PieceLossReputation:  5,

	ChristianRewardPct: 20,
	IslamRewardPct:     20,
	CharacterRewardPct: 100,
	DefenderLossPct:    50,

	SquallSize:       6,
	MonsoonPeriod:    3,
	RasputitsaPct:    5,
	NightRadius:      1,
	HighGroundRadius: 3,

	BribeBase:         500,
	ChurchBonus:       20,
	MiddleWayBonus:    10,
	VagrantReputation: 3,

	ReligiousNum: 2,
	ReligiousDen: 3,
	SocialAt:     100,
	CycleLimit:   100,
}

// previousDefaultsHash is Params.Hash of previousDefaults, as replays
// recorded it before the move: the hash must not change for the same values.
const previousDefaultsHash = "d39f0b08a722096b"

func TestDefaultParamsDecode(t *testing.T) {
	p, err := ParseParams(rulesJSON)
	if err != nil {
		t.Fatalf("embedded rules.json: %v", err)
	}
	if p != previousDefaults {
		t.Fatalf("embedded rules.json differs from the previous defaults:\n got %+v\nwant %+v", p, previousDefaults)
	}
	if DefaultParams() != previousDefaults {
		t.Fatalf("DefaultParams differs from the previous defaults")
	}
	if h := DefaultParams().Hash(); h != previousDefaultsHash || h != previousDefaults.Hash() {
		t.Fatalf("default hash %s, want %s", h, previousDefaultsHash)
	}
	if New().ParamsHash() != previousDefaultsHash {
		t.Fatalf("New().ParamsHash() = %s", New().ParamsHash())
	}
	// The file names every field once, under its JSON name.
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(rulesJSON, &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw) != len(paramsFields()) {
		t.Fatalf("rules.json has %d fields, Params %d", len(raw), len(paramsFields()))
	}
	if !bytes.Equal(DefaultRulesJSON(), rulesJSON) {
		t.Fatal("DefaultRulesJSON is not the embedded file")
	}
}

// setRule returns the default rules file with one field's raw JSON value
// replaced, or removed when value is "".
func setRule(t *testing.T, field, value string) []byte {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(rulesJSON, &raw); err != nil {
		t.Fatal(err)
	}
	if value == "" {
		delete(raw, field)
	} else {
		raw[field] = json.RawMessage(value)
	}
	b, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParamsModifiedFileChangesHash(t *testing.T) {
	b := setRule(t, "rate_min", "15")
	p, err := ParseParams(b)
	if err != nil {
		t.Fatal(err)
	}
	if p.RateMin != 15 {
		t.Fatalf("rate_min %d, want 15", p.RateMin)
	}
	if p.Hash() == DefaultParams().Hash() {
		t.Fatal("a modified rules file keeps the default hash")
	}
	if g := NewWithParams(p); g.ParamsHash() != p.Hash() || g.ParamsHash() == New().ParamsHash() {
		t.Fatalf("game hash %s", g.ParamsHash())
	}
	// The same values in another layout give the same hash.
	q, err := ParseParams(setRule(t, "rate_min", "10"))
	if err != nil {
		t.Fatal(err)
	}
	if q.Hash() != previousDefaultsHash {
		t.Fatalf("re-encoded defaults hash %s, want %s", q.Hash(), previousDefaultsHash)
	}
	// A match under the modified rules plays.
	s, err := NewWithParams(p).New(nil, 2, 1)
	if err != nil || s.Terminal() {
		t.Fatalf("new match: %v", err)
	}
}

func TestParamsRejectsBadFiles(t *testing.T) {
	tests := []struct {
		name  string
		data  []byte
		wants []string // substrings of the error
	}{
		{"unknown field", setRule(t, "rate_minimum", "10"), []string{`"rate_minimum"`}},
		{"missing field", setRule(t, "bribe_base", ""), []string{"missing field", "bribe_base"}},
		{"rate_min 0", setRule(t, "rate_min", "0"), []string{"rules: rate_min 0: must be 1 to 99 and below rate_max"}},
		{"rate_min above rate_max", setRule(t, "rate_min", "99"), []string{"rate_min 99", "below rate_max"}},
		{"rate_max 100", setRule(t, "rate_max", "100"), []string{"rate_max 100"}},
		{"negative deposit", setRule(t, "deposit_per_player", "[2500, -1, 5000]"), []string{"deposit_per_player[1] -1"}},
		{"no followers deposit", setRule(t, "deposit_per_player", "[0, 5000, 5000]"), []string{"deposit_per_player[0] 0"}},
		{"short array", setRule(t, "map_size", "[9, 11]"), []string{"map_size: 2 values, want 3"}},
		{"long array", setRule(t, "start_resources", "[0, 1, 2, 3]"), []string{"start_resources: 4 values, want 3"}},
		{"map too small", setRule(t, "map_size", "[5, 11, 13]"), []string{"map_size[0] 5"}},
		{"squall 0", setRule(t, "squall_size", "0"), []string{"squall_size 0"}},
		{"monsoon 0", setRule(t, "monsoon_period", "0"), []string{"monsoon_period 0"}},
		{"start above social", setRule(t, "start_reputation", "100"), []string{"start_reputation 100", "below social_at"}},
		{"religious fraction", setRule(t, "religious_num", "4"), []string{"religious_num 4"}},
		{"cycle limit", setRule(t, "cycle_limit", "0"), []string{"cycle_limit 0"}},
		{"follower cost", setRule(t, "combat_follower_cost", "150"), []string{"combat_follower_cost 150"}},
		{"string", setRule(t, "house_pct", `"ten"`), []string{"house_pct"}},
		{"fraction", setRule(t, "house_pct", `1.5`), []string{"house_pct"}},
		{"not an object", []byte(`[1, 2]`), []string{"rules:"}},
		{"trailing", append(append([]byte(nil), rulesJSON...), []byte(`{}`)...), []string{"rules:"}},
		{"empty", nil, []string{"rules:"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseParams(tc.data)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}
