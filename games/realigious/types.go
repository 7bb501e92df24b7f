package realigious

import "fmt"

// Terrain is one of the eight tile kinds (REL-850).
type Terrain uint8

// The eight tile kinds.
const (
	Concrete Terrain = iota
	Stone
	Grass
	Soil
	Snow
	Ice
	Sand
	Water
	numTerrains
)

var terrainNames = [numTerrains]string{"concrete", "stone", "grass", "soil", "snow", "ice", "sand", "water"}

func (t Terrain) String() string { return enumName(terrainNames[:], int(t)) }

// Contactable reports whether a piece may contact a tile of this kind (GAP-45).
func (t Terrain) Contactable() bool { return t != Water }

// Structure is what stands on a tile (REL-860-876).
type Structure uint8

// The structures. Police and Military exist only as local governments, and
// LocalOffice is a government office designated as a local government (GAP-36).
const (
	NoStructure Structure = iota
	House
	Building
	Office
	Church
	Trees
	Mountain
	LocalOffice
	Police
	Military
	numStructures
)

var structureNames = [numStructures]string{"", "house", "building", "office", "church", "trees", "mountain", "local_office", "police", "military"}

func (s Structure) String() string { return enumName(structureNames[:], int(s)) }

// LocalGovernment reports whether the structure is a local government, which
// no player can own (GAP-36).
func (s Structure) LocalGovernment() bool { return s == LocalOffice || s == Police || s == Military }

// Climate is the match's region (REL-802).
type Climate uint8

// The four climates.
const (
	Tropical Climate = iota
	Dry
	Temperate
	Cold
	numClimates
)

var climateNames = [numClimates]string{"tropical", "dry", "temperate", "cold"}

func (c Climate) String() string { return enumName(climateNames[:], int(c)) }

// Religion is an origin religion (REL-131), also a church's religion.
type Religion uint8

// The four religions.
const (
	Christianity Religion = iota
	Buddhism
	Hinduism
	Islam
	numReligions
)

var religionNames = [numReligions]string{"christianity", "buddhism", "hinduism", "islam"}

func (r Religion) String() string { return enumName(religionNames[:], int(r)) }

// Character is a player's founder, which gives a starting bonus (REL-120).
type Character uint8

// The four characters.
const (
	Businessman Character = iota
	Religionist
	FortuneTeller
	Explorer
	numCharacters
)

var characterNames = [numCharacters]string{"businessman", "religionist", "fortune_teller", "explorer"}

func (c Character) String() string { return enumName(characterNames[:], int(c)) }

// Resource indexes the three counted resources.
type Resource uint8

// The three counted resources (REL-301; strategy cards are counted apart).
const (
	Followers Resource = iota
	Donations
	Influence
	numResources
)

var resourceNames = [numResources]string{"followers", "donations", "influence"}

func (r Resource) String() string { return enumName(resourceNames[:], int(r)) }

// Wind is the monsoon's compass direction: where it blows toward (GAP-41).
type Wind uint8

// The four winds.
const (
	North Wind = iota
	East
	South
	West
	numWinds
)

var windNames = [numWinds]string{"north", "east", "south", "west"}

func (w Wind) String() string { return enumName(windNames[:], int(w)) }

// boosts reports whether moving in d goes with the wind (GAP-41).
func (w Wind) boosts(d Dir) bool {
	switch w {
	case East:
		return d == DirE
	case West:
		return d == DirW
	case North:
		return d == DirNE || d == DirNW
	case South:
		return d == DirSE || d == DirSW
	}
	return false
}

func enumName(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("?%d", i)
}

func parseEnum(names []string, s string) (int, bool) {
	for i, n := range names {
		if n == s && n != "" {
			return i, true
		}
	}
	return 0, false
}

// MarshalText and UnmarshalText give every enum its lowercase JSON name.
func (t Terrain) MarshalText() ([]byte, error)   { return []byte(t.String()), nil }
func (s Structure) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
func (c Climate) MarshalText() ([]byte, error)   { return []byte(c.String()), nil }
func (r Religion) MarshalText() ([]byte, error)  { return []byte(r.String()), nil }
func (c Character) MarshalText() ([]byte, error) { return []byte(c.String()), nil }
func (w Wind) MarshalText() ([]byte, error)      { return []byte(w.String()), nil }

func (t *Terrain) UnmarshalText(b []byte) error {
	return unmarshalEnum(terrainNames[:], "terrain", b, (*uint8)(t))
}
func (s *Structure) UnmarshalText(b []byte) error {
	if len(b) == 0 || string(b) == "none" {
		*s = NoStructure
		return nil
	}
	return unmarshalEnum(structureNames[:], "structure", b, (*uint8)(s))
}
func (c *Climate) UnmarshalText(b []byte) error {
	return unmarshalEnum(climateNames[:], "climate", b, (*uint8)(c))
}
func (r *Religion) UnmarshalText(b []byte) error {
	return unmarshalEnum(religionNames[:], "religion", b, (*uint8)(r))
}
func (c *Character) UnmarshalText(b []byte) error {
	return unmarshalEnum(characterNames[:], "character", b, (*uint8)(c))
}
func (w *Wind) UnmarshalText(b []byte) error {
	return unmarshalEnum(windNames[:], "wind", b, (*uint8)(w))
}

func unmarshalEnum(names []string, what string, b []byte, dst *uint8) error {
	i, ok := parseEnum(names, string(b))
	if !ok {
		return fmt.Errorf("realigious: unknown %s %q (want one of %v)", what, b, nonEmpty(names))
	}
	*dst = uint8(i)
	return nil
}

func nonEmpty(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}
