package realigious

import (
	"fmt"
	"strings"
)

// Traits build a player's deck (section 9 of the spec, REL-600-665). The
// trait tree holds 36 traits in six groups of six, two groups to each of
// three categories (REL-620); taking a trait costs one trait point and puts
// its two strategy cards in the deck (REL-603, REL-607). Everything here is
// read-only data: the tables are never written after initialization.
// docs/decisions.md (part 2) records how the gaps were filled.

// TraitCategory is one of the three trait categories (REL-620), each tuned
// to one victory strategy (REL-621, REL-624, REL-627).
type TraitCategory uint8

// The three trait categories; the zero value is NoCategory.
const (
	NoCategory       TraitCategory = iota
	CategoryReligion               // 종교: religious victory
	CategorySociety                // 사회: social victory
	CategoryMystic                 // 신비: mystic victory
	numCategories
)

var (
	categoryKeys    = [numCategories]string{"", "religion", "society", "mystic"}
	categoryEnglish = [numCategories]string{"", "Religion", "Society", "Mystic"}
	categoryKorean  = [numCategories]string{"", "종교", "사회", "신비"}
)

// String returns the category's key: "religion", "society" or "mystic".
func (c TraitCategory) String() string { return enumName(categoryKeys[:], int(c)) }

// English returns the category's English name.
func (c TraitCategory) English() string { return enumName(categoryEnglish[:], int(c)) }

// Korean returns the category's name in the seed.
func (c TraitCategory) Korean() string { return enumName(categoryKorean[:], int(c)) }

// Groups returns the category's two trait groups (REL-620).
func (c TraitCategory) Groups() [2]TraitGroup {
	if c == NoCategory || c >= numCategories {
		return [2]TraitGroup{}
	}
	return [2]TraitGroup{TraitGroup(2*c - 1), TraitGroup(2 * c)}
}

// TraitGroup is one of the six trait groups, a column of the trait tree
// (REL-620, REL-622-629).
type TraitGroup uint8

// The six trait groups in the tree's column order; the zero value is
// NoGroup. The seed calls the first group both 확장 and 포교; they are the
// same group, Expansion (GAP-29).
const (
	NoGroup        TraitGroup = iota
	GroupExpansion            // 포교 (확장), religion
	GroupUnity                // 단결, religion
	GroupInfluence            // 감화, society
	GroupHolyWar              // 성전, society
	GroupAscension            // 승천, mystic
	GroupSacrifice            // 희생, mystic
	numGroups
)

var (
	groupKeys     = [numGroups]string{"", "expansion", "unity", "influence", "holy_war", "ascension", "sacrifice"}
	groupEnglish  = [numGroups]string{"", "Expansion", "Unity", "Influence", "Holy War", "Ascension", "Sacrifice"}
	groupKorean   = [numGroups]string{"", "포교", "단결", "감화", "성전", "승천", "희생"}
	groupSubtitle = [numGroups]string{"", "전도", "운영", "평판", "교전", "유물", "유틸"}
)

// String returns the group's key, such as "holy_war".
func (g TraitGroup) String() string { return enumName(groupKeys[:], int(g)) }

// English returns the group's English name, such as "Holy War".
func (g TraitGroup) English() string { return enumName(groupEnglish[:], int(g)) }

// Korean returns the group's name in the trait tree and card lists, such as
// "성전"; Expansion is "포교" (GAP-29).
func (g TraitGroup) Korean() string { return enumName(groupKorean[:], int(g)) }

// Subtitle returns the group's subtitle in the trait tree, such as "교전"
// (combat) for Holy War (REL-622-629).
func (g TraitGroup) Subtitle() string { return enumName(groupSubtitle[:], int(g)) }

// Category returns the category the group belongs to (REL-620).
func (g TraitGroup) Category() TraitCategory {
	if g == NoGroup || g >= numGroups {
		return NoCategory
	}
	return TraitCategory((g + 1) / 2)
}

// Traits returns the group's six traits, from row 1 to row 6 (REL-630-665).
func (g TraitGroup) Traits() [TraitsPerGroup]Trait {
	var out [TraitsPerGroup]Trait
	if g == NoGroup || g >= numGroups {
		return out
	}
	for i := range out {
		out[i] = Trait(int(g-1)*TraitsPerGroup + i + 1)
	}
	return out
}

// Cards returns the group's twelve cards in catalogue order (section 13.5).
func (g TraitGroup) Cards() []CardID {
	out := make([]CardID, 0, CardsPerTrait*TraitsPerGroup)
	for _, t := range g.Traits() {
		if t != NoTrait {
			c := t.Cards()
			out = append(out, c[0], c[1])
		}
	}
	return out
}

// NumTraits is the number of traits in the trait tree (REL-601).
const NumTraits = 36

// TraitsPerGroup is the number of traits in each group, the rows of the
// trait tree (REL-630-665).
const TraitsPerGroup = 6

