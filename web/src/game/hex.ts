// Hex geometry of the Realigious map, mirroring games/realigious/hex.go:
// pointy-top hexes in an "odd-r" offset layout, tile (col, row), odd rows
// shoved half a tile to the right. The client needs it to place tiles and
// to turn an answer such as "move ne" into the tile a click selects.

export interface Coord {
  col: number;
  row: number;
}

/** The six directions in the order of their answer codes ("move e" ...). */
export const DIRS = ["e", "ne", "nw", "w", "sw", "se"] as const;
export type Dir = (typeof DIRS)[number];

// Offset deltas per direction, for even and odd rows (odd-r).
const EVEN: Record<Dir, [number, number]> = {
  e: [1, 0], ne: [0, -1], nw: [-1, -1], w: [-1, 0], sw: [-1, 1], se: [0, 1],
};
const ODD: Record<Dir, [number, number]> = {
  e: [1, 0], ne: [1, -1], nw: [0, -1], w: [-1, 0], sw: [0, 1], se: [1, 1],
};

/** neighbour returns the tile next to c in direction d (it may be off the map). */
export function neighbour(c: Coord, d: Dir): Coord {
  const [dc, dr] = (c.row & 1 ? ODD : EVEN)[d];
  return { col: c.col + dc, row: c.row + dr };
}

/** directionTo returns the direction from a to its neighbour b, or undefined. */
export function directionTo(a: Coord, b: Coord): Dir | undefined {
  return DIRS.find((d) => {
    const n = neighbour(a, d);
    return n.col === b.col && n.row === b.row;
  });
}

/** distance is the hex distance between two tiles (cube coordinates). */
export function distance(a: Coord, b: Coord): number {
  const ax = a.col - (a.row - (a.row & 1)) / 2;
  const bx = b.col - (b.row - (b.row & 1)) / 2;
  const az = a.row;
  const bz = b.row;
  const ay = -ax - az;
  const by = -bx - bz;
  return (Math.abs(ax - bx) + Math.abs(ay - by) + Math.abs(az - bz)) / 2;
}

export const SQRT3 = Math.sqrt(3);

/** center returns the pixel centre of a tile for hexes of circumradius size. */
export function center(c: Coord, size: number): { x: number; y: number } {
  return {
    x: size * SQRT3 * (c.col + 0.5 * (c.row & 1)) + (size * SQRT3) / 2,
    y: size * 1.5 * c.row + size,
  };
}

/** extent is the pixel size of a width × height map of hexes of circumradius size. */
export function extent(width: number, height: number, size: number): { w: number; h: number } {
  return {
    w: size * SQRT3 * (width + (height > 1 ? 0.5 : 0)),
    h: size * (1.5 * (height - 1) + 2),
  };
}

/** corners returns the SVG points of a pointy-top hex around (x, y). */
export function corners(x: number, y: number, size: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${round(x + size * Math.cos(a))},${round(y + size * Math.sin(a))}`);
  }
  return pts.join(" ");
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** key is the text form of a coordinate used in answers: "3,4". */
export function key(c: Coord): string {
  return `${c.col},${c.row}`;
}

/** parseCoord reads "3,4" (spaces allowed); undefined if it is not one. */
export function parseCoord(s: string): Coord | undefined {
  const m = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*$/.exec(s);
  return m ? { col: Number(m[1]), row: Number(m[2]) } : undefined;
}
