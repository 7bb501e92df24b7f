package realigious

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Params are the design document's numbers, with the decisions of
// docs/decisions.md filling its gaps. Every rule reads its numbers from
// here, so a designer can try other values and replays record which were
// used (ParamsHash).
type Params struct {
	// Setup (REL-112, GAP-01).
	StartReputation int    `json:"start_reputation"`
	StartResources  [3]int `json:"start_resources"`
	// Deposits per player (REL-321-323): followers, donations, influence.
	DepositPerPlayer [3]int `json:"deposit_per_player"`
	// Map side n for 2, 3 and 4 players (GAP-03).
	MapSize [3]int `json:"map_size"`
	// Map generation densities in percent of eligible tiles (GAP-04).
	WaterMaxPct  int `json:"water_max_pct"`
	HousePct     int `json:"house_pct"`
	BuildingPct  int `json:"building_pct"`
	OfficePct    int `json:"office_pct"`
	TreesPct     int `json:"trees_pct"`
	MountainPct  int `json:"mountain_pct"`
	StartClear   int `json:"start_clear_radius"`
	ChurchWeight int `json:"church_weight"`
	MainWeight   int `json:"main_weight"`

	// Rates, in percentage points (REL-425-441, REL-531-558, GAP-11-14).
	RateMin             int `json:"rate_min"`
	RateMax             int `json:"rate_max"`
	PropagationBase     int `json:"propagation_base"`
	PropagationPer100   int `json:"propagation_per_100_followers"`
	PropagationCorrect  int `json:"propagation_correction"`
	HinduPenalty        int `json:"hindu_penalty"`
	CombatBase          int `json:"combat_base"`
	DefenseBase         int `json:"defense_base"`
	CombatCorrect       int `json:"combat_correction"`
	DefenseCorrect      int `json:"defense_correction"`
	CombatFollowerMin   int `json:"combat_follower_min"`
	CombatFollowerCost  int `json:"combat_follower_cost"`
	CombatFollowerBonus int `json:"combat_follower_bonus"`
	IslamCombatBonus    int `json:"islam_combat_bonus"`
	FirstArrivalBonus   int `json:"first_arrival_bonus"`
	HeatPenalty         int `json:"heat_penalty"`
	ColdPenalty         int `json:"cold_penalty"`

	// Reputation costs and penalties (REL-328, REL-567, REL-579).
	DeclareReputation    int `json:"declare_reputation"`
	NormalLossReputation int `json:"normal_loss_reputation"`
	PieceLossReputation  int `json:"piece_loss_reputation"`

	// Reward bonuses in percent (REL-121-122, REL-133, REL-143, REL-565).
	ChristianRewardPct int `json:"christian_reward_pct"`
	IslamRewardPct     int `json:"islam_reward_pct"`
	CharacterRewardPct int `json:"character_reward_pct"`
	DefenderLossPct    int `json:"defender_loss_pct"`

	// Climates (GAP-39-43).
	SquallSize       int `json:"squall_size"`
	MonsoonPeriod    int `json:"monsoon_period"`
	RasputitsaPct    int `json:"rasputitsa_pct"`
	NightRadius      int `json:"night_radius"`
	HighGroundRadius int `json:"high_ground_radius"`

	// Factions (GAP-35-38).
	BribeBase         int `json:"bribe_base"`
	ChurchBonus       int `json:"church_bonus"`
	MiddleWayBonus    int `json:"middle_way_bonus"`
	VagrantReputation int `json:"vagrant_reputation"`

	// Victory (GAP-31) and the end of every match (GAP-71).
	ReligiousNum int `json:"religious_num"`
	ReligiousDen int `json:"religious_den"`
	SocialAt     int `json:"social_at"`
	CycleLimit   int `json:"cycle_limit"`
}

// rulesJSON is the default rules: every field of Params under its JSON
// name. A designer edits a copy and passes it with -rules FILE (ParseParams).
//
//go:embed rules.json
var rulesJSON []byte