// Trait is one of the 36 traits of the trait tree (REL-601). Traits are
// numbered 1 to 36 in tree order, group by group (Expansion rows 1-6, then
// Unity, Influence, Holy War, Ascension, Sacrifice), so trait n is the
// spec's REL-(629+n) and gives cards CARD-(2n-1) and CARD-(2n) (REL-607).
// The text form (String, MarshalText) is the trait's key, such as
// "casting_the_net".
type Trait uint8

const (
	// NoTrait is the zero Trait: the trait of a card that comes from no
	// trait (religion, glory and shame cards).
	NoTrait                   Trait = iota
	TraitGleaning                   // REL-630 이삭 줍기
	TraitOrdainingTheApostles       // REL-631 사도 책봉
	TraitCastingTheNet              // REL-632 그물 던지기
	TraitSeasonOfHarvest            // REL-633 수확의 계절
	TraitRampartOfTheWord           // REL-634 말씀의 성벽
	TraitMovingMountains            // REL-635 산 옮기기
	TraitAngelsSeal                 // REL-636 천사의 도장
	TraitTheTithe                   // REL-637 십 분의 일
	TraitOnesOwnTrial               // REL-638 제 몫의 시련
	TraitJoyOfMinistry              // REL-639 사역의 기쁨
	TraitEternalReturn              // REL-640 영원한 회귀
	TraitReunionAtTheDeadSea        // REL-641 사해의 재회
	TraitNobleSacrifice             // REL-642 고귀한 희생
	TraitGuardianOfLife             // REL-643 생명의 수호자
	TraitHandOfMercy                // REL-644 자비의 손길
	TraitANewGeneration             // REL-645 새로운 세대
	TraitOperationSnowWhite         // REL-646 백설공주 작전
	TraitTheAppointedKing           // REL-647 예비된 왕
	TraitASimplePrank               // REL-648 간단한 장난
	TraitFairGame                   // REL-649 공정한 게임
	TraitScatteredInTerror          // REL-650 혼비백산
	TraitLawfulExecution            // REL-651 정당한 집행
	TraitFearAndTrembling           // REL-652 공포와 전율
	TraitTheHeavenlyHost            // REL-653 천상의 군세
	TraitAHumbleBurntOffering       // REL-654 소박한 번제
	TraitPrayerOfExorcism           // REL-655 축귀의 기도
	TraitASpecialGift               // REL-656 특별한 은사
	TraitFireFromHeaven             // REL-657 불벼락
	TraitPiousBodyAndMind           // REL-658 경건한 심신
	TraitTrueHomecoming             // REL-659 진실한 귀향
	TraitNightOfTemperance          // REL-660 절제의 밤
	TraitGodsAnswer                 // REL-661 신의 대답
	TraitTheWitchsWay               // REL-662 마녀의 방식
	TraitTheFutureWithin            // REL-663 몸 속의 미래
	TraitASmallSacrifice            // REL-664 사소한 희생
	TraitJudgmentDay                // REL-665 심판의 날

)

type traitData struct{ key, english, korean string }

// traitTable holds each trait's key, English name and Korean name (the
// trait tree of the seed), in trait order from Gleaning; index t-1.
var traitTable = [NumTraits]traitData{
	{"gleaning", "Gleaning", "이삭 줍기"},                                // REL-630
	{"ordaining_the_apostles", "Ordaining the Apostles", "사도 책봉"},    // REL-631
	{"casting_the_net", "Casting the Net", "그물 던지기"},                 // REL-632
	{"season_of_harvest", "Season of Harvest", "수확의 계절"},             // REL-633
	{"rampart_of_the_word", "Rampart of the Word", "말씀의 성벽"},         // REL-634
	{"moving_mountains", "Moving Mountains", "산 옮기기"},                // REL-635
	{"angels_seal", "Angel's Seal", "천사의 도장"},                        // REL-636
	{"the_tithe", "The Tithe", "십 분의 일"},                             // REL-637
	{"ones_own_trial", "One's Own Trial", "제 몫의 시련"},                 // REL-638
	{"joy_of_ministry", "Joy of Ministry", "사역의 기쁨"},                 // REL-639
	{"eternal_return", "Eternal Return", "영원한 회귀"},                   // REL-640
	{"reunion_at_the_dead_sea", "Reunion at the Dead Sea", "사해의 재회"}, // REL-641
	{"noble_sacrifice", "Noble Sacrifice", "고귀한 희생"},                 // REL-642
	{"guardian_of_life", "Guardian of Life", "생명의 수호자"},              // REL-643
	{"hand_of_mercy", "Hand of Mercy", "자비의 손길"},                     // REL-644
	{"a_new_generation", "A New Generation", "새로운 세대"},               // REL-645
	{"operation_snow_white", "Operation Snow White", "백설공주 작전"},      // REL-646
	{"the_appointed_king", "The Appointed King", "예비된 왕"},            // REL-647
	{"a_simple_prank", "A Simple Prank", "간단한 장난"},                   // REL-648
	{"fair_game", "Fair Game", "공정한 게임"},                             // REL-649
	{"scattered_in_terror", "Scattered in Terror", "혼비백산"},           // REL-650
	{"lawful_execution", "Lawful Execution", "정당한 집행"},               // REL-651
	{"fear_and_trembling", "Fear and Trembling", "공포와 전율"},           // REL-652
	{"the_heavenly_host", "The Heavenly Host", "천상의 군세"},             // REL-653
	{"a_humble_burnt_offering", "A Humble Burnt Offering", "소박한 번제"}, // REL-654
	{"prayer_of_exorcism", "Prayer of Exorcism", "축귀의 기도"},           // REL-655
	{"a_special_gift", "A Special Gift", "특별한 은사"},                   // REL-656
	{"fire_from_heaven", "Fire from Heaven", "불벼락"},                  // REL-657
	{"pious_body_and_mind", "Pious Body and Mind", "경건한 심신"},         // REL-658
	{"true_homecoming", "True Homecoming", "진실한 귀향"},                 // REL-659
	{"night_of_temperance", "Night of Temperance", "절제의 밤"},          // REL-660
	{"gods_answer", "God's Answer", "신의 대답"},                         // REL-661
	{"the_witchs_way", "The Witch's Way", "마녀의 방식"},                  // REL-662
	{"the_future_within", "The Future Within", "몸 속의 미래"},            // REL-663
	{"a_small_sacrifice", "A Small Sacrifice", "사소한 희생"},             // REL-664
	{"judgment_day", "Judgment Day", "심판의 날"},                        // REL-665
}

