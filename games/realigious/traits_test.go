package realigious

import (
	"encoding/json"
	"testing"
)

// Trait tree tests (spec section 9.1-9.3, REL-600-665). Each row of the tree
// table below is the spec's row of the same ID.

func TestTraitTree(t *testing.T) {
	rows := []struct {
		rule    string
		trait   Trait
		korean  string
		english string
		group   TraitGroup
		row     int
		cards   [2]CardID
	}{
		{"REL-630", TraitGleaning, "이삭 줍기", "Gleaning", GroupExpansion, 1, [2]CardID{1, 2}},
		{"REL-631", TraitOrdainingTheApostles, "사도 책봉", "Ordaining the Apostles", GroupExpansion, 2, [2]CardID{3, 4}},
		{"REL-632", TraitCastingTheNet, "그물 던지기", "Casting the Net", GroupExpansion, 3, [2]CardID{5, 6}},
		{"REL-633", TraitSeasonOfHarvest, "수확의 계절", "Season of Harvest", GroupExpansion, 4, [2]CardID{7, 8}},
		{"REL-634", TraitRampartOfTheWord, "말씀의 성벽", "Rampart of the Word", GroupExpansion, 5, [2]CardID{9, 10}},
		{"REL-635", TraitMovingMountains, "산 옮기기", "Moving Mountains", GroupExpansion, 6, [2]CardID{11, 12}},
		{"REL-636", TraitAngelsSeal, "천사의 도장", "Angel's Seal", GroupUnity, 1, [2]CardID{13, 14}},
		{"REL-637", TraitTheTithe, "십 분의 일", "The Tithe", GroupUnity, 2, [2]CardID{15, 16}},
		{"REL-638", TraitOnesOwnTrial, "제 몫의 시련", "One's Own Trial", GroupUnity, 3, [2]CardID{17, 18}},
		{"REL-639", TraitJoyOfMinistry, "사역의 기쁨", "Joy of Ministry", GroupUnity, 4, [2]CardID{19, 20}},
		{"REL-640", TraitEternalReturn, "영원한 회귀", "Eternal Return", GroupUnity, 5, [2]CardID{21, 22}},
		{"REL-641", TraitReunionAtTheDeadSea, "사해의 재회", "Reunion at the Dead Sea", GroupUnity, 6, [2]CardID{23, 24}},
		{"REL-642", TraitNobleSacrifice, "고귀한 희생", "Noble Sacrifice", GroupInfluence, 1, [2]CardID{25, 26}},
		{"REL-643", TraitGuardianOfLife, "생명의 수호자", "Guardian of Life", GroupInfluence, 2, [2]CardID{27, 28}},
		{"REL-644", TraitHandOfMercy, "자비의 손길", "Hand of Mercy", GroupInfluence, 3, [2]CardID{29, 30}},
		{"REL-645", TraitANewGeneration, "새로운 세대", "A New Generation", GroupInfluence, 4, [2]CardID{31, 32}},
		{"REL-646", TraitOperationSnowWhite, "백설공주 작전", "Operation Snow White", GroupInfluence, 5, [2]CardID{33, 34}},
		{"REL-647", TraitTheAppointedKing, "예비된 왕", "The Appointed King", GroupInfluence, 6, [2]CardID{35, 36}},
		{"REL-648", TraitASimplePrank, "간단한 장난", "A Simple Prank", GroupHolyWar, 1, [2]CardID{37, 38}},
		{"REL-649", TraitFairGame, "공정한 게임", "Fair Game", GroupHolyWar, 2, [2]CardID{39, 40}},
		{"REL-650", TraitScatteredInTerror, "혼비백산", "Scattered in Terror", GroupHolyWar, 3, [2]CardID{41, 42}},
		{"REL-651", TraitLawfulExecution, "정당한 집행", "Lawful Execution", GroupHolyWar, 4, [2]CardID{43, 44}},
		{"REL-652", TraitFearAndTrembling, "공포와 전율", "Fear and Trembling", GroupHolyWar, 5, [2]CardID{45, 46}},
		{"REL-653", TraitTheHeavenlyHost, "천상의 군세", "The Heavenly Host", GroupHolyWar, 6, [2]CardID{47, 48}},
		{"REL-654", TraitAHumbleBurntOffering, "소박한 번제", "A Humble Burnt Offering", GroupAscension, 1, [2]CardID{49, 50}},
		{"REL-655", TraitPrayerOfExorcism, "축귀의 기도", "Prayer of Exorcism", GroupAscension, 2, [2]CardID{51, 52}},
		{"REL-656", TraitASpecialGift, "특별한 은사", "A Special Gift", GroupAscension, 3, [2]CardID{53, 54}},
		{"REL-657", TraitFireFromHeaven, "불벼락", "Fire from Heaven", GroupAscension, 4, [2]CardID{55, 56}},
		{"REL-658", TraitPiousBodyAndMind, "경건한 심신", "Pious Body and Mind", GroupAscension, 5, [2]CardID{57, 58}},
		{"REL-659", TraitTrueHomecoming, "진실한 귀향", "True Homecoming", GroupAscension, 6, [2]CardID{59, 60}},
		{"REL-660", TraitNightOfTemperance, "절제의 밤", "Night of Temperance", GroupSacrifice, 1, [2]CardID{61, 62}},
		{"REL-661", TraitGodsAnswer, "신의 대답", "God's Answer", GroupSacrifice, 2, [2]CardID{63, 64}},
		{"REL-662", TraitTheWitchsWay, "마녀의 방식", "The Witch's Way", GroupSacrifice, 3, [2]CardID{65, 66}},
		{"REL-663", TraitTheFutureWithin, "몸 속의 미래", "The Future Within", GroupSacrifice, 4, [2]CardID{67, 68}},
		{"REL-664", TraitASmallSacrifice, "사소한 희생", "A Small Sacrifice", GroupSacrifice, 5, [2]CardID{69, 70}},
		{"REL-665", TraitJudgmentDay, "심판의 날", "Judgment Day", GroupSacrifice, 6, [2]CardID{71, 72}},
	}
	if len(rows) != NumTraits || len(AllTraits()) != NumTraits {
		t.Fatalf("%d rows, %d traits; the tree has 36 (REL-601)", len(rows), len(AllTraits()))
	}
	for i, r := range rows {
		tr := r.trait
		if int(tr) != i+1 || tr.Rule() != r.rule || AllTraits()[i] != tr {
			t.Errorf("%s: trait %d has rule %s", r.rule, tr, tr.Rule())
		}
		if tr.Korean() != r.korean || tr.English() != r.english {
			t.Errorf("%s: names %q / %q, want %q / %q", r.rule, tr.Korean(), tr.English(), r.korean, r.english)
		}
		if tr.Group() != r.group || tr.Row() != r.row || tr.Category() != r.group.Category() {
			t.Errorf("%s: %s row %d, want %s row %d", r.rule, tr.Group(), tr.Row(), r.group, r.row)
		}
		if tr.Cards() != r.cards {
			t.Errorf("%s: cards %v, want %v", r.rule, tr.Cards(), r.cards)
		}
		// REL-607: each trait gives exactly two cards, and the catalogue says
		// both come from this trait.
		// REL-612: the two levels add up to 10 (sum-type balancing).
		sum := 0
		for _, id := range tr.Cards() {
			c := id.Info()
			if c.Trait != tr || c.Kind != TraitCard {
				t.Errorf("%s: %s belongs to %s (%s)", r.rule, id, c.Trait, c.Kind)
			}
			sum += c.Level
		}
		if sum != 10 {
			t.Errorf("%s: levels of %v add up to %d, want 10 (REL-612)", r.rule, tr.Cards(), sum)
		}
	}
}

