package realigious

import (
	"encoding/json"

	"tabletop/engine"
)

// Factions are the neutral forces on the map (REL-890-892): one local god
// with its relics, the established churches (tiles with Structure Church),
// three local governments and one celebrity. docs/decisions.md records how
// the gaps of section 11 were filled (GAP-32-38).

// God is the map's local god (REL-903).
type God uint8

// The four local gods.
const (
	ZogMalomos God = iota
	Sekrazade
	GiyeChin
	Abukaros
	numGods
)

var godNames = [numGods]string{"zog_malomos", "sekrazade", "giye_chin", "abukaros"}

func (g God) String() string { return enumName(godNames[:], int(g)) }

// MarshalText encodes the god by name.
func (g God) MarshalText() ([]byte, error) { return []byte(g.String()), nil }

// UnmarshalText decodes a god's name.
func (g *God) UnmarshalText(b []byte) error {
	return unmarshalEnum(godNames[:], "god", b, (*uint8)(g))
}

// Eye is the type of one of Gi-ye Chin's relics (REL-918-924); other gods'
// relics have NoEye.
type Eye uint8

// Gi-ye Chin's five relic types.
const (
	NoEye Eye = iota
	NightEye
	Clairvoyance
	SeeksKin
	Stye
	Insight
	numEyes
)

var eyeNames = [numEyes]string{"", "night_eye", "clairvoyance", "seeks_kin", "stye", "insight"}

func (e Eye) String() string { return enumName(eyeNames[:], int(e)) }

// MarshalText encodes the relic type by name.
func (e Eye) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText decodes a relic type's name ("" or "none" for NoEye).
func (e *Eye) UnmarshalText(b []byte) error {
	if len(b) == 0 || string(b) == "none" {
		*e = NoEye
		return nil
	}
	return unmarshalEnum(eyeNames[:], "relic type", b, (*uint8)(e))
}

// EyeSet is a set of Gi-ye Chin relic types; it encodes as a JSON list.
type EyeSet uint8

// MarshalJSON encodes the set as a list of type names.
func (e EyeSet) MarshalJSON() ([]byte, error) {
	names := []string{}
	for x := NightEye; x < numEyes; x++ {
		if e&(1<<x) != 0 {
			names = append(names, x.String())
		}
	}
	return json.Marshal(names)
}

// relic is one of the god's relics (GAP-32, GAP-33).
type relic struct {
	tile   int16 // where it lies; -1 while held or once removed
	holder int8  // the seat holding it; -1 while on the map
	eye    Eye
	seen   engine.SeatMask // seats that know where it lies
	counts bool            // counts toward mystic victory while held
	moved  bool            // a card put it back on the map (The Second Coming, CARD-060)
}

// CelebrityKind is the celebrity's type (REL-990-993).
type CelebrityKind uint8

// The four celebrities.
const (
	Professor CelebrityKind = iota
	Vagrant
	Archaeologist
	Thug
	numCelebrities
)

var celebrityNames = [numCelebrities]string{"professor", "vagrant", "archaeologist", "thug"}

func (c CelebrityKind) String() string { return enumName(celebrityNames[:], int(c)) }

// MarshalText encodes the celebrity type by name.
func (c CelebrityKind) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText decodes a celebrity type's name.
func (c *CelebrityKind) UnmarshalText(b []byte) error {
	return unmarshalEnum(celebrityNames[:], "celebrity", b, (*uint8)(c))
}

// celebrity is the wandering non-player character (REL-980-993).
type celebrity struct {
	kind   CelebrityKind
	pos    int16 // -1 when there is none
	start  int16
	briber int8
	bribes uint8 // times bribed so far (GAP-37)
}

// Bribe targets: the three local governments (REL-963) and the celebrity.
const (
	targetOffice = iota
	targetPolice
	targetMilitary
	targetCelebrity
	numTargets
)

var targetNames = [numTargets]string{"office", "police", "military", "celebrity"}

// gov is one local government (REL-960-971).
type gov struct {
	tile   int16
	briber int8
	bribes uint8
}

// govStructure maps a local-government target to its structure.
var govStructure = [3]Structure{LocalOffice, Police, Military}

// mysticThreshold is the relic count of a mystic victory: 4 with 2 players,
// 5 with 3 or 4 (REL-909, REL-911, REL-919, GAP-32).
func (s *State) mysticThreshold() int {
	if len(s.players) == 2 {
		return 4
	}
	return 5
}

// relicsHeld counts the stack-counting relics seat holds (GAP-33).
func (s *State) relicsHeld(seat int) int {
	n := 0
	for i := range s.relics {
		if int(s.relics[i].holder) == seat && s.relics[i].counts {
			n++
		}
	}
	return n
}

// placeFactions draws the god, places its relics, and places the
// celebrity (GAP-04 (6)-(8), GAP-32, GAP-38). Local governments and churches
// come from the map generator.
func (s *State) placeFactions() {
	s.god = God(engine.IntN(&s.rng, int(numGods)))
	n := s.mysticThreshold()
	var eyes []Eye
	if s.god == GiyeChin {
		// Five types; with 2 players, 4 distinct types drawn at random (GAP-33).
		eyes = []Eye{NightEye, Clairvoyance, SeeksKin, Stye, Insight}
		engine.Shuffle(&s.rng, len(eyes), func(i, j int) { eyes[i], eyes[j] = eyes[j], eyes[i] })
		eyes = eyes[:n]
		sortEyes(eyes)
	}
	s.relics = make([]relic, 0, n)
	for i := 0; i < n; i++ {
		t := s.freeRelicTile()
		r := relic{tile: int16(t), holder: -1, counts: true}
		if eyes != nil {
			r.eye = eyes[i]
		}
		s.relics = append(s.relics, r)
	}
	for i := range s.govs {
		s.govs[i] = gov{tile: -1, briber: -1}
	}
	for t := range s.tiles {
		for i, st := range govStructure {
			if s.tiles[t].Structure == st && s.govs[i].tile < 0 {
				s.govs[i].tile = int16(t)
			}
		}
	}
	c := s.centreTile()
	s.celeb = celebrity{kind: CelebrityKind(engine.IntN(&s.rng, int(numCelebrities))), pos: int16(c), start: int16(c), briber: -1}
}