// Valid reports whether t is one of the 36 traits.
func (t Trait) Valid() bool { return t >= 1 && t <= NumTraits }

// String returns the trait's key, such as "casting_the_net", or "?n" for
// an invalid trait.
func (t Trait) String() string {
	if !t.Valid() {
		return fmt.Sprintf("?%d", t)
	}
	return traitTable[t-1].key
}

// English returns the trait's English name, such as "Casting the Net".
func (t Trait) English() string {
	if !t.Valid() {
		return t.String()
	}
	return traitTable[t-1].english
}

// Korean returns the trait's name in the seed, such as "그물 던지기".
func (t Trait) Korean() string {
	if !t.Valid() {
		return t.String()
	}
	return traitTable[t-1].korean
}

// Group returns the trait's group (REL-630-665), NoGroup for an invalid
// trait.
func (t Trait) Group() TraitGroup {
	if !t.Valid() {
		return NoGroup
	}
	return TraitGroup((int(t)-1)/TraitsPerGroup + 1)
}

// Category returns the category of the trait's group.
func (t Trait) Category() TraitCategory { return t.Group().Category() }

// Row returns the trait's row in its group's column of the tree, 1 to 6.
func (t Trait) Row() int {
	if !t.Valid() {
		return 0
	}
	return (int(t)-1)%TraitsPerGroup + 1
}

// Cards returns the two strategy cards the trait gives, in the order of
// the source's card list (REL-607, REL-630-665); zero IDs for an invalid
// trait.
func (t Trait) Cards() [CardsPerTrait]CardID {
	if !t.Valid() {
		return [CardsPerTrait]CardID{}
	}
	return [CardsPerTrait]CardID{CardID(2*t - 1), CardID(2 * t)}
}

// Rule returns the spec ID of the trait's row in the trait tree, such as
// "REL-632".
func (t Trait) Rule() string {
	if !t.Valid() {
		return ""
	}
	return fmt.Sprintf("REL-%03d", 629+int(t))
}

// AllTraits returns the 36 traits in tree order.
func AllTraits() []Trait {
	out := make([]Trait, NumTraits)
	for i := range out {
		out[i] = Trait(i + 1)
	}
	return out
}

// MarshalText encodes the trait by key.
func (t Trait) MarshalText() ([]byte, error) {
	if !t.Valid() {
		return nil, fmt.Errorf("realigious: %w %d", ErrUnknownTrait, t)
	}
	return []byte(t.String()), nil
}

// UnmarshalText decodes a trait as ParseTrait does.
func (t *Trait) UnmarshalText(b []byte) error {
	v, err := ParseTrait(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// ParseTrait finds a trait by its key ("casting_the_net"), its English
// name in any letter case ("Casting the Net") or its Korean name
// ("그물 던지기"). The error wraps ErrUnknownTrait.
func ParseTrait(s string) (Trait, error) {
	s = strings.TrimSpace(s)
	for i, d := range traitTable {
		if s == d.key || s == d.korean || strings.EqualFold(s, d.english) {
			return Trait(i + 1), nil
		}
	}
	return NoTrait, fmt.Errorf("realigious: %w %q", ErrUnknownTrait, s)
}