// REL-620: three categories of two groups each; REL-621-629: what each
// category and group is, with the group's subtitle in the tree.
func TestTraitCategoriesAndGroups(t *testing.T) {
	groups := []struct {
		rule     string
		group    TraitGroup
		category TraitCategory
		english  string
		korean   string
		subtitle string
	}{
		{"REL-622", GroupExpansion, CategoryReligion, "Expansion", "포교", "전도"},
		{"REL-623", GroupUnity, CategoryReligion, "Unity", "단결", "운영"},
		{"REL-625", GroupInfluence, CategorySociety, "Influence", "감화", "평판"},
		{"REL-626", GroupHolyWar, CategorySociety, "Holy War", "성전", "교전"},
		{"REL-628", GroupAscension, CategoryMystic, "Ascension", "승천", "유물"},
		{"REL-629", GroupSacrifice, CategoryMystic, "Sacrifice", "희생", "유틸"},
	}
	for _, g := range groups {
		if g.group.Category() != g.category || g.group.English() != g.english || g.group.Korean() != g.korean || g.group.Subtitle() != g.subtitle {
			t.Errorf("%s: %s is %s / %q %q %q", g.rule, g.group, g.group.Category(), g.group.English(), g.group.Korean(), g.group.Subtitle())
		}
		traits := g.group.Traits()
		for i, tr := range traits {
			if tr.Group() != g.group || tr.Row() != i+1 {
				t.Errorf("%s: %s row %d is %s", g.rule, g.group, i+1, tr)
			}
		}
		// Section 13.5: 12 cards per group, the group's traits' cards.
		cards := g.group.Cards()
		if len(cards) != 12 {
			t.Errorf("%s: %s has %d cards, want 12", g.rule, g.group, len(cards))
		}
		for _, id := range cards {
			if id.Info().Group != g.group {
				t.Errorf("%s: %s in %s", g.rule, id, id.Info().Group)
			}
		}
	}
	categories := []struct {
		rule     string
		category TraitCategory
		english  string
		korean   string
		groups   [2]TraitGroup
	}{
		{"REL-621", CategoryReligion, "Religion", "종교", [2]TraitGroup{GroupExpansion, GroupUnity}},
		{"REL-624", CategorySociety, "Society", "사회", [2]TraitGroup{GroupInfluence, GroupHolyWar}},
		{"REL-627", CategoryMystic, "Mystic", "신비", [2]TraitGroup{GroupAscension, GroupSacrifice}},
	}
	for _, c := range categories {
		// REL-620
		if c.category.Groups() != c.groups || c.category.English() != c.english || c.category.Korean() != c.korean {
			t.Errorf("%s: %s: groups %v, names %q %q", c.rule, c.category, c.category.Groups(), c.category.English(), c.category.Korean())
		}
	}
	// GAP-29: 확장 and 포교 are one group, shown as 포교 like the tree.
	if GroupExpansion.Korean() != "포교" || GroupExpansion.English() != "Expansion" {
		t.Errorf("GAP-29: Expansion is %q / %q", GroupExpansion.Korean(), GroupExpansion.English())
	}
	if NoGroup.Category() != NoCategory || NoCategory.Groups() != [2]TraitGroup{} || NoGroup.Traits() != [TraitsPerGroup]Trait{} {
		t.Error("the zero group and category must be empty")
	}
}

