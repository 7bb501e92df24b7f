package realigious

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode"
)

// Card catalogue tests (spec section 13, CARD-001-084). The table below is
// the spec's catalogue, one row per card: ID, Korean name (the seed's, with
// the reaction marker written " (반응)"), English name, trait, level,
// reaction, and cost (level × 100, REL-324/325; 0 without a level).

func TestCardCatalogue(t *testing.T) {
	rows := []struct {
		id       string
		korean   string
		english  string
		trait    Trait
		level    int
		reaction bool
		cost     int
	}{
		{"CARD-001", "이삭 줍기", "Gleaning", TraitGleaning, 1, false, 100},
		{"CARD-002", "회개", "Repentance", TraitGleaning, 9, false, 900},
		{"CARD-003", "성직자 양성", "Training the Clergy", TraitOrdainingTheApostles, 2, false, 200},
		{"CARD-004", "사도 책봉", "Ordaining the Apostles", TraitOrdainingTheApostles, 8, false, 800},
		{"CARD-005", "그물 던지기", "Casting the Net", TraitCastingTheNet, 3, false, 300},
		{"CARD-006", "대성당들의 시대", "The Age of Cathedrals", TraitCastingTheNet, 7, false, 700},
		{"CARD-007", "추수꾼", "The Harvester", TraitSeasonOfHarvest, 4, false, 400},
		{"CARD-008", "수확의 계절", "Season of Harvest", TraitSeasonOfHarvest, 6, false, 600},
		{"CARD-009", "성역", "Sanctuary", TraitRampartOfTheWord, 5, false, 500},
		{"CARD-010", "말씀의 벽 (반응)", "Wall of the Word", TraitRampartOfTheWord, 5, true, 500},
		{"CARD-011", "산 옮기기", "Moving Mountains", TraitMovingMountains, 6, false, 600},
		{"CARD-012", "성상의 기적", "Miracle of the Icon", TraitMovingMountains, 4, false, 400},
		{"CARD-013", "천사의 도장 (반응)", "Angel's Seal", TraitAngelsSeal, 1, true, 100},
		{"CARD-014", "총 수비태세", "Full Defensive Stance", TraitAngelsSeal, 9, false, 900},
		{"CARD-015", "십 분의 일", "The Tithe", TraitTheTithe, 2, false, 200},
		{"CARD-016", "기적 (반응)", "Miracle", TraitTheTithe, 8, true, 800},
		{"CARD-017", "제 몫의 시련", "One's Own Trial", TraitOnesOwnTrial, 3, false, 300},
		{"CARD-018", "고행의 대가 (반응)", "Reward of Penance", TraitOnesOwnTrial, 7, true, 700},
		{"CARD-019", "사역의 기쁨", "Joy of Ministry", TraitJoyOfMinistry, 4, false, 400},
		{"CARD-020", "신앙촌 건설", "Building a Faith Village", TraitJoyOfMinistry, 6, false, 600},
		{"CARD-021", "영원한 회귀", "Eternal Return", TraitEternalReturn, 5, false, 500},
		{"CARD-022", "면죄부", "Indulgence", TraitEternalReturn, 5, false, 500},
		{"CARD-023", "사해의 재회", "Reunion at the Dead Sea", TraitReunionAtTheDeadSea, 6, false, 600},
		{"CARD-024", "강 같은 평화 (반응)", "Peace Like a River", TraitReunionAtTheDeadSea, 4, true, 400},
		{"CARD-025", "구호 봉사단", "Relief Volunteers", TraitNobleSacrifice, 1, false, 100},
		{"CARD-026", "고귀한 희생", "Noble Sacrifice", TraitNobleSacrifice, 9, false, 900},
		{"CARD-027", "생명의 수호자", "Guardian of Life", TraitGuardianOfLife, 2, false, 200},
		{"CARD-028", "구호작전 (반응)", "Relief Operation", TraitGuardianOfLife, 8, true, 800},
		{"CARD-029", "오른손이 하는 일", "What the Right Hand Does", TraitHandOfMercy, 3, false, 300},
		{"CARD-030", "왼손은 모르게", "Let Not the Left Hand Know", TraitHandOfMercy, 7, false, 700},
		{"CARD-031", "새로운 세대", "A New Generation", TraitANewGeneration, 4, false, 400},
		{"CARD-032", "악의 축", "Axis of Evil", TraitANewGeneration, 6, false, 600},
		{"CARD-033", "도청장치 (반응)", "Wiretap", TraitOperationSnowWhite, 5, true, 500},
		{"CARD-034", "백설공주 작전", "Operation Snow White", TraitOperationSnowWhite, 5, false, 500},
		{"CARD-035", "예비된 왕", "The Appointed King", TraitTheAppointedKing, 6, false, 600},
		{"CARD-036", "미래의 축복", "Blessing of the Future", TraitTheAppointedKing, 4, false, 400},
		{"CARD-037", "간단한 장난", "A Simple Prank", TraitASimplePrank, 1, false, 100},
		{"CARD-038", "최악의 추문", "The Worst Scandal", TraitASimplePrank, 9, false, 900},
		{"CARD-039", "공정한 게임 (반응)", "Fair Game", TraitFairGame, 2, true, 200},
		{"CARD-040", "언론 장악", "Media Control", TraitFairGame, 8, false, 800},
		{"CARD-041", "혼비백산", "Scattered in Terror", TraitScatteredInTerror, 3, false, 300},
		{"CARD-042", "추격전 (반응)", "The Chase", TraitScatteredInTerror, 7, true, 700},
		{"CARD-043", "살인 청부", "Contract Killing", TraitLawfulExecution, 4, false, 400},
		{"CARD-044", "정당한 집행", "Lawful Execution", TraitLawfulExecution, 6, false, 600},
		{"CARD-045", "모 아니면 도", "All or Nothing", TraitFearAndTrembling, 5, false, 500},
		{"CARD-046", "공포와 전율", "Fear and Trembling", TraitFearAndTrembling, 5, false, 500},
		{"CARD-047", "성전 선포", "Declaration of Holy War", TraitTheHeavenlyHost, 6, false, 600},
		{"CARD-048", "천상의 군세", "The Heavenly Host", TraitTheHeavenlyHost, 4, false, 400},
		{"CARD-049", "소박한 번제", "A Humble Burnt Offering", TraitAHumbleBurntOffering, 1, false, 100},
		{"CARD-050", "마지막 조각", "The Last Piece", TraitAHumbleBurntOffering, 9, false, 900},
		{"CARD-051", "구마의식 (반응)", "Rite of Exorcism", TraitPrayerOfExorcism, 2, true, 200},
		{"CARD-052", "승천자의 힘", "Power of the Ascended", TraitPrayerOfExorcism, 8, false, 800},
		{"CARD-053", "특별한 은사", "A Special Gift", TraitASpecialGift, 3, false, 300},
		{"CARD-054", "계시", "Revelation", TraitASpecialGift, 7, false, 700},
		{"CARD-055", "불벼락 (반응)", "Fire from Heaven", TraitFireFromHeaven, 4, true, 400},
		{"CARD-056", "악의 축 (반응)", "Axis of Evil (Reaction)", TraitFireFromHeaven, 6, true, 600},
		{"CARD-057", "인도", "Guidance", TraitPiousBodyAndMind, 5, false, 500},
		{"CARD-058", "경건한 심신", "Pious Body and Mind", TraitPiousBodyAndMind, 5, false, 500},
		{"CARD-059", "진실한 귀향", "True Homecoming", TraitTrueHomecoming, 6, false, 600},
		{"CARD-060", "재림", "The Second Coming", TraitTrueHomecoming, 4, false, 400},
		{"CARD-061", "절제의 밤", "Night of Temperance", TraitNightOfTemperance, 0, false, 0},
		{"CARD-062", "신의 영역", "Domain of God", TraitNightOfTemperance, 10, false, 1000},
		{"CARD-063", "신의 대답", "God's Answer", TraitGodsAnswer, 2, false, 200},
		{"CARD-064", "파멸의 주문", "Spell of Ruin", TraitGodsAnswer, 8, false, 800},
		{"CARD-065", "마녀의 방식 (반응)", "The Witch's Way", TraitTheWitchsWay, 3, true, 300},
		{"CARD-066", "시간역행", "Time Reversal", TraitTheWitchsWay, 7, false, 700},
		{"CARD-067", "몸 속의 미래", "The Future Within", TraitTheFutureWithin, 4, false, 400},
		{"CARD-068", "대재앙", "Catastrophe", TraitTheFutureWithin, 6, false, 600},
		{"CARD-069", "꼭두각시 저주", "Puppet Curse", TraitASmallSacrifice, 5, false, 500},
		{"CARD-070", "사소한 희생", "A Small Sacrifice", TraitASmallSacrifice, 5, false, 500},
		{"CARD-071", "심판의 날", "Judgment Day", TraitJudgmentDay, 6, false, 600},
		{"CARD-072", "종말론 (반응)", "Eschatology", TraitJudgmentDay, 4, true, 400},
		{"CARD-073", "신의 발자취", "Footsteps of God", NoTrait, 0, false, 0},
		{"CARD-074", "과격주의자", "The Radical", NoTrait, 0, false, 0},
		{"CARD-075", "영광 : 자비", "Glory: Mercy", NoTrait, 0, false, 0},
		{"CARD-076", "영광 : 노도", "Glory: Onrush", NoTrait, 0, false, 0},
		{"CARD-077", "영광 : 재보", "Glory: Treasure", NoTrait, 0, false, 0},
		{"CARD-078", "영광 : 구도자", "Glory: Seeker", NoTrait, 0, false, 0},
		{"CARD-079", "영광스러운 기회", "A Glorious Opportunity", NoTrait, 0, false, 0},
		{"CARD-080", "수치 : 연패", "Shame: Losing Streak", NoTrait, 0, false, 0},
		{"CARD-081", "수치 : 통제", "Shame: Control", NoTrait, 0, false, 0},
		{"CARD-082", "수치 : 공황", "Shame: Panic", NoTrait, 0, false, 0},
		{"CARD-083", "수치 : 파문", "Shame: Excommunication", NoTrait, 0, false, 0},
		{"CARD-084", "수치스러운 결말", "A Shameful End", NoTrait, 0, false, 0},
	}
	if len(rows) != NumCards || len(Cards()) != NumCards {
		t.Fatalf("%d rows, %d cards; the catalogue has 84 (section 13.5)", len(rows), len(Cards()))
	}
	for i, r := range rows {
		id := CardID(i + 1)
		c := id.Info()
		if id.String() != r.id || c.ID != id || Cards()[i] != c {
			t.Errorf("%s: card %d is %s", r.id, i+1, id)
		}
		if parsed, err := ParseCardID(r.id); parsed != id || err != nil {
			t.Errorf("%s: ParseCardID = %v, %v", r.id, parsed, err)
		}
		if c.Korean != r.korean || c.English != r.english {
			t.Errorf("%s: names %q / %q, want %q / %q", r.id, c.Korean, c.English, r.korean, r.english)
		}
		if c.Trait != r.trait || c.Group != r.trait.Group() || c.Category() != r.trait.Category() {
			t.Errorf("%s: trait %s (%s), want %s", r.id, c.Trait, c.Group, r.trait)
		}
		if c.Level != r.level || c.Reaction != r.reaction {
			t.Errorf("%s: level %d reaction %v, want %d %v", r.id, c.Level, c.Reaction, r.level, r.reaction)
		}
		if c.Cost() != r.cost || id.Cost() != r.cost {
			t.Errorf("%s: cost %d, want %d", r.id, c.Cost(), r.cost)
		}
		// REL-691: a reaction card's name carries "(반응)".
		if strings.HasSuffix(c.Korean, " (반응)") != c.Reaction || strings.Contains(c.Korean, "(반응)") != c.Reaction {
			t.Errorf("%s: %q and reaction %v disagree (REL-691)", r.id, c.Korean, c.Reaction)
		}
		// The text is the spec's translation without its editorial remarks.
		if c.Text == "" || strings.ContainsAny(c.Text, "[]") || strings.IndexFunc(c.Text, isHangul) >= 0 {
			t.Errorf("%s: text %q", r.id, c.Text)
		}
	}
}