// DefaultParams returns the rules as the design document and
// docs/decisions.md give them: the embedded rules.json.
func DefaultParams() Params {
	p, err := ParseParams(rulesJSON)
	if err != nil {
		panic("realigious: embedded rules.json: " + err.Error()) // a programmer error, caught by TestDefaultParamsDecode
	}
	return p
}

// DefaultRulesJSON returns a copy of the embedded default rules file, a
// starting point for a designer's modified copy.
func DefaultRulesJSON() []byte { return append([]byte(nil), rulesJSON...) }

// ParseParams decodes a rules file strictly: every field of Params must be
// present, no other field may be, and every value must lie in its range.
// Errors name the field, e.g. "rules: rate_min 0: must be 1 to 99 and below
// rate_max".
func ParseParams(data []byte) (Params, error) {
	var p Params
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return p, fmt.Errorf("rules: %w", err)
	}
	var missing []string
	t := reflect.TypeFor[Params]()
	for i, name := range paramsFields() {
		v, ok := raw[name]
		if !ok {
			missing = append(missing, name)
			continue
		}
		if f := t.Field(i).Type; f.Kind() == reflect.Array {
			var list []json.RawMessage
			if json.Unmarshal(v, &list) == nil && len(list) != f.Len() {
				return p, fmt.Errorf("rules: %s: %d values, want %d", name, len(list), f.Len())
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return p, fmt.Errorf("rules: %s: %s is not a valid %s", te.Field, te.Value, te.Type)
		}
		return p, fmt.Errorf("rules: %w", err) // "json: unknown field \"x\"" names it
	}
	if dec.More() {
		return p, fmt.Errorf("rules: trailing data after the rules object")
	}
	if len(missing) > 0 {
		return p, fmt.Errorf("rules: missing field %s", strings.Join(missing, ", "))
	}
	return p, p.Check()
}

// paramsFields lists the JSON names of Params' fields.
func paramsFields() []string {
	t := reflect.TypeFor[Params]()
	names := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		names = append(names, name)
	}
	return names
}