func sortEyes(e []Eye) {
	for i := 1; i < len(e); i++ {
		for j := i; j > 0 && e[j] < e[j-1]; j-- {
			e[j], e[j-1] = e[j-1], e[j]
		}
	}
}

// freeRelicTile draws a tile for a relic: contactable, no structure, no
// relic, not a starting point's surroundings (GAP-32).
func (s *State) freeRelicTile() int {
	ok := func(t int, clear int) bool {
		tl := &s.tiles[t]
		if !tl.Terrain.Contactable() || tl.Structure != NoStructure || s.relicAt(t) >= 0 {
			return false
		}
		for i := range s.players {
			if st := int(s.players[i].start); st >= 0 && s.geo.distance(st, t) <= clear {
				return false
			}
		}
		return true
	}
	for _, clear := range []int{s.p.StartClear, -1} {
		for tries := 0; tries < 64*len(s.tiles); tries++ {
			if t := engine.IntN(&s.rng, len(s.tiles)); ok(t, clear) {
				return t
			}
		}
	}
	for t := range s.tiles { // a tiny map: any land will do
		if s.tiles[t].Terrain.Contactable() && s.relicAt(t) < 0 {
			return t
		}
	}
	return 0
}

// relicAt returns the index of a relic lying on tile t, or -1.
func (s *State) relicAt(t int) int {
	for i := range s.relics {
		if int(s.relics[i].tile) == t {
			return i
		}
	}
	return -1
}

// centreTile is the contactable tile nearest the map centre, the
// celebrity's start point (GAP-05).
func (s *State) centreTile() int {
	centre := s.geo.index(s.geo.w/2, s.geo.h/2)
	best, bestD := -1, 0
	for t := range s.tiles {
		if !s.tiles[t].Terrain.Contactable() || s.tiles[t].Structure.LocalGovernment() {
			continue
		}
		if d := s.geo.distance(centre, t); best < 0 || d < bestD {
			best, bestD = t, d
		}
	}
	return best
}

// briberOf returns the seat holding target's advantage, or -1.
func (s *State) briberOf(target int) int {
	if target == targetCelebrity {
		return int(s.celeb.briber)
	}
	return int(s.govs[target].briber)
}

// bribeCost is 500 × (times bribed so far + 1) (GAP-36, GAP-37).
func (s *State) bribeCost(target int) int {
	n := 0
	if target == targetCelebrity {
		n = int(s.celeb.bribes)
	} else {
		n = int(s.govs[target].bribes)
	}
	return s.p.BribeBase * (n + 1)
}

// bribeAt reports whether target stands on tile t.
func (s *State) bribeAt(target, t int) bool {
	if target == targetCelebrity {
		return int(s.celeb.pos) == t
	}
	return int(s.govs[target].tile) == t
}

// canBribe reports whether seat may bribe target now, paying in res.
func (s *State) canBribe(seat, target int, res Resource) bool {
	pl := &s.players[seat]
	return pl.pos >= 0 && s.bribeAt(target, int(pl.pos)) && s.briberOf(target) != seat &&
		int(pl.res[res]) >= s.bribeCost(target) // GAP-22, GAP-67
}

// appendBribes appends every bribe the active seat can make.
func (s *State) appendBribes(buf []engine.Answer, seat int) []engine.Answer {
	for target := 0; target < numTargets; target++ {
		for _, res := range [...]Resource{Donations, Influence} {
			if s.canBribe(seat, target, res) {
				buf = append(buf, answer(ansBribe, target<<1|int(res-Donations)))
			}
		}
	}
	return buf
}

// bribe pays and takes target's advantage (REL-965-968, REL-984-988).
func (s *State) bribe(seat, target int, res Resource) {
	cost := s.bribeCost(target)
	s.players[seat].res[res] -= int32(cost)
	prev := s.briberOf(target)
	kind := targetNames[target]
	if target == targetCelebrity {
		s.celeb.briber = int8(seat)
		s.celeb.bribes++
		kind = s.celeb.kind.String()
	} else {
		s.govs[target].briber = int8(seat)
		s.govs[target].bribes++
	}
	if target == targetCelebrity {
		s.see(seat) // the celebrity becomes the seat's second piece (REL-985)
	}
	s.emitAll("bribe", seat, bribeData{Target: targetNames[target], Kind: kind, Cost: cost, Paid: res.String(), Previous: prev})
}

type bribeData struct {
	Target   string `json:"target"`
	Kind     string `json:"kind"`
	Cost     int    `json:"cost"`
	Paid     string `json:"paid"`
	Previous int    `json:"previous"`
}

// hasAdvantage reports whether seat holds a local government's advantage.
func (s *State) hasAdvantage(seat, target int) bool {
	return seat >= 0 && int(s.govs[target].briber) == seat
}

// canEnter reports whether seat's piece may contact tile t now: the tile can
// be contacted (or it is water and the seat holds the military base's
// Restriction Lifted, GAP-36), and Rasputitsa does not block it (REL-814).
func (s *State) canEnter(seat, t int) bool {
	if s.tiles[t].Terrain.Contactable() {
		return s.canContact(t)
	}
	return s.tiles[t].Terrain == Water && s.hasAdvantage(seat, targetMilitary)
}