func isHangul(r rune) bool { return unicode.Is(unicode.Hangul, r) }

// Section 13.5: counts by kind and group, and 14 reaction cards.
func TestCardCounts(t *testing.T) {
	kinds := map[CardKind]int{}
	reactions := map[TraitGroup]int{}
	levels := map[TraitGroup][]int{}
	for _, c := range Cards() {
		kinds[c.Kind]++
		if c.Reaction {
			reactions[c.Group]++
		}
		if c.Kind == TraitCard {
			levels[c.Group] = append(levels[c.Group], c.Level)
		}
	}
	if kinds[TraitCard] != 72 || kinds[ReligionCard] != 2 || kinds[GloryCard] != 5 || kinds[ShameCard] != 5 {
		t.Errorf("kinds %v, want 72 trait, 2 religion, 5 glory, 5 shame", kinds)
	}
	want := map[TraitGroup]int{GroupExpansion: 1, GroupUnity: 4, GroupInfluence: 2, GroupHolyWar: 2, GroupAscension: 3, GroupSacrifice: 2}
	total := 0
	for g, n := range want {
		if reactions[g] != n {
			t.Errorf("%s has %d reaction cards, want %d", g, reactions[g], n)
		}
		total += reactions[g]
	}
	if total != 14 || reactions[NoGroup] != 0 {
		t.Errorf("%d trait reaction cards and %d others, want 14 and 0", total, reactions[NoGroup])
	}
	// REL-612: the level pattern of every group; Sacrifice starts 0, 10.
	pattern := []int{1, 9, 2, 8, 3, 7, 4, 6, 5, 5, 6, 4}
	for g := GroupExpansion; g <= GroupSacrifice; g++ {
		p := pattern
		if g == GroupSacrifice {
			p = append([]int{0, 10}, pattern[2:]...)
		}
		if !equalInts(levels[g], p) {
			t.Errorf("REL-612: %s levels %v, want %v", g, levels[g], p)
		}
	}
	if tc := TraitCards(); len(tc) != 72 || tc[0] != 1 || tc[71] != 72 {
		t.Errorf("TraitCards: %v", tc)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// REL-701, REL-324, REL-325: a trait card costs its level × 100.
// REL-723: glory and shame cards cost nothing; GAP-23: nor do religion
// cards, which have no level.
func TestCardCost(t *testing.T) {
	for _, c := range Cards() {
		want := 0
		if c.Kind == TraitCard {
			want = c.Level * 100
		}
		if c.Cost() != want {
			t.Errorf("%s (%s, level %d) costs %d, want %d", c.ID, c.Kind, c.Level, c.Cost(), want)
		}
	}
	if CardID(62).Cost() != 1000 || CardID(61).Cost() != 0 {
		t.Errorf("the dearest and cheapest trait cards cost %d and %d", CardID(62).Cost(), CardID(61).Cost())
	}
	// REL-725: 5 glory cards and 5 shame cards, with no level and no cost.
	for _, set := range []struct {
		ids  []CardID
		kind CardKind
	}{{GloryCards(), GloryCard}, {ShameCards(), ShameCard}} {
		if len(set.ids) != 5 {
			t.Errorf("%d %s cards, want 5 (REL-725)", len(set.ids), set.kind)
		}
		for _, id := range set.ids {
			if c := id.Info(); c.Kind != set.kind || c.Cost() != 0 || c.Trait != NoTrait || c.Level != 0 {
				t.Errorf("%s: %+v (REL-723)", id, c)
			}
		}
	}
}

// REL-701 and GAP-23: payments a card's text states beside its level cost,
// as the catalogue's cost column lists them ("+").
func TestCardExtraPayment(t *testing.T) {
	want := map[CardID]struct {
		extra ExtraPayment
		rep   int
	}{
		22: {PayHalfResources, 0},    // Indulgence: half of all your resources
		26: {PayAllResources, 0},     // Noble Sacrifice: all your resources
		38: {PayReputation, 10},      // The Worst Scandal: 10% reputation
		60: {PayHalfResources, 0},    // The Second Coming: half of your resources
		61: {PayReputation, 1},       // Night of Temperance: 1% reputation
		62: {PayAllResources, 0},     // Domain of God: all your resources
		64: {CostDoublesPerStack, 0}, // Spell of Ruin: doubling each time the stack rises (GAP-56)
		66: {PayHalfResources, 0},    // Time Reversal: half of all your resources
		67: {PayReputation, 5},       // The Future Within: 5% reputation
	}
	for _, c := range Cards() {
		w := want[c.ID]
		if c.Extra != w.extra || c.ExtraReputation != w.rep {
			t.Errorf("%s: extra %s %d, want %s %d", c.ID, c.Extra, c.ExtraReputation, w.extra, w.rep)
		}
	}
	// The level cost is separate from the stated payment (GAP-23).
	if CardID(38).Cost() != 900 || CardID(64).Cost() != 800 {
		t.Error("stated payments must not change the level cost")
	}
}

// GAP-50: the two "Axis of Evil" cards stay distinct; every name is unique.
func TestCardNamesDistinct(t *testing.T) {
	a, r := CardAxisOfEvil.Info(), CardAxisOfEvilReaction.Info()
	if a.English != "Axis of Evil" || r.English != "Axis of Evil (Reaction)" || a.Korean != "악의 축" || r.Korean != "악의 축 (반응)" {
		t.Errorf("GAP-50: %q %q / %q %q", a.English, a.Korean, r.English, r.Korean)
	}
	if a.Group != GroupInfluence || r.Group != GroupAscension || a.Reaction || !r.Reaction {
		t.Errorf("GAP-50: %s %v / %s %v", a.Group, a.Reaction, r.Group, r.Reaction)
	}
	english, korean := map[string]CardID{}, map[string]CardID{}
	for _, c := range Cards() {
		if prev, ok := english[c.English]; ok {
			t.Errorf("%s and %s are both %q", prev, c.ID, c.English)
		}
		if prev, ok := korean[c.Korean]; ok {
			t.Errorf("%s and %s are both %q", prev, c.ID, c.Korean)
		}
		english[c.English], korean[c.Korean] = c.ID, c.ID
	}
}

// REL-720: Hinduism adds two Footsteps of God, Islam two The Radical.
func TestCardReligionCards(t *testing.T) {
	for _, id := range []CardID{CardFootstepsOfGod, CardTheRadical} {
		if c := id.Info(); c.Kind != ReligionCard || c.Trait != NoTrait || c.Cost() != 0 || c.Reaction {
			t.Errorf("%s: %+v", id, c)
		}
	}
	cases := map[Religion][]CardID{
		Christianity: nil,
		Buddhism:     nil,
		Hinduism:     {CardFootstepsOfGod, CardFootstepsOfGod},
		Islam:        {CardTheRadical, CardTheRadical},
	}
	for r, want := range cases {
		got := ReligionCardsFor(r)
		if len(got) != len(want) {
			t.Errorf("REL-720: %s adds %v, want %v", r, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("REL-720: %s adds %v, want %v", r, got, want)
			}
		}
	}
}

func TestCardIDText(t *testing.T) {
	b, err := json.Marshal(map[string]CardID{"a": 17, "b": 84})
	if err != nil || string(b) != `{"a":"CARD-017","b":"CARD-084"}` {
		t.Errorf("marshal: %s, %v", b, err)
	}
	var back map[string]CardID
	if err := json.Unmarshal(b, &back); err != nil || back["a"] != 17 || back["b"] != 84 {
		t.Errorf("unmarshal: %v, %v", back, err)
	}
	for _, s := range []string{"card-5", " CARD-005 "} {
		if id, err := ParseCardID(s); id != 5 || err != nil {
			t.Errorf("ParseCardID(%q) = %v, %v", s, id, err)
		}
	}
	for _, s := range []string{"", "CARD-000", "CARD-085", "CARD-", "CARD-1x", "17", "REL-017"} {
		if _, err := ParseCardID(s); !errors.Is(err, ErrUnknownCard) {
			t.Errorf("ParseCardID(%q): %v", s, err)
		}
	}
	for _, id := range []CardID{0, 85, 255} {
		if id.Valid() || id.Info() != (CardInfo{}) || id.Cost() != 0 {
			t.Errorf("%d should be invalid", id)
		}
		if _, err := json.Marshal(id); err == nil {
			t.Errorf("card %d marshalled", id)
		}
	}
}