// Check reports the first value out of its range, naming the field. The
// ranges keep every rule well defined (no division by zero, no overflow of
// the state's counters) and every victory reachable.
func (p Params) Check() error {
	type rule struct {
		name   string
		v      int
		lo, hi int
		why    string // replaces "must be lo to hi" when set
	}
	const big = 1_000_000
	rules := []rule{
		{"social_at", p.SocialAt, 2, 100, ""},
		{"start_reputation", p.StartReputation, 1, p.SocialAt - 1, "must be 1 or more and below social_at"},
		{"religious_den", p.ReligiousDen, 1, 100, ""},
		{"religious_num", p.ReligiousNum, 1, p.ReligiousDen, "must be 1 to religious_den"},
		{"cycle_limit", p.CycleLimit, 1, maxCycleLimit, ""},
		{"water_max_pct", p.WaterMaxPct, 0, 100, ""},
		{"house_pct", p.HousePct, 0, 100, ""},
		{"building_pct", p.BuildingPct, 0, 100, ""},
		{"office_pct", p.OfficePct, 0, 100, ""},
		{"trees_pct", p.TreesPct, 0, 100, ""},
		{"mountain_pct", p.MountainPct, 0, 100, ""},
		{"start_clear_radius", p.StartClear, 0, 30, ""},
		{"church_weight", p.ChurchWeight, 0, 1000, ""},
		{"main_weight", p.MainWeight, 0, 1000, ""},
		{"rate_max", p.RateMax, 2, 99, ""},
		{"rate_min", p.RateMin, 1, p.RateMax - 1, "must be 1 to 99 and below rate_max"},
		{"propagation_base", p.PropagationBase, 0, 100, ""},
		{"propagation_per_100_followers", p.PropagationPer100, 0, 100, ""},
		{"propagation_correction", p.PropagationCorrect, 0, 100, ""},
		{"hindu_penalty", p.HinduPenalty, 0, 100, ""},
		{"combat_base", p.CombatBase, 0, 100, ""},
		{"defense_base", p.DefenseBase, 0, 100, ""},
		{"combat_correction", p.CombatCorrect, 0, 100, ""},
		{"defense_correction", p.DefenseCorrect, 0, 100, ""},
		{"combat_follower_min", p.CombatFollowerMin, 0, big, ""},
		{"combat_follower_cost", p.CombatFollowerCost, 0, p.CombatFollowerMin, "must be 0 to combat_follower_min"},
		{"combat_follower_bonus", p.CombatFollowerBonus, 0, 100, ""},
		{"islam_combat_bonus", p.IslamCombatBonus, 0, 100, ""},
		{"first_arrival_bonus", p.FirstArrivalBonus, 0, 100, ""},
		{"heat_penalty", p.HeatPenalty, 0, 100, ""},
		{"cold_penalty", p.ColdPenalty, 0, 100, ""},
		{"declare_reputation", p.DeclareReputation, 0, 100, ""},
		{"normal_loss_reputation", p.NormalLossReputation, 0, 100, ""},
		{"piece_loss_reputation", p.PieceLossReputation, 0, 100, ""},
		{"christian_reward_pct", p.ChristianRewardPct, 0, 1000, ""},
		{"islam_reward_pct", p.IslamRewardPct, 0, 1000, ""},
		{"character_reward_pct", p.CharacterRewardPct, 0, 1000, ""},
		{"defender_loss_pct", p.DefenderLossPct, 0, 100, ""},
		{"squall_size", p.SquallSize, 1, 100, ""},
		{"monsoon_period", p.MonsoonPeriod, 1, maxCycleLimit, ""},
		{"rasputitsa_pct", p.RasputitsaPct, 0, 100, ""},
		{"night_radius", p.NightRadius, 0, 30, ""},
		{"high_ground_radius", p.HighGroundRadius, 0, 30, ""},
		{"bribe_base", p.BribeBase, 0, big, ""},
		{"church_bonus", p.ChurchBonus, 0, 100, ""},
		{"middle_way_bonus", p.MiddleWayBonus, 0, 100, ""},
		{"vagrant_reputation", p.VagrantReputation, 0, 100, ""},
	}
	arrays := []struct {
		name   string
		v      [3]int
		lo, hi [3]int
	}{
		{"start_resources", p.StartResources, [3]int{0, 0, 0}, [3]int{big, big, big}},
		{"deposit_per_player", p.DepositPerPlayer, [3]int{1, 0, 0}, [3]int{big, big, big}}, // followers > 0: the religious threshold
		{"map_size", p.MapSize, [3]int{7, 7, 7}, [3]int{31, 31, 31}},
	}
	for _, a := range arrays {
		for i, v := range a.v {
			rules = append(rules, rule{fmt.Sprintf("%s[%d]", a.name, i), v, a.lo[i], a.hi[i], ""})
		}
	}
	for _, r := range rules {
		if r.v < r.lo || r.v > r.hi {
			why := r.why
			if why == "" {
				why = fmt.Sprintf("must be %d to %d", r.lo, r.hi)
			}
			return fmt.Errorf("rules: %s %d: %s", r.name, r.v, why)
		}
	}
	return nil
}

// Hash identifies the parameter values: hex SHA-256 of their JSON.
func (p Params) Hash() string {
	b, _ := json.Marshal(p)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// religiousThreshold is ⌈num/den × follower deposit⌉ (GAP-31).
func (p *Params) religiousThreshold(players int) int {
	dep := p.DepositPerPlayer[Followers] * players
	return (dep*p.ReligiousNum + p.ReligiousDen - 1) / p.ReligiousDen
}

// clamp bounds a rate to [RateMin, RateMax] (REL-436, REL-541, REL-557).
func (p *Params) clamp(r int) int {
	if r < p.RateMin {
		return p.RateMin
	}
	if r > p.RateMax {
		return p.RateMax
	}
	return r
}
