package realigious

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
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

// DefaultParams returns the rules as the design document and
// docs/decisions.md give them.
func DefaultParams() Params {
	return Params{
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
