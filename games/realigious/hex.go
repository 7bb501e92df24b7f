package realigious

// The map is a grid of pointy-top hexes in an "odd-r" offset layout (GAP-03):
// tile (col, row) sits at index row*w+col, and odd rows are shoved half a
// tile to the right. Neighbour tables are computed once per map size and
// shared read-only between clones.

// Dir is one of the six hex directions of a pointy-top grid.
type Dir uint8

// The six directions, in the order of their answer codes.
const (
	DirE Dir = iota
	DirNE
	DirNW
	DirW
	DirSW
	DirSE
	numDirs
)

var dirNames = [numDirs]string{"e", "ne", "nw", "w", "sw", "se"}

// String returns the direction's short lowercase name, as used in answers.
func (d Dir) String() string {
	if d < numDirs {
		return dirNames[d]
	}
	return "?"
}

// Opposite returns the reverse direction.
func (d Dir) Opposite() Dir { return (d + 3) % numDirs }

// cube offsets per direction (x, y, z) for pointy-top hexes.
var cubeDirs = [numDirs][3]int{
	{+1, -1, 0}, // E
	{+1, 0, -1}, // NE
	{0, +1, -1}, // NW
	{-1, +1, 0}, // W
	{-1, 0, +1}, // SW
	{0, -1, +1}, // SE
}

// geometry holds the precomputed adjacency of one map size.
type geometry struct {
	w, h int
	// nb[t*6+d] is the neighbour of tile t in direction d, or -1 off the map.
	nb []int16
}

func newGeometry(w, h int) *geometry {
	g := &geometry{w: w, h: h, nb: make([]int16, w*h*int(numDirs))}
	for t := 0; t < w*h; t++ {
		x, y, z := g.cube(t)
		for d := Dir(0); d < numDirs; d++ {
			c := cubeDirs[d]
			g.nb[t*int(numDirs)+int(d)] = int16(g.fromCube(x+c[0], y+c[1], z+c[2]))
		}
	}
	return g
}

func (g *geometry) tiles() int { return g.w * g.h }

// neighbour returns the tile next to t in direction d, or -1.
func (g *geometry) neighbour(t int, d Dir) int { return int(g.nb[t*int(numDirs)+int(d)]) }

// colRow returns the offset coordinates of tile t.
func (g *geometry) colRow(t int) (col, row int) { return t % g.w, t / g.w }

// index returns the tile at (col, row), or -1 off the map.
func (g *geometry) index(col, row int) int {
	if col < 0 || row < 0 || col >= g.w || row >= g.h {
		return -1
	}
	return row*g.w + col
}

// cube converts an odd-r offset tile to cube coordinates (x+y+z = 0).
func (g *geometry) cube(t int) (x, y, z int) {
	col, row := g.colRow(t)
	x = col - (row-(row&1))/2
	z = row
	y = -x - z
	return
}

func (g *geometry) fromCube(x, _, z int) int {
	row := z
	col := x + (row-(row&1))/2
	return g.index(col, row)
}

// distance returns the hex distance between two tiles.
func (g *geometry) distance(a, b int) int {
	ax, ay, az := g.cube(a)
	bx, by, bz := g.cube(b)
	return (abs(ax-bx) + abs(ay-by) + abs(az-bz)) / 2
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