func TestTraitNames(t *testing.T) {
	keys, english, korean := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, tr := range AllTraits() {
		if keys[tr.String()] || english[tr.English()] || korean[tr.Korean()] {
			t.Errorf("%s: name used twice", tr)
		}
		keys[tr.String()], english[tr.English()], korean[tr.Korean()] = true, true, true
		for _, s := range []string{tr.String(), tr.English(), tr.Korean(), " " + tr.English() + " "} {
			if got, err := ParseTrait(s); got != tr || err != nil {
				t.Errorf("ParseTrait(%q) = %v, %v; want %s", s, got, err, tr)
			}
		}
	}
	if got, err := ParseTrait("CASTING THE NET"); got != TraitCastingTheNet || err != nil {
		t.Errorf("ParseTrait is case-blind on English names: %v, %v", got, err)
	}
	for _, s := range []string{"", "holy_war", "Gleaning!", "이삭줍기"} {
		if _, err := ParseTrait(s); err == nil {
			t.Errorf("ParseTrait(%q) accepted", s)
		}
	}
	for _, bad := range []Trait{NoTrait, NumTraits + 1, 255} {
		if bad.Valid() || bad.Group() != NoGroup || bad.Row() != 0 || bad.Cards() != [2]CardID{} || bad.Rule() != "" {
			t.Errorf("trait %d should be invalid and empty", bad)
		}
		if _, err := json.Marshal(bad); err == nil {
			t.Errorf("trait %d marshalled", bad)
		}
	}
	b, err := json.Marshal([]Trait{TraitGleaning, TraitTheWitchsWay})
	if err != nil || string(b) != `["gleaning","the_witchs_way"]` {
		t.Errorf("marshal: %s, %v", b, err)
	}
}
